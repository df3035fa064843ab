import { loadConfig } from "./config";
import { backupDatabase } from "../db/backup";
import { migrateDatabase, openDatabase, useEmbeddedMigrations } from "../db/client";
import { EMBEDDED } from "./embedded";
import { startServer } from "./server";
import { APP_VERSION, BUILD_NUMBER } from "../common/version";

export const HELP = `Foam Intelligence Platform

Usage:
  foam [serve] [options]     migrate, seed an empty database and serve the app (default)
  foam migrate [options]     apply database migrations and exit
  foam backup PATH [options] write a consistent copy of the embedded database to PATH (safe while serving)
  foam --help | --version

Options (each also readable from the environment variable in brackets):
  --port N              HTTP port [PORT, default 3000]
  --host ADDR           listen address [HOST, default 0.0.0.0]
  --data-dir DIR        data directory [DATA_DIR, default ./data]
  --database-url URL    file:… or libsql://… / http://… [DATABASE_URL, default file:DATA_DIR/foam.db]
  --workers N           scanner worker threads [SCANNER_WORKERS, default = cores - 1, at least 1]
  --no-demo             do not seed demo data [SEED_DEMO=false; needs ADMIN_EMAIL and ADMIN_PASSWORD]

Other environment: JWT_SECRET (at least 32 bytes), JWT_TTL_SECONDS, UPLOAD_BUDGET_MB, ADMIN_EMAIL, ADMIN_PASSWORD, DATABASE_AUTH_TOKEN, TRUST_PROXY, CONTACT_EMAIL.
Restore a backup: stop the server, replace DATA_DIR/foam.db with the backup file (delete foam.db-wal
and foam.db-shm beside it), start the server.`;

const FLAG_ENV: Record<string, string> = {
  "--port": "PORT",
  "--host": "HOST",
  "--data-dir": "DATA_DIR",
  "--database-url": "DATABASE_URL",
  "--workers": "SCANNER_WORKERS",
};

export function parseArgs(argv: string[], env: Record<string, string | undefined>) {
  const positional: string[] = [];
  const nextEnv = { ...env };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--help" || flag === "-h") return { command: "help" as const, positional, env: nextEnv };
    if (flag === "--version" || flag === "-v") return { command: "version" as const, positional, env: nextEnv };
    if (flag === "--no-demo") {
      nextEnv.SEED_DEMO = "false";
      continue;
    }
    const envName = FLAG_ENV[flag];
    if (envName) {
      const value = inline ?? argv[++index];
      if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value.`);
      nextEnv[envName] = value;
      continue;
    }
    if (flag.startsWith("-")) throw new Error(`Unknown option ${flag}. Try --help.`);
    positional.push(arg);
  }
  const command = (positional.shift() ?? "serve") as "serve" | "migrate" | "backup";
  if (!["serve", "migrate", "backup"].includes(command)) throw new Error(`Unknown command "${command}". Try --help.`);
  return { command, positional, env: nextEnv };
}

export async function runCli(argv: string[]) {
  if (EMBEDDED.migrations) useEmbeddedMigrations(EMBEDDED.migrations);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs(argv, process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (parsed.command === "help") return console.log(HELP);
  if (parsed.command === "version") return console.log(`foam ${APP_VERSION} (build ${BUILD_NUMBER})`);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(parsed.env);
  } catch (error) {
    // A configuration mistake is the operator's to fix: one clear line, no stack trace.
    console.error(`Configuration error: ${(error as Error).message}`);
    process.exit(2);
  }
  if (parsed.command === "migrate" || parsed.command === "backup") {
    const database = await openDatabase(config.databaseUrl, config.databaseAuthToken);
    await migrateDatabase(database.db);
    if (parsed.command === "backup") {
      const target = parsed.positional[0];
      if (!target) {
        console.error("Usage: foam backup PATH");
        process.exit(2);
      }
      if (!database.embedded) {
        console.error("backup copies the embedded database; for a libSQL server use its own backup tools.");
        process.exit(2);
      }
      console.log(`Backup written to ${await backupDatabase(database.client, target)}`);
    } else console.log("Database migrated.");
    database.close();
    return;
  }
  const server = await startServer(config);
  console.log(`Foam Intelligence Platform listening on ${server.url}/app/`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, async () => {
      console.log(`${signal} received: finishing up…`);
      await server.stop();
      process.exit(0);
    });
  }
}
