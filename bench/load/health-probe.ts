// One sequential client calling GET /api/health every 20 ms for a while, in its own process so that
// the load bench's own work (uploading photos, reading scan results) cannot delay its clock.
// Prints one JSON line: {count, p50, p99, max} in milliseconds, and max_at: seconds into the run.
//   bun bench/load/health-probe.ts <base url> <seconds>
const [base, seconds] = process.argv.slice(2);
const latencies: number[] = [];
const started = performance.now();
const deadline = started + Number(seconds) * 1000;
let max = 0;
let maxAt = 0;
while (performance.now() < deadline) {
  const begin = performance.now();
  await (await fetch(`${base}/api/health`)).arrayBuffer();
  const latency = performance.now() - begin;
  if (latency > max) {
    max = latency;
    maxAt = (begin - started) / 1000;
  }
  latencies.push(latency);
  await Bun.sleep(20);
}
latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    count: latencies.length,
    p50: latencies[Math.floor(latencies.length / 2)] ?? NaN,
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? NaN,
    max: latencies.at(-1) ?? NaN,
    max_at: maxAt,
  }),
);
export {};
