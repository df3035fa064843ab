import { describe, expect, test } from "bun:test";
import { CLIP_LIGHT_MAX_SHARE, clipDefaults, clipToNetwork, dropGridShadows, fuseDefaults, fuseMasks, GRID_TOOL_HIDDEN, GRID_TOOL_LIGHT, GRID_TOOL_UNSHADOWED } from "./fuse-masks.ts";

const W = 40;
const H = 20;
const at = (x: number, y: number) => y * W + x;

function rect(m: Uint8Array | Float32Array, x0: number, y0: number, x1: number, y1: number, v: number) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m[at(x, y)] = v;
}
const row = (m: Uint8Array, y: number) => Array.from({ length: W }, (_, x) => m[at(x, y)]).join("");

describe("fuseMasks", () => {
  // The tool spans x 5-24. The network sees x 6-23 (softened ends) and also a part at x 28-35 that
  // the colour segmenter misses; the classic mask has the tool exactly plus a stray blob at x 36-38.
  const ai = new Uint8Array(W * H);
  rect(ai, 6, 5, 24, 15, 255);
  rect(ai, 24, 8, 36, 12, 255);
  const classic = new Uint8Array(W * H);
  rect(classic, 5, 5, 25, 15, 1);
  rect(classic, 37, 2, 39, 4, 1);

  test("confirmed classic components keep their own outline; unconfirmed ones are dropped; far AI parts are added", () => {
    const m = fuseMasks(ai, classic, W, H, { componentOverlap: 0.5, bandPx: 2 });
    expect(row(m, 6)).toBe("0000011111111111111111111000000000000000");
    expect(row(m, 10)).toBe("0000011111111111111111111111111111110000");
    expect(m[at(37, 3)]).toBe(0);
  });

  test("by default AI-only parts are not added: the confirmed classic components are the answer", () => {
    const m = fuseMasks(ai, classic, W, H, fuseDefaults(5));
    expect(row(m, 10)).toBe("0000011111111111111111111000000000000000");
    expect(m[at(37, 3)]).toBe(0);
  });

  test("without a classic mask, or with nothing confirmed, it is the AI mask", () => {
    const empty = fuseMasks(ai, new Uint8Array(W * H), W, H, fuseDefaults(5));
    const stray = new Uint8Array(W * H);
    rect(stray, 37, 2, 39, 4, 1);
    const unconfirmed = fuseMasks(ai, stray, W, H, fuseDefaults(5));
    for (const m of [empty, unconfirmed]) {
      expect(row(m, 10)).toBe("0000001111111111111111111111111111110000");
      expect(m.reduce((s, v) => s + v, 0)).toBe(18 * 10 + 12 * 4);
    }
  });

  test("a component is confirmed from a quarter of its pixels by default", () => {
    const partial = new Uint8Array(W * H);
    rect(partial, 5, 5, 10, 15, 255); // 5 of the tool's 20 columns
    const m = fuseMasks(partial, classic, W, H, fuseDefaults(5));
    expect(row(m, 10)).toBe("0000011111111111111111111000000000000000");
    const tooLittle = new Uint8Array(W * H);
    rect(tooLittle, 5, 5, 9, 15, 255);
    expect(row(fuseMasks(tooLittle, classic, W, H, fuseDefaults(5)), 10)).toBe("0000011110000000000000000000000000000000");
    expect(fuseDefaults(5)).toEqual({ componentOverlap: 0.25, bandPx: Number.POSITIVE_INFINITY });
  });

  test("when the network sees nothing at all, the classic mask stands", () => {
    const m = fuseMasks(new Uint8Array(W * H), classic, W, H, fuseDefaults(5));
    expect(Array.from(m)).toEqual(Array.from(classic));
  });
});

