import { t } from "elysia";

export const JobBody = t.Optional(
  t.Object({
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
          },
          { additionalProperties: true },
        ),
        t.Null(),
      ]),
    ),
    processing_notes: t.Optional(t.Unknown({ description: "JSON text: layout_position, detection_method, created_at" })),
    status: t.Optional(t.Unknown({ description: "Customers: always pending. Staff: pending, queued, processed or rejected" })),
    processed_at: t.Optional(t.Unknown()),
    layout_id: t.Optional(t.Union([t.String({ description: "Groups the jobs of one submission into one project and order" }), t.Null()])),
    name: t.Optional(t.Union([t.String(), t.Null()])),
    foam: t.Optional(
      t.Union([
        t.Object({
          label: t.Optional(t.Union([t.String(), t.Null()])),
          width_mm: t.Optional(t.Unknown()),
          depth_mm: t.Optional(t.Unknown()),
          thickness_mm: t.Optional(t.Unknown()),
        }),
        t.Null(),
      ]),
    ),
  }),
);

export const ProcessBody = t.Optional(
  t.Object({
    layout_id: t.Optional(t.String({ description: "The layout whose jobs to queue" })),
    job_ids: t.Optional(t.Array(t.Unknown(), { description: "Or: scanner job ids" })),
  }),
);

export const JobListQuery = t.Object({
  status: t.Optional(t.String({ description: "pending, queued, processed or rejected" })),
  layout_id: t.Optional(t.String()),
  page: t.Optional(t.String()),
  per_page: t.Optional(t.String({ description: "1–200 (default 50)" })),
});

export const IdParams = t.Object({ id: t.String({ description: "Numeric job id" }) });
