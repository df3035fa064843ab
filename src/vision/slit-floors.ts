// The floor of a narrow slit, seen between two walls of a tool: a neutral strip of paper in the
// walls' shade. Such pixels are dark enough to be "surely tool" seeds (segment-classic.ts,
// STRONG_DARK), and the watershed gives the slit to the tool in every photo that saw its floor, so
// the multi-photo slit step (multiview/slits.ts) had no floor to read: 3D bench, held-out caliper
// 5008, a corner photo saw 0.5 mm of floor at a level of 0.63 between satin jaws at 0.95-1.0; a pair
// of pliers' crotch, floor at 0.75 between red handles at 0.2-0.45. The mask keeps them (a photo's
// outline is as it was), but the floor joined through floor pixels to the paper at the slit's mouth
// is reported as `filled`: tool without evidence, which the slit step and the accuracy figure read.
// A rim along the tool's outline has paper on its other side, never a wall, so it is no floor; a
// seam between two parts of the tool (a caliper's slider on its beam) is, but joins no paper.
//
// Tried first: leaving floor pixels unseeded, so that the watershed decided them by their edges.
// Five photos opened the same slits, but every photo's mask moved, and one photo of a dark caliper
// under a hard lamp was cut 0.48 -> 1.11 % (tuned one-photo set, seed 3018).

import { labelComponents } from "./ai/morphology.ts";

/** Widest gap (mm) between two walls across which a strip is taken for a slit's floor (the jaws' grid-hidden evidence stops 0.5-1 mm short of a 0.6 mm slit). */
export const SLIT_FLOOR_MAX_MM = 2.5;
/**
 * A floor stands out from both walls beside it: darker or brighter by this much (paper-relative
 * level; light steel jaws at 0.95-1.0 over a floor at 0.63), or they are coloured
 * (SLIT_FLOOR_WALL_CHROMA more than it) where it is neutral (a pair of pliers' red handles).
 */
export const SLIT_FLOOR_DIP = 0.15;
export const SLIT_FLOOR_WALL_CHROMA = 0.1;
/** A floor is paper in shade: darker than lit paper (a gap's paper in the light is left to the watershed as it was). */
export const SLIT_FLOOR_MAX_LEVEL = 0.9;
/**
 * ... and no darker than this: a shaded paper floor under diffuse or soft light stays at 0.55-0.8
 * of the lit paper; a black or dark part (a rim, a thin dark rod) is darker.
 */
export const SLIT_FLOOR_MIN_LEVEL = 0.45;
/** Neutral as paper in shade is (chroma relative to the paper's colour); a coloured part is no floor. */
export const SLIT_FLOOR_MAX_CHROMA = 0.08;

const DIRS: [number, number][] = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

/**
 * 1 = a pixel (of `candidate`, if given) that lies in a narrow gap between two walls (`tool`: where the grid
 * is hidden, or pixels dark or coloured beyond any paper in shade): along one of four directions,
 * the run of non-`tool` pixels through it is at most SLIT_FLOOR_MAX_MM long and ends at `tool` on
 * both sides, the pixel is neutral, between SLIT_FLOOR_MIN_LEVEL and SLIT_FLOOR_MAX_LEVEL, and
 * unlike the wall at both ends of the run (`unlike`).
 */
export function slitFloorPixels(level: Float32Array, chroma: Float32Array, tool: Uint8Array, w: number, h: number, k: number, candidate?: Uint8Array): Uint8Array {
  const out = new Uint8Array(w * h);
  // The pixels a floor may be: neutral, as light as paper in shade, no wall (and candidates, if given).
  const may = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) may[i] = (!candidate || candidate[i]) && !tool[i] && level[i] >= SLIT_FLOOR_MIN_LEVEL && level[i] <= SLIT_FLOOR_MAX_LEVEL && chroma[i] <= SLIT_FLOOR_MAX_CHROMA ? 1 : 0;
  const run = new Int32Array(Math.ceil(SLIT_FLOOR_MAX_MM * k) + 2);
  for (const [dx, dy] of DIRS) {
    const maxRun = Math.floor((SLIT_FLOOR_MAX_MM * k) / Math.hypot(dx, dy));
    // Every line along (dx, dy) starts at a pixel whose predecessor lies outside the raster.
    for (let y0 = 0; y0 < h; y0++)
      for (let x0 = 0; x0 < w; x0++) {
        const px = x0 - dx;
        const py = y0 - dy;
        if (px >= 0 && py >= 0 && px < w && py < h) continue;
        let prevTool = -1;
        let len = 0;
        let any = false;
        for (let x = x0, y = y0; x >= 0 && y >= 0 && x < w && y < h; x += dx, y += dy) {
          const i = y * w + x;
          if (!tool[i]) {
            if (len <= maxRun) {
              run[len++] = i;
              if (may[i]) any = true;
            }
            continue;
          }
          if (any && prevTool >= 0 && len <= maxRun)
            for (let t = 0; t < len; t++) {
              const j = run[t];
              if (may[j] && unlike(prevTool, j, level, chroma) && unlike(i, j, level, chroma)) out[j] = 1;
            }
          prevTool = i;
          len = 0;
          any = false;
        }
      }
  }
  return out;
}

/** The wall pixel `w` stands out from the floor pixel `i`: brighter or darker by SLIT_FLOOR_DIP, or coloured where it is neutral. */
function unlike(w: number, i: number, level: Float32Array, chroma: Float32Array): boolean {
  return Math.abs(level[w] - level[i]) >= SLIT_FLOOR_DIP || chroma[w] - chroma[i] >= SLIT_FLOOR_WALL_CHROMA;
}

/**
 * 1 = a `floor` pixel 8-connected through floor pixels to the paper of the watershed labels `md`
 * (1 paper, 2 tool, -1 its lines): a floor one or two pixels wide running diagonally is a chain of
 * corners, which the watershed's 4-connected flood does not follow.
 */
export function floorsJoinedToPaper(md: Int32Array, floor: Uint8Array, w: number, h: number): Uint8Array {
  // Components of paper and floor together; a floor pixel in one that holds paper is joined to it.
  const either = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) either[i] = md[i] === 1 || floor[i] ? 1 : 0;
  const { label, size } = labelComponents(either, w, h);
  const withPaper = new Uint8Array(size.length);
  for (let i = 0; i < w * h; i++) if (md[i] === 1) withPaper[label[i]] = 1;
  const joined = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) if (floor[i] && md[i] !== 1 && withPaper[label[i]]) joined[i] = 1;
  return joined;
}
