import { t } from "elysia";
import { badRequest } from "../../shared/errors";
import { bodyContract, idParams } from "../../shared/request-contract";
import { PRODUCTION_STATUSES } from "../../../common/order-constants";
import { checkProductionStatus } from "../orders/input";
import { ORDER_NOT_FOUND } from "../orders/service";
import { parseFormat, type CuttingFormat } from "../cutting-files/service";
import { parseBoardQuery, parseReason, type BoardQuery as BoardPage } from "./service";

// One contract per request: the wire schema documents it (and types what the rules may read); the
// rules check it with the same 400 sentences as before and hand the service plain values. Loose
// (t.Unknown) where a rule, not a type check, decides: TypeBox would answer a generic 422 first.

/** Anything but a positive whole number names no order: the same 404 as an id that does not exist. */
export const IdParams = idParams(ORDER_NOT_FOUND, "Numeric order id");

export const ProductionStatusWire = t.Object({
  status: t.Optional(t.Unknown({ description: PRODUCTION_STATUSES.map((entry) => entry.value).join(", ") })),
});
export const ProductionStatusBody = bodyContract(ProductionStatusWire, (fields) => ({ status: checkProductionStatus(fields.status) }));

export const IssueWire = t.Object({ reason: t.Optional(t.Unknown({ description: "Required, at most 1000 characters (trimmed)" })) });
export const IssueBody = bodyContract(IssueWire, (fields) => ({ reason: parseReason(fields.reason) }));

export const StartWire = t.Object({
  override_reason: t.Optional(t.Unknown({ description: "Admins only: start an order that is not approved; why (≤ 1000 characters)" })),
});
/** No reason (absent, null or "") is no override; the role rule is startProduction's. */
export const StartBody = bodyContract(StartWire, ({ override_reason: raw }) => ({
  overrideReason: raw === undefined || raw === null || raw === "" ? null : parseReason(raw),
}));

export const LinkWire = t.Object({
  file: t.Optional(t.String({ description: "cutting-file (default) or csv" })),
  format: t.Optional(t.String({ description: "dxf (default), svg, pdf, stl or dxf-layer-N; cutting-file only" })),
});
export type LinkTarget = { file: "csv" } | { file: "cutting-file"; format: CuttingFormat };
export const LinkBody = bodyContract(LinkWire, ({ file: rawFile, format }): LinkTarget => {
  const badFile = () => badRequest('file must be "cutting-file" or "csv".');
  if (rawFile !== undefined && rawFile !== null && typeof rawFile !== "string") throw badFile();
  const file = (typeof rawFile === "string" ? rawFile.trim() : "") || "cutting-file";
  if (file === "csv") return { file };
  if (file !== "cutting-file") throw badFile();
  return { file, format: parseFormat(format) };
});

export const FormatWire = t.Object(
  { format: t.Optional(t.String({ maxLength: 40, description: "dxf (default), svg, pdf, stl, or dxf-layer-N (one foam layer's DXF)" })) },
  { additionalProperties: true },
);
export const FormatQuery = t
  .Transform(FormatWire)
  .Decode((query): { format: CuttingFormat } => ({ format: parseFormat(query.format) }))
  .Encode((query) => query);

export const BoardWire = t.Object({
  per_column: t.Optional(t.String({ description: "Cards per column, 1–100 (default 25); asks for the grouped answer" })),
  column: t.Optional(t.String({ description: "Only this column: pending, preparing, in_progress, completed or issue" })),
  after: t.Optional(t.String({ description: "With column: continue after this order id (a column's next_after)" })),
});
/**
 * The board's query, decoded: `page` null asks for the plain array (no parameter given: the original
 * answer, which existing clients read), else the grouped board's page. Bad values are 400s.
 */
export const BoardQuery = t
  .Transform(BoardWire)
  .Decode((query): { page: BoardPage | null } => {
    const grouped = Boolean(query.per_column?.trim() || query.column?.trim() || query.after?.trim());
    return { page: grouped ? parseBoardQuery(query) : null };
  })
  .Encode(({ page }) =>
    page
      ? { per_column: String(page.perColumn), ...(page.column ? { column: page.column } : {}), ...(page.after !== null ? { after: String(page.after) } : {}) }
      : {},
  );
