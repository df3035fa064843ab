import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { guardRequest, parseJsonObject } from "../../shared/credentials";
import { answerDoc, existingRow } from "../../shared/request-contract";
import { ADMIN_ROLES } from "../../../common/roles";
import { CatalogBoxAnswer, CatalogBoxListAnswer } from "../../../common/api/catalog";
import { ActiveQuery, CreateBoxBody, EditBoxBody, IdParams } from "./model";
import { archiveBox, BOX_NOT_FOUND, createBox, getBox, listBoxes, loadBox, updateBox } from "./service";

export const catalogModule = ({ db, auth }: AppDeps) =>
  new Elysia({ prefix: "/admin/catalog/boxes", tags: ["Admin: catalog"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .macro({ existingBox: existingRow(BOX_NOT_FOUND, (id) => loadBox(db, id)) })
    .get("", ({ query }) => listBoxes(db, query.is_active), {
      role: ADMIN_ROLES,
      query: ActiveQuery,
      detail: {
        ...answerDoc(200, CatalogBoxListAnswer, "Every product, sorted by name"),
        summary: "List catalog products, active and archived (filter with ?is_active=true|false)",
      },
    })
    .post(
      "",
      async ({ body, set }) => {
        const box = await createBox(db, body);
        set.status = 201;
        return box;
      },
      {
        role: ADMIN_ROLES,
        body: CreateBoxBody,
        detail: { ...CreateBoxBody.doc(), ...answerDoc(201, CatalogBoxAnswer, "The created product"), summary: "Create a catalog product; answers it (201)" },
      },
    )
    .get("/:id", ({ params }) => getBox(db, params.id), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...answerDoc(200, CatalogBoxAnswer, "The product"), summary: "One catalog product" },
    })
    .patch("/:id", ({ params, body }) => updateBox(db, params.id, body), {
      role: ADMIN_ROLES,
      params: IdParams,
      existingBox: true,
      body: EditBoxBody,
      detail: {
        ...EditBoxBody.doc(),
        ...answerDoc(200, CatalogBoxAnswer, "The product after the edit"),
        summary: "Edit a catalog product (partial; is_active true reopens an archived one)",
      },
    })
    .delete("/:id", ({ params }) => archiveBox(db, params.id), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...answerDoc(200, CatalogBoxAnswer, "The archived product"), summary: "Archive a catalog product (is_active false); answers it" },
    });
