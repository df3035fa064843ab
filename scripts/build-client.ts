/** Builds one hydrate entry per page (shared code split into chunks) and one stylesheet. */
import { Glob } from "bun";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * The page table lives once, in client/pages.ts (the server renders from it). Each page's hydrate
 * entry is generated from that table at build time instead of being a hand-written copy of it.
 */
export function pageEntries(pagesFile = resolve("client/pages.ts")): { page: string; component: string; module: string }[] {
  const source = readFileSync(pagesFile, "utf8");
  const modules = new Map<string, string>();
  for (const m of source.matchAll(/^import \{ (\w+) \} from "(\.[^"]+)";$/gm)) modules.set(m[1]!, m[2]!);
  const table = source.slice(source.indexOf("PAGE_COMPONENTS"));
  const entries = [...table.matchAll(/^\s*"([\w-]+)": (\w+),$/gm)].map((m) => ({ page: m[1]!, component: m[2]!, module: modules.get(m[2]!) ?? "" }));
  const missing = entries.filter((e) => !e.module);
  if (!entries.length || missing.length) throw new Error(`client/pages.ts: cannot read the page table (${missing.map((e) => e.page).join(", ") || "no pages"}).`);
  return entries;
}

export async function buildClient(outdir = resolve("dist/client")) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  // Generated next to the output, named entries/<page>.tsx so the bundles keep their /app/assets/entries/<page>.js path.
  const entryRoot = resolve(dirname(outdir), `${outdir.split("/").pop()}-entries`);
  rmSync(entryRoot, { recursive: true, force: true });
  mkdirSync(join(entryRoot, "entries"), { recursive: true });
  const clientDir = resolve("client");
  const entrypoints = pageEntries().map(({ page, component, module }) => {
    const file = join(entryRoot, "entries", `${page}.tsx`);
    const target = JSON.stringify(join(clientDir, module));
    writeFileSync(file, `import { hydratePage } from ${JSON.stringify(join(clientDir, "hydrate"))};\nimport { ${component} } from ${target};\n\nhydratePage(${component});\n`);
    return file;
  });
  const result = await Bun.build({
    entrypoints,
    outdir,
    root: entryRoot,
    target: "browser",
    splitting: true,
    minify: true,
    sourcemap: "linked",
    publicPath: "/app/assets/",
    naming: { entry: "[dir]/[name].[ext]", chunk: "chunks/[name]-[hash].[ext]", asset: "chunks/[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
  rmSync(entryRoot, { recursive: true, force: true });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("Client build failed.");
  }
  // Base styles first, then shared components, then islands: later rules refine earlier ones.
  const order = (path: string) => (path.startsWith("client/styles/") ? 0 : path.startsWith("client/components/") ? 1 : 2);
  const cssFiles = [...new Glob("client/**/*.css").scanSync(".")].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  const css = await Promise.all(cssFiles.map(async (file) => `/* ${file} */\n${await Bun.file(file).text()}`));
  writeFileSync(join(outdir, "app.css"), css.join("\n"));
  return { outputs: result.outputs.length, css: cssFiles.length };
}

if (import.meta.main) {
  const started = performance.now();
  const summary = await buildClient();
  console.log(`Client built: ${summary.outputs} files, ${summary.css} stylesheets in ${Math.round(performance.now() - started)} ms`);
}
