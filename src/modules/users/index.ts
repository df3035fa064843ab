import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { guardRequest, parseJsonObject } from "../../shared/credentials";
import { answerDoc, existingRow } from "../../shared/request-contract";
import { ADMIN_ROLES } from "../../../common/roles";
import { RoleListAnswer, UserAnswer, UserListAnswer } from "../../../common/api/users";
import { CreateUserBody, EditUserBody, IdParams } from "./model";
import { createUser, getUser, listRoles, listUsers, loadUser, updateUser, USER_NOT_FOUND } from "./service";

export const usersModule = ({ db, auth }: AppDeps) =>
  new Elysia({ prefix: "/admin", tags: ["Admin: users"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .macro({ existingUser: existingRow(USER_NOT_FOUND, (id) => loadUser(db, id)) })
    .get("/user-roles", ({ user }) => listRoles(user), {
      role: ADMIN_ROLES,
      detail: { ...answerDoc(200, RoleListAnswer, "Assignable roles, least privileged first"), summary: "Roles that can be assigned: {results: [{code, name}]}" },
    })
    .get("/users", () => listUsers(db), {
      role: ADMIN_ROLES,
      detail: { ...answerDoc(200, UserListAnswer, "Every user, sorted by e-mail"), summary: "All users sorted by e-mail (never a password or hash)" },
    })
    .post(
      "/users",
      async ({ body, user, set }) => {
        const created = await createUser(db, user, body);
        set.status = 201;
        return created;
      },
      {
        role: ADMIN_ROLES,
        body: CreateUserBody,
        detail: {
          ...CreateUserBody.doc(),
          ...answerDoc(201, UserAnswer, "The created user"),
          summary: "Create a user (e-mail, role and a password of ≥ 8 characters required); 409 on a taken e-mail",
        },
      },
    )
    .get("/users/:id", ({ params }) => getUser(db, params.id), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...answerDoc(200, UserAnswer, "The user"), summary: "One user" },
    })
    .patch("/users/:id", ({ params, body, user }) => updateUser(db, user, params.id, body), {
      role: ADMIN_ROLES,
      params: IdParams,
      existingUser: true,
      body: EditUserBody,
      detail: {
        ...EditUserBody.doc(),
        ...answerDoc(200, UserAnswer, "The user after the edit"),
        summary: "Edit a user (partial; blank password keeps it); deactivation or a new password signs the user out everywhere",
      },
    });
