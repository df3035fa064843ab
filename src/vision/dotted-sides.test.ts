import { beforeAll, describe, expect, test } from "bun:test";
import { dottedStraightSteps, encloseBehindDottedSides, thickSealedParts } from "./dotted-sides.ts";
import { paperEnclosure } from "./enclosed-parts.ts";
import { UNREACHED } from "./geodesic-cost.ts";
import { loadOpenCv } from "./opencv.ts";

const k = 5;
const W = 120 * k;
const H = 80 * k;

beforeAll(() => loadOpenCv());

/** Step pixels every `every` mm along a horizontal line at y (mm), from x0 to x1 (mm), `dot` px each. */
function dottedLine(y: number, x0: number, x1: number, every: number, dot: number): Uint8Array {
  const m = new Uint8Array(W * H);
  for (let x = x0 * k; x <= x1 * k; x += every * k) for (let d = 0; d < dot; d++) m[Math.round(y * k) * W + Math.round(x) + d] = 1;
  return m;
}

describe("dottedStraightSteps", () => {
  test("joins a straight side read as dots a few millimetres apart", () => {
    const steps = dottedLine(40, 10, 100, 3, 2);
    const drawn = dottedStraightSteps(steps, W, H, k);
    // The gaps between the dots are drawn: every column from the first dot to the last is a step now.
    let open = 0;
    for (let x = 10 * k; x <= 97 * k; x++) if (!steps[40 * k * W + x] && !drawn[40 * k * W + x]) open++;
    expect(open).toBe(0);
  });

  test("draws nothing through scattered dots or a line too short", () => {
    const scattered = new Uint8Array(W * H);
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let q = 0; q < 120; q++) scattered[Math.floor(rnd() * H) * W + Math.floor(rnd() * W)] = 1;
    expect(dottedStraightSteps(scattered, W, H, k).some((v) => v)).toBe(false);
    const short = dottedLine(40, 10, 22, 3, 2);
    expect(dottedStraightSteps(short, W, H, k).some((v) => v)).toBe(false);
  });
});

describe("thickSealedParts", () => {
  /** Costs: `before` reaches both rectangles, `after` neither (the lines sealed them off). */
  function sealedRects(rects: [number, number, number, number][]) {
    const before = new Uint16Array(W * H).fill(UNREACHED);
    const after = new Uint16Array(W * H).fill(UNREACHED);
    for (const [x0, y0, x1, y1] of rects) for (let y = y0 * k; y < y1 * k; y++) for (let x = x0 * k; x < x1 * k; x++) before[y * W + x] = 10;
    return { before, after };
  }

  test("a thick sealed place is a part; a strip of shadow beside a side is not", () => {
    // A body 30 x 20 mm, and a strip 10 mm wide and 60 mm long (the widest shadow strips the
    // lines sealed on the bench held discs of 5.4 mm radius).
    const { before, after } = sealedRects([
      [10, 10, 40, 30],
      [10, 50, 70, 60],
    ]);
    const { part, partPx, sealedPx } = thickSealedParts(before, after, new Uint8Array(W * H), W, H, k);
    expect(sealedPx).toBe((30 * 20 + 60 * 10) * k * k);
    expect(part[20 * k * W + 25 * k]).toBe(1);
    expect(part[55 * k * W + 40 * k]).toBe(0);
    expect(partPx).toBe(30 * 20 * k * k);
  });

  test("what the flood still reaches, and lit paper, stay as they were", () => {
    const { before, after } = sealedRects([[10, 10, 40, 30]]);
    after.fill(5);
    expect(thickSealedParts(before, after, new Uint8Array(W * H), W, H, k).partPx).toBe(0);
    const lit = new Uint8Array(W * H).fill(1);
    after.fill(UNREACHED);
    expect(thickSealedParts(before, after, lit, W, H, k).partPx).toBe(0);
  });
});

describe("encloseBehindDottedSides", () => {
  /** A part's outline (x0, y0, x1, y1 mm) as steps, with a gap (mm along its top side) the flood gets in by. */
  function outlineWithGap([x0, y0, x1, y1]: number[], gap: [number, number]) {
    const edge = new Uint8Array(W * H);
    const line = new Uint8Array(W * H);
    for (let x = x0 * k; x <= x1 * k; x++)
      for (const y of [y0 * k, y1 * k]) {
        if (y === y0 * k && x >= gap[0] * k && x <= gap[1] * k) line[y * W + x] = line[(y + 1) * W + x] = 1;
        else edge[y * W + x] = 1;
      }
    for (let y = y0 * k; y <= y1 * k; y++) for (const x of [x0 * k, x1 * k]) edge[y * W + x] = 1;
    // A dark spot inside: the enclosure keeps regions that touch a candidate.
    const candidates = new Uint8Array(W * H);
    for (let y = (y0 + 3) * k; y < (y0 + 5) * k; y++) for (let x = (x0 + 3) * k; x < (x0 + 5) * k; x++) candidates[y * W + x] = 1;
    return { edge, line, candidates };
  }

  test("a light part open to the paper through its dotted side is enclosed once the side is drawn", () => {
    const { edge, line, candidates } = outlineWithGap([20, 20, 60, 50], [30, 38]);
    const enclosure = paperEnclosure(candidates, edge, W, H, k);
    // Through the 8 mm gap the paper's flood fills the part.
    expect(enclosure.open[35 * k * W + 40 * k]).toBe(1);
    const added = encloseBehindDottedSides(enclosure, candidates, edge, line, W, H, k);
    expect(added).toBeGreaterThan(35 * 25 * k * k);
    expect(enclosure.enclosed[35 * k * W + 40 * k]).toBe(1);
    expect(enclosure.open[35 * k * W + 40 * k]).toBe(0);
    // The paper around it stays open.
    expect(enclosure.open[10 * k * W + 10 * k]).toBe(1);
  });

  test("a narrow place the lines close off is left open (a shadow strip beside a side)", () => {
    const { edge, line, candidates } = outlineWithGap([20, 20, 80, 30], [40, 48]);
    const enclosure = paperEnclosure(candidates, edge, W, H, k);
    expect(encloseBehindDottedSides(enclosure, candidates, edge, line, W, H, k)).toBe(0);
    expect(enclosure.open[25 * k * W + 60 * k]).toBe(1);
  });
});
