import { t } from "elysia";

/** Form fields arrive as text; numbers are parsed and range-checked in service.ts with messages naming the field. */
const numeric = t.Optional(t.Union([t.String({ maxLength: 32 }), t.Number()]));

export const ClassicScanForm = t.Object(
  {
    image: t.File(),
    contour_min_area_mm: numeric,
    contour_max_area_mm: numeric,
    rdp_tolerance_mm: numeric,
    allowance_mm: numeric,
    inset_mm: numeric,
    sensitivity: numeric,
  },
  { additionalProperties: true },
);

export const AiScanForm = t.Object(
  {
    image: t.File(),
    confidence: numeric,
    post_morph_px: numeric,
    rdp_tolerance_mm: numeric,
    allowance_mm: numeric,
    inset_mm: numeric,
  },
  { additionalProperties: true },
);

export const PreviewForm = t.Object({ image: t.File() }, { additionalProperties: true });

const Point = t.Union([
  t.Tuple([t.Number(), t.Number()]),
  t.Object({ x: t.Number(), y: t.Number() }, { additionalProperties: true }),
]);

export const DxfExportBody = t.Object({
  contour_points_mm: t.Array(Point, { maxItems: 20000 }),
  cut_allowance_mm: t.Optional(t.Union([t.Number(), t.String({ maxLength: 32 }), t.Null()])),
});
export type DxfExportBody = typeof DxfExportBody.static;
