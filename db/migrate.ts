import { sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "./client";

/** One drizzle-kit migration: its journal entry and its SQL text. */
export type MigrationSource = { tag: string; when: number; sql: string };

type Journal = { entries: { tag: string; when: number }[] };

export function migrationsFromJournal(journal: Journal, readSql: (tag: string) => string): MigrationSource[] {
  return journal.entries.map((entry) => ({ tag: entry.tag, when: entry.when, sql: readSql(entry.tag) }));
}

export function readMigrationFolder(folder: string): MigrationSource[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as Journal;
  return migrationsFromJournal(journal, (tag) => readFileSync(join(folder, `${tag}.sql`), "utf8"));
}

/**
 * Applies migrations with drizzle's own bookkeeping (the `__drizzle_migrations` table, sha256 of the
 * file, the journal's timestamp), so a database migrated by drizzle-kit and one migrated by the
 * compiled binary from embedded SQL are interchangeable.
 */
export async function applyMigrations(db: Db, migrations: MigrationSource[]): Promise<number> {
  await db.run(sql`CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`);
  const last = await db.values<[number, string, number]>(
    sql`SELECT id, hash, created_at FROM "__drizzle_migrations" ORDER BY created_at DESC LIMIT 1`,
  );
  const lastWhen = last[0] ? Number(last[0][2]) : -Infinity;
  const pending = migrations.filter((migration) => migration.when > lastWhen);
  if (pending.length === 0) return 0;
  const statements = pending.flatMap((migration) => [
    ...migration.sql
      .split("--> statement-breakpoint")
      .filter((statement) => statement.trim())
      .map((statement) => db.run(sql.raw(statement))),
    db.run(
      sql`INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (${createHash("sha256").update(migration.sql).digest("hex")}, ${migration.when})`,
    ),
  ]);
  // One batch: all pending migrations apply atomically or not at all.
  await (db as unknown as { session: { migrate(statements: unknown[]): Promise<void> } }).session.migrate(statements);
  return pending.length;
}
