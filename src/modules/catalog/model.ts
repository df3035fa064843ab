import { t } from "elysia";
import { bodyContract, idParams } from "../../shared/request-contract";
import { parseActiveFilter, parseBox } from "./input";
import { BOX_NOT_FOUND } from "./service";

// One contract per request: the wire schema documents the body (and types what the rules may read);
// the rules in input.ts check it with the SPEC section 5 wording and status ('Name is required.',
// a 400) and hand the service plain column values. The wire stays lenient where the SPEC is: it
// normalises (trim, empty → null, non-numeric → null) instead of refusing.
const Text = t.Union([t.String(), t.Number(), t.Null()]);
const Num = t.Union([t.Number(), t.String(), t.Null()], { description: "Number; empty or non-numeric becomes null" });
/** Also the text forms "true"/"false" and 1/0; anything else is a 400. */
export const ActiveFlag = t.Union([t.Boolean(), t.String(), t.Number()]);

export const BoxWire = t.Object({
  name: t.Optional(Text),
  manufacturer: t.Optional(Text),
  sku: t.Optional(Text),
  internal_length_mm: t.Optional(Num),
  internal_width_mm: t.Optional(Num),
  internal_depth_mm: t.Optional(Num),
  weight_capacity_kg: t.Optional(Num),
  description: t.Optional(Text),
  is_active: t.Optional(ActiveFlag),
});

/** POST: name required. */
export const CreateBoxBody = bodyContract(BoxWire, (fields) => parseBox(fields, "create"));
/** PATCH: only the sent fields. */
export const EditBoxBody = bodyContract(BoxWire, (fields) => parseBox(fields, "update"));

/**
 * The catalog and material lists' filter: validated by Elysia (text), decoded by the rule, so the
 * handler gets true, false or undefined (every item) and a bad value is the SPEC's 400.
 */
export const ActiveQuery = t.Object({
  is_active: t
    .Transform(t.Optional(t.String({ description: "true or false; omit for all" })))
    .Decode((raw) => parseActiveFilter(raw))
    // Blank reads as no filter, so undefined round-trips as "".
    .Encode((active) => (active === undefined ? "" : String(active))),
});

export const IdParams = idParams(BOX_NOT_FOUND);
