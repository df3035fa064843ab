import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orderItems, orders, projects, scannerJobs, users } from "../../../db/schema";
import type { AuthUser } from "../../shared/auth";
import { conflict, notFound } from "../../shared/errors";
import { STAFF_ROLES, type RoleCode } from "../../../common/roles";
import { nowIso } from "../../../common/time";
import { invalidateCuttingFile } from "../cutting-files/service";
import type { Foam, Layout, Pocket } from "../cutting-files/layout";
import { appendEvent, type DbLike } from "../orders/events";
import { generateOrderNumber } from "../orders/service";
import { changeOrderStatus } from "../orders/change-order-status";
import { assertCuttable, priceOrderLayout } from "../projects/quote";
import { centsToDecimal } from "../../../common/money";
import { contourSvg } from "./contour";
import type { ProcessLayoutAnswer, ProcessedOrderAnswer, ScannerJobAnswer, ScannerJobListAnswer } from "../../../common/api/scanner-jobs";
import { BACKLOG_STATUSES, jobStatus, type JobListFilters, type JobSubmission, type ProcessTarget } from "./input";

export const JOB_NOT_FOUND = "Scanner job not found.";
/** SPEC section 9: the layout's default foam is 12 × 18 in, 1.25 in thick. */
export const DEFAULT_FOAM: Foam = { label: "Foam 18 × 12 in", width_mm: 457.2, depth_mm: 304.8, thickness_mm: 31.75 };
const OPEN_ORDER_STATUSES = ["draft", "quoted"];

export const isStaff = (user: AuthUser) => STAFF_ROLES.includes(user.roleCode as RoleCode);

type JobRow = typeof scannerJobs.$inferSelect;
type JobJoin = { job: JobRow; layoutId: string | null; reference: string | null; orderNumber: string | null; userEmail: string | null };

// Typed as the answer schema in common/api/scanner-jobs.ts: a field added, renamed or retyped here
// without the schema (which the docs and clients read) does not compile.
function serializeJob({ job, layoutId, reference, orderNumber, userEmail }: JobJoin, withPreview: boolean): ScannerJobAnswer {
  const payload = (job.calibrationPayload ?? {}) as Record<string, unknown>;
  const { preview_data_url: preview, ...rest } = payload;
  return {
    id: job.id,
    status: job.status,
    contour_svg: job.contourSvg,
    contour_points_mm: job.contourPointsMm ?? [],
    calibration_payload: withPreview ? { ...rest, preview_data_url: preview ?? null } : rest,
    has_preview: typeof preview === "string",
    processing_notes: job.processingNotes,
    captured_at: job.capturedAt,
    processed_at: job.processedAt,
    vector_path: job.vectorPath,
    layout_id: layoutId,
    project_id: job.projectId,
    project_reference: reference,
    order_id: job.orderId,
    order_number: orderNumber,
    user_email: userEmail,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
  };
}

function jobQuery(db: Db, where: SQL | undefined) {
  return db
    .select({ job: scannerJobs, layoutId: projects.layoutId, reference: projects.referenceCode, orderNumber: orders.orderNumber, userEmail: users.email })
    .from(scannerJobs)
    .leftJoin(projects, eq(projects.id, scannerJobs.projectId))
    .leftJoin(orders, eq(orders.id, scannerJobs.orderId))
    .leftJoin(users, eq(users.id, scannerJobs.userId))
    .where(where);
}

/** Customers see only their own jobs; staff see everyone's. Newest first, previews left out (see GET /scanner/jobs/{id}). */
export async function listJobs(db: Db, user: AuthUser, { status, layoutId, page, perPage }: JobListFilters): Promise<ScannerJobListAnswer> {
  const filters: SQL[] = [];
  if (!isStaff(user)) filters.push(eq(scannerJobs.userId, user.id));
  if (status) filters.push(eq(scannerJobs.status, status));
  if (layoutId) filters.push(eq(projects.layoutId, layoutId));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    jobQuery(db, where).orderBy(desc(scannerJobs.id)).limit(perPage).offset((page - 1) * perPage),
    db.select({ total: count() }).from(scannerJobs).leftJoin(projects, eq(projects.id, scannerJobs.projectId)).where(where) as Promise<{ total: number }[]>,
  ]);
  return {
    results: rows.map((row) => serializeJob(row, false)),
    pagination: { page, per_page: perPage, pages: Math.max(1, Math.ceil(total / perPage)), total },
  };
}

export async function getJob(db: Db, user: AuthUser, id: number): Promise<ScannerJobAnswer> {
  const filters = [eq(scannerJobs.id, id)];
  if (!isStaff(user)) filters.push(eq(scannerJobs.userId, user.id));
  const [row] = await jobQuery(db, and(...filters)).limit(1);
  if (!row) throw notFound(JOB_NOT_FOUND);
  return serializeJob(row, true);
}

