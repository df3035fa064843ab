import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { guardRequest, parseJsonObject } from "../../shared/credentials";
import { answerDoc, existingRow } from "../../shared/request-contract";
import { ADMIN_ROLES } from "../../../common/roles";
import { MaterialAnswer, MaterialListAnswer } from "../../../common/api/materials";
import { ActiveQuery } from "../catalog/model";
import { CreateMaterialBody, EditMaterialBody, IdParams } from "./model";
import { archiveMaterial, createMaterial, getMaterial, listMaterials, loadMaterial, MATERIAL_NOT_FOUND, updateMaterial } from "./service";

export const materialsModule = ({ db, auth }: AppDeps) =>
  new Elysia({ prefix: "/admin/calculator/materials", tags: ["Admin: materials"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .macro({ existingMaterial: existingRow(MATERIAL_NOT_FOUND, (id) => loadMaterial(db, id)) })
    .get("", ({ query }) => listMaterials(db, query.is_active), {
      role: ADMIN_ROLES,
      query: ActiveQuery,
      detail: {
        ...answerDoc(200, MaterialListAnswer, "Every material, sorted by name"),
        summary: "List calculator materials, active and archived (filter with ?is_active=true|false)",
      },
    })
    .post(
      "",
      async ({ body, set }) => {
        const material = await createMaterial(db, body);
        set.status = 201;
        return material;
      },
      {
        role: ADMIN_ROLES,
        body: CreateMaterialBody,
        detail: { ...CreateMaterialBody.doc(), ...answerDoc(201, MaterialAnswer, "The created material"), summary: "Create a material; answers it (201)" },
      },
    )
    .get("/:id", ({ params }) => getMaterial(db, params.id), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...answerDoc(200, MaterialAnswer, "The material"), summary: "One material" },
    })
    .patch("/:id", ({ params, body }) => updateMaterial(db, params.id, body), {
      role: ADMIN_ROLES,
      params: IdParams,
      existingMaterial: true,
      body: EditMaterialBody,
      detail: {
        ...EditMaterialBody.doc(),
        ...answerDoc(200, MaterialAnswer, "The material after the edit"),
        summary: "Edit a material (partial; is_active true reopens an archived one)",
      },
    })
    .delete("/:id", ({ params }) => archiveMaterial(db, params.id), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...answerDoc(200, MaterialAnswer, "The archived material"), summary: "Archive a material (is_active false); answers it" },
    });
