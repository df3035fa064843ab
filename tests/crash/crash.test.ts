import { afterAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createClient } from "@libsql/client";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Subprocess } from "bun";
import { freePort } from "../helpers/free-port.ts";

setDefaultTimeout(90_000);

/**
 * kill -9 during a stream of order writes: every write the server acknowledged (2xx) must be
 * there after a restart, and the database must pass SQLite's integrity and foreign-key checks.
 */

const ROOT = resolve(import.meta.dir, "../..");
const work = mkdtempSync(join(tmpdir(), "foam-crash-"));
const dataDir = join(work, "data");
const port = freePort();
const url = `http://127.0.0.1:${port}`;
let child: Subprocess | null = null;
let starts = 0;

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    await child.exited;
  }
  rmSync(work, { recursive: true, force: true });
});

async function start(): Promise<void> {
  const log = join(work, `server-${++starts}.log`);
  child = Bun.spawn([process.execPath, "src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, SCANNER_WORKERS: "1", JWT_SECRET: "crash-test-secret-".padEnd(48, "c") },
    stdout: Bun.file(log),
    stderr: Bun.file(`${log}.err`),
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${readFileSync(`${log}.err`, "utf8")}`);
    await Bun.sleep(50);
  }
}

async function killHard(): Promise<void> {
  child!.kill("SIGKILL");
  await child!.exited;
  expect(child!.signalCode).toBe("SIGKILL");
}

async function signIn(): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@demo.foam", password: "foam-demo-1" }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Posts orders from `concurrency` parallel writers until `killAfterMs`, then kills the server
 * while requests are still in flight. Returns the order numbers the server acknowledged.
 */
async function streamAndKill(token: string, round: number, killAfterMs: number, concurrency = 16) {
  const acknowledged: string[] = [];
  let inFlightAtKill = 0;
  let inFlight = 0;
  let serial = 0;
  let killed = false;
  const writer = async () => {
    while (!killed) {
      const orderNumber = `CRASH-${round}-${String(++serial).padStart(5, "0")}`;
      inFlight++;
      try {
        const response = await fetch(`${url}/api/admin/orders`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            order_number: orderNumber,
            customer_email: `crash-${round}@example.com`,
            notes: `round ${round}`,
            items: [
              { description: "Insert", quantity: 2, unit_price: "12.50" },
              { description: "Finger pulls", quantity: 1, unit_price: "3.00" },
            ],
            addresses: [{ address_type: "shipping", line1: "1 Crash Lane", city: "Austin", country_code: "US" }],
          }),
        });
        if (response.status === 201) acknowledged.push(orderNumber);
        else if (!killed) throw new Error(`unexpected ${response.status}: ${await response.text()}`);
      } catch (error) {
        if (!killed) throw error;
      } finally {
        inFlight--;
      }
    }
  };
  const writers = Array.from({ length: concurrency }, writer);
  await Bun.sleep(killAfterMs);
  inFlightAtKill = inFlight;
  killed = true;
  await killHard();
  await Promise.allSettled(writers);
  return { acknowledged, inFlightAtKill, attempted: serial };
}

type Check = { integrity: string; foreignKeyProblems: number; orders: Map<string, { items: number; addresses: number; events: number; total: number }> };

/** Opens the database file directly (the server is down): SQLite's own checks plus every CRASH order. */
async function inspectDatabase(): Promise<Check> {
  const db = createClient({ url: `file:${join(dataDir, "foam.db")}` });
  try {
    const integrity = (await db.execute("PRAGMA integrity_check")).rows.map((row) => String(Object.values(row)[0])).join("; ");
    const foreignKeyProblems = (await db.execute("PRAGMA foreign_key_check")).rows.length;
    const rows = await db.execute(`
      select o.order_number as number, o.total_cents as total,
        (select count(*) from order_items i where i.order_id = o.id) as items,
        (select count(*) from order_addresses a where a.order_id = o.id) as addresses,
        (select count(*) from order_events e where e.order_id = o.id) as events
      from orders o where o.order_number like 'CRASH-%'`);
    const orders = new Map(rows.rows.map((row) => [String(row.number), { items: Number(row.items), addresses: Number(row.addresses), events: Number(row.events), total: Number(row.total) }]));
    return { integrity, foreignKeyProblems, orders };
  } finally {
    db.close();
  }
}

function expectComplete(check: Check, acknowledged: string[]) {
  expect(check.integrity).toBe("ok");
  expect(check.foreignKeyProblems).toBe(0);
  const missing = acknowledged.filter((number) => !check.orders.has(number));
  expect(missing).toEqual([]);
  // Every order present (acknowledged or caught mid-flight) is whole: a write is all or nothing.
  for (const [number, order] of check.orders) {
    expect(order, number).toEqual({ items: 2, addresses: 1, events: 1, total: 2800 });
  }
}

describe("kill -9 during order writes", () => {
  test("acknowledged orders survive two hard kills; the database stays intact", async () => {
    const started = Date.now();
    await start();
    const first = await streamAndKill(await signIn(), 1, 2_500);
    expect(first.acknowledged.length).toBeGreaterThan(20);
    expect(first.inFlightAtKill).toBeGreaterThan(0);
    const afterFirst = await inspectDatabase();
    expectComplete(afterFirst, first.acknowledged);

    // The server comes back on the same data directory and serves what it acknowledged.
    await start();
    const token = await signIn();
    const sample = first.acknowledged.filter((_, index) => index % Math.ceil(first.acknowledged.length / 10) === 0);
    for (const number of sample) {
      const response = await fetch(`${url}/api/admin/orders?search=${number}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { results: { order_number: string; total_amount: string; items_count: number }[] };
      expect(body.results.map((row) => [row.order_number, row.total_amount, row.items_count])).toEqual([[number, "28.00", 2]]);
    }

    const second = await streamAndKill(token, 2, 1_500 + Math.floor(Math.random() * 1_000));
    expect(second.acknowledged.length).toBeGreaterThan(10);
    const afterSecond = await inspectDatabase();
    expectComplete(afterSecond, [...first.acknowledged, ...second.acknowledged]);

    // A clean restart and shutdown afterwards: still intact, nothing lost or duplicated.
    await start();
    const list = await fetch(`${url}/api/admin/orders?search=CRASH-&per_page=1`, { headers: { authorization: `Bearer ${await signIn()}` } });
    expect(((await list.json()) as { pagination: { total: number } }).pagination.total).toBe(afterSecond.orders.size);
    child!.kill("SIGTERM");
    expect(await child!.exited).toBe(0);
    const final = await inspectDatabase();
    expectComplete(final, [...first.acknowledged, ...second.acknowledged]);
    expect(final.orders.size).toBe(afterSecond.orders.size);
    console.log(
      `crash: round 1 ${first.acknowledged.length} acknowledged of ${first.attempted} sent (${first.inFlightAtKill} in flight at the kill), ` +
        `round 2 ${second.acknowledged.length} of ${second.attempted} (${second.inFlightAtKill} in flight); ` +
        `${final.orders.size} orders on disk; ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });
});
