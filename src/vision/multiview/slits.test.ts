import { beforeAll, describe, expect, test } from "bun:test";
import { loadOpenCv } from "../opencv.ts";
import { bracketedExcess, distanceToOutside, openSlits, withoutSlivers } from "./slits.ts";

beforeAll(async () => {
  await loadOpenCv();
});

const K = 5;
const W = 200;
const H = 240;

function rect(m: Uint8Array, x0: number, y0: number, x1: number, y1: number) {
  for (let y = Math.round(y0 * K); y < Math.round(y1 * K); y++) for (let x = Math.round(x0 * K); x < Math.round(x1 * K); x++) m[y * W + x] = 1;
}
const count = (m: Uint8Array, x0: number, y0: number, x1: number, y1: number) => {
  let n = 0;
  for (let y = Math.round(y0 * K); y < Math.round(y1 * K); y++) for (let x = Math.round(x0 * K); x < Math.round(x1 * K); x++) n += m[y * W + x];
  return n;
};

/** Two caliper jaws 8 mm wide, 20 mm long, 1.6 mm apart, joined by a beam; the hull fills the slit between them. */
function jaws() {
  const slice = new Uint8Array(W * H);
  rect(slice, 4, 4, 36, 12); // beam
  rect(slice, 10, 12, 18, 32); // jaw
  rect(slice, 19.6, 12, 27.6, 32); // jaw
  const foot = slice.slice();
  rect(foot, 18, 12, 19.6, 32); // the slab the hull keeps over the slit
  // The hull stands a little out of the slice everywhere (its growth and bulge).
  const grown = foot.slice();
  for (let y = 1; y < H - 1; y++) for (let x = 1; x < W - 1; x++) if (foot[y * W + x - 1] || foot[y * W + x + 1] || foot[(y - 1) * W + x] || foot[(y + 1) * W + x]) grown[y * W + x] = 1;
  return { slice, foot: grown };
}