describe("clipToNetwork", () => {
  // A dark tool at x 5-24 with a cast shadow at x 25-34 that the colour segmenter took for tool.
  const fused = new Uint8Array(W * H);
  rect(fused, 5, 5, 35, 15, 1);
  const ai = new Uint8Array(W * H);
  rect(ai, 5, 5, 25, 15, 255);
  const prob = new Float32Array(W * H).fill(0.01);
  rect(prob, 5, 5, 25, 15, 0.95);

  test("drops pixels the network is sure are paper, farther than the band from its mask", () => {
    const m = clipToNetwork(fused.slice(), ai, prob, W, H, { bandPx: 2, below: 0.05 });
    expect(row(m, 10)).toBe("0000011111111111111111111110000000000000");
  });

  test("keeps pixels where the network is unsure, and everything when it saw nothing", () => {
    const unsure = prob.slice();
    rect(unsure, 25, 5, 35, 15, 0.2);
    expect(row(clipToNetwork(fused.slice(), ai, unsure, W, H, clipDefaults(5)), 10)).toBe(row(fused, 10));
    expect(row(clipToNetwork(fused.slice(), new Uint8Array(W * H), prob, W, H, clipDefaults(5)), 10)).toBe(row(fused, 10));
    expect(clipDefaults(5)).toEqual({ bandPx: 3, below: 0.05, thickPx: 0, lightThickPx: 5, lightMinPx: 250 });
  });
});

test("clipToNetwork trims thin fringes but not a thick part the network calls paper", () => {
  // Tool x 5-14; a 2 px fringe at x 15-16 and, below it, a 10 px thick part at x 15-24 (rows 10-19).
  const m = new Uint8Array(W * H);
  rect(m, 5, 0, 17, 10, 1);
  rect(m, 5, 10, 25, 20, 1);
  const net = new Uint8Array(W * H);
  rect(net, 5, 0, 15, 20, 255);
  const p = new Float32Array(W * H).fill(0.01);
  rect(p, 5, 0, 15, 20, 0.95);
  const out = clipToNetwork(m.slice(), net, p, W, H, { bandPx: 0, below: 0.05, thickPx: 3 });
  expect(row(out, 4)).toBe("0000011111111110000000000000000000000000");
  expect(row(out, 15)).toBe("0000011111111111111111111000000000000000");
});

test("clipToNetwork trims nothing when trimming would cut the tool in two", () => {
  // A tool x 5-34 whose band x 20-22 (a bright reflection across it) the network calls paper.
  const m = new Uint8Array(W * H);
  rect(m, 5, 5, 35, 15, 1);
  const net = new Uint8Array(W * H);
  rect(net, 5, 5, 18, 15, 255);
  rect(net, 25, 5, 35, 15, 255);
  const p = new Float32Array(W * H).fill(0.9);
  rect(p, 18, 5, 25, 15, 0.01);
  const out = clipToNetwork(m.slice(), net, p, W, H, { bandPx: 1, below: 0.05 });
  expect(row(out, 10)).toBe(row(m, 10));
});

test("clipToNetwork trims nothing when the cut would split off even a small part (a chrome jaw beyond a neck)", () => {
  // A tool x 2-35 with a part x 37-38 held by a 2-pixel neck at x 36 that the network calls paper:
  // trimming the neck would cut off 1.5 % of the tool.
  const m = new Uint8Array(W * H);
  rect(m, 2, 2, 36, 18, 1);
  rect(m, 36, 9, 37, 11, 1);
  rect(m, 37, 8, 39, 12, 1);
  const net = new Uint8Array(W * H);
  rect(net, 2, 2, 36, 18, 255);
  rect(net, 37, 8, 39, 12, 255);
  const p = new Float32Array(W * H).fill(0.9);
  rect(p, 36, 0, 37, H, 0.01);
  const out = clipToNetwork(m.slice(), net, p, W, H, { bandPx: 0, below: 0.05 });
  expect(row(out, 10)).toBe(row(m, 10));
});

