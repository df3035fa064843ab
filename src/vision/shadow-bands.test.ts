import { beforeAll, describe, expect, test } from "bun:test";
import { BAND_HARD_KEEP_MM, BAND_KEEP_MM, trimShadowBands } from "./shadow-bands.ts";
import { loadOpenCv } from "./opencv.ts";

const k = 5;
const W = 80 * k;
const H = 40 * k;

beforeAll(() => loadOpenCv());

/**
 * A round leg lying along x (its side at y = 15 mm) and its cast shadow below it, as the level
 * (paper-relative) runs across them: the flank darkens to a valley at the side (0.5), the shadow
 * rises from it to a plateau (0.62 unless `plateau` says) and through a soft lamp's penumbra to the
 * paper (1) at 19.5 mm, or, with `hardRim`, a hard lamp's crisp rim at 17.5 mm. The mask
 * holds the leg and, where `bulge` says, the shadow down to 17.5 mm (a watershed's bulges); the
 * grid's shadow evidence lies where `seen` says, from the side out.
 */
function scene(opts: { bulge: (xMm: number) => boolean; seen: (xMm: number) => boolean; flankBeyond?: boolean; hiddenAt?: number; plateau?: number; hardRim?: boolean }) {
  const P = opts.plateau ?? 0.62;
  const level = new Float32Array(W * H);
  const td = new Uint8Array(W * H);
  const shadow = new Uint8Array(W * H);
  const shadowLike = new Uint8Array(W * H);
  const hidden = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const ym = (y + 0.5) / k;
      const xm = (x + 0.5) / k;
      const onLeg = xm >= 10 && xm <= 70;
      let v = 1;
      if (onLeg && ym >= 9 && ym < 15) v = 0.8 - ((ym - 9) / 6) * 0.3;
      else if (onLeg && ym >= 15 && ym < (opts.flankBeyond || opts.hardRim ? 18 : 19.5)) {
        if (opts.flankBeyond) v = ym < 16.5 ? 0.5 + ((ym - 15) / 1.5) * 0.35 : 0.6;
        else if (opts.hardRim) v = ym < 15.6 ? 0.5 + ((ym - 15) / 0.6) * (P - 0.5) : ym < 17.5 ? P : 1;
        else v = ym < 15.6 ? 0.5 + ((ym - 15) / 0.6) * (P - 0.5) : ym < 17 ? P : Math.min(1, P + ((ym - 17) / 2.5) * (1 - P));
      }
      level[i] = v;
      shadowLike[i] = v < 0.97 ? 1 : 0;
      if (onLeg && ym >= 9 && ym < 15) td[i] = 255;
      if (onLeg && ym >= 15 && ym < 17.5 && opts.bulge(xm)) td[i] = 255;
      if (onLeg && ym >= 15.4 && ym < 17.5 && !td[i] && opts.seen(xm)) shadow[i] = 1;
      if (opts.hiddenAt !== undefined && Math.abs(xm - opts.hiddenAt) < 0.2 && ym >= 15 && ym < 17.5) hidden[i] = 1;
    }
  return { level, td, shadow, shadowLike, hidden };
}

/** The mask's lowest row (mm) in the column at x (mm). */
function bottomAt(td: Uint8Array, xMm: number): number {
  const x = Math.floor(xMm * k);
  let last = -1;
  for (let y = 0; y < H; y++) if (td[y * W + x]) last = y;
  return (last + 1) / k;
}

describe("trimShadowBands", () => {
  // Bulges of shadow in the mask between 20-30 and 40-50 mm; the shadow seen elsewhere along the side.
  const bulge = (x: number) => (x >= 20 && x < 30) || (x >= 40 && x < 50);
  const seen = (x: number) => !bulge(x);

  test("trims a shadow's bulges back to just past the side's valley", () => {
    const s = scene({ bulge, seen });
    const removed = trimShadowBands(s.td, s.level, s.shadow, s.shadowLike, s.hidden, W, H, k);
    expect(removed).toBeGreaterThan(0);
    for (const x of [22, 25, 45]) {
      const b = bottomAt(s.td, x);
      // The side (15 mm) is kept, with the keep's margin past the valley; the bulge (17.5 mm) is gone.
      expect(b).toBeGreaterThanOrEqual(15 + BAND_KEEP_MM - 0.01);
      expect(b).toBeLessThanOrEqual(15 + BAND_KEEP_MM + 0.5);
    }
    // The leg itself is untouched.
    expect(bottomAt(s.td, 35)).toBeCloseTo(15, 1);
  });

  test("behind a hard lamp's crisp-rimmed band the trim keeps the smaller margin", () => {
    const soft = scene({ bulge, seen });
    trimShadowBands(soft.td, soft.level, soft.shadow, soft.shadowLike, soft.hidden, W, H, k);
    const hard = scene({ bulge, seen, hardRim: true });
    expect(trimShadowBands(hard.td, hard.level, hard.shadow, hard.shadowLike, hard.hidden, W, H, k)).toBeGreaterThan(0);
    for (const x of [22, 25, 45]) {
      const b = bottomAt(hard.td, x);
      expect(b).toBeGreaterThanOrEqual(15 + BAND_HARD_KEEP_MM - 0.01);
      expect(b).toBeLessThanOrEqual(15 + BAND_HARD_KEEP_MM + 0.5);
      // The soft lamp's band keeps the wider margin.
      expect(bottomAt(soft.td, x)).toBeGreaterThanOrEqual(15 + BAND_KEEP_MM - 0.01);
    }
  });

  test("keeps the bulges where no grid-confirmed shadow lies beside the side", () => {
    const s = scene({ bulge, seen: () => false });
    expect(trimShadowBands(s.td, s.level, s.shadow, s.shadowLike, s.hidden, W, H, k)).toBe(0);
    expect(bottomAt(s.td, 25)).toBeCloseTo(17.6, 0);
  });

  test("keeps a band that darkens again past the mask's end: a flank meeting its own shadow", () => {
    const s = scene({ bulge, seen, flankBeyond: true });
    trimShadowBands(s.td, s.level, s.shadow, s.shadowLike, s.hidden, W, H, k);
    expect(bottomAt(s.td, 25)).toBeCloseTo(17.6, 0);
  });

  test("keeps a light shadow's bulges: a steel flank mirroring it reads as bright", () => {
    const s = scene({ bulge, seen, plateau: 0.85 });
    expect(trimShadowBands(s.td, s.level, s.shadow, s.shadowLike, s.hidden, W, H, k)).toBe(0);
  });

  test("keeps the rays whose band hides a grid line", () => {
    const s = scene({ bulge, seen, hiddenAt: 25 });
    trimShadowBands(s.td, s.level, s.shadow, s.shadowLike, s.hidden, W, H, k);
    expect(bottomAt(s.td, 25)).toBeCloseTo(17.6, 0);
    expect(bottomAt(s.td, 22)).toBeLessThan(16.5);
  });
});
