import Drawing from "dxf-writer";
import type { LayoutGeometry } from "./layout-geometry";
import { round } from "./polygon";

const FOAM_LAYER = "FOAM";
const POCKET_LAYER = "POCKETS";

/**
 * foam-layout.dxf in millimetres ($INSUNITS 4): the foam outline and one closed LWPOLYLINE per
 * pocket. CAD's y axis points up, so y is flipped to keep the layout as it looks on screen.
 */
export function layoutToDxf(layout: LayoutGeometry): string {
  const drawing = new Drawing();
  drawing.setUnits("Millimeters");
  drawing.addLayer(FOAM_LAYER, Drawing.ACI.WHITE, "CONTINUOUS");
  drawing.addLayer(POCKET_LAYER, Drawing.ACI.RED, "CONTINUOUS");
  drawing.setActiveLayer(FOAM_LAYER);
  drawing.drawRect(0, 0, layout.width_mm, layout.depth_mm);
  drawing.setActiveLayer(POCKET_LAYER);
  for (const pocket of layout.pockets) {
    drawing.drawPolyline(
      pocket.points.map(([x, y]) => [x, round(layout.depth_mm - y, 3)]),
      true,
    );
  }
  return drawing.toDxfString();
}
