import { t } from "elysia";

export const IdParams = t.Object({ id: t.String({ description: "Numeric order id" }) });
export const ProductionStatusBody = t.Optional(t.Object({
  status: t.Optional(t.Unknown({ description: "pending, preparing, in_progress, completed or issue" })),
}));
export const IssueBody = t.Optional(t.Object({ reason: t.Optional(t.Unknown({ description: "Required, at most 1000 characters (trimmed)" })) }));
export const FormatQuery = t.Object({ format: t.Optional(t.String({ maxLength: 40, description: "dxf (default), svg, pdf, stl, or dxf-layer-N (one foam layer's DXF)" })) }, { additionalProperties: true });
export const LinkBody = t.Optional(
  t.Object({
    file: t.Optional(t.String({ description: "cutting-file (default) or csv" })),
    format: t.Optional(t.String({ description: "dxf (default), svg, pdf, stl or dxf-layer-N; cutting-file only" })),
  }),
);
export const StartBody = t.Optional(
  t.Object({ override_reason: t.Optional(t.Unknown({ description: "Admins only: start an order that is not approved; why (≤ 1000 characters)" })) }),
);
export const BoardQuery = t.Object({
  per_column: t.Optional(t.String({ description: "Cards per column, 1–100 (default 25); asks for the grouped answer" })),
  column: t.Optional(t.String({ description: "Only this column: pending, preparing, in_progress, completed or issue" })),
  after: t.Optional(t.String({ description: "With column: continue after this order id (a column's next_after)" })),
});
