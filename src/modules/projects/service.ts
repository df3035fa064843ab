import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { materials, orderEvents, orderItems, orders, projects } from "../../../db/schema";
import type { AuthUser } from "../../shared/auth";
import { AppError, conflict, notFound } from "../../shared/errors";
import { centsToDecimal } from "../../../common/money";
import { labelOf, ORDER_STATUSES, PRODUCTION_STATUSES } from "../../../common/order-constants";
import { calculatePrice, calculatorQuoteLines, type QuoteLine } from "../../../common/pricing";
import { nowIso } from "../../../common/time";
import { area, perimeter, readLayout } from "../cutting-files/layout";
import { invalidateCuttingFile } from "../cutting-files/service";
import { changeOrderStatus } from "../orders/change-order-status";
import { appendEvent, type Actor, type DbLike } from "../orders/events";
import { effectiveFileStatus } from "../orders/file-status";
import type { OrderRow } from "../orders/serialize";
import { generateOrderNumber, loadOrderRow } from "../orders/service";
import { DEFAULT_FOAM, isStaff, newReferenceCode } from "../scanner-jobs/service";
import { parseDrawing, type Loop } from "./layout-file";
import { scanAccuracyMm } from "./scan-accuracy";

export { scanAccuracyMm };
import { MISSING_FOAM, type CalculatorChoice, type QuoteAdjustment } from "./input";
import { adjustedLines, assertCuttable, itemsToLines, linesToItems, priceOrderLayout, writeLines } from "./quote";

export const PROJECT_NOT_FOUND = "Project not found.";

/** What the customer's timeline shows, in their words; other events stay in the admin's audit trail. */
const TIMELINE_LABELS: Record<string, string> = {
  created: "Project created",
  submitted_for_processing: "Layout submitted",
  quote_priced: "Quote priced",
  quote_adjusted: "Quote adjusted",
  quote_sent: "Quote sent",
  quote_accepted: "Quote accepted",
  quote_declined: "Quote declined",
  layout_attached: "Layout attached",
  file_generated: "Cutting file ready",
  production_started: "Production started",
  production_completed: "Production completed",
  status_changed: "Status changed",
};

const actorOf = (user: AuthUser): Actor => ({ id: user.id, email: user.email });

async function projectAndOrder(db: Db, user: AuthUser, projectId: number) {
  const project = await db.query.projects.findFirst({ where: eq(projects.id, projectId) });
  if (!project || (!isStaff(user) && project.userId !== user.id)) throw notFound(PROJECT_NOT_FOUND);
  const order = await db.query.orders.findFirst({ where: eq(orders.projectId, project.id), orderBy: desc(orders.id) });
  return { project, order };
}

/** GET /projects/{id}: the customer's project page (own projects only; staff see any). */
export async function loadProject(db: Db, user: AuthUser, projectId: number) {
  const { project, order } = await projectAndOrder(db, user, projectId);
  const [items, events, accuracy] = order
    ? await Promise.all([
        db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.position), asc(orderItems.id)),
        db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
        scanAccuracyMm(db, [order.id]),
      ])
    : [[], [], new Map<number, number>()];
  const layout = order ? readLayout(order.layout) ?? rawLayout(order.layout) : null;
  return {
    id: project.id,
    reference_code: project.referenceCode,
    name: project.name,
    status: project.status,
    status_label: labelOf(ORDER_STATUSES, project.status),
    created_at: project.createdAt,
    updated_at: project.updatedAt,
    order: order
      ? {
          id: order.id,
          order_number: order.orderNumber,
          order_type: order.orderType,
          status: order.status,
          status_label: labelOf(ORDER_STATUSES, order.status),
          production_status: order.productionStatus || "pending",
          production_status_label: labelOf(PRODUCTION_STATUSES, order.productionStatus || "pending"),
          file_status: effectiveFileStatus(order),
          currency: order.currency,
          subtotal_amount: centsToDecimal(order.subtotalCents),
          total_amount: centsToDecimal(order.totalCents),
          created_at: order.createdAt,
          production_start_at: order.productionStartAt,
          fulfilled_at: order.fulfilledAt,
          calculator_payload: order.calculatorPayload ?? null,
        }
      : null,
    lines: items.map((item) => ({
      kind: typeof item.metadata?.kind === "string" ? item.metadata.kind : null,
      description: item.description,
      quantity: item.quantity,
      unit_price: centsToDecimal(item.unitPriceCents),
      total_price: centsToDecimal(item.totalPriceCents),
    })),
    layout: layout
      ? {
          foam: layout.foam,
          pockets: layout.pockets.map((pocket) => ({
            name: pocket.name,
            points: pocket.points,
            area_mm2: Math.round(area(pocket.points)),
            perimeter_mm: Math.round(perimeter(pocket.points)),
          })),
        }
      : null,
    scan_accuracy_mm: order ? accuracy.get(order.id) ?? null : null,
    timeline: events
      .filter((event) => TIMELINE_LABELS[event.eventType])
      .map((event) => {
        const payload = (event.payload ?? {}) as Record<string, unknown>;
        const to = typeof payload.to === "string" ? payload.to : null;
        return {
          event_type: event.eventType,
          label: event.eventType === "status_changed" && to ? labelOf(ORDER_STATUSES, to) : TIMELINE_LABELS[event.eventType]!,
          created_at: event.createdAt,
          to,
        };
      }),
    can_accept: order?.status === "quoted",
    can_decline: order?.status === "quoted" || order?.status === "draft",
  };
}

