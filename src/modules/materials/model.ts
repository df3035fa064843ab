import { t } from "elysia";
import { bodyContract, idParams } from "../../shared/request-contract";
import { ActiveFlag } from "../catalog/model";
import { parseMaterial } from "./input";
import { MATERIAL_NOT_FOUND } from "./service";

// One contract per request, as for catalog products: the wire schema documents the body (and types
// what the rules may read); the rules in input.ts check it with the SPEC section 5 wording and status
// ('Material name is required.', a 400) and hand the service plain column values. The wire stays
// lenient where the SPEC is: it normalises (trim, empty → null, non-numeric → null) instead of refusing.
const Text = t.Union([t.String(), t.Number(), t.Null()]);
const Num = t.Union([t.Number(), t.String(), t.Null()], { description: "Number; empty or non-numeric becomes null" });

export const MaterialWire = t.Object({
  name: t.Optional(Text),
  supplier: t.Optional(Text),
  density_kg_m3: t.Optional(Num),
  hardness_shore: t.Optional(Num),
  color: t.Optional(Text),
  sheet_length_mm: t.Optional(Num),
  sheet_width_mm: t.Optional(Num),
  sheet_thickness_mm: t.Optional(Num),
  sheet_cost: t.Optional(t.Union([t.Number(), t.String(), t.Null()], { description: 'USD per sheet, e.g. "46.50"' })),
  lead_time_days: t.Optional(t.Union([t.Number(), t.String(), t.Null()], { description: "Whole days" })),
  notes: t.Optional(Text),
  is_active: t.Optional(ActiveFlag),
});

/** POST: name required. */
export const CreateMaterialBody = bodyContract(MaterialWire, (fields) => parseMaterial(fields, "create"));
/** PATCH: only the sent fields. */
export const EditMaterialBody = bodyContract(MaterialWire, (fields) => parseMaterial(fields, "update"));

export const IdParams = idParams(MATERIAL_NOT_FOUND);
