import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { jsonBody } from "../../shared/openapi-body";
import { bodyFields, guardRequest, parseJsonObject } from "../../shared/credentials";
import { parseId } from "../../shared/ids";
import { ADMIN_ROLES } from "../../../common/roles";
import { ActiveQuery, BoxBody, IdParams } from "./model";
import { archiveBox, BOX_NOT_FOUND, createBox, getBox, listBoxes, parseActiveFilter, updateBox } from "./service";

const boxId = (raw: string) => parseId(raw, BOX_NOT_FOUND);

export const catalogModule = ({ db, auth }: AppDeps) =>
  new Elysia({ prefix: "/admin/catalog/boxes", tags: ["Admin: catalog"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .get("", ({ query }) => listBoxes(db, parseActiveFilter(query.is_active)), {
      role: ADMIN_ROLES,
      query: ActiveQuery,
      detail: { summary: "List catalog products, active and archived (filter with ?is_active=true|false)" },
    })
    .post(
      "",
      async ({ body, set }) => {
        const box = await createBox(db, bodyFields(body));
        set.status = 201;
        return box;
      },
      { role: ADMIN_ROLES, detail: { ...jsonBody(BoxBody), summary: "Create a catalog product; answers it (201)" } },
    )
    .get("/:id", ({ params }) => getBox(db, boxId(params.id)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { summary: "One catalog product" },
    })
    .patch("/:id", ({ params, body }) => updateBox(db, boxId(params.id), bodyFields(body)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...jsonBody(BoxBody), summary: "Edit a catalog product (partial; is_active true reopens an archived one)" },
    })
    .delete("/:id", ({ params }) => archiveBox(db, boxId(params.id)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { summary: "Archive a catalog product (is_active false); answers it" },
    });
