import { afterAll, describe, expect, test } from "bun:test";
import { createClient, type Client } from "@libsql/client";
import { sql } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isBusyError, openDatabase, RecoveringClient, type DbHandle } from "./client";

/**
 * Two connections write one WAL file, as the app's main and scan-state connections do. A holds the
 * write lock in an open transaction (no sleeps: the lock is held until A commits), so B's write
 * waits out its short busy timeout and fails with SQLITE_BUSY. After A commits, B's next write
 * must be committed (A sees it) and must not leave a lock that makes A's writes fail.
 */
const dir = mkdtempSync(join(tmpdir(), "foam-db-client-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
async function pair() {
  const url = `file:${join(dir, `busy-${++files}.db`)}`;
  const a = createClient({ url, timeout: 100 });
  await a.execute("PRAGMA journal_mode = WAL");
  await a.execute("CREATE TABLE t (x INTEGER NOT NULL)");
  return { url, a };
}

const rows = async (client: Client) => (await client.execute("SELECT x FROM t ORDER BY x")).rows.map((row) => Number(row.x));

/** Runs `write` on B while A holds the write lock; answers what it threw. */
async function whileLocked(a: Client, write: () => Promise<unknown>): Promise<unknown> {
  const held = await a.transaction("write");
  await held.execute("INSERT INTO t VALUES (1)");
  let failure: unknown = null;
  try {
    await write();
  } catch (error) {
    failure = error;
  }
  await held.commit();
  return failure;
}

const busyWrites: Record<string, (b: DbHandle) => Promise<unknown>> = {
  execute: (b) => b.client.execute("INSERT INTO t VALUES (9)"),
  'batch([...], "write")': (b) => b.client.batch(["INSERT INTO t VALUES (9)", "INSERT INTO t VALUES (9)"], "write"),
  'transaction("write") + commit': async (b) => {
    const tx = await b.client.transaction("write");
    await tx.execute("INSERT INTO t VALUES (9)");
    await tx.commit();
  },
  "drizzle db.transaction": (b) => b.db.transaction(async (tx) => void (await tx.run(sql`INSERT INTO t VALUES (9)`))),
  "two writes at once": async (b) => {
    // The second is issued before the first fails: it must not run on the first one's connection.
    const settled = await Promise.allSettled([b.client.execute("INSERT INTO t VALUES (9)"), b.client.execute("INSERT INTO t VALUES (9)")]);
    expect(settled.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    throw (settled[1] as PromiseRejectedResult).reason;
  },
};

describe("openDatabase after SQLITE_BUSY", () => {
  for (const [name, busyWrite] of Object.entries(busyWrites)) {
    test(`${name}: fails with SQLITE_BUSY, then B's writes commit and A is not blocked`, async () => {
      const { url, a } = await pair();
      const b = await openDatabase(url, undefined, { busyTimeoutMs: 50 });
      expect(b.client).toBeInstanceOf(RecoveringClient);

      const failure = await whileLocked(a, () => busyWrite(b));
      expect(isBusyError(failure) || isBusyError((failure as Error).cause)).toBe(true);

      await b.client.execute("INSERT INTO t VALUES (2)");
      await b.db.transaction(async (tx) => void (await tx.run(sql`INSERT INTO t VALUES (3)`)));
      await b.client.batch(["INSERT INTO t VALUES (4)"], "write");
      // A sees B's writes (committed, not held in a transaction that never ends) and can write itself.
      expect(await rows(a)).toEqual([1, 2, 3, 4]);
      await a.execute("INSERT INTO t VALUES (5)");
      expect(await rows(b.client)).toEqual([1, 2, 3, 4, 5]);
      b.close();
      a.close();
    });
  }

  test("a transaction already open on B finishes normally across the recovery", async () => {
    const { url, a } = await pair();
    const b = await openDatabase(url, undefined, { busyTimeoutMs: 50 });
    const reading = await b.client.transaction("read");
    expect((await reading.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(0);
    expect(isBusyError(await whileLocked(a, () => b.client.execute("INSERT INTO t VALUES (9)")))).toBe(true);
    expect((await reading.execute("SELECT count(*) AS n FROM t")).rows[0].n).toBe(0);
    await reading.commit();
    await b.client.execute("INSERT INTO t VALUES (2)");
    expect(await rows(a)).toEqual([1, 2]);
    await a.execute("INSERT INTO t VALUES (3)");
    b.close();
    a.close();
  });

  test("one client: a write beside its own open write transaction (no second connection needed)", async () => {
    const { url, a } = await pair();
    const b = await openDatabase(url, undefined, { busyTimeoutMs: 50 });
    // The pool gives the write a second connection, which waits for the transaction's lock.
    const failure = await whileLocked(b.client, () => b.client.execute("INSERT INTO t VALUES (9)"));
    expect(isBusyError(failure)).toBe(true);
    // Two writes at once borrow two pooled connections: without recovery one is the failed one.
    await Promise.all([b.client.execute("INSERT INTO t VALUES (2)"), b.client.execute("INSERT INTO t VALUES (3)")]);
    expect(await rows(a)).toEqual([1, 2, 3]);
    await a.execute("INSERT INTO t VALUES (4)");
    b.close();
    a.close();
  });

  test("an in-memory database is not wrapped (it cannot be reopened)", async () => {
    const memory = await openDatabase("file::memory:");
    expect(memory.client).not.toBeInstanceOf(RecoveringClient);
    memory.close();
  });
});

/**
 * Why RecoveringClient exists: with the raw driver the statement that got SQLITE_BUSY stays active
 * on its connection. The next write there reports success but is never committed, and it keeps the
 * write lock, so A times out. If this starts failing, libSQL fixed it and the wrapper can go.
 */
test("raw @libsql/client: a busy write leaves its connection holding an uncommitted transaction", async () => {
  const { url, a } = await pair();
  const b = createClient({ url, timeout: 50 });
  expect(isBusyError(await whileLocked(a, () => b.execute("INSERT INTO t VALUES (9)")))).toBe(true);
  await b.execute("INSERT INTO t VALUES (2)"); // "succeeds"
  expect(await rows(a)).toEqual([1]); // ...but is not committed
  await expect(a.execute("INSERT INTO t VALUES (3)")).rejects.toMatchObject({ code: "SQLITE_BUSY" });
  await expect(b.execute("ROLLBACK")).rejects.toThrow("no transaction is active");
  b.close(); // closing is the only way out, and it drops B's "successful" write
  expect(await rows(a)).toEqual([1]);
  a.close();
});