/** An order's layout as stored, even when it does not pass the cutting checks (so the page can draw it). */
function rawLayout(raw: unknown) {
  const value = raw as { foam?: { width_mm?: number; depth_mm?: number; thickness_mm?: number; label?: string }; pockets?: { name?: string; points?: [number, number][] }[] } | null;
  if (!value?.foam || !Array.isArray(value.pockets)) return null;
  const { width_mm, depth_mm, thickness_mm } = value.foam;
  if (![width_mm, depth_mm, thickness_mm].every((n) => typeof n === "number" && Number.isFinite(n) && n > 0)) return null;
  return {
    foam: { width_mm: width_mm!, depth_mm: depth_mm!, thickness_mm: thickness_mm!, label: value.foam.label ?? null },
    pockets: value.pockets
      .filter((pocket) => Array.isArray(pocket?.points) && pocket.points.length >= 3)
      .map((pocket, index) => ({ name: typeof pocket.name === "string" ? pocket.name : `Pocket ${index + 1}`, points: pocket.points! })),
  };
}

/** Accept quote: quoted → approved (the only way in for a customer). */
export async function acceptQuote(db: Db, user: AuthUser, projectId: number) {
  const { order } = await projectAndOrder(db, user, projectId);
  if (!order) throw conflict("This project has no quote yet.");
  await db.transaction(async (tx) => {
    const row = await loadOrderRow(tx, order.id);
    if (row.status !== "quoted") throw conflict(`Only a quote can be accepted: this order is ${labelOf(ORDER_STATUSES, row.status).toLowerCase()}.`);
    const now = nowIso();
    await appendEvent(tx, row.id, actorOf(user), "quote_accepted", { total_amount: centsToDecimal(row.totalCents) }, now);
    await changeOrderStatus(tx, actorOf(user), row, "approved", { now, reason: "quote accepted" });
  });
  return loadProject(db, user, projectId);
}

/** Decline: a quote (or a draft) → cancelled, with the customer's optional reason. */
export async function declineQuote(db: Db, user: AuthUser, projectId: number, { reason }: { reason: string }) {
  const { order } = await projectAndOrder(db, user, projectId);
  if (!order) throw conflict("This project has no quote yet.");
  await db.transaction(async (tx) => {
    const row = await loadOrderRow(tx, order.id);
    if (row.status !== "quoted" && row.status !== "draft") throw conflict(`Only a quote can be declined: this order is ${labelOf(ORDER_STATUSES, row.status).toLowerCase()}.`);
    const now = nowIso();
    await appendEvent(tx, row.id, actorOf(user), "quote_declined", reason ? { reason } : {}, now);
    await changeOrderStatus(tx, actorOf(user), row, "cancelled", { now, reason: reason || "quote declined" });
  });
  return loadProject(db, user, projectId);
}

