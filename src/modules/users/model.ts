import { t } from "elysia";

const Text = t.Union([t.String(), t.Null()]);

export const UserBody = t.Optional(
  t.Object({
    email: t.Optional(Text),
    first_name: t.Optional(Text),
    last_name: t.Optional(Text),
    company: t.Optional(Text),
    locale: t.Optional(t.Union([t.String({ description: "BCP 47, e.g. en-US" }), t.Null()])),
    timezone: t.Optional(t.Union([t.String({ description: "IANA, e.g. Europe/London" }), t.Null()])),
    role: t.Optional(Text),
    is_active: t.Optional(t.Union([t.Boolean(), t.String(), t.Number()])),
    is_verified: t.Optional(t.Union([t.Boolean(), t.String(), t.Number()])),
    password: t.Optional(t.Union([t.String({ description: "Write-only; ≥ 8 characters; required on create, blank on edit keeps it" }), t.Null()])),
  }),
);

export const IdParams = t.Object({ id: t.String({ description: "Numeric user id" }) });
