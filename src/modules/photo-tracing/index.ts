import { Elysia, t } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { AppError } from "../../shared/errors";
import { multipartBodyDoc } from "../../shared/openapi-multipart";
import { AiScanForm, ClassicScanForm, DxfExportBody, PreviewForm } from "./model";
import { progressStream } from "./progress-stream";
import { resultDirFor, sweepResultFiles } from "./result-files";
import type { ScanStorage } from "./runner";
import { getOwnedRun, resultOf, type ScanKind } from "./scan-runs";
import { exportDxf, padTemplatePdf, previewFrame, startScan, withProgressToken } from "./service";

const JobParams = t.Object({ id: t.String({ maxLength: 64 }) });

const SCAN_BODY_DOC =
  "image: JPEG or PNG photo of the pad, at most 25 MB each; repeat the field for several photos of the same pad (1-8, the tool not moved: the usual photo, then one above each corner) to get the tool's footprint and height. The other fields are numbers sent as text; tool_height_mm (optional) is the tool's height if known.";

function toAppError(error: unknown): never {
  // The vision layer's user-facing failures (bad pad, missing markers) are 422s with its message.
  if (error instanceof Error && error.name === "VisionError") throw new AppError(422, error.message);
  throw error;
}

/** Result files from runs older than purgeOldRuns keeps go once per folder and process, off the request path. */
const swept = new Set<string>();
function resultDirOf(deps: AppDeps): string | null {
  const dir = resultDirFor(deps.config.databaseUrl);
  if (dir && !swept.has(dir)) {
    swept.add(dir);
    void sweepResultFiles(dir).catch((error) => console.error("Sweeping old scan results failed", error));
  }
  return dir;
}

const storageOf = (deps: AppDeps): ScanStorage & { databaseUrl: string } => ({ resultDir: resultDirOf(deps), databaseUrl: deps.config.databaseUrl });

/** The progress/result pair is the same for the classic and the AI scanner; only the kind differs. */
/** POST /scan for one scanner (its own form) and the job routes under it. */
function scanRoutes(deps: AppDeps, kind: ScanKind, form: typeof ClassicScanForm | typeof AiScanForm) {
  return new Elysia()
    .use(deps.auth)
    .post("/scan", async ({ body, user }) => withProgressToken(deps.tokens, user, kind, await startScan(deps.db, deps.vision, user.id, kind, body, storageOf(deps))), {
      role: "any",
      body: form,
      detail: {
        summary: `Queue ${kind === "ai" ? "an AI" : "a classic"} trace of 1-8 pad photos (one job); answers {job_id, progress_token} at once`,
        ...multipartBodyDoc(form, SCAN_BODY_DOC),
      },
    })
    .use(jobRoutes(deps, kind));
}

function jobRoutes(deps: AppDeps, kind: ScanKind) {
  const { db } = deps;
  const resultDir = resultDirOf(deps);
  return new Elysia()
    .use(deps.auth)
    .get("/scan/:id/progress", async ({ params, user, request }) => {
      await getOwnedRun(db, params.id, user.id, kind);
      return progressStream(db, params.id, request.signal);
    }, { role: "any", params: JobParams, detail: { summary: "Server-sent progress events {progress, message, status} (token may be passed as ?token=)" } })
    .get("/scan/:id/result", async ({ params, user }) => resultOf(await getOwnedRun(db, params.id, user.id, kind), resultDir), {
      role: "any",
      params: JobParams,
      detail: { summary: "The traced outline: preview_png, contour_points_px, contour_points_mm, parameters, svg, views, height_mm, accuracy_mm" },
    });
}

export const scannerModule = (deps: AppDeps) =>
  new Elysia({ prefix: "/scanner", tags: ["Scanner"] })
    .use(deps.auth)
    .get("/template", async () =>
      new Response(Buffer.from(await padTemplatePdf(deps.vision)), {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": 'inline; filename="foam-calibration-pad-v1.pdf"',
          "cache-control": "public, max-age=3600",
        },
      }), { detail: { summary: "The printable calibration pad (A4 vector PDF, pad v1)" } })
    .post("/preview", ({ body }) => previewFrame(deps.vision, body.image).catch(toAppError), {
      body: PreviewForm,
      detail: { summary: "Marker detection on one live camera frame (~1280 px)", ...multipartBodyDoc(PreviewForm, "image: one JPEG or PNG camera frame") },
    })
    .use(scanRoutes(deps, "classic", ClassicScanForm))
    .post("/export/dxf", async ({ body }) => {
      const dxf = await exportDxf(deps.vision, body).catch(toAppError);
      return new Response(dxf, {
        headers: { "content-type": "application/dxf", "content-disposition": 'attachment; filename="tool_contour.dxf"' },
      });
    }, { role: "any", body: DxfExportBody, detail: { summary: "One closed LWPOLYLINE in mm with the cut allowance applied (sign-in needed; at most 5000 points)" } });

export const scannerAiModule = (deps: AppDeps) =>
  new Elysia({ prefix: "/scanner-ai", tags: ["Scanner AI"] })
    .use(deps.auth)
    .use(scanRoutes(deps, "ai", AiScanForm));

