import { t } from "elysia";
import { MAX_POINTS } from "../scanner-jobs/contour";

/** Photos of one scan: the field `image` repeated, 1-8 parts in the order taken (scanner-physics.md). */
export const MAX_SCAN_PHOTOS = 8;
// The count (1-8) is checked in uploads.ts, where the message can say how many were sent.
const images = t.Files({ error: "image is required: attach 1 to 8 JPEG or PNG photos of the pad." });

/** Form fields arrive as text; numbers are parsed and range-checked in service.ts with messages naming the field. */
const numeric = t.Optional(t.Union([t.String({ maxLength: 32 }), t.Number()]));

export const ClassicScanForm = t.Object(
  {
    image: images,
    contour_min_area_mm: numeric,
    contour_max_area_mm: numeric,
    rdp_tolerance_mm: numeric,
    allowance_mm: numeric,
    inset_mm: numeric,
    sensitivity: numeric,
    tool_height_mm: numeric,
  },
  { additionalProperties: true },
);

export const AiScanForm = t.Object(
  {
    image: images,
    confidence: numeric,
    post_morph_px: numeric,
    rdp_tolerance_mm: numeric,
    allowance_mm: numeric,
    inset_mm: numeric,
    tool_height_mm: numeric,
  },
  { additionalProperties: true },
);

export const PreviewForm = t.Object({ image: t.File() }, { additionalProperties: true });

const Point = t.Union([
  t.Tuple([t.Number(), t.Number()]),
  t.Object({ x: t.Number(), y: t.Number() }, { additionalProperties: true }),
]);

export const DxfExportBody = t.Object({
  // Offsetting is superlinear in the points: the same cap as a scanner job's contour keeps one request short.
  contour_points_mm: t.Array(Point, { maxItems: MAX_POINTS, error: `contour_points_mm may have at most ${MAX_POINTS} points, each [x, y] in mm.` }),
  cut_allowance_mm: t.Optional(t.Union([t.Number(), t.String({ maxLength: 32 }), t.Null()])),
});
export type DxfExportBody = typeof DxfExportBody.static;
