import { test } from "bun:test";
import { and, count, desc, inArray, or, eq, sql } from "drizzle-orm";
import { orders } from "../../db/schema";
import { createTestApp } from "../helpers/test-app";
import { containsInsensitive } from "../../src/shared/like";
test("plans", async () => {
  const t = await createTestApp();
  const show = async (label: string, q: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql: text, params } = q.toSQL();
    const rows = await t.db.$client.execute({ sql: "explain query plan " + text, args: params as any });
    console.log(label, "=>", rows.rows.map((r: any) => r.detail).join(" | "));
  };
  const search = or(containsInsensitive(orders.orderNumber, "x"), containsInsensitive(orders.customerEmail, "x"))!;
  const st = and(inArray(orders.status, ["draft", "quoted"]), eq(orders.orderType, "scanner"));
  await show("search ids", t.db.select({ id: orders.id }).from(orders).where(search).orderBy(desc(orders.createdAt), desc(orders.id)).limit(25));
  await show("search count", t.db.select({ c: count() }).from(orders).where(search));
  await show("search groups", t.db.select({ s: orders.status, c: count() }).from(orders).where(search).groupBy(orders.status));
  await show("st ids", t.db.select({ id: orders.id }).from(orders).where(st).orderBy(desc(orders.createdAt), desc(orders.id)).limit(25));
  await show("st count", t.db.select({ c: count() }).from(orders).where(st));
  await show("type groups", t.db.select({ s: orders.status, c: count() }).from(orders).where(eq(orders.orderType, "scanner")).groupBy(orders.status));
  const cover = sql`${orders} indexed by orders_list_cover_idx`;
  await show("F search ids", t.db.select({ id: orders.id }).from(cover).where(search).orderBy(desc(orders.createdAt), desc(orders.id)).limit(25));
  await show("F search groups", t.db.select({ s: orders.status, c: count() }).from(cover).where(search).groupBy(orders.status));
  await show("F st ids", t.db.select({ id: orders.id }).from(cover).where(st).orderBy(desc(orders.createdAt), desc(orders.id)).limit(25));
  console.log(t.db.select({ id: orders.id }).from(cover).where(st).toSQL().sql);
  t.close();
});
