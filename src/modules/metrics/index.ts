import { Elysia } from "elysia";
import type { AppDeps } from "../../shared/deps";
import { guardRequest, parseJsonObject } from "../../shared/credentials";
import { ADMIN_ROLES } from "../../../common/roles";
import { MetricsAnswer } from "../../../common/api/metrics";
import { answerDoc } from "../../shared/request-contract";
import { loadMetrics } from "./service";

export const metricsModule = ({ db, auth }: AppDeps) =>
  new Elysia({ prefix: "/admin", tags: ["Admin: metrics"] })
    .use(auth)
    .onParse(parseJsonObject)
    .onTransform(guardRequest)
    .get("/metrics", () => loadMetrics(db), {
      role: ADMIN_ROLES,
      detail: {
        ...answerDoc(200, MetricsAnswer, "The three counts"),
        summary: "Metrics strip: active_projects, quotes_pending, scanner_queue",
        description:
          "active_projects = orders with status approved or in_production; quotes_pending = orders with status quoted; scanner_queue = scanner jobs with status pending or queued.",
      },
    });
