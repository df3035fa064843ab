import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { materials, orderItems, orders, scannerJobs } from "../../../db/schema";
import { demoLayout } from "../../../db/seed/demo-layout";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { sessionToken } from "../../../tests/security/support";
import { loadCard, parseBoardQuery } from "./service";

setDefaultTimeout(30_000);

type Card = { id: number; priority: string; createdAt: string; productionStatus: string; status: string; fulfilledAt: string | null };
type Column = { status: string; label: string; total: number; cards: Card[]; has_more: boolean; next_after: number | null };

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await sessionToken(t, "admin@demo.foam");
});
afterAll(() => t.close());

const get = (query: string) => t.request("GET", `/api/operator/dashboard${query}`, { token });
const RANK: Record<string, number> = { urgent: 0, high: 1, normal: 2 };
const boardOrder = (a: Card, b: Card) => (RANK[a.priority] ?? 3) - (RANK[b.priority] ?? 3) || a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

describe("parseBoardQuery", () => {
  test("defaults and limits", () => {
    expect(parseBoardQuery({})).toEqual({ perColumn: 25, column: null, after: null });
    expect(parseBoardQuery({ per_column: "100", column: "issue", after: "7" })).toEqual({ perColumn: 100, column: "issue", after: 7 });
    expect(() => parseBoardQuery({ per_column: "101" })).toThrow("per_column must be at most 100.");
    expect(() => parseBoardQuery({ per_column: "0" })).toThrow("per_column must be a positive whole number.");
    expect(() => parseBoardQuery({ column: "done" })).toThrow('Unknown column "done"');
    expect(() => parseBoardQuery({ after: "5" })).toThrow("after needs column");
    expect(() => parseBoardQuery({ column: "pending", after: "x" })).toThrow("after must be an order id.");
  });
});

