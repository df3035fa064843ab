import { inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { scannerJobs } from "../../../db/schema";

/** Per order id: the largest calibration_payload.accuracy_mm (± mm) over its scanner jobs; orders without one are absent. */
export async function scanAccuracyMm(db: Db, orderIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!orderIds.length) return out;
  const rows = await db.select({ orderId: scannerJobs.orderId, payload: scannerJobs.calibrationPayload }).from(scannerJobs).where(inArray(scannerJobs.orderId, orderIds));
  for (const row of rows) {
    const value = Number((row.payload as Record<string, unknown> | null)?.accuracy_mm);
    if (row.orderId === null || !Number.isFinite(value) || value <= 0) continue;
    out.set(row.orderId, Math.max(out.get(row.orderId) ?? 0, value));
  }
  return out;
}
