import type { Db } from "../../../db/client";
import type { TraceParams, TraceResult } from "../../vision";
import { claimRun, completeRun, failRun, setProgress } from "./scan-runs";

export type Tracer = {
  trace(images: Uint8Array | Uint8Array[], params: TraceParams, onProgress?: (progress: number, message: string) => void): Promise<TraceResult>;
};

export const INSTANCE_ID = `${process.pid}-${crypto.randomUUID().slice(0, 8)}`;

function isUserFacing(error: unknown): error is Error {
  return error instanceof Error && (error.name === "VisionError" || (error as { userFacing?: boolean }).userFacing === true);
}

/**
 * Claims a queued run (so two instances never trace it twice), traces it in the worker pool,
 * and records progress, the result or a clear failure in the database.
 */
export async function runScan(
  db: Db,
  tracer: Tracer,
  id: string,
  images: Uint8Array | Uint8Array[],
  params: TraceParams,
  decorate: (result: TraceResult) => Record<string, unknown> = () => ({}),
) {
  if (!(await claimRun(db, id, INSTANCE_ID))) return;
  let lastWrite = 0;
  let pending: Promise<unknown> = Promise.resolve();
  try {
    const result = await tracer.trace(images, params, (progress, message) => {
      const now = Date.now();
      if (now - lastWrite < 120 && progress < 95) return;
      lastWrite = now;
      pending = pending.then(() => setProgress(db, id, progress, message)).catch(() => {});
    });
    await pending;
    await completeRun(db, id, { ...result, ...decorate(result) });
  } catch (error) {
    await pending;
    if (!isUserFacing(error)) console.error(`Scan ${id} failed`, error);
    await failRun(db, id, isUserFacing(error) ? error.message : "Processing error: the image could not be traced.");
  }
}
