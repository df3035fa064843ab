import { and, gte, inArray, lt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orderItems, orders } from "../../../db/schema";
import { badRequest } from "../../shared/errors";
import { ORDER_STATUSES, ORDER_TYPES } from "../../../common/order-constants";
import type { Static } from "@sinclair/typebox";
import type { OrderListAnswer } from "../../../common/api/orders";
import type { OrderListWire } from "./model";
import { serializeOrderSummary, type OrderRow } from "./serialize";

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export const ORDER_SORTS = [
  { value: "-created_at", label: "Newest first" },
  { value: "created_at", label: "Oldest first" },
  { value: "-updated_at", label: "Recently updated" },
  { value: "updated_at", label: "Least recently updated" },
  { value: "order_number", label: "Order number (A–Z)" },
  { value: "-order_number", label: "Order number (Z–A)" },
  { value: "-total_amount", label: "Total (high to low)" },
  { value: "total_amount", label: "Total (low to high)" },
  { value: "status", label: "Status (workflow order)" },
  { value: "-status", label: "Status (reverse workflow order)" },
] as const;

// Status sorts follow the workflow (draft → cancelled), not the alphabet.
const statusRank = sql`case ${orders.status} ${sql.join(
  ORDER_STATUSES.map((status, index) => sql`when ${status.value} then ${index}`),
  sql` `,
)} else 99 end`;

const SORT_COLUMNS: Record<string, SQL | AnyColumn> = {
  created_at: orders.createdAt,
  updated_at: orders.updatedAt,
  order_number: orders.orderNumber,
  total_amount: orders.totalCents,
  status: statusRank,
};

export type OrderListQuery = {
  page: number;
  perPage: number;
  sort: string;
  statuses: string[];
  orderTypes: string[];
  dateFrom: string | null;
  dateTo: string | null;
  search: string | null;
};

type ListWire = Static<typeof OrderListWire>;

/** Repeated (?status=a&status=b), bracketed (?status[]=a) and comma-separated (?status=a,b) forms all work; blanks are ignored. */
function listParam(query: ListWire, key: "status" | "order_type"): string[] {
  return [...(query[key] ?? []), ...(query[`${key}[]`] ?? [])]
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
}

function positiveInteger(raw: string | undefined, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  const text = raw.trim();
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw badRequest(`${name} must be a positive whole number.`);
  const value = Number(text);
  if (value > max) throw badRequest(`${name} must be at most ${max}.`);
  return value;
}

