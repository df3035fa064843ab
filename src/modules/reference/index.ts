import { Elysia, t } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { cachedReferenceData } from "./cache";

export const referenceModule = ({ db }: AppDeps) =>
  new Elysia({ tags: ["Reference data"] }).get(
    "/reference-data",
    async ({ headers }) => {
      const { body, etag } = await cachedReferenceData(db);
      const common = { etag, "cache-control": "no-cache" };
      if (headers["if-none-match"] === etag) return new Response(null, { status: 304, headers: common });
      return new Response(body, { headers: { ...common, "content-type": "application/json" } });
    },
    {
      headers: t.Object({ "if-none-match": t.Optional(t.String({ maxLength: 200 })) }, { additionalProperties: true }),
      detail: { summary: "Active foam materials and catalog boxes (public; ETag, 304 when unchanged)" },
    },
  );
