import { createApp, createDeps } from "./app";
import { loadConfig } from "./config";
import { migrateDatabase, openDatabase } from "../db/client";
import { seedDatabase } from "../db/seed";

const config = loadConfig();
const database = await openDatabase(config.databaseUrl, config.databaseAuthToken);
await migrateDatabase(database.db);
await seedDatabase(database.db, config);
const app = createApp(createDeps(config, database)).listen({ port: config.port, hostname: config.host, reusePort: false });
console.log(`Foam Intelligence Platform listening on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${app.server?.port}/app/`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await app.stop();
    database.close();
    process.exit(0);
  });
}
