/**
 * The single binary's figures: size, time to the first /api/health answer, idle memory.
 * Usage: bun bench/binary.ts   (builds dist/foam, runs a copy alone in an empty directory)
 * tests/exe/binary.test.ts launches the binary with the same helpers.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Only the basics a bare machine has: no Bun on PATH, no node_modules anywhere near. */
export const bareEnv = (dir: string) => ({ PATH: "/usr/bin:/bin", HOME: dir, TMPDIR: dir });

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
}

/** Starts the binary in `dir` on a free port and waits for /api/health; returns the ms that took. */
export async function launchBinary(binary: string, dir: string, extraArgs: string[] = []) {
  const port = 40000 + Math.floor(Math.random() * 10000);
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = Bun.spawn([binary, "--port", String(port), "--host", "127.0.0.1", "--data-dir", join(dir, "data"), ...extraArgs], {
    cwd: dir,
    env: bareEnv(dir),
    stdout: "pipe",
    stderr: "pipe",
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(await new Response(child.stderr as ReadableStream).text());
    await Bun.sleep(50);
  }
  return { child, url, startMs: performance.now() - started };
}

if (import.meta.main) {
  const { buildExe } = await import("../scripts/build-exe");
  const dir = mkdtempSync(join(tmpdir(), "foam-bench-exe-"));
  const built = await buildExe(join(dir, "build", "foam"));
  const binary = join(dir, "foam");
  copyFileSync(built.outfile, binary);
  rmSync(join(dir, "build"), { recursive: true, force: true });
  Bun.spawnSync(["chmod", "755", binary]);
  const { child, startMs } = await launchBinary(binary, dir, ["--workers", "2"]);
  await Bun.sleep(1000);
  const before = rssMb(child.pid);
  await Bun.sleep(5000); // the scanner pool warms up after start
  const warmed = rssMb(child.pid);
  child.kill("SIGTERM");
  await child.exited;
  rmSync(dir, { recursive: true, force: true });
  console.log(`binary ${(built.bytes / 1024 / 1024).toFixed(1)} MB`);
  console.log(`first /api/health answer ${Math.round(startMs)} ms after start`);
  console.log(`RSS 1 s after start ${Math.round(before)} MB; idle with 2 warmed scanner workers ${Math.round(warmed)} MB`);
}
