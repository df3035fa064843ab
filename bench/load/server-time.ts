// Server time per request without HTTP or the load client: the service call plus JSON.stringify,
// timed with performance.now() in this process over many iterations. On a shared 2-core machine
// the wrk figures swing with whatever else runs; these are the event-loop cost of each answer.
import { migrateDatabase, openDatabase } from "../../db/client";
import { listOrders, parseOrderListQuery } from "../../src/modules/orders/list";
import { operatorBoard, operatorDashboard, parseBoardQuery } from "../../src/modules/operator/service";
import { loadConfig } from "../../src/config";

export type ServerTime = { label: string; first: number; median: number; p90: number; bytes: number; iterations: number };

export async function measureServerTime(dataDir: string, iterations = 200): Promise<ServerTime[]> {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "server-time-".padEnd(48, "s") });
  const database = await openDatabase(config.databaseUrl);
  await migrateDatabase(database.db);
  const db = database.db;
  const orders = (search: string) => () => listOrders(db, parseOrderListQuery(`http://bench/api/admin/orders${search}`));
  const cases: [string, () => Promise<unknown>, number][] = [
    ["orders, page 1", orders(""), iterations],
    ["orders, page 2 000", orders("?page=2000"), iterations],
    ["orders, filtered (in_production, scanner, -total, page 2)", orders("?status=in_production&order_type=scanner&sort=-total_amount&page=2"), iterations],
    ["orders, search=acme (8 000+ matches)", orders("?search=acme"), iterations],
    ["orders, search=ORD-L0999 (few matches)", orders("?search=ORD-L0999"), iterations],
    ["orders, search=ac (2 characters: prefix)", orders("?search=ac"), iterations],
    ["orders, one month (date_from/date_to)", orders(`?date_from=${monthAgo()}&date_to=${today()}`), iterations],
    ["operator board, per_column=25", () => operatorBoard(db, parseBoardQuery({ per_column: "25" })), iterations],
    ["operator board, one column's next page", async () => {
      const first = await operatorBoard(db, parseBoardQuery({ column: "pending", per_column: "25" }));
      const after = first.columns[0]?.next_after;
      return after ? operatorBoard(db, parseBoardQuery({ column: "pending", after: String(after), per_column: "25" })) : first;
    }, iterations],
    ["operator dashboard, plain array (500 cards)", () => operatorDashboard(db), Math.max(10, Math.floor(iterations / 10))],
  ];
  const out: ServerTime[] = [];
  for (const [label, run, count] of cases) {
    let started = performance.now();
    let bytes = JSON.stringify(await run()).length;
    const first = performance.now() - started;
    const times: number[] = [];
    for (let index = 0; index < count; index++) {
      started = performance.now();
      bytes = JSON.stringify(await run()).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    out.push({ label, first, median: times[Math.floor(times.length / 2)]!, p90: times[Math.floor(times.length * 0.9)]!, bytes, iterations: count });
  }
  database.close();
  return out;
}

const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
