import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { scanRuns, users } from "../../../db/schema";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { parseClassicParameters } from "./parameters";
import { createScanRun, setProgress } from "./scan-runs";
import { leaseStateWriter } from "./state-connection";

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, "customer@demo.foam")))[0]!.id;
});
afterAll(() => t.close());

const runOf = async (id: string) => (await t.db.select().from(scanRuns).where(eq(scanRuns.id, id)))[0];

describe("leaseStateWriter", () => {
  test("durable and progress writes land where the main connection reads them", async () => {
    const state = await leaseStateWriter(t.config.databaseUrl, t.db);
    try {
      const id = await state.durable((db) => createScanRun(db, userId, "classic", parseClassicParameters({})));
      expect((await runOf(id))?.status).toBe("queued");
      await t.db.update(scanRuns).set({ status: "processing" }).where(eq(scanRuns.id, id));
      await state.progress((db) => setProgress(db, id, 42, "Tracing"));
      expect(await runOf(id)).toMatchObject({ progress: 42, message: "Tracing" });
    } finally {
      state.release();
    }
  });

  test("a lock held by a main-connection transaction is never waited for, and is not left held afterwards", async () => {
    const state = await leaseStateWriter(t.config.databaseUrl, t.db);
    const id = await state.durable((db) => createScanRun(db, userId, "classic", parseClassicParameters({})));
    await t.db.update(scanRuns).set({ status: "processing" }).where(eq(scanRuns.id, id));
    let inside = 0;
    await t.db.transaction(async (tx) => {
      await tx.update(scanRuns).set({ message: "held" }).where(eq(scanRuns.id, id));
      const started = performance.now();
      // The state connection meets the lock: the update is dropped at once instead of blocking the event loop.
      await state.progress((db) => setProgress(db, id, 77, "Dropped"));
      inside = performance.now() - started;
    });
    expect(inside).toBeLessThan(1000);
    expect(await runOf(id)).toMatchObject({ progress: 0, message: "held" });
    // Later writes still land (the failed connection was closed, not left holding a transaction),
    // and the main connection can write as before.
    await state.progress((db) => setProgress(db, id, 80, "Later"));
    const other = await state.durable((db) => createScanRun(db, userId, "classic", parseClassicParameters({})));
    state.release();
    expect(await runOf(id)).toMatchObject({ progress: 80, message: "Later" });
    expect((await runOf(other))?.status).toBe("queued");
    await t.db.update(scanRuns).set({ message: "main writes" }).where(eq(scanRuns.id, other));
    expect((await runOf(other))?.message).toBe("main writes");
  });

  test("a remote database writes on the main connection", async () => {
    const state = await leaseStateWriter("libsql://example.invalid", t.db);
    const id = await state.durable((db) => createScanRun(db, userId, "classic", parseClassicParameters({})));
    state.release();
    expect((await runOf(id))?.status).toBe("queued");
  });
});
