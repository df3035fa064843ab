import { FINISHES, type Finish } from "./generate-pad-photo.ts";
import { TOOL_KINDS, type ToolKind } from "./tool-shapes.ts";

export type PhotoSpec = { seed: number; toolKind: ToolKind; finish: Finish; exifOrientation: 1 | 3 | 6 | 8 };

/** A deterministic benchmark set that cycles through every tool kind x finish, some with EXIF rotation. */
export function benchmarkPhotoSet(n: number, firstSeed = 1000): PhotoSpec[] {
  const out: PhotoSpec[] = [];
  const orientations = [1, 1, 1, 6, 1, 8, 1, 3] as const;
  for (let i = 0; i < n; i++) {
    out.push({
      seed: firstSeed + i,
      toolKind: TOOL_KINDS[i % TOOL_KINDS.length],
      finish: FINISHES[Math.floor(i / TOOL_KINDS.length) % FINISHES.length],
      exifOrientation: orientations[i % orientations.length],
    });
  }
  return out;
}
