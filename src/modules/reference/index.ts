import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { loadReferenceData } from "./service";

export const referenceModule = ({ db }: AppDeps) =>
  new Elysia({ tags: ["Reference data"] }).get("/reference-data", () => loadReferenceData(db), {
  detail: { summary: "Active foam materials and catalog boxes (public)" },
  });
