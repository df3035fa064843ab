// The printed pad contract (pad v1, /work/shared/calibration-pad.md). Every number here is part of the
// contract: changing one is a new pad version and old prints must keep working.

export const PAD_VERSION = "pad v1";

export const SHEET_W_MM = 210;
export const SHEET_H_MM = 297;

/** Frame ("inner area") size and its top-left corner on the sheet. Pad coordinates start there. */
export const FRAME_W_MM = 195.9;
export const FRAME_H_MM = 259.4;
export const FRAME_ORIGIN_ON_SHEET_MM: [number, number] = [7.05, 18.8];

export const MARKER_SIZE_MM = 12.0;
export const MARKER_QUIET_ZONE_MM = 3.0;
export const GRID_STEP_MM = 10;
export const DEFAULT_INSET_MM = 12;

export const MARKER_IDS = [0, 1, 2, 3] as const;

/** Top-left corner (pad mm) of each marker's 12 mm square, by id. */
export const MARKER_ORIGINS_MM: Record<number, [number, number]> = {
  0: [0, 0],
  1: [FRAME_W_MM - MARKER_SIZE_MM, 0],
  2: [FRAME_W_MM - MARKER_SIZE_MM, FRAME_H_MM - MARKER_SIZE_MM],
  3: [0, FRAME_H_MM - MARKER_SIZE_MM],
};

/** The 4 corners of a marker in pad mm, in OpenCV's order: TL, TR, BR, BL (markers are printed upright). */
export function markerCornersMm(id: number): [number, number][] {
  const o = MARKER_ORIGINS_MM[id];
  if (!o) throw new Error(`unknown marker id ${id}`);
  const s = MARKER_SIZE_MM;
  return [
    [o[0], o[1]],
    [o[0] + s, o[1]],
    [o[0] + s, o[1] + s],
    [o[0], o[1] + s],
  ];
}

/** Frame corners in pad mm: TL, TR, BR, BL. */
export const FRAME_CORNERS_MM: [number, number][] = [
  [0, 0],
  [FRAME_W_MM, 0],
  [FRAME_W_MM, FRAME_H_MM],
  [0, FRAME_H_MM],
];

/** True when a pad point lies in a marker square grown by its quiet zone (nothing else is printed there). */
export function inMarkerKeepout(x: number, y: number, grow = MARKER_QUIET_ZONE_MM): boolean {
  for (const id of MARKER_IDS) {
    const [ox, oy] = MARKER_ORIGINS_MM[id];
    if (x >= ox - grow && x <= ox + MARKER_SIZE_MM + grow && y >= oy - grow && y <= oy + MARKER_SIZE_MM + grow) return true;
  }
  return false;
}
