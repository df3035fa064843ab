/**
 * `npm run build:exe`: one executable (`dist/foam`) with the server, the client bundles, static
 * assets, migrations, the scanner worker, OpenCV.js and the AI model inside.
 */
import { Glob, type BunPlugin } from "bun";
import { chmodSync, mkdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { buildClient } from "./build-client";

const root = resolve(import.meta.dir, "..");
const clientDir = join(root, "dist/client");
const assetsDir = join(root, "assets");
const migrationsDir = join(root, "db/migrations");

function embeddedModule(): string {
  const lines: string[] = [];
  const assets: string[] = [];
  let index = 0;
  // Built files win over assets/ of the same name, as when serving from disk.
  const seen = new Set<string>();
  for (const [dir, files] of [
    [clientDir, [...new Glob("**/*").scanSync({ cwd: clientDir, onlyFiles: true })].filter((file) => !file.endsWith(".map"))],
    [assetsDir, [...new Glob("**/*").scanSync({ cwd: assetsDir, onlyFiles: true })].filter((file) => !file.startsWith("models/"))],
  ] as const) {
    for (const file of files.sort()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const name = `a${index++}`;
      lines.push(`import ${name} from ${JSON.stringify(join(dir, file))} with { type: "file" };`);
      assets.push(`  ${JSON.stringify(file)}: ${name},`);
    }
  }
  const journal = JSON.parse(require("node:fs").readFileSync(join(migrationsDir, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const migrations = journal.entries.map((entry, i) => {
    lines.push(`import m${i} from ${JSON.stringify(join(migrationsDir, `${entry.tag}.sql`))} with { type: "text" };`);
    return `  { tag: ${JSON.stringify(entry.tag)}, when: ${entry.when}, sql: m${i} },`;
  });
  return `${lines.join("\n")}
export const EMBEDDED = {
  assets: {
${assets.join("\n")}
  },
  migrations: [
${migrations.join("\n")}
  ],
};
`;
}

/** Replaces src/embedded.ts with the generated module, and makes libSQL's native require literal. */
const exePlugin: BunPlugin = {
  name: "foam-exe",
  setup(build) {
    build.onLoad({ filter: /[/\\]src[/\\]embedded\.ts$/ }, () => ({ contents: embeddedModule(), loader: "ts" }));
    // libsql picks its native package with a computed require, which a compiled binary cannot resolve.
    build.onLoad({ filter: /[/\\]node_modules[/\\]libsql[/\\]index\.js$/ }, async (args) => {
      const source = await Bun.file(args.path).text();
      const patched = source.replace(/require\(`@libsql\/\$\{target\}`\)/, 'require("@libsql/linux-x64-gnu")');
      if (patched === source) throw new Error("libsql's native require changed shape: update scripts/build-exe.ts");
      return { contents: patched, loader: "js" };
    });
    // onnxruntime's native binding cannot load from inside the binary: see scripts/ort-native-loader.ts.
    build.onLoad({ filter: /[/\\]node_modules[/\\]onnxruntime-node[/\\]dist[/\\]binding\.js$/ }, async (args) => {
      const source = await Bun.file(args.path).text();
      const loader = JSON.stringify(join(root, "scripts/ort-native-loader.ts"));
      const patched = source.replace(/require\(`\.\.\/bin\/napi-v6\/\$\{process\.platform\}\/\$\{process\.arch\}\/onnxruntime_binding\.node`\)/, `require(${loader}).loadOrtBinding()`);
      if (patched === source) throw new Error("onnxruntime-node's binding require changed shape: update scripts/build-exe.ts");
      return { contents: patched, loader: "js" };
    });
  },
};

export async function buildExe(outfile = join(root, "dist/foam")) {
  await buildClient(clientDir);
  mkdirSync(join(root, "dist"), { recursive: true });
  const result = await Bun.build({
    entrypoints: [join(root, "src/main.ts"), join(root, "src/vision/worker.ts")],
    compile: { outfile } as never,
    target: "bun",
    // Not minified: minified AOT handlers in Elysia lose headers (stack-notes).
    minify: false,
    sourcemap: "none",
    plugins: [exePlugin],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("Binary build failed.");
  }
  chmodSync(outfile, 0o755);
  return { outfile, bytes: statSync(outfile).size };
}

if (import.meta.main) {
  const started = performance.now();
  const { outfile, bytes } = await buildExe(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`Built ${relative(process.cwd(), outfile)}: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
