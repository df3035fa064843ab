import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { jsonBody } from "../../shared/openapi-body";
import { bodyFields, guardRequest, parseJsonObject } from "../../shared/credentials";
import { parseId } from "../../shared/ids";
import { ADMIN_ROLES } from "../../../common/roles";
import { IdParams, UserBody } from "./model";
import { createUser, getUser, listRoles, listUsers, updateUser, USER_NOT_FOUND } from "./service";

const userId = (raw: string) => parseId(raw, USER_NOT_FOUND);

export const usersModule = ({ db, auth }: AppDeps) =>
  new Elysia({ prefix: "/admin", tags: ["Admin: users"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .get("/user-roles", ({ user }) => listRoles(user), {
      role: ADMIN_ROLES,
      detail: { summary: "Roles that can be assigned: {results: [{code, name}]}" },
    })
    .get("/users", () => listUsers(db), {
      role: ADMIN_ROLES,
      detail: { summary: "All users sorted by e-mail (never a password or hash)" },
    })
    .post(
      "/users",
      async ({ body, user, set }) => {
        const created = await createUser(db, user, bodyFields(body));
        set.status = 201;
        return created;
      },
      {
        role: ADMIN_ROLES,
        detail: { ...jsonBody(UserBody), summary: "Create a user (e-mail, role and a password of ≥ 8 characters required); 409 on a taken e-mail" },
      },
    )
    .get("/users/:id", ({ params }) => getUser(db, userId(params.id)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { summary: "One user" },
    })
    .patch("/users/:id", ({ params, body, user }) => updateUser(db, user, userId(params.id), bodyFields(body)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: {
        ...jsonBody(UserBody),
        summary: "Edit a user (partial; blank password keeps it); deactivation or a new password signs the user out everywhere",
      },
    });
