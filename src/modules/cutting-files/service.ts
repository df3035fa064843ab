import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { cuttingFiles, materials, orderItems, orders, scannerJobs } from "../../../db/schema";
import { AppError, badRequest, conflict } from "../../shared/errors";
import { nowIso } from "../../../common/time";
import { appendEvent, type Actor, type DbLike } from "../orders/events";
import { loadOrderRow } from "../orders/service";
import type { OrderRow } from "../orders/serialize";
import { densityFromText, estimateMinutes } from "../operator/estimate";
import { checkLayout, cutLengthMm, LayoutError, readLayout } from "./layout";
import { layoutDxf, layoutDxfFiles, layoutPdf, layoutStl, layoutSvg } from "./render";

export const CUTTING_FORMATS = {
  dxf: { contentType: "application/dxf", extension: "dxf" },
  svg: { contentType: "image/svg+xml; charset=utf-8", extension: "svg" },
  pdf: { contentType: "application/pdf", extension: "pdf" },
  stl: { contentType: "model/stl", extension: "stl" },
} as const;
/** `dxf-layer-2`: the DXF of the second foam layer from the top (multi-layer foam: one file per layer). */
export type CuttingFormat = keyof typeof CUTTING_FORMATS | `dxf-layer-${number}`;
const LAYER_FORMAT = /^dxf-layer-([1-4])$/;

export type OrderMaterial = { name: string | null; densityKgM3: number | null };

/** The order's material: the linked materials row, else the first item's metadata text. */
export async function orderMaterial(db: DbLike, row: OrderRow): Promise<OrderMaterial> {
  if (row.materialId) {
    const material = await db.query.materials.findFirst({ where: eq(materials.id, row.materialId) });
    if (material) return { name: material.name, densityKgM3: material.densityKgM3 };
  }
  const [item] = await db.select({ metadata: orderItems.metadata }).from(orderItems).where(eq(orderItems.orderId, row.id)).orderBy(asc(orderItems.position), asc(orderItems.id)).limit(1);
  const text = typeof item?.metadata?.material === "string" ? item.metadata.material : null;
  return { name: text, densityKgM3: densityFromText(text) };
}

/**
 * needs_generation → generating → ready, or → error with file_error (the operator sees the
 * message and the card shows it as a block). On success the order's scanner jobs count as
 * processed. Files are rebuilt from orders.layout every time, never taken from a client.
 */
export async function generateCuttingFile(db: Db, actor: Actor, orderId: number) {
  const row = await loadOrderRow(db, orderId);
  if (row.fileStatus === "generating" && Date.parse(row.updatedAt) > Date.now() - 60_000) {
    throw conflict("The cutting file is already being generated.");
  }
  await db.update(orders).set({ fileStatus: "generating", fileError: null, updatedAt: nowIso() }).where(eq(orders.id, orderId));
  const material = await orderMaterial(db, row);
  let files: { dxf: string; svg: string; pdf: string; pockets: number; cutLength: number };
  const generatedAt = nowIso();
  try {
    const layout = checkLayout(row.layout);
    files = {
      dxf: layoutDxf(layout),
      svg: layoutSvg(layout, `${row.orderNumber} cutting layout`),
      pdf: Buffer.from(
        layoutPdf(layout, {
          orderNumber: row.orderNumber,
          customerEmail: row.customerEmail,
          material: material.name,
          priority: row.priority,
          estimatedMinutes: estimateMinutes(layout, material.densityKgM3),
          generatedAt,
        }),
      ).toString("base64"),
      pockets: layout.pockets.length,
      cutLength: Math.round(cutLengthMm(layout)),
    };
  } catch (error) {
    const message = error instanceof LayoutError ? error.message : "Cutting file generation failed.";
    if (!(error instanceof LayoutError)) console.error("Cutting file generation failed", error);
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ fileStatus: "error", fileError: message, updatedAt: generatedAt }).where(eq(orders.id, orderId));
      await tx.delete(cuttingFiles).where(eq(cuttingFiles.orderId, orderId));
      await appendEvent(tx, orderId, actor, "file_generation_failed", { from: row.fileStatus, to: "error", error: message }, generatedAt);
    });
    throw new AppError(422, message);
  }
  await db.transaction(async (tx) => {
    const record = { dxf: files.dxf, svg: files.svg, pdf: files.pdf, generatedAt };
    await tx.insert(cuttingFiles).values({ orderId, ...record }).onConflictDoUpdate({ target: cuttingFiles.orderId, set: record });
    await tx.update(orders).set({ fileStatus: "ready", fileError: null, updatedAt: generatedAt }).where(eq(orders.id, orderId));
    await tx
      .update(scannerJobs)
      .set({ status: "processed", processedAt: generatedAt, vectorPath: `/api/operator/orders/${orderId}/download-cutting-file?format=svg`, updatedAt: generatedAt })
      .where(and(eq(scannerJobs.orderId, orderId), inArray(scannerJobs.status, ["pending", "queued"])));
    await appendEvent(tx, orderId, actor, "file_generated", {
      from: row.fileStatus,
      to: "ready",
      formats: Object.keys(CUTTING_FORMATS),
      pockets: files.pockets,
      cut_length_mm: files.cutLength,
    }, generatedAt);
  });
}

export function parseFormat(raw: unknown): CuttingFormat {
  if (raw !== null && raw !== undefined && typeof raw !== "string") throw badRequest("format must be dxf, svg, pdf, stl or dxf-layer-N.");
  const format = (raw ?? "").trim().toLowerCase() || "dxf";
  if (!(format in CUTTING_FORMATS) && !LAYER_FORMAT.test(format)) throw badRequest(`Unknown format "${format.slice(0, 20)}". Use dxf, svg, pdf, stl or dxf-layer-N.`);
  return format as CuttingFormat;
}

export async function loadCuttingFile(db: Db, orderId: number, format: CuttingFormat) {
  const row = await loadOrderRow(db, orderId);
  const file = row.fileStatus === "ready" ? await db.query.cuttingFiles.findFirst({ where: eq(cuttingFiles.orderId, orderId) }) : undefined;
  if (!file) throw conflict("Cutting file not generated yet.");
  const layerMatch = LAYER_FORMAT.exec(format);
  if (layerMatch || format === "stl") {
    // Not stored: rebuilt from the same checked layout the stored files came from.
    const layout = checkLayout(row.layout);
    if (format === "stl") {
      return { body: Buffer.from(layoutStl(layout)), filename: `${row.orderNumber}.stl`, contentType: CUTTING_FORMATS.stl.contentType };
    }
    const files = layoutDxfFiles(layout);
    const layer = Number(layerMatch![1]);
    const found = files.find((item) => item.layer === layer);
    if (!found) throw badRequest(`The foam has ${files.length} layer${files.length === 1 ? "" : "s"}; there is no layer ${layer}.`);
    return { body: found.dxf, filename: `${row.orderNumber}-layer-${layer}.dxf`, contentType: CUTTING_FORMATS.dxf.contentType };
  }
  const known = format as keyof typeof CUTTING_FORMATS;
  const body = known === "pdf" ? Buffer.from(file.pdf, "base64") : known === "svg" ? file.svg : file.dxf;
  return { body, filename: `${row.orderNumber}.${CUTTING_FORMATS[known].extension}`, contentType: CUTTING_FORMATS[known].contentType };
}

/** A changed layout makes existing files stale: drop them and ask for a new generation. */
export async function invalidateCuttingFile(db: DbLike, orderId: number) {
  await db.delete(cuttingFiles).where(eq(cuttingFiles.orderId, orderId));
}

export { readLayout };
