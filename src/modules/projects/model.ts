import { t } from "elysia";
import { bodyContract, idParams } from "../../shared/request-contract";
import { ORDER_NOT_FOUND } from "../orders/service";
import { parseCalculatorChoice, parseDecline, parseQuoteAdjustment } from "./input";
import { PROJECT_NOT_FOUND } from "./service";

// One contract per request: the wire schema documents the body (and types what the rules may read);
// the rules in input.ts check it with the wording these routes answer with (a 400 for the decline
// reason, 422s naming the calculator choice or the price line) and hand the service plain values.
// The wire stays as lenient as the rules: numbers may come as numeric text.
const NumberLike = t.Union([t.Number(), t.String()]);

export const DeclineWire = t.Object({
  reason: t.Optional(t.Union([t.String({ description: "Optional, kept up to 1000 characters" }), t.Null()])),
});

export const CalculatorQuoteWire = t.Object({
  toolbox_model_id: t.Optional(t.String({ description: "Model id from the built-in toolbox data" })),
  drawer_ids: t.Optional(t.Array(t.String(), { description: "Chosen drawer ids of that model" })),
  foam_material_id: t.Optional(t.Union([t.Integer(), t.String()], { description: "An active material id" })),
  thickness_mm: t.Optional(t.Union([t.Number(), t.String(), t.Null()], { description: "10–100; default the material's sheet thickness" })),
  color: t.Optional(t.Union([t.String({ description: "Kept up to 60 characters" }), t.Null()])),
});

export const QuoteLineWire = t.Object({
  description: t.String({ description: "1–300 characters" }),
  quantity: t.Optional(t.Union([t.Integer(), t.String()], { description: "Whole number 1–100000 (default 1)" })),
  unit_price: t.Union([t.Number(), t.String()], { description: 'Decimal amount ≥ 0, e.g. "12.50"' }),
  kind: t.Optional(t.String({ description: "foam, cutting, labour, markup, … (default adjustment)" })),
});

export const QuoteLinesWire = t.Object({
  lines: t.Optional(t.Array(QuoteLineWire, { description: "Replaces the price lines (1–50)" })),
  markup_percent: t.Optional(t.Union([NumberLike, t.Null()], { description: "0–500: recomputes the markup line over the other lines" })),
  note: t.Optional(t.Union([t.String({ description: "Kept in the quote_adjusted event, up to 500 characters" }), t.Null()])),
});

export const DeclineBody = bodyContract(DeclineWire, parseDecline);
export const CalculatorQuoteBody = bodyContract(CalculatorQuoteWire, parseCalculatorChoice);
export const QuoteLinesBody = bodyContract(QuoteLinesWire, parseQuoteAdjustment);

/** /projects/{id}: a project id; a customer's 404 for another's project has the same wording. */
export const ProjectIdParams = idParams(PROJECT_NOT_FOUND);
/** /quotes/{id} and /admin/orders/{id}/layout: an order id. */
export const OrderIdParams = idParams(ORDER_NOT_FOUND);
