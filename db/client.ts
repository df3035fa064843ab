import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { applyMigrations, readMigrationFolder, type MigrationSource } from "./migrate";
import * as schema from "./schema";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export type DbHandle = { db: Db; client: Client; embedded: boolean; close(): void };

/**
 * The file of an embedded database URL (`file:data/foam.db`, `file:///abs/foam.db?mode=rwc`), or null
 * for a libSQL server or an in-memory database.
 */
export function embeddedDatabasePath(url: string): string | null {
  if (!url.startsWith("file:") || url.includes("mode=memory")) return null;
  const path = url.slice("file:".length).replace(/^\/\/(?=\/)/, "").split("?")[0];
  return !path || path === ":memory:" ? null : path;
}

export async function openDatabase(url: string, authToken?: string): Promise<DbHandle> {
  const path = embeddedDatabasePath(url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  const client = createClient({ url, authToken, timeout: 10_000 });
  const embedded = url.startsWith("file:");
  if (embedded) {
    // WAL lets readers run beside the writer; FULL sync keeps every acknowledged write across a kill -9.
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA synchronous = FULL");
  }
  await client.execute("PRAGMA foreign_keys = ON");
  const db = drizzle(client, { schema }) as Db;
  return { db, client, embedded, close: () => client.close() };
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), "migrations");

let embeddedMigrations: MigrationSource[] | null = null;

/** The compiled binary has no migrations folder: its entry registers the SQL it embedded. */
export function useEmbeddedMigrations(migrations: MigrationSource[]): void {
  embeddedMigrations = migrations;
}

export async function migrateDatabase(db: Db): Promise<void> {
  await applyMigrations(db, embeddedMigrations ?? readMigrationFolder(migrationsFolder));
}