function isoDay(raw: string | undefined, name: string): string | null {
  if (raw === undefined || raw.trim() === "") return null;
  const text = raw.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(`${text}T00:00:00.000Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw badRequest(`${name} must be a date in the form YYYY-MM-DD.`);
  }
  return text;
}

/** The list rules of OrderListQuerySchema (model.ts): Elysia has checked the shape, these the values. */
export function toOrderListQuery(query: ListWire): OrderListQuery {
  const allowedSorts = ORDER_SORTS.map((sort) => sort.value as string);
  const sort = query.sort?.trim() || "-created_at";
  if (!allowedSorts.includes(sort)) throw badRequest(`Unknown sort "${sort.slice(0, 60)}". Use one of: ${allowedSorts.join(", ")}.`);
  const statuses = listParam(query, "status");
  const knownStatuses = ORDER_STATUSES.map((status) => status.value as string);
  for (const status of statuses) {
    if (!knownStatuses.includes(status)) throw badRequest(`Unknown status "${status.slice(0, 60)}". Use one of: ${knownStatuses.join(", ")}.`);
  }
  const orderTypes = listParam(query, "order_type");
  const knownTypes = ORDER_TYPES.map((type) => type.value as string);
  for (const type of orderTypes) {
    if (!knownTypes.includes(type)) throw badRequest(`Unknown order type "${type.slice(0, 60)}". Use one of: ${knownTypes.join(", ")}.`);
  }
  const dateFrom = isoDay(query.date_from, "date_from");
  const dateTo = isoDay(query.date_to, "date_to");
  if (dateFrom && dateTo && dateFrom > dateTo) throw badRequest("date_from must not be after date_to.");
  const search = query.search?.trim() || null;
  if (search && search.length > 200) throw badRequest("search must be at most 200 characters.");
  return {
    page: positiveInteger(query.page, "page", 1),
    perPage: positiveInteger(query.per_page, "per_page", DEFAULT_PER_PAGE, MAX_PER_PAGE),
    sort,
    statuses,
    orderTypes,
    dateFrom,
    dateTo,
    search,
  };
}

/** The same rules over a URL, for callers outside a request (bench/load/server-time.ts). */
export function parseOrderListQuery(url: string): OrderListQuery {
  const params = new URL(url).searchParams;
  const one = (key: "page" | "per_page" | "sort" | "date_from" | "date_to" | "search") => params.get(key) ?? undefined;
  return toOrderListQuery({
    page: one("page"),
    per_page: one("per_page"),
    sort: one("sort"),
    status: params.getAll("status"),
    "status[]": params.getAll("status[]"),
    order_type: params.getAll("order_type"),
    "order_type[]": params.getAll("order_type[]"),
    date_from: one("date_from"),
    date_to: one("date_to"),
    search: one("search"),
  });
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
}

/** Shorter searches cannot use the trigram index (every trigram needs three characters). */
export const MIN_INDEXED_SEARCH = 3;

/** Trigrams are three Unicode characters (code points, not UTF-16 units: "😀😀" is two). */
const usesIndex = (search: string) => [...search].length >= MIN_INDEXED_SEARCH;

/**
 * The user's text as one FTS5 phrase: inside double quotes every character is literal (a doubled
 * quote is a quote), so `%`, `_`, `*`, `-` or `OR` are searched for, not interpreted.
 */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

// Text sorts above every other character that can follow a prefix (code point U+10FFFF).
const PREFIX_END = "\u{10FFFF}";

type SearchPlan = {
  /** The filter on orders. */
  condition: SQL;
  /** More matches than WALK_ABOVE_MATCHES: find the page by walking the sort order. */
  many: boolean;
  /** Where few matches are looked up one by one: entries with status, type and date. */
  seekFrom: SQL;
};

/**
 * A search of three characters or more is a substring match through orders_fts (FTS5, trigram
 * tokenizer: order number, customer e-mail, customer name, notes; kept in sync by triggers, see
 * db/migrations/*_orders_fts.sql). One or two characters have no trigram: they match the start of
 * the order number or of the customer e-mail, as typed, in upper or in lower case, which the
 * order-number and e-mail indexes answer with range seeks.
 */
async function searchPlan(db: Db, search: string): Promise<SearchPlan> {
  if (usesIndex(search)) {
    const phrase = ftsPhrase(search);
    // One pass over the index, stopped one past the threshold: few matches come back as their ids
    // (one text value, not a row each), so the page and the counts do not run the match again.
    const [found] = await db.all<{ ids: string | null; matches: number }>(
      sql`select group_concat(rowid) as ids, count(*) as matches from (select rowid from orders_fts where orders_fts match ${phrase} limit ${WALK_ABOVE_MATCHES + 1})`,
    );
    if (Number(found?.matches ?? 0) > WALK_ABOVE_MATCHES) {
      return { condition: sql`${orders.id} in (select rowid from orders_fts where orders_fts match ${phrase})`, many: true, seekFrom: sql`${orders}` };
    }
    return {
      condition: sql`${orders.id} in (select value from json_each(${`[${found?.ids ?? ""}]`}))`,
      many: false,
      seekFrom: sql`${orders} indexed by orders_id_cover_idx`,
    };
  }
  const variants = [...new Set([search, search.toUpperCase(), search.toLowerCase()])];
  const ranges = [orders.orderNumber, orders.customerEmail].flatMap((column) => variants.map((text) => sql`(${column} >= ${text} and ${column} < ${text + PREFIX_END})`));
  const condition = sql`(${sql.join(ranges, sql` or `)})`;
  const [{ matches }] = await db.all<{ matches: number }>(sql`select count(*) as matches from (select ${orders.id} from ${orders} where ${condition} limit ${WALK_ABOVE_MATCHES + 1})`);
  return { condition, many: Number(matches) > WALK_ABOVE_MATCHES, seekFrom: sql`${orders}` };
}

// Status counts that cannot come from order_status_counts (a date range or a search) are cached
// per filter set and per orders_revision, a counter the orders triggers bump on every insert,
// update and delete: any write, from any module or any app instance on the same database, makes
// the next request recount. Bounded so varied searches cannot grow it without limit.
const COUNT_CACHE_MAX = 200;
type CountCache = { revision: number; entries: Map<string, Record<string, number>> };
const countCaches = new WeakMap<object, CountCache>();

async function ordersRevision(db: Db): Promise<number> {
  const [row] = await db.all<{ revision: number }>(sql`select revision from orders_revision where id = 1`);
  return Number(row?.revision ?? 0);
}

async function cachedCounts(db: Db, key: string, count: () => Promise<Record<string, number>>): Promise<Record<string, number>> {
  const revision = await ordersRevision(db);
  let cache = countCaches.get(db);
  if (!cache || cache.revision !== revision) {
    cache = { revision, entries: new Map() };
    countCaches.set(db, cache);
  }
  const hit = cache.entries.get(key);
  if (hit) {
    // Map order is insertion order: re-inserting keeps the most recently used last.
    cache.entries.delete(key);
    cache.entries.set(key, hit);
    return hit;
  }
  const counted = await count();
  if (cache.revision === revision) {
    cache.entries.set(key, counted);
    if (cache.entries.size > COUNT_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!);
  }
  return counted;
}

/** Drops cached counts (tests and the bench compare cold and warm requests). */
export function clearOrderCountCache(db: Db): void {
  countCaches.delete(db);
}

const toCounts = (rows: { status: string; count: number }[]) => Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));

/** How many orders each status holds under the filters other than status. */
async function statusCounts(db: Db, query: OrderListQuery, baseWhere: SQL): Promise<Record<string, number>> {
  if (!query.search && !query.dateFrom && !query.dateTo) {
    // Kept by the orders triggers per (order type, status, production status): a few rows, whatever
    // the table size.
    const byType = query.orderTypes.length ? sql` where order_type in (${sql.join(query.orderTypes.map((type) => sql`${type}`), sql`, `)})` : sql``;
    return toCounts(await db.all(sql`select status, sum(count) as count from order_status_counts${byType} group by status`));
  }
  const key = JSON.stringify([query.search, query.orderTypes.slice().sort(), query.dateFrom, query.dateTo]);
  return cachedCounts(db, key, async () => {
    // A search's matches are looked up by id through the narrow id-keyed index; a date range walks
    // the created_at-led covering index. Either way no wide row (layout JSON) is read.
    const from = query.search && usesIndex(query.search) ? sql`${orders} indexed by orders_id_cover_idx` : query.search ? sql`${orders}` : sql`${orders} indexed by orders_list_cover_idx`;
    return toCounts(await db.all(sql`select ${orders.status} as status, count(*) as count from ${from}${baseWhere} group by ${orders.status}`));
  });
}

// Above this many matches a search's page is found by walking the sort order and testing each id
// against the match set (stops after one page); below it, by looking each match up and sorting.
const WALK_ABOVE_MATCHES = 1_500;

/** The list row: every column but the layout and calculator payload (kilobytes of JSON each). */
const LIST_COLUMNS = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  userId: orders.userId,
  projectId: orders.projectId,
  customerEmail: orders.customerEmail,
  orderType: orders.orderType,
  status: orders.status,
  productionStatus: orders.productionStatus,
  fileStatus: orders.fileStatus,
  fileError: orders.fileError,
  priority: orders.priority,
  currency: orders.currency,
  notes: orders.notes,
  subtotalCents: orders.subtotalCents,
  totalCents: orders.totalCents,
  materialId: orders.materialId,
  catalogBoxId: orders.catalogBoxId,
  issueReason: orders.issueReason,
  productionStartAt: orders.productionStartAt,
  fulfilledAt: orders.fulfilledAt,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  // The file status shown depends only on whether a layout exists; SQLite answers that in C.
  hasLayout: sql<number>`(json_type(${orders.layout}, '$.foam') = 'object' and json_type(${orders.layout}, '$.pockets') = 'array')`,
  // Qualified by hand: in a one-table select drizzle writes ${orders.id} as a bare "id", which inside
  // the subquery means order_items.id (a constant count for every row, and a scan of order_items).
  itemsCount: sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${orders}."id")`,
};

// Stands in for the layout in serializeOrderSummary, which only asks whether there is one.
const LAYOUT_PRESENT = Object.freeze({ foam: {}, pockets: [] });

/**
 * One page of orders. status_counts apply every filter except status itself, so the filter chips
 * can show how many orders each status would add. Dates compare the UTC ISO text of created_at,
 * date_to inclusive (created_at < the next day's midnight UTC).
 */
export async function listOrders(db: Db, query: OrderListQuery): Promise<OrderListAnswer> {
  const base: SQL[] = [];
  if (query.orderTypes.length) base.push(inArray(orders.orderType, query.orderTypes));
  if (query.dateFrom) base.push(gte(orders.createdAt, `${query.dateFrom}T00:00:00.000Z`));
  if (query.dateTo) base.push(lt(orders.createdAt, nextDay(query.dateTo)));
  const search = query.search ? await searchPlan(db, query.search) : null;
  if (search) base.push(search.condition);
  const filtered = query.statuses.length ? [...base, inArray(orders.status, query.statuses)] : base;
  const where = filtered.length ? and(...filtered) : undefined;

  const descending = query.sort.startsWith("-");
  const sortKey = query.sort.replace(/^-/, "");
  const column = SORT_COLUMNS[sortKey]!;
  const direction = descending ? sql`desc` : sql`asc`;

  // SQLite's planner (without ANALYZE statistics) picks a single-column index and then reads
  // each wide row to test the other filters. With combined filters the covering index answers
  // from index entries alone, so it is named explicitly. Status and type alone are left to the
  // planner: orders_type_status_created_idx seeks on both.
  const dated = Boolean(query.dateFrom || query.dateTo);
  const kinds = [query.statuses.length, query.orderTypes.length, dated].filter(Boolean).length;
  let listFrom = kinds >= 2 && dated ? sql`${orders} indexed by orders_list_cover_idx` : sql`${orders}`;
  if (search) {
    // Many matches: walk the sort order (created_at sorts on the covering index, which holds every
    // filter column) and stop after a page. Few: look each match up and sort what was found.
    if (!search.many) listFrom = search.seekFrom;
    else listFrom = sortKey === "created_at" ? sql`${orders} indexed by orders_list_cover_idx` : sql`${orders}`;
  }
  const whereSql = where ? sql` where ${where}` : sql``;
  const baseWhere = base.length ? sql` where ${and(...base)}` : sql``;

  // Two phases: pick one page of ids on narrow (index-covered) columns, then read those rows.
  // The total needs no query of its own: status counts apply every other filter, so the total
  // is their sum over the selected statuses (all of them when none is selected).
  const page = await db.all<{ id: number }>(
    sql`select ${orders.id} as id from ${listFrom}${whereSql} order by ${column} ${direction}, ${orders.id} ${direction} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
  );
  const counted = await statusCounts(db, query, baseWhere);
  const ids = page.map((row) => row.id);
  const fetched = ids.length ? await db.select(LIST_COLUMNS).from(orders).where(inArray(orders.id, ids)) : [];
  const byId = new Map(fetched.map((row) => [row.id, row]));

  const statusCountsOut = Object.fromEntries(ORDER_STATUSES.map((status) => [status.value, 0])) as Record<string, number>;
  let total = 0;
  for (const [status, count] of Object.entries(counted)) {
    if (!count) continue;
    statusCountsOut[status] = count;
    if (!query.statuses.length || query.statuses.includes(status)) total += count;
  }

  const results = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const { hasLayout, itemsCount, ...columns } = row;
    const summary = serializeOrderSummary({ ...columns, layout: hasLayout ? LAYOUT_PRESENT : null, calculatorPayload: null } as OrderRow);
    results.push({ ...summary, items_count: Number(itemsCount) });
  }

  return {
    results,
    pagination: {
      page: query.page,
      per_page: query.perPage,
      pages: Math.max(1, Math.ceil(total / query.perPage)),
      total,
    },
    options: {
      statuses: ORDER_STATUSES.map(({ value, label }) => ({ value, label })),
      order_types: ORDER_TYPES.map(({ value, label }) => ({ value, label })),
      sorts: ORDER_SORTS.map(({ value, label }) => ({ value, label })),
    },
    summary: { status_counts: statusCountsOut },
  };
}
