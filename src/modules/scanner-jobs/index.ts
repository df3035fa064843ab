import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { guardRequest, parseJsonObject } from "../../shared/credentials";
import { answerDoc } from "../../shared/request-contract";
import { ProcessLayoutAnswer, ScannerJobAnswer, ScannerJobListAnswer } from "../../../common/api/scanner-jobs";
import { IdParams, JobBody, JobListQuery, ProcessBody } from "./model";
import { getJob, listJobs, processLayout, submitJob } from "./service";

export const scannerJobsModule = ({ db, auth }: AppDeps) =>
  new Elysia({ prefix: "/scanner", tags: ["Scanner jobs"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .get("/jobs", ({ user, query }) => listJobs(db, user, query), {
      role: "any",
      query: JobListQuery,
      detail: { ...answerDoc(200, ScannerJobListAnswer, "One page of jobs"), summary: "Scanner jobs, newest first: a customer's own, or everyone's for staff (previews omitted)" },
    })
    .post(
      "/jobs",
      async ({ user, body, set }) => {
        const job = await submitJob(db, user, body);
        set.status = 201;
        return job;
      },
      {
        role: "any",
        body: JobBody,
        detail: {
          ...JobBody.doc(),
          ...answerDoc(201, ScannerJobAnswer, "The job as stored (with its preview)"),
          summary: "Submit one placed tool of a layout (creates or extends the customer's project and scanner order)",
          description:
            "The SVG is regenerated from calibration_payload.contour_points_mm (3–5000 finite points); client contour_svg is never stored. preview_data_url is kept only as a base64 PNG/JPEG data URL ≤ 1.5 MB.",
        },
      },
    )
    .get("/jobs/:id", ({ user, params }) => getJob(db, user, params.id), {
      role: "any",
      params: IdParams,
      detail: { ...answerDoc(200, ScannerJobAnswer, "The job"), summary: "One scanner job with its preview image" },
    })
    .post("/process", ({ user, body }) => processLayout(db, user, body), {
      role: "any",
      body: ProcessBody,
      detail: {
        ...ProcessBody.doc(),
        ...answerDoc(200, ProcessLayoutAnswer, "The orders handed over"),
        summary: "Hand a submitted layout over: check it, price it and make it a quote ({layout_id} or {job_ids})",
        description:
          "The layout is checked first (every pocket inside the foam, no overlaps, walls ≥ 5 mm between pockets): a problem is a 422 naming the pockets and nothing changes. Then pending jobs become queued, the layout is priced as order items (foam sheets, cutting time from the board's estimate, labour 30 min at $35/h, 25 % markup; a quote_priced event; kept when the layout is unchanged so adjustments survive), a draft order becomes quoted and its file status needs_generation. Idempotent. Answers {layout_id, queued, orders: [{order_id, order_number, project_id, reference_code, status, file_status, total, priced, queued}]}.",
      },
    });
