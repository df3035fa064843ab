import type { Db } from "../../../db/client";
import type { TraceParams, TraceResult } from "../../vision";
import type { EncodedTrace } from "../../vision/worker-protocol";
import { writeResultFile } from "./result-files";
import { claimRun, completeRun, completeRunWithFile, failRun, setProgress } from "./scan-runs";
import { mainWriter, type StateWriter } from "./state-connection";

type Progress = (progress: number, message: string) => void;

export type Tracer = {
  trace(images: Uint8Array | Uint8Array[], params: TraceParams, onProgress?: Progress): Promise<TraceResult>;
  /** The pool's encoded trace (vision-pool.ts); a tracer without it is stored the plain way. */
  traceJson?(images: Uint8Array | Uint8Array[], params: TraceParams, onProgress?: Progress, options?: { handOver?: boolean }): Promise<EncodedTrace>;
};

export const INSTANCE_ID = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;

function isUserFacing(error: unknown): error is Error {
  return error instanceof Error && (error.name === "VisionError" || (error as { userFacing?: boolean }).userFacing === true);
}

type Decorate = (result: Omit<TraceResult, "preview_png">) => Record<string, unknown>;

/**
 * The worker's JSON with the decoration's fields added, as `{ ...result, ...decoration }` would
 * serialise: new keys go last. A decoration that replaces a key (none does today) takes the slow
 * way through one parse.
 */
export function decorateJson(json: Uint8Array, summary: Omit<TraceResult, "preview_png">, decoration: Record<string, unknown>): Uint8Array {
  if (Object.keys(decoration).some((key) => key in summary || key === "preview_png")) {
    return new TextEncoder().encode(JSON.stringify({ ...JSON.parse(new TextDecoder().decode(json)), ...decoration }));
  }
  // What JSON.stringify leaves out: undefined (functions and symbols never come from here).
  const entries = Object.entries(decoration).filter(([, value]) => value !== undefined);
  if (!entries.length) return json;
  // JSON.stringify of an object: "{", the members, "}" and nothing after; "{}" has no members.
  if (json[0] !== 0x7b || json[json.length - 1] !== 0x7d) throw new Error("The worker's result is not a JSON object.");
  const end = json.length - 1;
  const empty = end === 1;
  const tail = entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(",");
  return Buffer.concat([json.subarray(0, end), Buffer.from(`${empty ? "" : ","}${tail}}`)]);
}

/** Where a scan's state goes (service.ts builds it per scan). */
export type ScanStorage = {
  /** Folder of result files (result-files.ts); null: the result is stored in the row. */
  resultDir: string | null;
  /** The scan's rows (state-connection.ts); released when the run ends. Default: written on `db`. */
  state?: StateWriter;
};

/**
 * Claims a queued run (so two instances never trace it twice), traces it in the worker pool,
 * and records progress, the result or a clear failure in the database. With a result folder (an
 * embedded database) the result is the worker's JSON written to a file off the event loop, the row
 * only names it (result-files.ts), and the photos are handed to the worker, not copied.
 */
export async function runScan(
  db: Db,
  tracer: Tracer,
  id: string,
  images: Uint8Array | Uint8Array[],
  params: TraceParams,
  decorate: Decorate = () => ({}),
  storage: ScanStorage = { resultDir: null },
) {
  const state = storage.state ?? mainWriter(db);
  try {
    if (!(await state.durable((target) => claimRun(target, id, INSTANCE_ID)))) return;
    let lastWrite = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const onProgress: Progress = (progress, message) => {
      const now = Date.now();
      if (now - lastWrite < 120 && progress < 95) return;
      lastWrite = now;
      pending = pending.then(() => state.progress((target) => setProgress(target, id, progress, message)));
    };
    try {
      if (storage.resultDir && tracer.traceJson) {
        const resultDir = storage.resultDir;
        const { json, summary } = await tracer.traceJson(images, params, onProgress, { handOver: true });
        const file = await writeResultFile(resultDir, id, decorateJson(json, summary, decorate(summary)));
        await pending;
        await state.durable((target) => completeRunWithFile(target, id, file));
      } else {
        const result = await tracer.trace(images, params, onProgress);
        await pending;
        await state.durable((target) => completeRun(target, id, { ...result, ...decorate(result) }));
      }
    } catch (error) {
      await pending;
      if (!isUserFacing(error)) console.error(`Scan ${id} failed`, error);
      await state.durable((target) => failRun(target, id, isUserFacing(error) ? error.message : "Processing error: the image could not be traced."));
    }
  } finally {
    state.release();
  }
}
