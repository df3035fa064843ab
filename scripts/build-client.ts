/** Builds one hydrate entry per page (shared code split into chunks) and one stylesheet. */
import { Glob } from "bun";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export async function buildClient(outdir = resolve("dist/client")) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const entrypoints = [...new Glob("client/entries/*.tsx").scanSync(".")].sort();
  const result = await Bun.build({
    entrypoints,
    outdir,
    root: "client",
    target: "browser",
    splitting: true,
    minify: true,
    sourcemap: "linked",
    publicPath: "/app/assets/",
    naming: { entry: "[dir]/[name].[ext]", chunk: "chunks/[name]-[hash].[ext]", asset: "chunks/[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
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
