// Load bench: a database of many orders, the real server, ~200 concurrent keep-alive connections
// on the read endpoints and the orders list, health while two 12 MP scans run, and the same load
// against a bare Bun.serve returning the same pre-serialised JSON (the ceiling on this machine).
//   bun run bench:load [-- --orders 100000 --duration 10 --connections 200 --client wrk|fetch]
// Uses Debian's wrk when installed (apt-get install wrk), else a bounded in-process fetch client.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";
import { cachedPadPhoto } from "../synth/cached-photo.ts";
import { buildLoadDatabase } from "./build-db.ts";
import { measureServerTime } from "./server-time.ts";

const ROOT = resolve(import.meta.dir, "../..");
const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1]! : fallback;
};
const ORDERS = Number(arg("orders", "100000"));
const DURATION_S = Number(arg("duration", "10"));
const CONNECTIONS = Number(arg("connections", "200"));
const CLIENT = arg("client", Bun.which("wrk") ? "wrk" : "fetch") as "wrk" | "fetch";
const KEEP = process.argv.includes("--keep");
const JWT_SECRET = "load-bench-secret-".padEnd(48, "l");

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number; requests: number };

const ENDPOINTS: { label: string; path: string; auth: boolean }[] = [
  { label: "GET /api/health", path: "/api/health", auth: false },
  { label: "GET /api/reference-data", path: "/api/reference-data", auth: false },
  { label: "GET /api/admin/orders (page 1)", path: "/api/admin/orders", auth: true },
  { label: "GET /api/admin/orders (filtered)", path: "/api/admin/orders?status=in_production&order_type=scanner&sort=-total_amount&page=2", auth: true },
  { label: "GET /api/admin/orders (search)", path: "/api/admin/orders?search=acme", auth: true },
  { label: "GET /api/operator/dashboard?per_column=25 (board)", path: "/api/operator/dashboard?per_column=25", auth: true },
  { label: "GET /api/operator/dashboard (plain array, 500 cards)", path: "/api/operator/dashboard", auth: true },
];

// ── load clients ──────────────────────────────────────────────────────────

async function runWrk(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  const args = ["wrk", `-t${Math.min(2, cpus().length)}`, `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "30s", "-s", join(import.meta.dir, "wrk-report.lua")];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const child = Bun.spawn(args, { stdout: "pipe", stderr: "pipe" });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  await child.exited;
  const line = out.trim().split("\n").findLast((entry) => entry.startsWith("{"));
  if (!line) throw new Error(`wrk failed: ${err || out}`);
  const report = JSON.parse(line) as { requests: number; duration_us: number; errors: number; non2xx: number; p50: number; p99: number };
  return { rps: report.requests / (report.duration_us / 1e6), p50: report.p50 / 1000, p99: report.p99 / 1000, errors: report.errors, non2xx: report.non2xx, requests: report.requests };
}

/** The fallback: CONNECTIONS loops of keep-alive fetch in this process (it shares the CPU with the server). */
async function runFetch(url: string, headers: Record<string, string>, seconds: number): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        try {
          const response = await fetch(url, { headers });
          await response.arrayBuffer();
          if (response.status >= 300) non2xx++;
          latencies.push(performance.now() - begin);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, non2xx, requests: latencies.length };
}

const load = (url: string, headers: Record<string, string>, seconds: number) => (CLIENT === "wrk" ? runWrk(url, headers, seconds) : runFetch(url, headers, seconds));

// ── processes ─────────────────────────────────────────────────────────────

async function waitFor(url: string, child: Subprocess, what: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${what} did not start`);
    await Bun.sleep(100);
  }
}

const freePort = () => 21_000 + Math.floor(Math.random() * 20_000);

async function startApp(dataDir: string) {
  const port = freePort();
  const child = Bun.spawn([process.execPath, "src/main.ts"], {
    cwd: ROOT,
    // SCANNER_WORKERS is left to the server's default (cores − 1): the main thread keeps a core.
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, JWT_SECRET, SEED_DEMO: "true" },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, "the app server");
  return { base, child };
}

async function startBare(bodiesFile: string) {
  const port = freePort();
  const child = Bun.spawn([process.execPath, join(import.meta.dir, "bare-server.ts"), String(port), bodiesFile], { stdout: "ignore", stderr: "inherit" });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, child, "the bare server");
  return { base, child };
}

async function stop(child: Subprocess) {
  child.kill("SIGTERM");
  await child.exited;
}

