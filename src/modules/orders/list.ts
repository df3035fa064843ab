import { and, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orderItems, orders } from "../../../db/schema";
import { badRequest } from "../../shared/errors";
import { containsInsensitive } from "../../shared/like";
import { ORDER_STATUSES, ORDER_TYPES } from "../../shared/order-constants";
import { serializeOrderSummary } from "./serialize";

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

/** Repeated (?status=a&status=b) and comma-separated (?status=a,b) forms both work; blanks are ignored. */
function listParam(params: URLSearchParams, key: string): string[] {
  return params
    .getAll(key)
    .concat(params.getAll(`${key}[]`))
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
}

function positiveInteger(raw: string | null, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === null || raw.trim() === "") return fallback;
  const text = raw.trim();
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw badRequest(`${name} must be a positive whole number.`);
  const value = Number(text);
  if (value > max) throw badRequest(`${name} must be at most ${max}.`);
  return value;
}

function isoDay(raw: string | null, name: string): string | null {
  if (raw === null || raw.trim() === "") return null;
  const text = raw.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(`${text}T00:00:00.000Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw badRequest(`${name} must be a date in the form YYYY-MM-DD.`);
  }
  return text;
}

export function parseOrderListQuery(url: string): OrderListQuery {
  const params = new URL(url).searchParams;
  const allowedSorts = ORDER_SORTS.map((sort) => sort.value as string);
  const sort = params.get("sort")?.trim() || "-created_at";
  if (!allowedSorts.includes(sort)) throw badRequest(`Unknown sort "${sort.slice(0, 60)}". Use one of: ${allowedSorts.join(", ")}.`);
  const statuses = listParam(params, "status");
  const knownStatuses = ORDER_STATUSES.map((status) => status.value as string);
  for (const status of statuses) {
    if (!knownStatuses.includes(status)) throw badRequest(`Unknown status "${status.slice(0, 60)}". Use one of: ${knownStatuses.join(", ")}.`);
  }
  const orderTypes = listParam(params, "order_type");
  const knownTypes = ORDER_TYPES.map((type) => type.value as string);
  for (const type of orderTypes) {
    if (!knownTypes.includes(type)) throw badRequest(`Unknown order type "${type.slice(0, 60)}". Use one of: ${knownTypes.join(", ")}.`);
  }
  const dateFrom = isoDay(params.get("date_from"), "date_from");
  const dateTo = isoDay(params.get("date_to"), "date_to");
  if (dateFrom && dateTo && dateFrom > dateTo) throw badRequest("date_from must not be after date_to.");
  const search = params.get("search")?.trim() || null;
  if (search && search.length > 200) throw badRequest("search must be at most 200 characters.");
  return {
    page: positiveInteger(params.get("page"), "page", 1),
    perPage: positiveInteger(params.get("per_page"), "per_page", DEFAULT_PER_PAGE, MAX_PER_PAGE),
    sort,
    statuses,
    orderTypes,
    dateFrom,
    dateTo,
    search,
  };
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
}

/**
 * One page of orders. status_counts apply every filter except status itself, so the filter chips
 * can show how many orders each status would add. Dates compare the UTC ISO text of created_at,
 * date_to inclusive (created_at < the next day's midnight UTC).
 */
export async function listOrders(db: Db, query: OrderListQuery) {
  const base: SQL[] = [];
  if (query.orderTypes.length) base.push(inArray(orders.orderType, query.orderTypes));
  if (query.dateFrom) base.push(gte(orders.createdAt, `${query.dateFrom}T00:00:00.000Z`));
  if (query.dateTo) base.push(lt(orders.createdAt, nextDay(query.dateTo)));
  if (query.search) base.push(or(containsInsensitive(orders.orderNumber, query.search), containsInsensitive(orders.customerEmail, query.search))!);
  const filtered = query.statuses.length ? [...base, inArray(orders.status, query.statuses)] : base;
  const where = filtered.length ? and(...filtered) : undefined;

  const descending = query.sort.startsWith("-");
  const column = SORT_COLUMNS[query.sort.replace(/^-/, "")]!;
  const direction = descending ? sql`desc` : sql`asc`;

  // SQLite's planner (without ANALYZE statistics) picks a single-column index and then reads
  // each wide row to test the other filters. With a search or combined filters the covering
  // index answers from index entries alone, so it is named explicitly.
  // Status and type alone are left to the planner: orders_type_status_created_idx seeks on both.
  const dated = Boolean(query.dateFrom || query.dateTo);
  const kinds = [query.statuses.length, query.orderTypes.length, dated].filter(Boolean).length;
  const cover = sql`${orders} indexed by orders_list_cover_idx`;
  const listFrom = query.search || (kinds >= 2 && dated) ? cover : sql`${orders}`;
  const groupFrom = query.search || dated ? cover : sql`${orders}`;
  const whereSql = where ? sql` where ${where}` : sql``;
  const baseWhere = base.length ? sql` where ${and(...base)}` : sql``;

  // Two phases: pick one page of ids on narrow (index-covered) columns, then read those rows.
  // The total needs no query of its own: status counts apply every other filter, so the total
  // is their sum over the selected statuses (all of them when none is selected).
  const [page, statusRows] = await Promise.all([
    db.all<{ id: number }>(
      sql`select ${orders.id} as id from ${listFrom}${whereSql} order by ${column} ${direction}, ${orders.id} ${direction} limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`,
    ),
    db.all<{ status: string; count: number }>(sql`select ${orders.status} as status, count(*) as count from ${groupFrom}${baseWhere} group by ${orders.status}`),
  ]);
  const ids = page.map((row) => row.id);
  // Qualified by hand: in a one-table select drizzle writes ${orders.id} as a bare "id", which inside
  // the subquery means order_items.id (a constant count for every row, and a scan of order_items).
  const itemsCount = sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${orders}."id")`;
  const fetched = ids.length ? await db.select({ order: orders, itemsCount }).from(orders).where(inArray(orders.id, ids)) : [];
  const byId = new Map(fetched.map((row) => [row.order.id, row]));
  const rows = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);

  const statusCounts = Object.fromEntries(ORDER_STATUSES.map((status) => [status.value, 0])) as Record<string, number>;
  let total = 0;
  for (const row of statusRows) {
    statusCounts[row.status] = Number(row.count);
    if (!query.statuses.length || query.statuses.includes(row.status)) total += Number(row.count);
  }

  return {
    results: rows.map(({ order, itemsCount }) => ({ ...serializeOrderSummary(order), items_count: Number(itemsCount) })),
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
    summary: { status_counts: statusCounts },
  };
}
