import { findModel } from "../../../db/seed/reference/toolboxes";
import { AppError, badRequest } from "../../shared/errors";
import type { WireFields } from "../../shared/request-contract";
import { toCents } from "../../../common/money";
import type { CalculatorQuoteWire, DeclineWire, QuoteLinesWire } from "./model";

// The rules of the project and quote contracts in model.ts: each reads only its wire's documented
// fields and keeps the wording (and status) these routes have always answered with.

/** The customer's optional reason, trimmed and cut to 1000 characters; "" when none was given. */
export function parseDecline(body: WireFields<typeof DeclineWire>): { reason: string } {
  const raw = body.reason;
  if (raw !== undefined && raw !== null && typeof raw !== "string") throw badRequest("reason must be text.");
  return { reason: typeof raw === "string" ? raw.trim().slice(0, 1000) : "" };
}

/** Also the service's answer when the id names no active material. */
export const MISSING_FOAM = "Choose a foam type (foam_material_id).";

type FoundModel = NonNullable<ReturnType<typeof findModel>>;

/** The calculator's choice; the material is only looked up (active) by the service. */
export type CalculatorChoice = {
  container: FoundModel["container"];
  model: FoundModel["model"];
  drawers: FoundModel["model"]["drawers"];
  materialId: number;
  /** Null: the material's sheet thickness. */
  thicknessMm: number | null;
  color: string;
};

/**
 * SPEC 9 calculator choice. A 422 names the first missing choice in the page's order (model,
 * drawers, foam, thickness). The foam's existence needs the database, so only an id that cannot
 * name a row is refused here.
 */
export function parseCalculatorChoice(body: WireFields<typeof CalculatorQuoteWire>): CalculatorChoice {
  const modelId = typeof body.toolbox_model_id === "string" ? body.toolbox_model_id.trim() : "";
  const found = modelId ? findModel(modelId) : undefined;
  if (!found) throw new AppError(422, "Choose a toolbox or case model (toolbox_model_id).");
  const drawerIds = Array.isArray(body.drawer_ids) ? body.drawer_ids.filter((id): id is string => typeof id === "string") : [];
  const drawers = found.model.drawers.filter((drawer) => drawerIds.includes(drawer.id));
  if (!drawers.length) throw new AppError(422, "Choose at least one drawer (drawer_ids).");
  const materialId = Number(body.foam_material_id);
  if (!Number.isSafeInteger(materialId)) throw new AppError(422, MISSING_FOAM);
  const thicknessMm = body.thickness_mm === undefined || body.thickness_mm === null ? null : Number(body.thickness_mm);
  if (thicknessMm !== null && (!Number.isFinite(thicknessMm) || thicknessMm < 10 || thicknessMm > 100)) throw new AppError(422, "Foam thickness must be between 10 and 100 mm.");
  const color = typeof body.color === "string" ? body.color.trim().slice(0, 60) : "";
  return { container: found.container, model: found.model, drawers, materialId, thicknessMm, color };
}


/** One adjusted price line before the service carries over the metadata of the line it replaces. */
/** `kind` is free text: sales may name their own (default "adjustment"), beside the priced kinds. */
export type LineDraft = { kind: string; description: string; quantity: number; unit_price_cents: number; total_price_cents: number };

export type QuoteAdjustment = { lines: LineDraft[]; markupPercent: number | null; note: string };

/** Sales/admin adjustment: `lines` [{description, quantity, unit_price, kind?}], optional `markup_percent` and `note`. */
export function parseQuoteAdjustment(body: WireFields<typeof QuoteLinesWire>): QuoteAdjustment {
  const raw = body.lines;
  if (!Array.isArray(raw) || raw.length === 0) throw new AppError(422, "lines must be a non-empty list of {description, quantity, unit_price}.");
  if (raw.length > 50) throw new AppError(422, "At most 50 price lines.");
  const lines = raw.map((entry: unknown, index): LineDraft => {
    const line = (entry ?? {}) as Record<string, unknown>;
    const description = typeof line.description === "string" ? line.description.trim() : "";
    if (!description) throw new AppError(422, `Line ${index + 1}: description is required.`);
    if (description.length > 300) throw new AppError(422, `Line ${index + 1}: description must be at most 300 characters.`);
    const quantity = line.quantity === undefined ? 1 : Number(line.quantity);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 100_000) throw new AppError(422, `Line ${index + 1}: quantity must be a whole number from 1.`);
    const unit = toCents(line.unit_price as string | number | null | undefined);
    if (unit === null || unit < 0 || unit > 100_000_000) throw new AppError(422, `Line ${index + 1}: unit_price must be an amount of at least 0.`);
    const kind = typeof line.kind === "string" && line.kind.trim() ? line.kind.trim().slice(0, 20) : "adjustment";
    return { kind, description, quantity, unit_price_cents: unit, total_price_cents: unit * quantity };
  });
  let markupPercent: number | null = null;
  if (body.markup_percent !== undefined && body.markup_percent !== null) {
    markupPercent = Number(body.markup_percent);
    if (!Number.isFinite(markupPercent) || markupPercent < 0 || markupPercent > 500) throw new AppError(422, "markup_percent must be between 0 and 500.");
  }
  const note = typeof body.note === "string" ? body.note.trim().slice(0, 500) : "";
  return { lines, markupPercent, note };
}
