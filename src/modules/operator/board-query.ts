import type { Db } from "../../../db/client";

/**
 * The paged board as one SQL statement per request: every column's page, each card's order row,
 * first item, material and scan accuracy, and the column totals, answered by SQLite as two JSON
 * texts. Written as SQL text rather than through drizzle: at 100 000 orders the builder, six
 * statements' prepares and the row-by-row mapping of ~400 rows cost more than SQLite's own work
 * (bench/load/server-time.ts: 3.0-3.7 ms a board before, the index walks themselves ~1 ms).
 */

export const BOARD_PRIORITIES = ["urgent", "high", "normal"] as const;

/** Board position: priority rank (urgent 0, high 1, normal 2, anything else 3), then oldest first, then id. */
export type Position = { rank: number; createdAt: string; id: number };

type Args = (string | number)[];

/** Where a page of rank `rank` starts: null when the whole rank lies before the position. */
function afterPosition(position: Position | null, rank: number, args: Args): string | null {
  if (!position || rank > position.rank) return "";
  if (rank < position.rank) return null;
  args.push(position.createdAt, position.createdAt, position.id);
  return " and (created_at > ? or (created_at = ? and id > ?))";
}

/**
 * One page of a column other than Completed: each priority walks orders_board_column_idx
 * (production status, priority, created_at, id, status) in board order and stops at the page, so
 * the cost follows the page size, not the column's length. Orders with a priority outside the
 * vocabulary (hand-edited data) are a walk over the whole column, asked for only when the known
 * priorities leave room (`unlisted`).
 */
function openColumnParts(column: string, position: Position | null, limit: number, unlisted: boolean, args: Args): string[] {
  const ranks: [number, string | null][] = unlisted ? [[BOARD_PRIORITIES.length, null]] : BOARD_PRIORITIES.map((priority, rank) => [rank, priority]);
  const parts: string[] = [];
  for (const [rank, priority] of ranks) {
    const partArgs: Args = [column];
    const where = priority === null ? "priority not in ('urgent', 'high', 'normal')" : "priority = ?";
    if (priority !== null) partArgs.push(priority);
    const after = afterPosition(position, rank, partArgs);
    if (after === null) continue;
    partArgs.push(limit);
    args.push(...partArgs);
    parts.push(
      `select id, '${column}' as col, ${rank} as rank, created_at from (select id, created_at from orders indexed by orders_board_column_idx where production_status = ? and ${where} and status != 'cancelled'${after} order by created_at, id limit ?)`,
    );
  }
  return parts;
}

/**
 * Completed work inside the window, from orders_board_done_idx (production status, fulfilled_at,
 * …): a range on fulfilled_at plus the rare completed order without a fulfilment time. Two seeks:
 * SQLite would answer the OR by walking every completed order ever.
 */
function doneEntries(cutoff: string, args: Args): string {
  args.push(cutoff);
  const pick = "select id, priority, created_at from orders indexed by orders_board_done_idx where production_status = 'completed'";
  return `${pick} and fulfilled_at >= ? and status != 'cancelled' union all ${pick} and fulfilled_at is null and status != 'cancelled'`;
}

const DONE_RANK = "case priority when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end";

function doneColumnPart(cutoff: string, position: Position | null, limit: number, args: Args): string {
  const entries = doneEntries(cutoff, args);
  let after = "";
  if (position) {
    args.push(position.rank, position.rank, position.createdAt, position.createdAt, position.id);
    after = ` where rank > ? or (rank = ? and (created_at > ? or (created_at = ? and id > ?)))`;
  }
  args.push(limit);
  return `select id, 'completed' as col, rank, created_at from (select id, ${DONE_RANK} as rank, created_at from (${entries}))${after} order by rank, created_at, id limit ?`;
}

/** Cards per column: kept by the orders triggers (order_status_counts), Completed counted over its window. */
function totalsSelect(cutoff: string, args: Args): string {
  const open = "select production_status, sum(count) as count from order_status_counts where status != 'cancelled' and production_status != 'completed' group by production_status";
  return `select json_group_object(production_status, count) from (${open} union all select 'completed', count(*) from (${doneEntries(cutoff, args)}))`;
}

/** A card's inputs as SQLite sends them (json_array in CARD_FIELDS' order). */
export type BoardCardRow = {
  col: string;
  id: number;
  orderNumber: string;
  customerEmail: string;
  orderType: string;
  status: string;
  productionStatus: string;
  fileStatus: string;
  fileError: string | null;
  priority: string;
  materialId: number | null;
  issueReason: string | null;
  productionStartAt: string | null;
  fulfilledAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Stored size of the layout JSON; null without one (the layout itself comes from the cache). */
  layoutBytes: number | null;
  /** The first item (by position, then id): null when the order has none. */
  item: { description: string; metadata: Record<string, unknown> | null } | null;
  material: { name: string; densityKgM3: number | null } | null;
  /** calibration_payload.accuracy_mm of each of a scanner order's jobs, as stored; null for other orders. */
  accuracies: unknown[] | null;
};

