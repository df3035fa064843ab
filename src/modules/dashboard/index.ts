import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { guardRequest, parseJsonObject } from "../../shared/credentials";
import { loadDashboardSummary } from "./service";

export const dashboardModule = ({ db, auth }: AppDeps) =>
  new Elysia({ prefix: "/dashboard", tags: ["Dashboard"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .get("/summary", ({ user }) => loadDashboardSummary(db, user.id), {
      role: "any",
      detail: {
        summary: "The signed-in user's recent projects (newest first, ≤ 20) and scanner backlog",
        description: "scanner_backlog = the user's scanner jobs with status pending or queued.",
      },
    });
