import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { migrationsFolder, openDatabase } from "./client";
import { applyMigrations, readMigrationFolder } from "./migrate";

describe("migrations", () => {
  test("our applier and drizzle's migrator keep the same bookkeeping and are idempotent", async () => {
    const dir = mkdtempSync(join(tmpdir(), "foam-migrate-"));
    const ours = await openDatabase(`file:${join(dir, "ours.db")}`);
    const theirs = await openDatabase(`file:${join(dir, "theirs.db")}`);
    const migrations = readMigrationFolder(migrationsFolder);
    expect(await applyMigrations(ours.db, migrations)).toBe(migrations.length);
    expect(await applyMigrations(ours.db, migrations)).toBe(0);
    await migrate(theirs.db, { migrationsFolder });
    const rows = async (handle: typeof ours) =>
      (await handle.client.execute('SELECT hash, created_at FROM "__drizzle_migrations" ORDER BY created_at')).rows.map((row) => [row.hash, Number(row.created_at)]);
    expect(await rows(ours)).toEqual(await rows(theirs));
    // drizzle's own migrator accepts a database we migrated: nothing left to apply.
    await migrate(ours.db, { migrationsFolder });
    expect((await rows(ours)).length).toBe(migrations.length);
    const tables = async (handle: typeof ours) =>
      (await handle.client.execute("SELECT name FROM sqlite_master WHERE type IN ('table','index') ORDER BY name")).rows.map((row) => row.name);
    expect(await tables(ours)).toEqual(await tables(theirs));
    ours.close();
    theirs.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