// The first item: order_items_order_idx and a sort of the order's few items (a (order_id, position)
// index measured no faster at 100 000 orders). The accuracies are read for scanner orders only, as
// scanAccuracyMm does.
const CARD_SELECT = `select json_group_array(json_array(
    p.col, o.id, o.order_number, o.customer_email, o.order_type, o.status, o.production_status, o.file_status, o.file_error,
    o.priority, o.material_id, o.issue_reason, o.production_start_at, o.fulfilled_at, o.created_at, o.updated_at, octet_length(o.layout),
    i.id, i.description, json(i.metadata), m.id, m.name, m.density_kg_m3,
    case when o.order_type = 'scanner' then (select json_group_array(json(j.calibration_payload -> '$.accuracy_mm')) from scanner_jobs j where j.order_id = o.id) end
  ) order by p.col, p.n)
  from paged p join orders o on o.id = p.id
  left join order_items i on i.id = (select x.id from order_items x where x.order_id = o.id order by x.position, x.id limit 1)
  left join materials m on m.id = o.material_id`;

type RawCard = [
  string, number, string, string, string, string, string, string, string | null,
  string, number | null, string | null, string | null, string | null, string, string, number | null,
  number | null, string | null, Record<string, unknown> | null, number | null, string | null, number | null,
  unknown[] | null,
];

function decodeCard(raw: RawCard): BoardCardRow {
  const [col, id, orderNumber, customerEmail, orderType, status, productionStatus, fileStatus, fileError, priority, materialId, issueReason, productionStartAt, fulfilledAt, createdAt, updatedAt, layoutBytes, itemId, description, metadata, materialRowId, materialName, density, accuracies] = raw;
  return {
    col,
    id,
    orderNumber,
    customerEmail,
    orderType,
    status,
    productionStatus,
    fileStatus,
    fileError,
    priority,
    materialId,
    issueReason,
    productionStartAt,
    fulfilledAt,
    createdAt,
    updatedAt,
    layoutBytes,
    item: itemId === null ? null : { description: description ?? "", metadata },
    material: materialRowId === null ? null : { name: materialName ?? "", densityKgM3: density },
    accuracies,
  };
}

export type BoardPageQuery = {
  columns: string[];
  cutoff: string;
  position: Position | null;
  /** Cards wanted per column plus one, to tell whether there is more. */
  limit: number;
  /** Only the priorities outside the vocabulary (the follow-up for columns that did not fill). */
  unlisted?: boolean;
  /** Also answer the column totals. */
  withTotals?: boolean;
};

/** Up to `limit` card rows per column, in board order per column; the totals when asked. */
export async function boardPage(db: Db, query: BoardPageQuery): Promise<{ cards: BoardCardRow[]; totals: Record<string, number> | null }> {
  const args: Args = [];
  const parts = query.columns.flatMap((column) =>
    column === "completed" ? (query.unlisted ? [] : [doneColumnPart(query.cutoff, query.position, query.limit, args)]) : openColumnParts(column, query.position, query.limit, query.unlisted === true, args),
  );
  const totalsArgs: Args = [];
  const totals = query.withTotals ? `(${totalsSelect(query.cutoff, totalsArgs)})` : "null";
  if (!parts.length && !query.withTotals) return { cards: [], totals: null };
  const picked = parts.length ? parts.map((part) => `select * from (${part})`).join(" union all ") : "select null as id, null as col, null as rank, null as created_at where 0";
  const text = `with picked as (${picked}), paged as (select id, col, row_number() over (partition by col order by rank, created_at, id) as n from picked)
    select ${totals} as totals, (${CARD_SELECT} where p.n <= ?) as cards`;
  const result = await db.$client.execute({ sql: text, args: [...args, ...totalsArgs, query.limit] });
  const row = result.rows[0] as unknown as { totals: string | null; cards: string | null } | undefined;
  const cards = row?.cards ? (JSON.parse(row.cards) as RawCard[]).map(decodeCard) : [];
  const parsedTotals = row?.totals ? (JSON.parse(row.totals) as Record<string, number>) : query.withTotals ? {} : null;
  return { cards, totals: parsedTotals };
}

/** The largest positive accuracy (± mm) over a scanner order's jobs, as scanAccuracyMm reads it. */
export function largestAccuracy(values: unknown[] | null): number | null {
  if (!values) return null;
  let largest = 0;
  for (const value of values) {
    const number = Number(value);
    if (Number.isFinite(number) && number > 0) largest = Math.max(largest, number);
  }
  return largest > 0 ? largest : null;
}

/**
 * The card rows of these orders, in this order (the plain board's 500 ids): one statement instead
 * of the wide rows, the items, the materials and the scan jobs read and mapped separately.
 */
export async function cardRows(db: Db, ids: number[]): Promise<BoardCardRow[]> {
  if (!ids.length) return [];
  const text = `with paged as (select value as id, '' as col, key as n from json_each(?)) select (${CARD_SELECT}) as cards`;
  const result = await db.$client.execute({ sql: text, args: [JSON.stringify(ids)] });
  const cards = (result.rows[0] as unknown as { cards: string | null } | undefined)?.cards;
  return cards ? (JSON.parse(cards) as RawCard[]).map(decodeCard) : [];
}
