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
    expect(svg).toContain('<g id="FOAM_OUTLINE" inkscape:groupmode="layer"');
    expect(svg).toContain('<rect x="0" y="0" width="304.8" height="457.2"');
    expect(svg).toContain('<g id="POCKET_15.9MM"');
    const paths = [...svg.matchAll(/<path [^>]*d="([^"]+)"/g)].map((m) => m[1]);
    // 40 x 10 mm at (100, 50), grown by the 1 mm clearance with round (arc) corners
    expect(paths).toHaveLength(1);
    expect(paths[0]).toContain("A1 1 0 0 1");
    expect(paths[0]).toContain("L80 56");
    expect(svg).toContain("Pliers &lt;&quot;big&quot;&gt;");
  });
});
