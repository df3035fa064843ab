import { t } from "elysia";
import { bodyContract, idParams } from "../../shared/request-contract";
import { parseUser } from "./input";
import { USER_NOT_FOUND } from "./service";

// One contract per request: the wire schema documents the body (and types what the rules may read);
// the rules in input.ts check it with the SPEC section 5 wording and status ('Select a role.', a 400)
// and hand the service plain values. The checks that need the database or the caller (a taken
// e-mail is a 409, super_admin rules a 403, self-protection) stay in the service.
const Text = t.Union([t.String(), t.Null()]);
const Flag = t.Union([t.Boolean(), t.String(), t.Number()], { description: 'true/false (also "true"/"false", 1/0)' });

export const UserWire = t.Object({
  email: t.Optional(t.Union([t.String({ description: "Required on create; stored lower-cased" }), t.Null()])),
  first_name: t.Optional(Text),
  last_name: t.Optional(Text),
  company: t.Optional(Text),
  locale: t.Optional(t.Union([t.String({ description: "BCP 47, e.g. en-US" }), t.Null()])),
  timezone: t.Optional(t.Union([t.String({ description: "IANA, e.g. Europe/London" }), t.Null()])),
  role: t.Optional(t.Union([t.String({ description: "A role code of GET /admin/user-roles; required on create" }), t.Null()])),
  is_active: t.Optional(Flag),
  is_verified: t.Optional(Flag),
  password: t.Optional(t.Union([t.String({ description: "Write-only; ≥ 8 characters; required on create, blank on edit keeps it" }), t.Null()])),
});

/** POST: e-mail, role and password required. */
export const CreateUserBody = bodyContract(UserWire, (fields) => parseUser(fields, "create"));
/** PATCH: only the sent fields; a blank password keeps the current one. */
export const EditUserBody = bodyContract(UserWire, (fields) => parseUser(fields, "update"));

export const IdParams = idParams(USER_NOT_FOUND, "Numeric user id");
