import { beforeAll, describe, expect, test } from "bun:test";
import { maskBounds } from "../../../common/geometry/bounds.ts";
import { loadOpenCv } from "../opencv.ts";
import { fillReach, filledReachMm } from "../trace-views.ts";
import { darkCrevices } from "./crevices.ts";

beforeAll(() => loadOpenCv());

const K = 5; // px per mm, the rectified pad's scale
const W = 300;
const H = 200;

/** A part (grey level `part`) on white paper: a 40 x 20 mm block whose 15 mm slit, `slitMm` wide, opens on its right side. */
function scene(slitMm: number, part = 190) {
  const image = { width: W, height: H, data: new Uint8Array(W * H * 4) };
  const foot = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const mx = x / K;
      const my = y / K;
      let v = 235;
      const block = mx >= 10 && mx < 50 && my >= 10 && my < 30;
      const slit = block && mx >= 35 && Math.abs(my - 20) < slitMm / 2;
      if (block) v = part;
      if (slit) v = Math.min(part, 110); // the slit's floor, in the jaws' shade
      const o = (y * W + x) * 4;
      image.data[o] = image.data[o + 1] = image.data[o + 2] = v;
      image.data[o + 3] = 255;
      // The traced footprint: the slit closed, as every photo saw it.
      if (block) foot[y * W + x] = 1;
    }
  return { image, foot };
}

describe("darkCrevices", () => {
  test("a narrow dark slit inside a light part is a crevice, and its reach into the footprint is measured", () => {
    const { image, foot } = scene(1.2);
    const c = darkCrevices(image, K);
    // The slit's floor, mid-way along it, is a crevice; the part's flat face and the paper are not.
    expect(c[Math.round(20 * K) * W + Math.round(42 * K)]).toBe(1);
    expect(c[Math.round(14 * K) * W + Math.round(20 * K)]).toBe(0);
    expect(c[Math.round(20 * K) * W + Math.round(55 * K)]).toBe(0);
    // The slit runs 15 mm in from the right side; its far end lies 10 mm from the block's top and
    // bottom sides, so the closed outline may be off by up to that.
    const reach = filledReachMm(c, foot, W, H, K);
    expect(reach).toBeGreaterThan(8.5);
    expect(reach).toBeLessThan(11);
    // Read only around the footprint, the same crevices inside it.
    const near = darkCrevices(image, K, maskBounds(foot, W, H) ?? undefined);
    for (let q = 0; q < foot.length; q++) if (foot[q]) expect(near[q]).toBe(c[q]);
    expect(filledReachMm(near, foot, W, H, K)).toBe(reach);
    // One measure into the footprint, several fills: the same reach each time.
    const reachInto = fillReach(foot, W, H, K);
    expect(reachInto(c)).toBe(reach);
    expect(reachInto(near)).toBe(reach);
  });

  test("a slit wider than a crevice, and a dark part's own face, are not read", () => {
    // 6 mm across: the photos see such a gap to the floor; it is no crevice.
    expect(darkCrevices(scene(6).image, K)[Math.round(20 * K) * W + Math.round(42 * K)]).toBe(0);
    // A black part with no slit: its face is as dark as its middle, nothing stands out.
    const black = darkCrevices(scene(0, 30).image, K);
    let inside = 0;
    for (let y = 12 * K; y < 28 * K; y++) for (let x = 12 * K; x < 48 * K; x++) inside += black[y * W + x];
    expect(inside).toBe(0);
  });
});
