import { describe, expect, test } from "bun:test";
import { placeTool } from "./actions";
import { layoutToSvg } from "./export-svg";
import { layoutGeometry } from "./layout-geometry";
import { loadedStore, rect, scannedTool } from "./test-fixtures";

describe("layoutToSvg", () => {
  test("viewBox and size in mm, the foam rect and one closed path per pocket", () => {
    const store = loadedStore([
      scannedTool("a", { name: 'Pliers <"big">', contourPointsMm: rect(0, 0, 40, 10) }),
      scannedTool("b"),
    ]);
    store.dispatch(placeTool, { id: "a", at: { x: 100, y: 50 } });
    const svg = layoutToSvg(layoutGeometry(store.getState().doc));
    expect(svg).toContain('width="304.8mm" height="457.2mm" viewBox="0 0 304.8 457.2"');
    expect(svg).toContain('<rect id="foam" x="0" y="0" width="304.8" height="457.2"');
    const paths = [...svg.matchAll(/<path [^>]*d="([^"]+)"/g)].map((m) => m[1]);
    expect(paths).toEqual(["M80 45 L120 45 L120 55 L80 55 Z"]);
    expect(svg).toContain("Pliers &#60;&#34;big&#34;&#62;");
  });
});
