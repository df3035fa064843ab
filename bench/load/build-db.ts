// Builds a database with many orders quickly: the demo seed first (accounts, reference data), then
// bulk multi-row inserts in large transactions with synchronous=OFF (a bench fixture, not a server).
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "../../db/client";
import { orderEvents, orderItems, orders } from "../../db/schema";
import { demoLayout } from "../../db/seed/demo-layout";
import { seedDatabase } from "../../db/seed";
import { seededRandom } from "../../db/seed/random";
import { loadConfig } from "../../src/config";

const COMPANIES = [
  "acme-industrial", "northwind-aviation", "harbor-tools", "riverbend-rail", "cascade-instruments", "summit-motors",
  "bluewater-marine", "ironclad-fab", "pioneer-aero", "granite-works", "atlas-logistics", "redwood-energy",
];
const PRODUCTS = ["Milwaukee Packout drawer insert", "Pelican 1510 case insert", "Snap-on KRA drawer set", "Custom gun case insert", "Craftsman 3000 drawer insert"];
const TYPES = ["calculator", "scanner", "catalog", "custom"] as const;
const RECENT_STATUSES = ["draft", "quoted", "approved", "in_production", "fulfilled", "cancelled"] as const;
const DAY = 86_400_000;

export async function buildLoadDatabase(dataDir: string, count: number, jwtSecret: string): Promise<{ orders: number; seconds: number; bytes: number }> {
  const started = performance.now();
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret });
  const database = await openDatabase(config.databaseUrl);
  await migrateDatabase(database.db);
  await seedDatabase(database.db, config);
  await database.client.execute("PRAGMA synchronous = OFF");
  const random = seededRandom(100_000);
  const [{ next }] = (await database.db.all(sql`select coalesce(max(id), 0) + 1 as next from orders`)) as { next: number }[];
  const now = Date.now();
  const layouts = [2, 3, 4].map((pockets) => demoLayout(558, 391, pockets));
  const BATCH = 5_000;
  const CHUNK = 400; // rows per INSERT statement (SQLite's variable limit)
  for (let start = 0; start < count; start += BATCH) {
    const orderRows: (typeof orders.$inferInsert)[] = [];
    const itemRows: (typeof orderItems.$inferInsert)[] = [];
    const eventRows: (typeof orderEvents.$inferInsert)[] = [];
    for (let index = start; index < Math.min(count, start + BATCH); index++) {
      const id = next + index;
      // Oldest first, two years back to now, so ids and dates grow together as in real use.
      const created = new Date(now - (1 - index / count) * 730 * DAY - random.int(0, 3600) * 1000);
      const ageDays = (now - created.getTime()) / DAY;
      const status = ageDays > 60 ? (random.next() < 0.85 ? "fulfilled" : random.next() < 0.7 ? "cancelled" : "quoted") : random.pick(RECENT_STATUSES);
      const productionStatus = status === "fulfilled" ? "completed" : status === "in_production" ? "in_progress" : status === "approved" ? random.pick(["pending", "preparing"]) : "pending";
      const orderType = TYPES[index % TYPES.length]!;
      const company = random.pick(COMPANIES);
      const lines = 1 + (index % 2);
      const prices = [random.int(4_500, 32_000), random.int(900, 6_500)];
      const quantities = [random.int(1, 4), random.int(1, 3)];
      const total = Array.from({ length: lines }, (_, line) => prices[line]! * quantities[line]!).reduce((a, b) => a + b, 0);
      const product = PRODUCTS[index % PRODUCTS.length]!;
      orderRows.push({
        id,
        orderNumber: `ORD-L${String(index + 1).padStart(6, "0")}`,
        customerEmail: `buyer${random.int(1, 400)}@${company}.example`,
        orderType,
        status,
        productionStatus,
        fileStatus: status === "fulfilled" ? "ready" : "needs_generation",
        priority: random.next() < 0.8 ? "normal" : random.next() < 0.75 ? "high" : "urgent",
        currency: "USD",
        notes: index % 5 === 0 ? "Finger pulls on every pocket." : null,
        subtotalCents: total,
        totalCents: total,
        layout: orderType === "scanner" ? layouts[index % layouts.length]! : null,
        productionStartAt: productionStatus === "in_progress" || productionStatus === "completed" ? new Date(created.getTime() + 2 * DAY).toISOString() : null,
        fulfilledAt: status === "fulfilled" ? new Date(created.getTime() + 4 * DAY).toISOString() : null,
        createdAt: created.toISOString(),
        updatedAt: new Date(created.getTime() + DAY).toISOString(),
      });
      for (let line = 0; line < lines; line++) {
        itemRows.push({
          orderId: id,
          position: line,
          description: line === 0 ? product : "Finger pull cut-outs",
          quantity: quantities[line]!,
          unitPriceCents: prices[line]!,
          totalPriceCents: prices[line]! * quantities[line]!,
          metadata: line === 0 ? { productName: product, dimensions: "22.1 x 15.4 in", material: "XLPE 45 kg/m³ charcoal" } : {},
        });
      }
      eventRows.push({ orderId: id, eventType: "created", actorEmail: "admin@demo.foam", payload: { status: "draft" }, createdAt: created.toISOString() });
    }
    await database.db.transaction(async (tx) => {
      for (let offset = 0; offset < orderRows.length; offset += CHUNK) await tx.insert(orders).values(orderRows.slice(offset, offset + CHUNK));
      for (let offset = 0; offset < itemRows.length; offset += CHUNK) await tx.insert(orderItems).values(itemRows.slice(offset, offset + CHUNK));
      for (let offset = 0; offset < eventRows.length; offset += CHUNK) await tx.insert(orderEvents).values(eventRows.slice(offset, offset + CHUNK));
    });
  }
  await database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  const [{ total }] = (await database.db.all(sql`select count(*) as total from orders`)) as { total: number }[];
  database.close();
  const bytes = Bun.file(`${dataDir}/foam.db`).size;
  return { orders: total, seconds: (performance.now() - started) / 1000, bytes };
}