/**
 * POST /quotes/calculator: the calculator's choice becomes a quote for the signed-in user (project +
 * calculator order, status quoted, priced on the server from the same SPEC 9 rules the page shows).
 */
export async function createCalculatorQuote(db: Db, user: AuthUser, choice: CalculatorChoice) {
  const { drawers, color } = choice;
  const material = await db.query.materials.findFirst({ where: and(eq(materials.id, choice.materialId), eq(materials.isActive, true)) });
  if (!material) throw new AppError(422, MISSING_FOAM);
  const result = calculatePrice({
    drawers,
    material: { sheet_length_mm: material.sheetLengthMm, sheet_width_mm: material.sheetWidthMm, sheet_thickness_mm: material.sheetThicknessMm, sheet_cost: material.sheetCostCents === null ? null : material.sheetCostCents / 100 },
    thickness_mm: choice.thicknessMm,
  })!;
  const boxName = `${choice.container.brand} ${choice.model.name}`;
  const lines = calculatorQuoteLines(result, { boxName, materialName: material.name });
  lines[0]!.metadata.material = `${material.name}${color ? ` ${color}` : ""}`;
  const payload = {
    toolboxModelId: choice.model.id,
    brand: choice.container.brand,
    model: choice.model.name,
    selectedDrawerIds: drawers.map((drawer) => drawer.id),
    drawers: drawers.map((drawer) => ({ id: drawer.id, label: drawer.label, width_in: drawer.width_in, depth_in: drawer.depth_in })),
    foamMaterialId: material.id,
    foam: material.name,
    thicknessMm: result.thickness_mm,
    color: color || null,
    sheets: result.sheets,
    area_m2: result.area_m2,
    volume_l: result.volume_l,
  };
  const now = nowIso();
  const projectId = await db.transaction(async (tx) => {
    const reference = await newReferenceCode(tx);
    const [project] = await tx
      .insert(projects)
      .values({ referenceCode: reference, name: `Calculator: ${boxName}`, userId: user.id, status: "quoted", createdAt: now, updatedAt: now })
      .returning({ id: projects.id });
    const [order] = await tx
      .insert(orders)
      .values({
        orderNumber: await generateOrderNumber(tx),
        userId: user.id,
        projectId: project!.id,
        customerEmail: user.email,
        orderType: "calculator",
        status: "quoted",
        fileStatus: "not_required",
        materialId: material.id,
        calculatorPayload: payload,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(orderItems).values(linesToItems(order!.id, lines));
    const total = lines.reduce((sum, line) => sum + line.total_price_cents, 0);
    await tx.update(orders).set({ subtotalCents: total, totalCents: total }).where(eq(orders.id, order!.id));
    await appendEvent(tx, order!.id, actorOf(user), "created", { status: "quoted", source: "calculator", project: reference }, now);
    await appendEvent(tx, order!.id, actorOf(user), "quote_priced", { total_amount: centsToDecimal(total), lines: lines.map((line) => ({ kind: line.kind, description: line.description, total: centsToDecimal(line.total_price_cents) })) }, now);
    return project!.id;
  });
  return loadProject(db, user, projectId);
}

/** Sales' list: quotes not yet sent since their last pricing or adjustment, oldest first. */
export async function quotesForReview(db: Db) {
  const rows = await db.select().from(orders).where(eq(orders.status, "quoted")).orderBy(asc(orders.createdAt), asc(orders.id)).limit(200);
  if (!rows.length) return { results: [] };
  const ids = rows.map((row) => row.id);
  const [items, events, projectRows] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.position), asc(orderItems.id)),
    db.select({ orderId: orderEvents.orderId, type: orderEvents.eventType, id: orderEvents.id }).from(orderEvents).where(and(inArray(orderEvents.orderId, ids), inArray(orderEvents.eventType, ["quote_priced", "quote_adjusted", "quote_sent"]))).orderBy(asc(orderEvents.id)),
    db.select({ id: projects.id, reference: projects.referenceCode }).from(projects).where(inArray(projects.id, rows.map((row) => row.projectId).filter((id): id is number => id !== null))),
  ]);
  const lastQuoteEvent = new Map<number, string>();
  for (const event of events) lastQuoteEvent.set(event.orderId, event.type);
  const references = new Map(projectRows.map((row) => [row.id, row.reference]));
  return {
    results: rows.map((row) => ({
      order_id: row.id,
      order_number: row.orderNumber,
      order_type: row.orderType,
      customer_email: row.customerEmail,
      project_id: row.projectId,
      reference_code: row.projectId ? references.get(row.projectId) ?? null : null,
      total_amount: centsToDecimal(row.totalCents),
      created_at: row.createdAt,
      sent: lastQuoteEvent.get(row.id) === "quote_sent",
      lines: items
        .filter((item) => item.orderId === row.id)
        .map((item) => ({ kind: item.metadata?.kind ?? null, description: item.description, quantity: item.quantity, unit_price: centsToDecimal(item.unitPriceCents), total_price: centsToDecimal(item.totalPriceCents) })),
    })),
  };
}

