import { createApp, createDeps } from "./app";
import type { Config } from "./config";
import { SERVER_BODY_CAP_BYTES } from "./shared/body-limit";
import { migrateDatabase, openDatabase } from "../db/client";
import { seedDatabase } from "../db/seed";
import { INSTANCE_ID } from "./modules/photo-tracing/runner";
import { failStaleRuns, failUnfinishedRuns, purgeOldRuns } from "./modules/photo-tracing/scan-runs";

/** Migrate, seed, serve; returns a stop() that drains cleanly (used by SIGTERM and by tests). */
export async function startServer(config: Config) {
  const database = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  await migrateDatabase(database.db);
  await seedDatabase(database.db, config);
  await failStaleRuns(database.db);
  await purgeOldRuns(database.db);
  const deps = createDeps(config, database);
  const app = createApp(deps).listen({
    port: config.port,
    hostname: config.host,
    reusePort: false,
    // Our own limits (src/shared/body-limit.ts: 30 MB forms, 100 MB scans, 4 MB JSON, declared or
    // counted as chunks arrive) answer first with a detail; Bun's cap sits above them all.
    maxRequestBodySize: SERVER_BODY_CAP_BYTES,
  });
  // Load OpenCV in the workers now so the first scan does not pay for it.
  if (config.scannerWarmup) void deps.vision.pool().catch((error) => console.error("Scanner pool failed to start", error));
  let stopping: Promise<void> | null = null;
  return {
    app,
    url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${app.server?.port}`,
    stop() {
      stopping ??= (async () => {
        await app.stop();
        await failUnfinishedRuns(database.db, INSTANCE_ID, "The server was shut down while this scan was processing. Please send it again.");
        await deps.vision.close();
        database.close();
      })();
      return stopping;
    },
  };
}
