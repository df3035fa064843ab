import { openapi } from "@elysiajs/openapi";
import { sql } from "drizzle-orm";
import { Elysia } from "elysia";
import type { Config } from "./config";
import type { DbHandle } from "../db/client";
import { createAuthPlugin } from "./shared/auth";
import type { AppDeps } from "./shared/deps";
import { AppError } from "./shared/errors";
import { createBodyGuard, raiseNativeHeaderLimit } from "./shared/body-limit";
import { applyDocumentedBodies } from "./shared/openapi-multipart";
import { applySecurityHeaders } from "./shared/security-headers";
import { createTokenService } from "./shared/tokens";
import { carriesUnprintableValues, noteUnprintableValues } from "./shared/unprintable-values";
import { validationDetail } from "./shared/validation-detail";
import { authModule } from "./modules/auth";
import { scannerAiModule, scannerModule } from "./modules/photo-tracing";
import { createVisionService } from "./modules/photo-tracing/vision-service";
import { referenceModule } from "./modules/reference";
import { catalogModule } from "./modules/catalog";
import { dashboardModule } from "./modules/dashboard";
import { materialsModule } from "./modules/materials";
import { metricsModule } from "./modules/metrics";
import { operatorModule } from "./modules/operator";
import { ordersModule } from "./modules/orders";
import { scannerJobsModule } from "./modules/scanner-jobs";
import { projectsModule } from "./modules/projects";
import { usersModule } from "./modules/users";
import { pagesModule } from "./pages";
import { APP_VERSION } from "../common/version";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8" } });

export function createDeps(config: Config, database: DbHandle): AppDeps {
  const tokens = createTokenService(config.jwtSecret, config.jwtTtlSeconds);
  return {
    config,
    db: database.db,
    tokens,
    auth: createAuthPlugin(database.db, tokens),
    vision: createVisionService(config.scannerWorkers),
  };
}

export function createApp(deps: AppDeps) {
  raiseNativeHeaderLimit();
  const bodies = createBodyGuard(deps.config.uploadBudgetBytes);
  const api = new Elysia({ prefix: "/api" })
    .get("/health", async () => {
      await deps.db.run(sql`select 1`);
      return { status: "ok" };
    }, { detail: { summary: "Liveness and database check", tags: ["System"] } })
    .use(authModule(deps))
    .use(referenceModule(deps))
    .use(ordersModule(deps))
    .use(operatorModule(deps))
    .use(catalogModule(deps))
    .use(materialsModule(deps))
    .use(usersModule(deps))
    .use(metricsModule(deps))
    .use(dashboardModule(deps))
    .use(scannerJobsModule(deps))
    .use(projectsModule(deps))
    .use(scannerModule(deps))
    .use(scannerAiModule(deps))
    .all("/*", () => {
      throw new AppError(404, "Not found.");
    }, { detail: { hide: true } });

  return new Elysia()
    .onRequest(applySecurityHeaders)
    .onRequest(bodies.onRequest)
    .onParse(bodies.onParse)
    .onAfterResponse(bodies.onAfterResponse)
    .onTransform(noteUnprintableValues)
    .onError(({ code, error, set, request }) => {
      if (error instanceof AppError) return json(error.status, { detail: error.detail });
      // Elysia wraps whatever a parse hook throws; the body guard's 413/429 keep their own detail.
      const cause = (error as { cause?: unknown }).cause;
      if (code === "PARSE" && cause instanceof AppError) return json(cause.status, { detail: cause.detail });
      if (error instanceof TypeError && carriesUnprintableValues(request)) {
        return json(422, { detail: "A field holds an object where text or a number was expected." });
      }
      if (error instanceof SyntaxError) return json(400, { detail: "The request body is not valid JSON." });
      switch (code) {
        case "VALIDATION": {
          const where = (error as { type?: string }).type ?? "request";
          return json(422, { detail: validationDetail((error as unknown as { all?: [] }).all, where) });
        }
        case "PARSE":
          return json(400, { detail: "The request body is not valid JSON or form data." });
        case "NOT_FOUND":
          return json(404, { detail: "Not found." });
        case "INVALID_COOKIE_SIGNATURE":
          return json(400, { detail: "Invalid cookie." });
      }
      const status = typeof (error as { status?: unknown }).status === "number" ? (error as { status: number }).status : 500;
      if (status >= 400 && status < 500) return json(status, { detail: (error as Error).message || "Bad request." });
      console.error("Unhandled error", error);
      set.status = 500;
      return json(500, { detail: "Internal server error." });
    })
    // Runs on every route (a hook scoped to the plugin's routes would hide the API from the plugin),
    // so it only looks at the answer's shape: no URL parsing on the hot path.
    .onAfterHandle(({ response }) => applyDocumentedBodies(response))
    .use(
      openapi({
        // No CDN-hosted UI: a self-hosted server renders its own docs page from the JSON (src/pages/api-docs.ts).
        provider: null,
        path: "/api/docs",
        specPath: "/api/docs/json",
        documentation: {
          info: { title: "Foam Intelligence Platform API", version: APP_VERSION },
          components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
          security: [{ bearer: [] }],
        },
      }),
    )
    .use(api)
    .use(pagesModule(deps));
}

export type App = ReturnType<typeof createApp>;
