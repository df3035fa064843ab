import { TARGET_PHOTOS } from "./guided-capture";
import type { ScanResult } from "./scan-result";

/** Below this the outline is as tight as the capture protocol gets (scanner-physics.md: ~0.3 mm hull). */
export const TIGHT_ACCURACY_MM = 0.6;

function oneDecimal(value: number): string {
  return value.toFixed(1);
}

/** True when more photos would tighten the outline: fewer than the protocol's five, or a loose estimate. */
export function wantsMoreViews(result: Pick<ScanResult, "views" | "accuracy_mm">): boolean {
  const views = result.views ?? 1;
  return views < TARGET_PHOTOS || (typeof result.accuracy_mm === "number" && result.accuracy_mm > TIGHT_ACCURACY_MM);
}

/** "±1.8 mm — add views for a tighter fit" or "±0.4 mm from 5 photos"; null when the server gave no estimate. */
export function accuracyText(result: Pick<ScanResult, "views" | "accuracy_mm">): string | null {
  if (typeof result.accuracy_mm !== "number") return null;
  const bound = `±${oneDecimal(result.accuracy_mm)} mm`;
  if (wantsMoreViews(result)) return `${bound} — add views for a tighter fit`;
  return `${bound} from ${result.views} photos`;
}

/** "Tool height ≈ 28 mm" when several photos measured it. */
export function heightText(heightMm: number | null | undefined): string | null {
  if (typeof heightMm !== "number" || !Number.isFinite(heightMm) || heightMm <= 0) return null;
  return `Tool height ≈ ${heightMm < 10 ? oneDecimal(heightMm) : Math.round(heightMm)} mm`;
}