describe("the grid's evidence in the fusion", () => {
  // A tool at x 5-24 whose satin end (x 18-24) the network is sure is paper, and a hard shadow at
  // x 25-34 that both the network and the colour rules took for tool.
  const fused = new Uint8Array(W * H);
  rect(fused, 5, 5, 35, 15, 1);
  const ai = new Uint8Array(W * H);
  rect(ai, 5, 5, 18, 15, 255);
  rect(ai, 25, 5, 35, 15, 255);
  const prob = new Float32Array(W * H).fill(0.01);
  rect(prob, 5, 5, 18, 15, 0.95);
  rect(prob, 25, 5, 35, 15, 0.9);
  const gridTool = new Uint8Array(W * H);
  rect(gridTool, 18, 5, 25, 15, 1);
  const shadow = new Uint8Array(W * H);
  rect(shadow, 25, 5, 35, 15, 1);

  test("a classic component the network misses is confirmed by the hidden grid", () => {
    const classic = new Uint8Array(W * H);
    rect(classic, 5, 5, 15, 15, 1);
    rect(classic, 30, 5, 38, 15, 1); // a satin part on its own, the network sees nothing there
    const net = new Uint8Array(W * H);
    rect(net, 5, 5, 15, 15, 255);
    const hidden = new Uint8Array(W * H);
    rect(hidden, 31, 6, 37, 14, 1);
    expect(row(fuseMasks(net, classic, W, H, fuseDefaults(5)), 10)).toBe("0000011111111110000000000000000000000000");
    expect(row(fuseMasks(net, classic, W, H, { ...fuseDefaults(5), gridTool: hidden }), 10)).toBe("0000011111111110000000000000001111111100");
  });

  test("only the hidden grid confirms; tool unlike any shadow (value 2) is kept from trimming but confirms nothing", () => {
    const classic = new Uint8Array(W * H);
    rect(classic, 5, 5, 15, 15, 1);
    rect(classic, 30, 5, 38, 15, 1);
    const net = new Uint8Array(W * H);
    rect(net, 5, 5, 15, 15, 255);
    const unshadowed = new Uint8Array(W * H);
    rect(unshadowed, 30, 5, 38, 15, GRID_TOOL_UNSHADOWED);
    expect(row(fuseMasks(net, classic, W, H, { ...fuseDefaults(5), gridTool: unshadowed }), 10)).toBe("0000011111111110000000000000000000000000");
    const tool = new Uint8Array(W * H);
    rect(tool, 5, 5, 25, 15, 1);
    const keep = new Uint8Array(W * H);
    rect(keep, 18, 5, 25, 15, GRID_TOOL_UNSHADOWED);
    const net2 = new Uint8Array(W * H);
    rect(net2, 5, 5, 18, 15, 255);
    expect(row(clipToNetwork(tool.slice(), net2, prob, W, H, { bandPx: 2, below: 0.05 }, keep), 10)).toBe(row(tool, 10));
    expect(GRID_TOOL_HIDDEN).toBe(1);
  });

  test("clipToNetwork never trims where the grid is hidden", () => {
    const tool = new Uint8Array(W * H);
    rect(tool, 5, 5, 25, 15, 1);
    const net = new Uint8Array(W * H);
    rect(net, 5, 5, 18, 15, 255);
    // Without the evidence the satin end loses x 20-24 (farther than 2 px from the network's mask).
    const without = clipToNetwork(tool.slice(), net, prob, W, H, { bandPx: 2, below: 0.05 });
    expect(row(without, 10)).toBe("0000011111111111111100000000000000000000");
    const kept = clipToNetwork(tool.slice(), net, prob, W, H, { bandPx: 2, below: 0.05 }, gridTool);
    expect(row(kept, 10)).toBe(row(tool, 10));
  });

  test("dropGridShadows takes out the shadow the grid shows through, not the grid-hidden tool", () => {
    const m = dropGridShadows(fused.slice(), { shadow, gridTool });
    expect(row(m, 10)).toBe("0000011111111111111111111000000000000000");
    // A pixel both "shadow" and "hidden grid" stays tool; no evidence changes nothing.
    const both = shadow.slice();
    rect(both, 20, 5, 22, 15, 1);
    expect(row(dropGridShadows(fused.slice(), { shadow: both, gridTool }), 10)).toBe("0000011111111111111111111000000000000000");
    expect(row(dropGridShadows(fused.slice(), {}), 10)).toBe(row(fused, 10));
  });
});

