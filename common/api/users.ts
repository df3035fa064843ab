import { t, type Static } from "elysia";
import { Id, OptionalTimestamp, Text, Timestamp } from "./fields";

/**
 * What the admin user routes answer (SPEC sections 3 and 7, /admin/users and /admin/user-roles);
 * /auth/profile and the sign-in answer show the same user. The server's serializer is typed against
 * this schema (src/modules/users/serialize.ts), the OpenAPI document prints it, a test checks real
 * answers against it, and the admin client takes its types from it. A password or its hash is never
 * part of it: strict (no additional properties), so the contract test would catch one.
 */
export const UserAnswer = t.Object(
  {
    id: Id,
    email: t.String(),
    first_name: Text,
    last_name: Text,
    company: Text,
    locale: t.Union([t.String({ description: "BCP 47, e.g. en-US" }), t.Null()]),
    timezone: t.Union([t.String({ description: "IANA, e.g. Europe/London" }), t.Null()]),
    role: t.String({ description: "Role code (common/roles.ts)" }),
    role_name: t.String(),
    is_active: t.Boolean(),
    is_verified: t.Boolean(),
    last_login_at: OptionalTimestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  { additionalProperties: false },
);

/** GET /api/admin/users: every user, sorted by e-mail. */
export const UserListAnswer = t.Object({ results: t.Array(UserAnswer) });

export const RoleAnswer = t.Object({ code: t.String(), name: t.String() });

/** GET /api/admin/user-roles: the roles the caller may assign, least privileged first. */
export const RoleListAnswer = t.Object({ results: t.Array(RoleAnswer) });

export type UserAnswer = Static<typeof UserAnswer>;
export type UserListAnswer = Static<typeof UserListAnswer>;
export type RoleAnswer = Static<typeof RoleAnswer>;
export type RoleListAnswer = Static<typeof RoleListAnswer>;