describe("openSlits", () => {
  test("the slit between two jaws is opened to its mouth", () => {
    const { slice, foot } = jaws();
    const r = openSlits(foot, slice, W, H, K);
    expect(r.diagnostics.opened).toBe(1);
    // The slit's floor, from its bottom at the beam to the jaws' tips, is no longer footprint.
    expect(count(r.mask, 18.2, 12.4, 19.4, 31.8)).toBe(0);
    // Nothing of either jaw or of the beam is taken.
    expect(count(r.mask, 10, 12, 18, 32)).toBe(count(slice, 10, 12, 18, 32));
    expect(count(r.mask, 19.6, 12, 27.6, 32)).toBe(count(slice, 19.6, 12, 27.6, 32));
    expect(count(r.mask, 4, 4, 36, 12)).toBe(count(slice, 4, 4, 36, 12));
  });

  test("a piece the photos still need is kept (the check refuses it)", () => {
    const { slice, foot } = jaws();
    const r = openSlits(foot, slice, W, H, K, { accept: () => false });
    expect(r.diagnostics.refused).toBe(1);
    expect(r.mask).toEqual(foot);
  });

  test("a notch along a wall (a strip one photo lost) and a concave corner stay footprint", () => {
    const slice = new Uint8Array(W * H);
    rect(slice, 4, 4, 36, 12);
    rect(slice, 4, 12, 12, 30); // an L: its inner corner is concave
    const foot = slice.slice();
    rect(foot, 12, 12, 14, 14); // the hull's wedge in the concave corner
    rect(foot, 4, 3, 36, 4); // the hull's band along the top wall
    // A ragged slice along the top wall: a shallow notch 6 mm long.
    for (let y = Math.round(4 * K); y < Math.round(5 * K); y++) for (let x = Math.round(15 * K); x < Math.round(21 * K); x++) slice[y * W + x] = 0;
    const r = openSlits(foot, slice, W, H, K);
    expect(r.diagnostics.opened).toBe(0);
    expect(r.mask).toEqual(foot);
    // Bracketed they are: only the slit's shape (long and narrow, away from the outside) keeps them.
    expect(openSlits(foot, slice, W, H, K, { minElongation: 0, maxNearShare: 1 }).diagnostics.opened).toBeGreaterThan(0);
  });

  test("a sliver of slice down the slit (two photos saw different parts of its floor) is opened with it", () => {
    // Jaws 3 mm apart; every photo saw tool only on a one-pixel line down the slit's middle.
    const slice = new Uint8Array(W * H);
    rect(slice, 4, 4, 36, 12);
    rect(slice, 10, 12, 18, 32);
    rect(slice, 21, 12, 29, 32);
    const foot = slice.slice();
    rect(foot, 18, 12, 21, 32);
    for (let y = Math.round(12 * K); y < Math.round(32 * K); y++) slice[y * W + Math.round(19.5 * K)] = 1;
    const r = openSlits(foot, slice, W, H, K);
    expect(r.diagnostics.opened).toBe(1);
    expect(count(r.mask, 18.2, 12.4, 20.8, 31.8)).toBe(0);
    expect(count(r.mask, 10, 12, 18, 32)).toBe(count(slice, 10, 12, 18, 32));
  });

  test("between round handles the bands their flanks overhang stay footprint; the middle of the crotch opens", () => {
    // Two handles 8 mm wide, 4 mm apart, whose rounded flanks overhang the pad by 1 mm all round:
    // the slice stops 1 mm short of the footprint along their outer edges and inside the crotch alike.
    const slice = new Uint8Array(W * H);
    rect(slice, 4, 4, 36, 12);
    rect(slice, 10, 12, 18, 32);
    rect(slice, 22, 12, 30, 32);
    const foot = new Uint8Array(W * H);
    rect(foot, 3, 3, 37, 13);
    rect(foot, 9, 13, 19, 33);
    rect(foot, 21, 13, 31, 33);
    rect(foot, 19, 13, 21, 32); // the slab the hull keeps over the crotch's floor
    // The walls fitted along the handles' outer sides stand 1 mm out of the slice (wall-fit.ts).
    const overhangs = [];
    for (let y = Math.round(14 * K); y < Math.round(31 * K); y++) overhangs.push({ q: y * W + Math.round(9 * K), mm: 1 }, { q: y * W + Math.round(31 * K) - 1, mm: 1 });
    const r = openSlits(foot, slice, W, H, K, { overhangs });
    expect(r.diagnostics.opened).toBe(1);
    // The flanks' bands (18-19 and 21-22 mm) are kept; the crotch between them is open.
    expect(count(r.mask, 18, 13, 19, 32)).toBe(count(foot, 18, 13, 19, 32));
    expect(count(r.mask, 21, 13, 22, 32)).toBe(count(foot, 21, 13, 22, 32));
    expect(count(r.mask, 19.4, 13.4, 20.6, 32)).toBe(0);
    // About 2 x 1 mm x 19 mm kept back.
    expect(r.diagnostics.bandKeptMm2).toBeGreaterThan(30);
    expect(r.diagnostics.bandKeptMm2).toBeLessThan(45);
    // Walls overhanging more than half the crotch's width close it whole.
    const wide = openSlits(foot, slice, W, H, K, { overhangs: overhangs.map((x) => ({ ...x, mm: 2.2 })) });
    expect(wide.diagnostics).toMatchObject({ opened: 0, closedByBands: 1 });
    expect(wide.mask).toEqual(foot);
    // Flat walls (fitted, overhanging nothing) and walls no fit reached keep no band.
    for (const o of [overhangs.map((x) => ({ ...x, mm: 0 })), []]) {
      const flat = openSlits(foot, slice, W, H, K, { overhangs: o });
      expect(count(flat.mask, 18.2, 13.4, 21.8, 32)).toBe(0);
    }
  });

  test("withoutSlivers drops a thin strip inside the footprint, keeps a thin tip at the outside and the wide parts", () => {
    const foot = new Uint8Array(W * H);
    rect(foot, 4, 4, 36, 30);
    const slice = foot.slice();
    // A one-pixel strip inside, between two gaps.
    for (let y = Math.round(10 * K); y < Math.round(20 * K); y++) {
      slice[y * W + 99] = 0;
      slice[y * W + 101] = 0;
    }
    // A tip two pixels wide reaching the outside at the bottom.
    for (let y = Math.round(30 * K); y < Math.round(34 * K); y++) foot[y * W + 60] = foot[y * W + 61] = slice[y * W + 60] = slice[y * W + 61] = 1;
    const out = withoutSlivers(slice, distanceToOutside(foot, W, H), W, H, K);
    for (let y = Math.round(10 * K) + 1; y < Math.round(20 * K) - 1; y++) expect(out[y * W + 100]).toBe(0);
    for (let y = Math.round(31 * K); y < Math.round(34 * K); y++) expect(out[y * W + 60]).toBe(1);
    expect(count(out, 5, 5, 15, 25)).toBe(count(slice, 5, 5, 15, 25));
  });

  test("the bracket span is the slit's width", () => {
    const { slice, foot } = jaws();
    const spans = bracketedExcess(foot, slice, W, H, 25);
    const mid = Math.round(22 * K) * W + Math.round(18.8 * K);
    expect(spans[mid]).toBeGreaterThanOrEqual(7);
    expect(spans[mid]).toBeLessThanOrEqual(9);
    // Beside the outer wall of a jaw nothing brackets the hull's band.
    expect(spans[Math.round(22 * K) * W + Math.round(9.9 * K)]).toBe(0);
  });
});