describe("clipToNetwork and light strips (GRID_TOOL_LIGHT)", () => {
  // A tool x 5-66, rows 5-34, with a light part on its right side from x 67 (a chrome bevel mirroring
  // the paper, a pale jaw) that the network is sure is paper; the classic segmenter marked it light.
  const w = 80;
  const h = 40;
  const box = (m: Uint8Array | Float32Array, x0: number, y0: number, x1: number, y1: number, v: number) => {
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) m[y * w + x] = v;
  };
  const line = (m: Uint8Array, y: number) => Array.from({ length: w }, (_, x) => m[y * w + x]).join("");
  const bodyOnly = `${"0".repeat(5)}${"1".repeat(62)}${"0".repeat(13)}`;
  const opts = { bandPx: 0, below: 0.05, lightThickPx: 2, lightMinPx: 20 };
  const setup = (x1: number, y0: number, y1: number) => {
    const tool = new Uint8Array(w * h);
    box(tool, 5, 5, 67, 35, 1);
    box(tool, 67, y0, x1, y1, 1);
    const net = new Uint8Array(w * h);
    box(net, 5, 5, 67, 35, 255);
    const p = new Float32Array(w * h).fill(0.01);
    box(p, 5, 5, 67, 35, 0.95);
    const keep = new Uint8Array(w * h);
    box(keep, 67, y0, x1, y1, GRID_TOOL_LIGHT);
    return { tool, net, p, keep };
  };

  test("a long thin light strip is kept; without the mark it is trimmed", () => {
    const { tool, net, p, keep } = setup(70, 5, 35);
    expect(line(clipToNetwork(tool.slice(), net, p, w, h, opts, keep), 20)).toBe(line(tool, 20));
    expect(line(clipToNetwork(tool.slice(), net, p, w, h, opts), 20)).toBe(bodyOnly);
    // The rule is off without lightThickPx: a light pixel is trimmed as any other.
    expect(line(clipToNetwork(tool.slice(), net, p, w, h, { bandPx: 0, below: 0.05 }, keep), 20)).toBe(bodyOnly);
  });

  test("a short light sliver and a small thick light stretch are trimmed", () => {
    const short = setup(70, 10, 15);
    expect(line(clipToNetwork(short.tool.slice(), short.net, short.p, w, h, opts, short.keep), 12)).toBe(bodyOnly);
    // 8 x 10 px: 4 % of the tool.
    const thick = setup(75, 10, 20);
    expect(line(clipToNetwork(thick.tool.slice(), thick.net, thick.p, w, h, opts, thick.keep), 15)).toBe(bodyOnly);
  });

  test("light pixels over CLIP_LIGHT_MAX_SHARE of the tool are not trimmed: the network took a pale part for paper", () => {
    // 10 x 30 px: 14 % of the tool, a satin blade's side the network calls paper.
    const pale = setup(77, 5, 35);
    expect(CLIP_LIGHT_MAX_SHARE).toBe(0.05);
    expect(line(clipToNetwork(pale.tool.slice(), pale.net, pale.p, w, h, opts, pale.keep), 20)).toBe(line(pale.tool, 20));
    // Unmarked, the same pixels are a shadow the colour rules kept: trimmed.
    expect(line(clipToNetwork(pale.tool.slice(), pale.net, pale.p, w, h, opts), 20)).toBe(bodyOnly);
  });
});

