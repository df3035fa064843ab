import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../helpers/free-port.ts";

setDefaultTimeout(120_000);

/**
 * Issue 16, item 2: 32 concurrent 60 MB chunked uploads to the public preview took the process to
 * 2.5 GB (each body was buffered whole, up to Bun's 64 MB, before any check). Now bodies are counted
 * as they arrive, stopped at the route's limit, and all uploads in flight share one budget
 * (256 MB by default; 429 past it). Measured on the real server's RSS, from /proc.
 */
const UPLOADS = 32;
const UPLOAD_MB = 60;
/** The budget plus what Bun and the collector hold around it; the old code went past 1.5 GB here. */
const RSS_GROWTH_BOUND_MB = 640;

let child: ReturnType<typeof Bun.spawn>;
let url: string;
let dataDir: string;

const rssMb = () => Number(readFileSync(`/proc/${child.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "foam-upload-memory-"));
  const port = freePort();
  child = Bun.spawn([process.execPath, "src/main.ts"], {
    cwd: resolve(import.meta.dir, "../.."),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SCANNER_WORKERS: "1", SCANNER_WARMUP: "false", JWT_SECRET: "upload-memory-secret-".padEnd(48, "m") },
    stdout: "ignore",
    stderr: "pipe",
  });
  url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`${url}/api/health`).then((response) => response.ok).catch(() => false);
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${await new Response(child.stderr as ReadableStream).text()}`);
    await Bun.sleep(100);
  }
});
afterAll(async () => {
  child?.kill();
  await child?.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

function chunkedUpload(megabytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(0x41);
  const head = new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n');
  let sent = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (sent++ < megabytes) return controller.enqueue(chunk);
      controller.enqueue(new TextEncoder().encode("\r\n--x--\r\n"));
      controller.close();
    },
  });
}

describe("uploads in flight are bounded", () => {
  test(`${UPLOADS} concurrent ${UPLOAD_MB} MB chunked uploads: each refused with a detail (413 or 429), RSS growth bounded, memory handed back`, async () => {
    const base = rssMb();
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, () =>
        fetch(`${url}/api/scanner/preview`, {
          method: "POST",
          headers: { "content-type": "multipart/form-data; boundary=x" },
          body: chunkedUpload(UPLOAD_MB),
          duplex: "half",
        } as RequestInit).then(async (response) => ({ status: response.status, detail: ((await response.json()) as { detail?: string }).detail })),
      ),
    );
    clearInterval(sampler);
    const growth = peak - base;
    console.log(`upload memory: ${UPLOADS} × ${UPLOAD_MB} MB chunked: RSS ${base.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${growth.toFixed(0)} MB); answers ${JSON.stringify(answers.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {}))}`);
    for (const answer of answers) {
      expect([413, 429]).toContain(answer.status);
      expect(answer.detail).toMatch(answer.status === 413 ? /larger than 30 MB/ : /too many uploads/);
    }
    expect(answers.some((answer) => answer.status === 429)).toBe(true);
    expect(growth).toBeLessThan(RSS_GROWTH_BOUND_MB);
    // The budget was handed back: a normal request and a small upload go through.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const small = await fetch(`${url}/api/scanner/preview`, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: chunkedUpload(1), duplex: "half" } as RequestInit);
    expect(small.status).toBe(415);
    // And the memory too (the refused buffers are collected, not kept until some later GC).
    await Bun.sleep(1000);
    expect(rssMb() - base).toBeLessThan(150);
  });
});
