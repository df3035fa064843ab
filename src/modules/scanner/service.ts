import type { Db } from "../../../db/client";
import type { Detection, TraceParams, TraceResult } from "../../vision";
import { FOAM_UNET } from "../../vision/ai/model-contract";
import { badRequest } from "../../shared/errors";
import type { TokenService } from "../../shared/tokens";
import type { DxfExportBody } from "./model";
import { parseAiParameters, parseClassicParameters } from "./parameters";
import { runScan } from "./runner";
import { createScanRun, type ScanKind } from "./scan-runs";
import { readImageUpload } from "./uploads";
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
export function aiModelInfo(result: TraceResult) {
  const diagnostics = (result.diagnostics ?? {}) as Record<string, unknown>;
  const segment = (diagnostics.segmentation ?? {}) as Record<string, unknown>;
  const model = String(segment.model ?? diagnostics.model ?? FOAM_UNET.model);
  const version = String(segment.model_version ?? diagnostics.model_version ?? FOAM_UNET.version);
  return { model_info: { model: `${model}-v${version}`, name: model, version, segmenter: segment.segmenter ?? "ai" } };
}

/** Validates everything before anything is stored, then answers at once while the pool traces. */
export async function startScan(db: Db, vision: VisionService, userId: number, kind: ScanKind, form: Record<string, unknown>) {
  const bytes = await readImageUpload(form.image);
  const params = kind === "classic" ? parseClassicParameters(form) : parseAiParameters(form);
  const pool = await vision.pool();
  const id = await createScanRun(db, userId, kind, params);
  // The AI scanner has no sensitivity: the pipeline treats a missing one as "not given".
  void runScan(db, pool, id, bytes, params as TraceParams, kind === "ai" ? aiModelInfo : undefined);
  return { job_id: id };
}

/**
 * EventSource cannot send headers, so the stream takes `?token=`. The session token works (SPEC
 * section 7); this token is better: it opens only this job's stream, for 15 minutes.
 */
export async function withProgressToken(tokens: TokenService, user: { id: number; tokenVersion: number }, kind: ScanKind, started: { job_id: string }) {
  const base = kind === "classic" ? "/api/scanner" : "/api/scanner-ai";
  const progress_token = await tokens.signScoped(user.id, user.tokenVersion, `${base}/scan/${started.job_id}/progress`, 15 * 60);
  return { ...started, progress_token };
}

export function normalisePoints(points: DxfExportBody["contour_points_mm"]): [number, number][] {
  return points.map((point) => (Array.isArray(point) ? [point[0], point[1]] : [point.x, point.y]) as [number, number]);
}

export async function exportDxf(vision: VisionService, body: DxfExportBody): Promise<string> {
  const raw = body.cut_allowance_mm;
  const allowance = raw === undefined || raw === null || raw === "" ? 0 : Number(raw);
  if (!Number.isFinite(allowance) || allowance < -2 || allowance > 5) {
    throw badRequest("cut_allowance_mm must be a number between -2 and 5.");
  }
  return (await vision.module()).contourToDxf(normalisePoints(body.contour_points_mm), allowance);
}
