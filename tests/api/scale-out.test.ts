import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createApp, createDeps } from "../../src/app";
import { openDatabase, type DbHandle } from "../../db/client";
import { orders } from "../../db/schema";
import { count } from "drizzle-orm";
import { claimRun, createScanRun } from "../../src/modules/photo-tracing/scan-runs";
import { parseClassicParameters } from "../../src/modules/photo-tracing/parameters";
import { createTestApp, type TestApp } from "../helpers/test-app";

setDefaultTimeout(120_000);

/** Two app instances over one embedded database file in WAL mode: what scale-out relies on. */
let first: TestApp;
let secondDb: DbHandle;
let second: ReturnType<typeof createApp>;

beforeAll(async () => {
  first = await createTestApp();
  secondDb = await openDatabase(first.config.databaseUrl);
  second = createApp(createDeps(first.config, secondDb));
});
afterAll(async () => {
  await first.deps.vision.close();
  secondDb.close();
  first.close();
});

const handle = (app: ReturnType<typeof createApp>, path: string, init: RequestInit = {}) => app.handle(new Request(`http://localhost${path}`, init));

describe("two instances on one database", () => {
  test("a queued scan is claimed by exactly one instance", async () => {
    const params = parseClassicParameters({});
    for (let round = 0; round < 10; round++) {
      const id = await createScanRun(first.db, 1, "classic", params);
      const claims = await Promise.all([claimRun(first.db, id, "a"), claimRun(secondDb.db, id, "b")]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
  });

  test("a token from one instance works on the other, and concurrent writes from both all land", async () => {
    const token = await first.login("admin@demo.foam");
    const profile = await handle(second, "/api/auth/profile", { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    const before = (await first.db.select({ value: count() }).from(orders))[0]!.value;
    const writes = Array.from({ length: 20 }, (_, index) =>
      handle(index % 2 ? second : first.app, "/api/admin/orders", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ order_number: `SCALE-${index}`, customer_email: "scale@example.com", items: [{ description: "Insert", quantity: 1, unit_price: "10.00" }] }),
      }),
    );
    const statuses = (await Promise.all(writes)).map((response) => response.status);
    expect(statuses.every((status) => status === 201 || status === 200)).toBe(true);
    expect((await first.db.select({ value: count() }).from(orders))[0]!.value).toBe(before + 20);
  });

  test("a scan traced by one instance streams its progress and result from the other", async () => {
    const token = await first.login("customer@demo.foam");
    const form = new FormData();
    const photo = readFileSync(resolve(import.meta.dir, "../fixtures/scanner/pad-wrench.jpg"));
    form.append("image", new Blob([photo], { type: "image/jpeg" }), "pad-wrench.jpg");
    const started = await handle(first.app, "/api/scanner/scan", { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
    const { job_id } = (await started.json()) as { job_id: string };
    const stream = await (await handle(second, `/api/scanner/scan/${job_id}/progress`, { headers: { authorization: `Bearer ${token}` } })).text();
    expect(stream).toContain('"status":"completed"');
    const result = await handle(second, `/api/scanner/scan/${job_id}/result`, { headers: { authorization: `Bearer ${token}` } });
    expect(result.status).toBe(200);
    expect(((await result.json()) as { contour_points_mm: unknown[] }).contour_points_mm.length).toBeGreaterThan(10);
  });
});
