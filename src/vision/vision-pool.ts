import { existsSync } from "node:fs";
import type { Detection, ProgressFn, TraceParams, TraceResult } from "./types.ts";
import { VisionError } from "./vision-error.ts";
import type { EncodedTrace, VisionCommand, VisionCommands, WorkerRequest, WorkerResponse } from "./worker-protocol.ts";

export type VisionPool = {
  /** One photo, or 1-8 photos of the same pad in the order taken (one job). */
  trace(bytes: Uint8Array | Uint8Array[], params: TraceParams, onProgress?: ProgressFn): Promise<TraceResult>;
  /**
   * trace, answered as JSON bytes plus the result less its preview (worker-protocol.ts). With
   * `handOver` the photos' buffers move to the worker instead of being copied first: the caller
   * must not read them afterwards.
   */
  traceJson(bytes: Uint8Array | Uint8Array[], params: TraceParams, onProgress?: ProgressFn, options?: { handOver?: boolean }): Promise<EncodedTrace>;
  exportDxf(points: [number, number][], allowanceMm: number): Promise<string>;
  preview(bytes: Uint8Array): Promise<Detection>;
  close(): Promise<void>;
  size: number;
};

export type VisionPoolOptions = {
  /** Number of workers; default = CPU cores. Each worker holds its own OpenCV (~100-500 MB once busy). */
  size?: number;
  /** A job running longer than this fails and its worker is replaced (default 90 s for scans, 15 s for previews). */
  traceTimeoutMs?: number;
  previewTimeoutMs?: number;
  /** Override where the worker script lives (normally found automatically, in dev and in a compiled binary). */
  workerUrl?: URL | string;
};

/**
 * The worker script's URL. In dev it sits next to this file. In a `bun build --compile` binary every
 * bundled module sees the main entry's import.meta.url (file:///$bunfs/root/<entry>) and the worker
 * entry point is embedded at its path relative to the entry points' common root (with entries
 * src/main.ts and src/vision/worker.ts that is vision/worker.js), so look for it there.
 */
export function defaultWorkerUrl(): URL {
  const here = new URL("./worker.ts", import.meta.url);
  if (!import.meta.url.includes("/$bunfs/")) return here;
  for (const rel of ["./vision/worker.ts", "./src/vision/worker.ts", "./worker.ts"]) {
    const u = new URL(rel, import.meta.url);
    if (existsSync(decodeURIComponent(u.pathname).replace(/\.ts$/, ".js")) || existsSync(decodeURIComponent(u.pathname))) return u;
  }
  return here;
}

/** A 5000-point zig-zag outline offset by 5 mm takes about a second; a loaded machine gets room. */
const EXPORT_TIMEOUT_MS = 30_000;

type Job = {
  id: number;
  cmd: VisionCommand;
  args: unknown;
  transfer: ArrayBuffer[];
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: ProgressFn;
  timeoutMs: number;
};

type Slot = { worker: Worker; job: Job | null; timer: ReturnType<typeof setTimeout> | null; generation: number };

/**
 * A pool of Bun Workers running the vision pipeline. The worker is `new URL("./worker.ts",
 * import.meta.url)` in dev; in a `bun build --compile` binary pass src/vision/worker.ts as an extra
 * entry point and it is found inside the binary (see defaultWorkerUrl).
 * Previews jump the queue: they are cheap and the live view polls them every 500 ms.
 */
