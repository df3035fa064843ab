import { and, eq, lt } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { scanRuns } from "../../../db/schema";
import { AppError, notFound } from "../../shared/errors";
import { nowIso } from "../../../common/time";
import type { ScanParameters } from "./parameters";
import { resultFileResponse } from "./result-files";

export type ScanKind = "classic" | "ai";
export type ScanRun = typeof scanRuns.$inferSelect;
export const TERMINAL = new Set(["completed", "failed"]);

/**
 * The photo itself goes straight to the worker pool, not into the database: writing megabytes into
 * SQLite with synchronous=FULL stalled the event loop for every other request during uploads.
 */
export async function createScanRun(db: Db, userId: number, kind: ScanKind, parameters: ScanParameters) {
  const id = crypto.randomUUID();
  await db.insert(scanRuns).values({
    id,
    userId,
    kind,
    status: "queued",
    progress: 0,
    message: "Queued",
    parameters,
  });
  return id;
}

/** Only the job's owner sees it; anyone else gets the same 404 as a missing job. */
export async function getOwnedRun(db: Db, id: string, userId: number, kind: ScanKind): Promise<ScanRun> {
  const run = await db.query.scanRuns.findFirst({ where: and(eq(scanRuns.id, id), eq(scanRuns.kind, kind)) });
  if (!run || run.userId !== userId) throw notFound("Scan job not found.");
  return run;
}

export async function setProgress(db: Db, id: string, progress: number, message: string) {
  await db
    .update(scanRuns)
    .set({ status: "processing", progress: Math.max(0, Math.min(99, Math.round(progress))), message, updatedAt: nowIso() })
    .where(and(eq(scanRuns.id, id), eq(scanRuns.status, "processing")));
}

export async function claimRun(db: Db, id: string, worker: string): Promise<boolean> {
  const claimed = await db
    .update(scanRuns)
    .set({ status: "processing", claimedBy: worker, progress: 1, message: "Starting", updatedAt: nowIso() })
    .where(and(eq(scanRuns.id, id), eq(scanRuns.status, "queued")))
    .returning({ id: scanRuns.id });
  return claimed.length === 1;
}

/** The image is dropped once the run ends: it is only needed while tracing. */
export async function completeRun(db: Db, id: string, result: Record<string, unknown>) {
  await db
    .update(scanRuns)
    .set({ status: "completed", progress: 100, message: "Scan complete", result, image: null, updatedAt: nowIso() })
    .where(eq(scanRuns.id, id));
}

/**
 * The result is already in a file (result-files.ts): the row only names it, so the write on the
 * event loop is a few hundred bytes whatever the preview's size.
 */
export async function completeRunWithFile(db: Db, id: string, fileName: string) {
  await completeRun(db, id, { [RESULT_FILE]: fileName });
}

/** Key of the result column when the answer is a file beside the database. */
export const RESULT_FILE = "$result_file";

export async function failRun(db: Db, id: string, message: string) {
  await db
    .update(scanRuns)
    .set({ status: "failed", message, image: null, updatedAt: nowIso() })
    .where(eq(scanRuns.id, id));
}

/** The finished result: the stored object, or the response serving its file (`resultDir`: result-files.ts). */
export async function resultOf(run: ScanRun, resultDir: string | null = null): Promise<Record<string, unknown> | Response> {
  if (run.status === "failed") throw new AppError(422, run.message || "Processing error");
  if (run.status !== "completed" || !run.result) {
    throw new AppError(409, `The scan is not finished yet (${run.progress} %). Wait for the progress stream to report completed.`);
  }
  const file = run.result[RESULT_FILE];
  if (typeof file !== "string") return run.result;
  const response = resultDir ? await resultFileResponse(resultDir, file) : null;
  // Swept with its run (purgeOldRuns' horizon): the same answer as a run that is gone.
  if (!response) throw notFound("Scan job not found.");
  return response;
}

export async function purgeOldRuns(db: Db, olderThanHours = 24) {
  const cutoff = new Date(Date.now() - olderThanHours * 3600 * 1000).toISOString();
  await db.delete(scanRuns).where(lt(scanRuns.updatedAt, cutoff));
}

/** On shutdown, runs this instance was tracing end as failed with a reason instead of hanging forever. */
export async function failUnfinishedRuns(db: Db, instanceId: string, message: string) {
  await db
    .update(scanRuns)
    .set({ status: "failed", message, image: null, updatedAt: nowIso() })
    .where(and(eq(scanRuns.claimedBy, instanceId), eq(scanRuns.status, "processing")));
}

/** Runs left "processing" by a process that died are failed once they are clearly stale. */
export async function failStaleRuns(db: Db, olderThanMinutes = 10) {
  const cutoff = new Date(Date.now() - olderThanMinutes * 60 * 1000).toISOString();
  await db
    .update(scanRuns)
    .set({ status: "failed", message: "The server stopped while this scan was processing. Please send it again.", image: null, updatedAt: nowIso() })
    .where(and(eq(scanRuns.status, "processing"), lt(scanRuns.updatedAt, cutoff)));
}