/** A quote sales may still change (quoted or draft): 404 for no order, 409 for any other status. */
export async function openQuote(db: DbLike, orderId: number): Promise<OrderRow> {
  const row = await loadOrderRow(db, orderId);
  if (row.status !== "quoted" && row.status !== "draft") throw conflict(`Only a quote can be changed: this order is ${labelOf(ORDER_STATUSES, row.status).toLowerCase()}.`);
  return row;
}

/** Sales/admin adjust the price lines; the before/after lines are one quote_adjusted event. */
export async function adjustQuote(db: Db, user: AuthUser, orderId: number, adjustment: QuoteAdjustment) {
  await db.transaction(async (tx) => {
    const row = await openQuote(tx, orderId);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position), asc(orderItems.id));
    const before = itemsToLines(items);
    const lines = adjustedLines(adjustment, before);
    const { note } = adjustment;
    const now = nowIso();
    const total = await writeLines(tx, row, lines, {}, now);
    const summary = (list: QuoteLine[]) => list.map((line) => ({ kind: line.kind, description: line.description, quantity: line.quantity, unit_price: centsToDecimal(line.unit_price_cents), total: centsToDecimal(line.total_price_cents) }));
    await appendEvent(tx, orderId, actorOf(user), "quote_adjusted", {
      from_total: centsToDecimal(row.totalCents),
      to_total: centsToDecimal(total),
      before: summary(before),
      after: summary(lines),
      ...(note ? { note } : {}),
    }, now);
  });
  return (await quotesForReview(db)).results.find((quote) => quote.order_id === orderId) ?? null;
}

/** Send: the reviewed quote goes to the customer (a draft becomes quoted); recorded as quote_sent. */
export async function sendQuote(db: Db, user: AuthUser, orderId: number) {
  await db.transaction(async (tx) => {
    const row = await openQuote(tx, orderId);
    const now = nowIso();
    await appendEvent(tx, orderId, actorOf(user), "quote_sent", { total_amount: centsToDecimal(row.totalCents), to: row.customerEmail }, now);
    if (row.status === "draft") await changeOrderStatus(tx, actorOf(user), row, "quoted", { now, reason: "quote sent" });
  });
  return { order_id: orderId, sent: true };
}

