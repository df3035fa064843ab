import type { Db } from "../../../db/client";
import type { Detection, TraceParams, TraceResult } from "../../vision";
import { FOAM_UNET } from "../../vision/ai/model-contract";
import { sessionIdOf } from "../../shared/auth";
import { AppError, badRequest } from "../../shared/errors";
import type { TokenService } from "../../shared/tokens";
import type { DxfExportBody } from "./model";
import { parseAiParameters, parseClassicParameters } from "./parameters";
import { runScan, type ScanStorage } from "./runner";
import { leaseStateWriter } from "./state-connection";
import { createScanRun, type ScanKind } from "./scan-runs";
import { MAX_SCAN_PHOTOS } from "./model";
import { readImageUpload, readImageUploads } from "./uploads";
import type { VisionService } from "./vision-service";

let templatePdf: Uint8Array | null = null;

export async function padTemplatePdf(vision: VisionService): Promise<Uint8Array> {
  templatePdf ??= (await vision.module()).renderPadTemplatePdf();
  return templatePdf;
}

export async function previewFrame(vision: VisionService, image: unknown): Promise<{ detection: Detection }> {
  const bytes = await readImageUpload(image);
  return { detection: await (await vision.pool()).preview(bytes) };
}

/** model_info names the model the worker actually ran (the bundled one or AI_MODEL_PATH's). */
export function aiModelInfo(result: Pick<TraceResult, "diagnostics">) {
  const diagnostics = (result.diagnostics ?? {}) as Record<string, unknown>;
  const segment = (diagnostics.segmentation ?? {}) as Record<string, unknown>;
  const model = String(segment.model ?? diagnostics.model ?? FOAM_UNET.model);
  const version = String(segment.model_version ?? diagnostics.model_version ?? FOAM_UNET.version);
  return { model_info: { model: `${model}-v${version}`, name: model, version, segmenter: segment.segmenter ?? "ai" } };
}

/** Validates everything before anything is stored, then answers at once while the pool traces. */
export async function startScan(db: Db, vision: VisionService, userId: number, kind: ScanKind, form: Record<string, unknown>, storage: ScanStorage & { databaseUrl?: string | null } = { resultDir: null }) {
  const images = await readImageUploads(form.image, MAX_SCAN_PHOTOS);
  const params = kind === "classic" ? parseClassicParameters(form) : parseAiParameters(form);
  const pool = await vision.pool();
  // The run's rows, from this insert to its result, go through one state writer (state-connection.ts).
  const state = await leaseStateWriter(storage.databaseUrl ?? null, db);
  let id: string;
  try {
    id = await state.durable((target) => createScanRun(target, userId, kind, params));
  } catch (error) {
    state.release();
    throw error;
  }
  // The AI scanner has no sensitivity: the pipeline treats a missing one as "not given".
  void runScan(db, pool, id, images, params as TraceParams, kind === "ai" ? aiModelInfo : undefined, { resultDir: storage.resultDir, state });
  return { job_id: id };
}

/**
 * EventSource cannot send headers, so the stream takes `?token=`: a token scoped to this job's
 * stream, for 15 minutes, that ends with the session that asked for it (a session token is never
 * accepted in a URL).
 */
export async function withProgressToken(tokens: TokenService, user: { id: number; tokenVersion: number }, kind: ScanKind, started: { job_id: string }) {
  const base = kind === "classic" ? "/api/scanner" : "/api/scanner-ai";
  const progress_token = await tokens.signScoped(user.id, user.tokenVersion, `${base}/scan/${started.job_id}/progress`, 15 * 60, sessionIdOf(user));
  return { ...started, progress_token };
}

export function normalisePoints(points: DxfExportBody["contour_points_mm"]): [number, number][] {
  return points.map((point) => (Array.isArray(point) ? [point[0], point[1]] : [point.x, point.y]) as [number, number]);
}

/** The offset runs in the worker pool: a long zig-zag outline once held the event loop for 22 s. */
export async function exportDxf(vision: VisionService, body: DxfExportBody): Promise<string> {
  const raw = body.cut_allowance_mm;
  const allowance = raw === undefined || raw === null || raw === "" ? 0 : Number(raw);
  if (!Number.isFinite(allowance) || allowance < -2 || allowance > 5) {
    throw badRequest("cut_allowance_mm must be a number between -2 and 5.");
  }
  const points = normalisePoints(body.contour_points_mm);
  if (points.some(([x, y]) => !Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 1e6 || Math.abs(y) > 1e6)) {
    throw badRequest("contour_points_mm must hold finite [x, y] pairs in mm.");
  }
  try {
    return await (await vision.pool()).exportDxf(points, allowance);
  } catch (error) {
    // The pool replaces a worker that runs past its time limit; the caller gets a reason, not a 500.
    if (error instanceof Error && /timed out/.test(error.message)) {
      throw new AppError(422, "The outline is too complex to offset in time: send fewer points (simplify it) and try again.");
    }
    throw error;
  }
}
