/**
 * Do scans block the API? A real server (its default pool: cores − 1 workers, so the main thread
 * keeps a core) traces 12 MP photos two at a time while one
 * client calls GET /api/health back to back; prints the probe's latency percentiles.
 * Usage: bun bench/health-during-scans.ts [--pairs 4]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { generatePadPhoto } from "./synth";

const pairs = Number(process.argv[process.argv.indexOf("--pairs") + 1]) || 4;
const dataDir = mkdtempSync(join(tmpdir(), "foam-bench-"));
const port = 41000 + Math.floor(Math.random() * 5000);
const url = `http://127.0.0.1:${port}`;
const server = Bun.spawn([process.execPath, "src/main.ts"], {
  cwd: resolve(import.meta.dir, ".."),
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
  stdout: "ignore",
  stderr: "inherit",
});
for (;;) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {
    await Bun.sleep(100);
  }
}
const login = await fetch(`${url}/api/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "customer@demo.foam", password: "foam-demo-1" }),
});
const { token } = (await login.json()) as { token: string };
const photos = await Promise.all([1, 2].map((seed) => generatePadPhoto({ seed: 3000 + seed, width: 4000, height: 3000 })));

async function scan(jpeg: Uint8Array) {
  const form = new FormData();
  form.append("image", new Blob([Buffer.from(jpeg)], { type: "image/jpeg" }), "photo.jpg");
  const started = performance.now();
  const answer = (await (await fetch(`${url}/api/scanner/scan`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form })).json()) as { job_id: string };
  // Polls the result with the Authorization header: a session token is refused in a URL (the
  // progress stream wants a progress token), and polling is what bench/load does too.
  for (;;) {
    const result = await fetch(`${url}/api/scanner/scan/${answer.job_id}/result`, { headers: { authorization: `Bearer ${token}` } });
    const body = await result.text();
    if (result.status === 200) return performance.now() - started;
    if (result.status !== 409) throw new Error(`scan failed: ${result.status} ${body.slice(-200)}`);
    await Bun.sleep(100);
  }
}

await Bun.sleep(3000); // let the workers finish loading OpenCV
await scan(photos[0]!.jpeg);
const latencies: number[] = [];
const scanTimes: number[] = [];
let scanning = true;
const probe = (async () => {
  while (scanning) {
    const started = performance.now();
    await (await fetch(`${url}/api/health`)).text();
    latencies.push(performance.now() - started);
    await Bun.sleep(10);
  }
})();
for (let pair = 0; pair < pairs; pair++) scanTimes.push(...(await Promise.all(photos.map((photo) => scan(photo.jpeg)))));
scanning = false;
await probe;
server.kill();
await server.exited;
rmSync(dataDir, { recursive: true, force: true });

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);
const scanSorted = [...scanTimes].sort((a, b) => a - b);
console.log(`load average ${loadavg().map((v) => v.toFixed(2)).join(" ")}`);
console.log(`${scanTimes.length} scans of 12 MP photos, two at a time: median ${scanSorted[Math.floor(scanSorted.length / 2)]!.toFixed(0)} ms each (upload → result)`);
console.log(`GET /api/health during the scans: ${latencies.length} calls, p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`);