const finitePositive = (value: unknown) => {
  const n = typeof value === "string" && value.trim() ? Number(value) : typeof value === "number" ? value : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * POST /admin/orders/{id}/layout: the pockets of an uploaded DXF/SVG become the order's layout.
 * An outline enclosing all the others is the foam; otherwise the foam is foam_width_mm ×
 * foam_depth_mm (form fields), the order's current foam, or the default sheet. The layout is checked
 * like a submitted one; any problem is a 422 and nothing changes.
 */
export async function attachLayout(db: Db, user: AuthUser, orderId: number, form: Record<string, unknown>) {
  const file = form.file;
  if (!(file instanceof Blob)) throw new AppError(422, "Send the drawing as the multipart field `file` (.dxf or .svg).");
  if (file.size > 5 * 1024 * 1024) throw new AppError(413, "The drawing must be at most 5 MB.");
  const filename = (file as File).name || "layout";
  const drawing = parseDrawing(filename, await file.text());
  const loops = drawing.loops.filter((loop) => loop.points.length >= 3 && area(loop.points) >= 1);
  if (!loops.length) throw new AppError(422, "The drawing has no closed outlines.");
  const row = await loadOrderRow(db, orderId);
  if (["in_production", "fulfilled", "cancelled"].includes(row.status) || (row.productionStatus || "pending") === "in_progress") {
    throw conflict(`The order is ${labelOf(ORDER_STATUSES, row.status).toLowerCase()}: its layout can no longer change.`);
  }
  const current = readLayout(row.layout) ?? rawLayout(row.layout);
  const thickness = finitePositive(form.foam_thickness_mm) ?? current?.foam.thickness_mm ?? DEFAULT_FOAM.thickness_mm;
  const box = (points: [number, number][]) => {
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    return { minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) };
  };
  const sorted = [...loops].sort((a, b) => area(b.points) - area(a.points));
  const outer = sorted[0]!;
  const outerBox = box(outer.points);
  const enclosing =
    sorted.length >= 2 &&
    sorted.slice(1).every((loop) => {
      const b = box(loop.points);
      return b.minX >= outerBox.minX && b.minY >= outerBox.minY && b.maxX <= outerBox.maxX && b.maxY <= outerBox.maxY;
    });
  let foam: { width_mm: number; depth_mm: number; thickness_mm: number; label: string | null };
  let pocketLoops: Loop[];
  let origin: { x: number; y: number };
  if (enclosing) {
    foam = { width_mm: round(outerBox.maxX - outerBox.minX), depth_mm: round(outerBox.maxY - outerBox.minY), thickness_mm: thickness, label: current?.foam.label ?? null };
    pocketLoops = sorted.slice(1);
    origin = { x: outerBox.minX, y: outerBox.minY };
  } else {
    const width = finitePositive(form.foam_width_mm) ?? current?.foam.width_mm ?? DEFAULT_FOAM.width_mm;
    const depth = finitePositive(form.foam_depth_mm) ?? current?.foam.depth_mm ?? DEFAULT_FOAM.depth_mm;
    foam = { width_mm: width, depth_mm: depth, thickness_mm: thickness, label: current?.foam.label ?? null };
    pocketLoops = loops;
    origin = { x: 0, y: 0 };
  }
  // DXF's y axis points up: flip so the layout reads as drawn (y down, like the editor and the SVG).
  const toLayout = ([x, y]: [number, number]): [number, number] =>
    drawing.yUp ? [round(x - origin.x), round(foam.depth_mm - (y - origin.y))] : [round(x - origin.x), round(y - origin.y)];
  const pockets = pocketLoops.map((loop, index) => ({ name: loop.name && !/^0$/.test(loop.name) ? `${loop.name}${pocketLoops.filter((l) => l.name === loop.name).length > 1 ? ` ${index + 1}` : ""}` : `Pocket ${index + 1}`, points: loop.points.map(toLayout) }));
  const layout = assertCuttable({ foam, pockets });
  const now = nowIso();
  await db.transaction(async (tx) => {
    const fresh = await loadOrderRow(tx, orderId);
    await tx.update(orders).set({ layout: { foam: layout.foam, pockets: layout.pockets }, fileStatus: "needs_generation", fileError: null, updatedAt: now }).where(eq(orders.id, orderId));
    await invalidateCuttingFile(tx, orderId);
    await appendEvent(tx, orderId, actorOf(user), "layout_attached", { filename: filename.slice(0, 200), pockets: layout.pockets.length, foam: `${layout.foam.width_mm} × ${layout.foam.depth_mm} × ${layout.foam.thickness_mm} mm` }, now);
    // A quote still open is priced for its new layout; an approved order keeps its agreed price.
    if (fresh.orderType === "scanner" && (fresh.status === "draft" || fresh.status === "quoted")) {
      const priced = await priceOrderLayout(tx, { ...fresh, layout: layout as unknown as Record<string, unknown> }, layout, now);
      if (priced) await appendEvent(tx, orderId, actorOf(user), "quote_priced", { total_amount: centsToDecimal(priced.total_cents) }, now);
    }
  });
  return { order_id: orderId, file_status: "needs_generation", layout };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
