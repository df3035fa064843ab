// Used only inside the compiled binary (scripts/build-exe.ts points onnxruntime-node's binding here).
// The native binding needs libonnxruntime.so.1 beside it on disk ($ORIGIN runpath), which a binary's
// embedded files are not: copy both to one temporary directory and load the binding from there.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import binding from "../node_modules/onnxruntime-node/bin/napi-v6/linux/x64/onnxruntime_binding.node" with { type: "file" };
import library from "../node_modules/onnxruntime-node/bin/napi-v6/linux/x64/libonnxruntime.so.1" with { type: "file" };

function place(source: string, dir: string, name: string): void {
  const target = join(dir, name);
  if (existsSync(target) && statSync(target).size === statSync(source).size) return;
  // Write then rename, so a second worker never loads a half-written library. (copyFile cannot
  // read the binary's embedded files; readFile can.)
  const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(partial, readFileSync(source), { mode: 0o755 });
  renameSync(partial, target);
}

export function loadOrtBinding(): unknown {
  const dir = join(process.env.TMPDIR || tmpdir(), `foam-onnxruntime-${statSync(library).size}`);
  mkdirSync(dir, { recursive: true });
  place(library, dir, "libonnxruntime.so.1");
  place(binding, dir, "onnxruntime_binding.node");
  return createRequire(import.meta.url)(join(dir, "onnxruntime_binding.node"));
}
