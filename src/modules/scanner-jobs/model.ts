import { t } from "elysia";
import { bodyContract, idParams } from "../../shared/request-contract";
import { decodeJob, decodeProcessTarget, toJobListFilters, type JobListFilters } from "./input";
import { JOB_NOT_FOUND } from "./service";

// One contract per request: the wire schema documents the body (and types what the rules may read);
// the rules in input.ts check it with the product's 400 sentences and hand the service plain values.
// Loose (t.Unknown) where a rule, not a type check, decides: a TypeBox pass would answer a generic
// 422 before the rule's sentence.

export const JobWire = t.Object({
  contour_svg: t.Optional(t.Union([t.String({ description: "Ignored: the server rebuilds the SVG from contour_points_mm" }), t.Null()])),
  calibration_payload: t.Optional(
    t.Union([
      t.Object(
        {
          detection_method: t.Optional(t.Union([t.String(), t.Null()])),
          diagnostics: t.Optional(t.Unknown()),
          parameters: t.Optional(t.Unknown()),
          preview_data_url: t.Optional(t.Unknown({ description: "Kept only as a base64 PNG/JPEG data URL ≤ 1.5 MB" })),
          position: t.Optional(t.Unknown({ description: "{x, y (percent), rotation, scale, deleted}" })),
          contour_points_mm: t.Optional(t.Unknown({ description: "3–5000 [x, y] points in foam millimetres", examples: [[[0, 0], [10, 0], [10, 5]]] })),
          accuracy_mm: t.Optional(t.Unknown({ description: "Measured accuracy (± mm), kept when in (0, 50]" })),
          height_mm: t.Optional(t.Unknown({ description: "Measured tool height, kept when in (0, 1000]" })),
          views: t.Optional(t.Unknown({ description: "Photos the outline came from, kept when a whole number 1–100" })),
        },
        { additionalProperties: true },
      ),
      t.Null(),
    ]),
  ),
  processing_notes: t.Optional(t.Unknown({ description: "JSON text: layout_position, detection_method, created_at" })),
  status: t.Optional(t.Unknown({ description: "Customers: always pending. Staff: pending, queued, processed or rejected" })),
  processed_at: t.Optional(t.Unknown({ description: "Staff only: ISO-8601 date-time" })),
  layout_id: t.Optional(t.Union([t.String({ description: "Groups the jobs of one submission into one project and order" }), t.Null()])),
  name: t.Optional(t.Union([t.String(), t.Null()])),
  foam: t.Optional(
    t.Union([
      t.Object({
        label: t.Optional(t.Union([t.String(), t.Null()])),
        width_mm: t.Optional(t.Unknown()),
        depth_mm: t.Optional(t.Unknown()),
        thickness_mm: t.Optional(t.Unknown()),
        layers: t.Optional(t.Unknown({ description: "1–8 [{thickness_mm, color}] adding up to thickness_mm" })),
      }),
      t.Null(),
    ]),
  ),
  pocket: t.Optional(t.Unknown({ description: "How the pocket is cut: depth, clearance, finger pulls, label, ledge (common/layout field names)" })),
});

export const ProcessWire = t.Object({
  layout_id: t.Optional(t.String({ description: "The layout whose jobs to queue" })),
  job_ids: t.Optional(t.Array(t.Unknown(), { description: "Or: scanner job ids (at most 1000)" })),
});

/** POST /scanner/jobs: the role-independent reading; submitJob applies the staff rule (jobStatus). */
export const JobBody = bodyContract(JobWire, decodeJob);
/** POST /scanner/process: {layoutId} or {jobIds}. */
export const ProcessBody = bodyContract(ProcessWire, decodeProcessTarget);

export const JobListWire = t.Object({
  status: t.Optional(t.String({ description: "pending, queued, processed or rejected" })),
  layout_id: t.Optional(t.String()),
  page: t.Optional(t.String({ description: "1-based page (default 1)" })),
  per_page: t.Optional(t.String({ description: "1–200 (default 50)" })),
});

/** Validated by Elysia (every value is text), then decoded: an unknown status or a bad page is a 400. */
export const JobListQuery = t
  .Transform(JobListWire)
  .Decode((query): JobListFilters => toJobListFilters(query))
  .Encode((filters) => ({
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.layoutId ? { layout_id: filters.layoutId } : {}),
    page: String(filters.page),
    per_page: String(filters.perPage),
  }));

/** Anything but a positive whole number names no job: the same 404 as an id that does not exist. */
export const IdParams = idParams(JOB_NOT_FOUND);
