// Test helper (not part of the public API): small synthetic pad photos, memoised per process so
// several test files can share them. Rendering lives in bench/synth (the project's generator).
import { generatePadPhoto, type PadPhoto, type PadPhotoOptions } from "../../../bench/synth/index.ts";

const memo = new Map<string, Promise<PadPhoto>>();

/** A 1600 x 1200 photo by default: fast to render and to trace, still ~5 px/mm on the pad. */
export function smallPadPhoto(opts: PadPhotoOptions): Promise<PadPhoto> {
  const full = { width: 1600, height: 1200, ...opts };
  const key = JSON.stringify(full);
  let p = memo.get(key);
  if (!p) {
    p = generatePadPhoto(full);
    memo.set(key, p);
  }
  return p;
}

export const DEFAULT_PARAMS = { rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, sensitivity: 45 } as const;