async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password: "foam-demo-1" }) });
  if (!response.ok) throw new Error(`sign-in ${email}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Waits until the server answers promptly again. A wrk row ends with up to CONNECTIONS requests
 * still queued in the server (at 120-600 req/s that is 0.3-1.7 s of work); a probe started at once
 * measured that backlog, not what it was meant to: its first call after a 5 s orders row waited
 * 524 ms, after the drain (268 ms) its slowest was 14 ms. Answers how long the drain took.
 */
async function drain(base: string): Promise<number> {
  const started = performance.now();
  let prompt = 0;
  while (prompt < 5 && performance.now() - started < 15_000) {
    const begin = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    prompt = performance.now() - begin < 20 ? prompt + 1 : 0;
  }
  return performance.now() - started;
}

/** Keeps `parallel` classic scans running back to back until stopped; records each scan's wall time. */
function scanLoops(base: string, token: string, jpeg: Uint8Array, parallel: number) {
  let running = true;
  const times: number[] = [];
  const failures: string[] = [];
  const loop = async () => {
    while (running) {
      const started = performance.now();
      const form = new FormData();
      form.set("image", new Blob([jpeg as BlobPart], { type: "image/jpeg" }), "pad.jpg");
      const queued = await fetch(`${base}/api/scanner/scan`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
      const { job_id: id } = (await queued.json()) as { job_id: string };
      for (;;) {
        const result = await fetch(`${base}/api/scanner/scan/${id}/result`, { headers: { authorization: `Bearer ${token}` } });
        await result.arrayBuffer();
        if (result.status === 409) {
          await Bun.sleep(250);
          continue;
        }
        if (result.status === 200) times.push(performance.now() - started);
        else failures.push(String(result.status));
        break;
      }
    }
  };
  const loops = Array.from({ length: parallel }, loop);
  return {
    times,
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

// ── the run ───────────────────────────────────────────────────────────────

const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "—");
const median = (values: number[]) => (values.length ? values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]! : NaN);

const work = mkdtempSync(join(tmpdir(), "foam-load-"));
const dataDir = join(work, "data");
try {
  console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model}), load average ${loadavg().map((value) => value.toFixed(2)).join(" ")}, Bun ${Bun.version}, client ${CLIENT}`);
  const built = await buildLoadDatabase(dataDir, ORDERS, JWT_SECRET);
  console.log(`database: ${built.orders} orders, ${(built.bytes / 1e6).toFixed(0)} MB, built in ${fmt(built.seconds)} s`);
  const serverTimes = await measureServerTime(dataDir);
  const photo = await cachedPadPhoto({ seed: 4242, width: 4000, height: 3000 });
  console.log(`scan photo: 4000 x 3000 JPEG, ${(photo.jpeg.length / 1e6).toFixed(1)} MB`);

  const app = await startApp(dataDir);
  const admin = await signIn(app.base, "admin@demo.foam");
  const customer = await signIn(app.base, "customer@demo.foam");
  const bodies: Record<string, string> = {};
  for (const endpoint of ENDPOINTS) {
    const response = await fetch(app.base + endpoint.path, { headers: endpoint.auth ? { authorization: `Bearer ${admin}` } : {} });
    if (response.status !== 200) throw new Error(`${endpoint.path}: ${response.status}`);
    bodies[endpoint.path] = await response.text();
  }

  // One scan first: the worker pool (OpenCV in each worker) starts on first use, not during a measurement.
  const warm = scanLoops(app.base, customer, photo.jpeg, 1);
  while (!warm.times.length && !warm.failures.length) await Bun.sleep(100);
  await warm.stop();
  console.log(`warm-up scan: ${fmt(warm.times[0]! / 1000, 2)} s${warm.failures.length ? ` (failed: ${warm.failures.join(", ")})` : ""}`);

  const results: { label: string; app: Result; bare?: Result; bytes: number }[] = [];
  for (const endpoint of ENDPOINTS) {
    const headers: Record<string, string> = endpoint.auth ? { authorization: `Bearer ${admin}` } : {};
    await load(app.base + endpoint.path, headers, 2); // warm-up
    const result = await load(app.base + endpoint.path, headers, DURATION_S);
    results.push({ label: endpoint.label, app: result, bytes: bodies[endpoint.path]!.length });
    console.log(`  ${endpoint.label}: ${fmt(result.rps, 0)} req/s, p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms`);
  }

  // Two scans at once, back to back, while the load runs.
  const drains: number[] = [await drain(app.base)];
  const scans = scanLoops(app.base, customer, photo.jpeg, 2);
  await Bun.sleep(1_000);
  const duringScans: { label: string; result: Result }[] = [];
  for (const endpoint of [ENDPOINTS[0]!, ENDPOINTS[2]!]) {
    drains.push(await drain(app.base));
    const headers: Record<string, string> = endpoint.auth ? { authorization: `Bearer ${admin}` } : {};
    const result = await load(app.base + endpoint.path, headers, DURATION_S);
    duringScans.push({ label: endpoint.label, result });
    console.log(`  during scans, ${endpoint.label}: ${fmt(result.rps, 0)} req/s, p50 ${fmt(result.p50)} ms, p99 ${fmt(result.p99)} ms`);
  }
  // One sequential client: what a single user waits for while the server is not saturated but
  // scanning. Its own process: this one is busy uploading photos and reading scan results.
  drains.push(await drain(app.base));
  console.log(`  backlog drained before each phase in ${drains.map((ms) => (ms / 1000).toFixed(2)).join(", ")} s`);
  const single = await (async () => {
    const probe = Bun.spawn([process.execPath, join(import.meta.dir, "health-probe.ts"), app.base, String(DURATION_S)], { stdout: "pipe", stderr: "inherit" });
    const out = await new Response(probe.stdout).text();
    await probe.exited;
    return JSON.parse(out.trim().split("\n").at(-1)!) as { count: number; p50: number; p99: number; max: number; max_at: number };
  })();
  console.log(`  during scans, GET /api/health from 1 sequential client: p50 ${fmt(single.p50)} ms, p99 ${fmt(single.p99)} ms, max ${fmt(single.max)} ms (${fmt(single.max_at, 1)} s in)`);
  await scans.stop();
  await stop(app.child);

  const bodiesFile = join(work, "bodies.json");
  await Bun.write(bodiesFile, JSON.stringify(bodies));
  const bare = await startBare(bodiesFile);
  for (const [index, endpoint] of ENDPOINTS.entries()) {
    await load(bare.base + endpoint.path, {}, 2);
    results[index]!.bare = await load(bare.base + endpoint.path, {}, DURATION_S);
  }
  await stop(bare.child);

  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per row, ${built.orders} orders, client ${CLIENT}\n`);
  console.log("| endpoint | bytes | req/s | p50 ms | p99 ms | errors | bare Bun.serve req/s | bare p99 ms | app / bare |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of results) {
    const errors = row.app.errors + row.app.non2xx;
    console.log(`| ${row.label} | ${row.bytes} | ${fmt(row.app.rps, 0)} | ${fmt(row.app.p50)} | ${fmt(row.app.p99)} | ${errors} | ${fmt(row.bare!.rps, 0)} | ${fmt(row.bare!.p99)} | ${fmt((row.app.rps / row.bare!.rps) * 100, 1)} % |`);
  }
  console.log(`\nWhile 2 scans (4000 x 3000 JPEG) ran back to back: ${scans.times.length} scans finished, median ${fmt(median(scans.times) / 1000, 2)} s each${scans.failures.length ? `, ${scans.failures.length} failed (${scans.failures.join(", ")})` : ""}`);
  console.log("| endpoint | req/s | p50 ms | p99 ms | errors |");
  console.log("|---|---:|---:|---:|---:|");
  for (const { label, result } of duringScans) console.log(`| ${label} | ${fmt(result.rps, 0)} | ${fmt(result.p50)} | ${fmt(result.p99)} | ${result.errors + result.non2xx} |`);
  console.log(`| GET /api/health, 1 sequential client (${single.count} requests) | — | ${fmt(single.p50)} | ${fmt(single.p99)} (max ${fmt(single.max)}) | 0 |`);
  console.log(`\nServer time per request, in process (the service call and JSON.stringify, no HTTP), ${serverTimes[0]?.iterations ?? 0} iterations each:`);
  console.log("| request | first (cold) ms | median ms | p90 ms | bytes |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of serverTimes) console.log(`| ${row.label} | ${fmt(row.first, 2)} | ${fmt(row.median, 2)} | ${fmt(row.p90, 2)} | ${row.bytes} |`);
  console.log(`\nWith ${CONNECTIONS} connections a row's latency is mostly queueing: p50 ≈ ${CONNECTIONS} / req/s. On a 2-core machine the load client, the server and the scan workers share the cores.`);
} finally {
  if (!KEEP) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