describe("GET /api/operator/dashboard, paged per column (issue 17)", () => {
  test("without parameters the answer is still the plain array", async () => {
    const answer = await get("");
    expect(answer.status).toBe(200);
    expect(Array.isArray(answer.json)).toBe(true);
  });

  test("the grouped board holds exactly the plain board's cards, per column, in board order, with totals", async () => {
    // More work in one column than a page: 7 extra pending orders of mixed priority.
    for (const priority of ["normal", "urgent", "high", "urgent", "normal", "high", "normal"]) {
      const created = await t.request("POST", "/api/admin/orders", { token, body: { customer_email: "paging@example.com", priority, items: [{ description: "Insert", quantity: 1, unit_price: "1.00" }] } });
      expect(created.status, created.text).toBe(201);
    }
    // Out of scope: cancelled work, and work completed long ago.
    const old = await t.request("POST", "/api/admin/orders", { token, body: { customer_email: "old@example.com", production_status: "completed" } });
    await t.db.update(orders).set({ fulfilledAt: "2020-01-01T00:00:00.000Z" }).where(eq(orders.id, old.json.id));
    const cancelled = await t.request("POST", "/api/admin/orders", { token, body: { customer_email: "gone@example.com", status: "cancelled" } });

    const plain = (await get("")).json as Card[];
    const grouped = await get("?per_column=100");
    expect(grouped.status, grouped.text).toBe(200);
    const columns = grouped.json.columns as Column[];
    expect(columns.map((column) => column.status)).toEqual(["pending", "preparing", "in_progress", "completed", "issue"]);
    for (const column of columns) {
      const expected = plain.filter((card) => card.productionStatus === column.status);
      expect(column.cards.map((card) => card.id)).toEqual(expected.slice().sort(boardOrder).map((card) => card.id));
      expect(column.total).toBe(expected.length);
      expect(column.has_more).toBe(false);
    }
    const shown = columns.flatMap((column) => column.cards.map((card) => card.id));
    expect(shown).not.toContain(old.json.id);
    expect(shown).not.toContain(cancelled.json.id);

    // Paging one column with next_after walks it in order, each card once.
    const pending = columns.find((column) => column.status === "pending")!;
    expect(pending.total).toBeGreaterThan(3);
    const walked: number[] = [];
    let page = (await get("?per_column=3")).json.columns.find((column: Column) => column.status === "pending") as Column;
    for (;;) {
      expect(page.cards.length).toBeLessThanOrEqual(3);
      walked.push(...page.cards.map((card) => card.id));
      if (!page.has_more) break;
      expect(page.next_after).toBe(page.cards.at(-1)!.id);
      const next = await get(`?column=pending&per_column=3&after=${page.next_after}`);
      expect(next.status, next.text).toBe(200);
      expect(next.json.columns.map((column: Column) => column.status)).toEqual(["pending"]);
      page = next.json.columns[0];
      expect(page.total).toBe(pending.total);
    }
    expect(walked).toEqual(pending.cards.map((card) => card.id));

    // The Completed column pages the same way.
    const completed = columns.find((column) => column.status === "completed")!;
    const firstDone = (await get("?column=completed&per_column=1")).json.columns[0] as Column;
    expect(firstDone.cards.map((card) => card.id)).toEqual(completed.cards.slice(0, 1).map((card) => card.id));
    if (completed.cards.length > 1) {
      const secondDone = (await get(`?column=completed&per_column=1&after=${firstDone.next_after}`)).json.columns[0] as Column;
      expect(secondDone.cards.map((card) => card.id)).toEqual([completed.cards[1]!.id]);
    }

    // Column totals follow writes (kept by the orders triggers).
    const moved = pending.cards[0]!;
    const patched = await t.request("PATCH", `/api/operator/orders/${moved.id}/production-status`, { token, body: { status: "issue" } });
    expect(patched.status, patched.text).toBe(200);
    const after = (await get("?per_column=1")).json.columns as Column[];
    expect(after.find((column) => column.status === "pending")!.total).toBe(pending.total - 1);
    expect(after.find((column) => column.status === "issue")!.total).toBe(columns.find((column) => column.status === "issue")!.total + 1);
  });

  test("a card follows its order's layout (the board keeps parsed layouts between requests)", async () => {
    const created = await t.request("POST", "/api/admin/orders", { token, body: { customer_email: "layout@example.com", priority: "urgent", items: [{ description: "Insert", quantity: 1, unit_price: "1.00" }] } });
    const id = created.json.id as number;
    const cardOf = async () => {
      const columns = (await get("?column=pending&per_column=100")).json.columns as { cards: (Card & { dimensions: string | null; estimatedTime: number | null })[] }[];
      return columns[0]!.cards.find((card) => card.id === id)!;
    };
    expect((await cardOf()).estimatedTime).toBeNull();
    const stamp = "2030-01-01T00:00:00.000Z";
    await t.db.update(orders).set({ layout: demoLayout(400, 300, 2), updatedAt: stamp }).where(eq(orders.id, id));
    const first = await cardOf();
    expect(first.dimensions).toContain("400 × 300");
    expect(first.estimatedTime).toBeGreaterThan(0);
    // Changed without a new updated_at (a hand edit): the stored size differs, so it is read again.
    await t.db.update(orders).set({ layout: demoLayout(500, 350, 4), updatedAt: stamp }).where(eq(orders.id, id));
    expect((await cardOf()).dimensions).toContain("500 × 350");
    await t.db.update(orders).set({ layout: null, updatedAt: stamp }).where(eq(orders.id, id));
    expect((await cardOf()).estimatedTime).toBeNull();
  });

  test("an order with a priority outside the vocabulary shows last in its column, and paging reaches it and goes past it", async () => {
    const make = async (priority: string) => (await t.request("POST", "/api/admin/orders", { token, body: { customer_email: "odd@example.com", priority, production_status: "preparing", items: [{ description: "Insert", quantity: 1, unit_price: "1.00" }] } })).json.id as number;
    const odd = await make("normal");
    const later = await make("normal");
    await t.db.update(orders).set({ priority: "someday" }).where(eq(orders.id, odd));
    const column = (await get("?column=preparing&per_column=100")).json.columns[0] as Column;
    expect(column.cards.at(-1)!.id).toBe(odd);
    expect(column.cards.map((card) => card.id)).toContain(later);
    const index = column.cards.findIndex((card) => card.id === later);
    const next = (await get(`?column=preparing&per_column=5&after=${later}`)).json.columns[0] as Column;
    expect(next.cards.map((card) => card.id)).toEqual(column.cards.slice(index + 1, index + 6).map((card) => card.id));
    const past = (await get(`?column=preparing&per_column=5&after=${odd}`)).json.columns[0] as Column;
    expect(past.cards).toEqual([]);
    expect(past.has_more).toBe(false);
  });

  test("every card equals the single-card answer (loadCard) for items, materials, layouts and scan accuracy", async () => {
    const make = async (body: Record<string, unknown>) => (await t.request("POST", "/api/admin/orders", { token, body: { customer_email: "cards@example.com", ...body } })).json.id as number;
    const [material] = await t.db.select({ id: materials.id }).from(materials).limit(1);
    const plain = await make({ items: [{ description: "Insert", quantity: 1, unit_price: "1.00" }] });
    const noItems = await make({ priority: "high" });
    const reordered = await make({ priority: "urgent", items: [{ description: "Second", quantity: 1, unit_price: "1.00" }, { description: "First", quantity: 1, unit_price: "1.00" }] });
    const scanner = await make({ priority: "urgent", items: [{ description: "Scanned", quantity: 1, unit_price: "1.00" }] });
    await t.db.update(orderItems).set({ position: 9 }).where(and(eq(orderItems.orderId, reordered), eq(orderItems.description, "Second")));
    await t.db.update(orderItems).set({ metadata: null }).where(eq(orderItems.orderId, plain));
    await t.db.update(orders).set({ materialId: material!.id }).where(eq(orders.id, plain));
    await t.db.update(orders).set({ orderType: "scanner", layout: demoLayout(420, 310, 3) }).where(eq(orders.id, scanner));
    for (const payload of [{ accuracy_mm: 0.8 }, { accuracy_mm: "1.4" }, { accuracy_mm: -2 }, null, { other: 1 }]) {
      await t.db.insert(scannerJobs).values({ orderId: scanner, status: "completed", calibrationPayload: payload });
    }
    const columns = (await get("?per_column=100")).json.columns as { cards: { id: number }[] }[];
    const cards = columns.flatMap((column) => column.cards);
    for (const id of [plain, noItems, reordered, scanner]) expect(cards.map((card) => card.id)).toContain(id);
    for (const card of cards) expect(JSON.parse(JSON.stringify(await loadCard(t.db, card.id)))).toEqual(card);
    const byId = new Map(cards.map((card) => [card.id, card as unknown as Record<string, unknown>]));
    expect(byId.get(scanner)!.scanAccuracyMm).toBe(1.4);
    expect(byId.get(reordered)!.productName).toBe("First");
    expect(byId.get(noItems)!.productName).toBe("Custom Order");
    // The plain array holds the same cards.
    const array = (await get("")).json as Record<string, unknown>[];
    for (const card of array) expect(card).toEqual(byId.get(card.id as number) ?? card);
  });

  test("bad parameters are a 400 with a detail", async () => {
    for (const query of ["?per_column=500", "?per_column=abc", "?column=nowhere", "?after=3", "?column=pending&after=-1", "?column=pending&after=999999"]) {
      const answer = await get(query);
      expect(answer.status, query).toBe(400);
      expect(typeof answer.json.detail).toBe("string");
    }
  });
});
