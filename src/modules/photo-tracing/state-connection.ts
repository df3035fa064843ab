import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { open } from "node:fs/promises";
import { embeddedDatabasePath, type Db } from "../../../db/client";
import * as schema from "../../../db/schema";

/**
 * A running scan's rows (the run, its claim, progress, result and failure) are written through a
 * second connection to the embedded database with synchronous = NORMAL. Embedded libSQL runs on the
 * event loop, and with the main connection's synchronous = FULL each of those writes waited there
 * for an fsync: 3-25 ms apiece while scans ran, several a second, the largest stalls left once the
 * results moved to files (bench/health-during-scans.ts).
 *
 * - Progress is advisory: committed to the WAL (a killed process loses nothing) and not synced; a
 *   power cut may drop the last figures, which the next update or the result replaces.
 * - The other writes are committed the same way, then the WAL file is fsynced on the I/O thread
 *   pool before the caller goes on: as durable as FULL (fsync covers every write to the file), but
 *   the disk wait is off the event loop. The job id is answered only after that.
 *
 * The connection never waits for a lock (busy timeout 0): a lock held by a transaction of the main
 * connection would be waited for synchronously, on the event loop that has to finish that
 * transaction. After any failed statement the connection is closed at once, because libSQL then
 * keeps its transaction open and the next write would hold the write lock for good (measured: the
 * main connection timed out on every later write). The write then goes through the main
 * connection as before; a dropped progress update is simply skipped.
 *
 * Opened while at least one scan runs (scans come in bursts), closed after the last one.
 */
type Entry = { client: Client; db: Db; walPath: string; users: number; broken: boolean };
const connections = new Map<string, Entry>();

async function openEntry(databaseUrl: string, path: string): Promise<Entry | null> {
  let client: Client | null = null;
  try {
    client = createClient({ url: databaseUrl, timeout: 0, concurrency: 1 });
    await client.execute("PRAGMA synchronous = NORMAL");
    await client.execute("PRAGMA foreign_keys = ON");
    return { client, db: drizzle(client, { schema }) as Db, walPath: `${path}-wal`, users: 0, broken: false };
  } catch (error) {
    client?.close();
    console.error("Scan state connection failed; scan rows are written on the main connection", error);
    return null;
  }
}

/** fsync of the WAL from the I/O thread pool: what synchronous = FULL would have waited for on the event loop. */
async function syncWal(walPath: string) {
  let handle;
  try {
    handle = await open(walPath, "r+");
  } catch (error) {
    // No WAL file: a checkpoint moved everything into the database file and synced it.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export type StateWriter = {
  /** A progress update: dropped on any failure, never waited for on disk. */
  progress(update: (db: Db) => Promise<unknown>): Promise<void>;
  /** A write that must land: committed, then on disk before this resolves. Answers the update's value. */
  durable<T>(update: (db: Db) => Promise<T>): Promise<T>;
  release(): void;
};

/** Writes on `main` as they always were: for a remote database, or when the state connection cannot open. */
export const mainWriter = (main: Db): StateWriter => ({
  progress: async (update) => void (await update(main).catch(() => {})),
  durable: (update) => update(main),
  release: () => {},
});

/** A writer for one scan, from upload to result; release it when the run has ended. */
export async function leaseStateWriter(databaseUrl: string | null, main: Db): Promise<StateWriter> {
  const path = databaseUrl ? embeddedDatabasePath(databaseUrl) : null;
  if (!path || !databaseUrl) return mainWriter(main);
  let entry = connections.get(databaseUrl);
  if (!entry) {
    const opened = await openEntry(databaseUrl, path);
    if (!opened) return mainWriter(main);
    // Another scan may have opened one meanwhile.
    entry = connections.get(databaseUrl);
    if (entry) opened.client.close();
    else connections.set(databaseUrl, (entry = opened));
  }
  const current = entry;
  current.users++;
  const fallback = mainWriter(main);
  const retire = () => {
    current.broken = true;
    if (connections.get(databaseUrl) === current) connections.delete(databaseUrl);
    current.client.close();
  };
  let released = false;
  return {
    async progress(update) {
      if (current.broken) return fallback.progress(update);
      try {
        await update(current.db);
      } catch {
        retire();
      }
    },
    async durable(update) {
      if (current.broken) return fallback.durable(update);
      let value: Awaited<ReturnType<typeof update>>;
      try {
        value = await update(current.db);
      } catch {
        // Nothing was written (the statement failed): the main connection does it, as before.
        retire();
        return fallback.durable(update);
      }
      await syncWal(current.walPath);
      return value;
    },
    release() {
      if (released) return;
      released = true;
      if (--current.users === 0 && !current.broken) {
        if (connections.get(databaseUrl) === current) connections.delete(databaseUrl);
        current.client.close();
      }
    },
  };
}