export function createVisionPool(opts: VisionPoolOptions = {}): VisionPool {
  const size = Math.max(1, Math.floor(opts.size ?? (typeof navigator !== "undefined" ? navigator.hardwareConcurrency : 0) ?? 2) || 2);
  const traceTimeoutMs = opts.traceTimeoutMs ?? 90_000;
  const previewTimeoutMs = opts.previewTimeoutMs ?? 15_000;
  const workerUrl = opts.workerUrl ?? defaultWorkerUrl();
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (slot: Slot | null): Slot => {
    // Bun hands workers the environment as it was at process start; pass the current one so
    // settings applied later (CLI flags, AI_MODEL_PATH) reach the pipeline.
    const worker = new Worker(workerUrl, { env: { ...process.env } } as WorkerOptions);
    const s: Slot = slot ?? { worker, job: null, timer: null, generation: 0 };
    s.worker = worker;
    s.job = null;
    s.generation++;
    const generation = s.generation;
    worker.onmessage = (ev: MessageEvent<WorkerResponse>) => {
      if (s.generation !== generation) return;
      const msg = ev.data;
      if (msg.type === "ready") return;
      const job = s.job;
      if (!job || msg.id !== job.id) return;
      if (msg.type === "progress") {
        try {
          job.onProgress?.(msg.progress, msg.message);
        } catch {
          // a failing progress listener must not break the job
        }
        return;
      }
      finish(s);
      if (msg.type === "result") job.resolve(msg.result);
      else job.reject(msg.error.vision ? new VisionError(msg.error.message) : Object.assign(new Error(msg.error.message), { workerStack: msg.error.stack }));
      dispatch();
    };
    const onDeath = (reason: string) => {
      if (s.generation !== generation || closed) return;
      const job = s.job;
      finish(s);
      try {
        s.worker.terminate();
      } catch {
        // already gone
      }
      spawn(s);
      job?.reject(new Error(`Image processing failed: the vision worker stopped (${reason}).`));
      dispatch();
    };
    worker.onerror = (ev: ErrorEvent) => {
      ev.preventDefault?.();
      const m = (ev.error as Error | undefined)?.message ?? ev.message?.split("\n").find((l) => l.startsWith("error:"))?.slice(6).trim();
      onDeath(m || "uncaught error");
    };
    worker.addEventListener("close", (ev: Event) => onDeath(`exit code ${(ev as CloseEvent).code ?? "?"}`));
    return s;
  };

  const finish = (s: Slot) => {
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
    s.job = null;
  };

  const dispatch = () => {
    if (closed) return;
    for (const s of slots) {
      if (s.job || !queue.length) continue;
      const i = queue.findIndex((j) => j.cmd === "preview");
      const job = queue.splice(i >= 0 ? i : 0, 1)[0];
      s.job = job;
      const generation = s.generation;
      s.timer = setTimeout(() => {
        if (s.generation !== generation || s.job !== job) return;
        finish(s);
        s.worker.terminate();
        spawn(s);
        job.reject(new Error(`Image processing timed out after ${Math.round(job.timeoutMs / 1000)} s.`));
        dispatch();
      }, job.timeoutMs);
      const req = { id: job.id, cmd: job.cmd, args: job.args } as WorkerRequest;
      s.worker.postMessage(req, job.transfer);
    }
  };

  const submit = <C extends VisionCommand>(cmd: C, args: VisionCommands[C]["args"], transfer: ArrayBuffer[], timeoutMs: number, onProgress?: ProgressFn) =>
    new Promise<VisionCommands[C]["result"]>((resolve, reject) => {
      if (closed) return reject(new Error("The vision pool is closed."));
      queue.push({ id: nextId++, cmd, args, transfer, resolve: resolve as (v: unknown) => void, reject, onProgress, timeoutMs });
      dispatch();
    });

  const ownCopy = (bytes: Uint8Array) => {
    if (!(bytes instanceof Uint8Array)) throw new VisionError("The file is not a readable JPEG or PNG image.");
    // Transfer a private copy: the caller keeps its buffer.
    return bytes.slice();
  };

  /** A photo that owns its whole buffer is moved as it is; a view into a larger buffer is copied. */
  const handedOver = (bytes: Uint8Array) =>
    bytes instanceof Uint8Array && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : ownCopy(bytes);

  const traceJob = <C extends "trace" | "traceJson">(cmd: C, bytes: Uint8Array | Uint8Array[], params: TraceParams, onProgress?: ProgressFn, handOver = false) => {
    const images = (Array.isArray(bytes) ? bytes : [bytes]).map(handOver ? handedOver : ownCopy);
    // Each further photo is another decode and segmentation: give the job time in proportion.
    const timeout = traceTimeoutMs * (1 + 0.5 * (images.length - 1));
    return submit(cmd, { images, params }, [...new Set(images.map((c) => c.buffer as ArrayBuffer))], timeout, onProgress);
  };

  for (let i = 0; i < size; i++) slots.push(spawn(null));

  return {
    size,
    trace: (bytes, params, onProgress) => traceJob("trace", bytes, params, onProgress),
    traceJson: (bytes, params, onProgress, options) => traceJob("traceJson", bytes, params, onProgress, options?.handOver === true),
    exportDxf(points, allowanceMm) {
      return submit("exportDxf", { points, allowanceMm }, [], EXPORT_TIMEOUT_MS);
    },
    preview(bytes) {
      const copy = ownCopy(bytes);
      return submit("preview", { bytes: copy }, [copy.buffer as ArrayBuffer], previewTimeoutMs);
    },
    async close() {
      if (closed) return;
      closed = true;
      const err = new Error("The vision pool is closed.");
      for (const j of queue.splice(0)) j.reject(err);
      await Promise.all(
        slots.map(async (s) => {
          const job = s.job;
          finish(s);
          job?.reject(err);
          s.generation++;
          s.worker.terminate();
        }),
      );
    },
  };
}
