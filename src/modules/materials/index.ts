import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { jsonBody } from "../../shared/openapi-body";
import { bodyFields, guardRequest, parseJsonObject } from "../../shared/credentials";
import { parseId } from "../../shared/ids";
import { ADMIN_ROLES } from "../../../common/roles";
import { ActiveQuery, IdParams } from "../catalog/model";
import { parseActiveFilter } from "../catalog/service";
import { MaterialBody } from "./model";
import { archiveMaterial, createMaterial, getMaterial, listMaterials, MATERIAL_NOT_FOUND, updateMaterial } from "./service";

const materialId = (raw: string) => parseId(raw, MATERIAL_NOT_FOUND);

export const materialsModule = ({ db, auth }: AppDeps) =>
  new Elysia({ prefix: "/admin/calculator/materials", tags: ["Admin: materials"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .get("", ({ query }) => listMaterials(db, parseActiveFilter(query.is_active)), {
      role: ADMIN_ROLES,
      query: ActiveQuery,
      detail: { summary: "List calculator materials, active and archived (filter with ?is_active=true|false)" },
    })
    .post(
      "",
      async ({ body, set }) => {
        const material = await createMaterial(db, bodyFields(body));
        set.status = 201;
        return material;
      },
      { role: ADMIN_ROLES, detail: { ...jsonBody(MaterialBody), summary: "Create a material; answers it (201)" } },
    )
    .get("/:id", ({ params }) => getMaterial(db, materialId(params.id)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { summary: "One material" },
    })
    .patch("/:id", ({ params, body }) => updateMaterial(db, materialId(params.id), bodyFields(body)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { ...jsonBody(MaterialBody), summary: "Edit a material (partial; is_active true reopens an archived one)" },
    })
    .delete("/:id", ({ params }) => archiveMaterial(db, materialId(params.id)), {
      role: ADMIN_ROLES,
      params: IdParams,
      detail: { summary: "Archive a material (is_active false); answers it" },
    });