/** PRJ-<year>-<6 hex>, unique: the customer-facing project reference. */
export async function newReferenceCode(db: DbLike): Promise<string> {
  const year = new Date().getUTCFullYear();
  for (;;) {
    const code = `PRJ-${year}-${crypto.randomUUID().replace(/-/g, "").slice(0, 6).toUpperCase()}`;
    const taken = await db.query.projects.findFirst({ columns: { id: true }, where: eq(projects.referenceCode, code) });
    if (!taken) return code;
  }
}

const foamText = (foam: Foam) => `${foam.width_mm} × ${foam.depth_mm} × ${foam.thickness_mm} mm`;

/**
 * One submitted tool. All jobs sharing a layout_id (per user) build one project and one
 * scanner-type draft order whose layout gains a pocket per job, so the submission shows on the
 * customer's dashboard and in the admin orders at once. Without layout_id the job starts its own
 * layout. A layout whose order is already approved (or further) is closed: 409.
 * Runs in one write transaction (BEGIN IMMEDIATE) so parallel posts of one layout queue up
 * instead of creating two projects or losing a pocket.
 */
export async function submitJob(db: Db, user: AuthUser, input: JobSubmission): Promise<ScannerJobAnswer> {
  const now = nowIso();
  const { status, processedAt } = jobStatus(input.requested, isStaff(user));
  const layoutId = input.layoutId ?? `job-${crypto.randomUUID()}`;
  const actor = { id: user.id, email: user.email };

  const jobId = await db.transaction(async (tx) => {
    let project = await tx.query.projects.findFirst({ where: and(eq(projects.layoutId, layoutId), eq(projects.userId, user.id)) });
    let order = project
      ? await tx.query.orders.findFirst({ where: and(eq(orders.projectId, project.id), eq(orders.orderType, "scanner")), orderBy: desc(orders.id) })
      : undefined;
    const previousLayout = (order?.layout ?? null) as Layout | null;
    const foam = input.foam ?? (previousLayout?.foam as Foam | undefined) ?? (project?.foam as Foam | undefined) ?? DEFAULT_FOAM;

    if (order && !OPEN_ORDER_STATUSES.includes(order.status)) {
      throw conflict(`Order ${order.orderNumber} for this layout is already ${order.status.replace("_", " ")}; start a new layout to add tools.`);
    }
    if (!project) {
      const [created] = await tx
        .insert(projects)
        .values({
          referenceCode: await newReferenceCode(tx),
          name: foam.label || "Scanner layout",
          userId: user.id,
          status: "draft",
          layoutId,
          foam,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      project = created!;
    }
    if (!order) {
      const [created] = await tx
        .insert(orders)
        .values({
          orderNumber: await generateOrderNumber(tx),
          userId: user.id,
          projectId: project.id,
          customerEmail: user.email,
          orderType: "scanner",
          status: "draft",
          fileStatus: "needs_generation",
          layout: { foam, pockets: [] },
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      order = created!;
      await tx.insert(orderItems).values({
        orderId: order.id,
        position: 0,
        description: "Custom foam insert (scanner layout)",
        quantity: 1,
        metadata: { productName: foam.label || "Custom foam insert", dimensions: foamText(foam), material: null },
      });
      await appendEvent(tx, order.id, actor, "created", { status: "draft", source: "scanner", layout_id: layoutId, project: project.referenceCode }, now);
    }

    const pockets = [...((order.layout as Layout | null)?.pockets ?? [])];
    const name = input.name ?? `Tool ${pockets.length + 1}`;
    const [job] = await tx
      .insert(scannerJobs)
      .values({
        userId: user.id,
        projectId: project.id,
        orderId: order.id,
        status,
        contourSvg: contourSvg(input.points, foam, name),
        contourPointsMm: input.points,
        calibrationPayload: input.calibrationPayload,
        processingNotes: input.processingNotes,
        capturedAt: input.capturedAt ?? now,
        processedAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: scannerJobs.id });
    const pocket: Pocket = { name, points: input.points, job_id: job!.id, ...input.pocket };
    pockets.push(pocket);
    await tx
      .update(orders)
      .set({ layout: { foam, pockets }, fileStatus: "needs_generation", fileError: null, updatedAt: now })
      .where(eq(orders.id, order.id));
    if (input.foam && JSON.stringify(previousLayout?.foam) !== JSON.stringify(input.foam)) {
      await tx
        .update(orderItems)
        .set({ metadata: { productName: foam.label || "Custom foam insert", dimensions: foamText(foam), material: null } })
        .where(and(eq(orderItems.orderId, order.id), eq(orderItems.position, 0)));
    }
    await invalidateCuttingFile(tx, order.id);
    await appendEvent(tx, order.id, actor, "layout_updated", { job_id: job!.id, pocket: name, points: input.points.length, pockets: pockets.length }, now);
    await tx.update(projects).set({ updatedAt: now, foam }).where(eq(projects.id, project.id));
    return job!.id;
  });
  return getJob(db, user, jobId);
}

/**
 * POST /scanner/process: the customer has finished a layout and hands it over. Its pending jobs
 * become `queued`, a draft order becomes `quoted` (awaiting the admin's review: it counts in
 * quotes_pending) and its file status goes back to needs_generation unless files are ready, so the
 * operator board shows "Cutting file missing" until someone generates them. Idempotent.
 */
export async function processLayout(db: Db, user: AuthUser, target: ProcessTarget): Promise<ProcessLayoutAnswer> {
  const staff = isStaff(user);
  const layoutId = "layoutId" in target ? target.layoutId : null;
  const actor = { id: user.id, email: user.email };
  let orderIds: number[];
  if ("layoutId" in target) {
    const filters = [eq(projects.layoutId, target.layoutId)];
    if (!staff) filters.push(eq(projects.userId, user.id));
    const rows = await db.select({ id: orders.id }).from(orders).innerJoin(projects, eq(projects.id, orders.projectId)).where(and(...filters));
    orderIds = rows.map((row) => row.id);
  } else {
    const filters = [inArray(scannerJobs.id, target.jobIds)];
    if (!staff) filters.push(eq(scannerJobs.userId, user.id));
    const rows = await db.selectDistinct({ id: scannerJobs.orderId }).from(scannerJobs).where(and(...filters));
    orderIds = rows.map((row) => row.id).filter((id): id is number => id !== null);
  }
  if (!orderIds.length) throw notFound("No scanner jobs found for this layout.");

  const now = nowIso();
  const results = await db.transaction(async (tx) => {
    const rows = [];
    for (const orderId of orderIds) rows.push((await tx.query.orders.findFirst({ where: eq(orders.id, orderId) }))!);
    // Check every layout before touching any: a 422 names the pockets at fault and changes nothing.
    const layouts = new Map(rows.filter((order) => OPEN_ORDER_STATUSES.includes(order.status)).map((order) => [order.id, assertCuttable(order.layout)]));
    const out: ProcessedOrderAnswer[] = [];
    for (const order of rows) {
      const orderId = order.id;
      const queued = await tx
        .update(scannerJobs)
        .set({ status: "queued", updatedAt: now })
        .where(and(eq(scannerJobs.orderId, orderId), eq(scannerJobs.status, "pending")))
        .returning({ id: scannerJobs.id });
      const set: Partial<typeof orders.$inferSelect> = {};
      if (order.fileStatus !== "ready" && order.fileStatus !== "needs_generation") {
        set.fileStatus = "needs_generation";
        set.fileError = null;
      }
      if (queued.length || Object.keys(set).length) {
        await tx.update(orders).set({ ...set, updatedAt: now }).where(eq(orders.id, orderId));
        await appendEvent(tx, orderId, actor, "submitted_for_processing", { layout_id: layoutId, job_ids: queued.map((job) => job.id) }, now);
      }
      const layout = layouts.get(orderId);
      const priced = layout ? await priceOrderLayout(tx, order, layout, now) : null;
      if (priced) {
        await appendEvent(tx, orderId, actor, "quote_priced", {
          total_amount: centsToDecimal(priced.total_cents),
          lines: priced.lines.map((line) => ({ kind: line.kind, description: line.description, total: centsToDecimal(line.total_price_cents) })),
        }, now);
      }
      const current = (await tx.query.orders.findFirst({ where: eq(orders.id, orderId) }))!;
      if (current.status === "draft") await changeOrderStatus(tx, actor, current, "quoted", { now, reason: "layout submitted" });
      const project = order.projectId ? await tx.query.projects.findFirst({ where: eq(projects.id, order.projectId) }) : undefined;
      out.push({
        order_id: orderId,
        order_number: order.orderNumber,
        project_id: order.projectId,
        reference_code: project?.referenceCode ?? null,
        status: current.status === "draft" ? "quoted" : current.status,
        file_status: set.fileStatus ?? order.fileStatus,
        total: centsToDecimal(current.totalCents),
        priced: priced !== null,
        queued: queued.length,
      });
    }
    return out;
  });
  return { layout_id: layoutId, queued: results.reduce((sum, row) => sum + row.queued, 0), orders: results };
}

export async function backlogCount(db: Db, userId?: number) {
  const filters = [inArray(scannerJobs.status, BACKLOG_STATUSES)];
  if (userId !== undefined) filters.push(eq(scannerJobs.userId, userId));
  const [{ value }] = await db.select({ value: count() }).from(scannerJobs).where(and(...filters));
  return value;
}
