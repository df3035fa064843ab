import { layoutDxfFiles } from "../../../../common/layout";
import type { LayoutGeometry } from "./layout-geometry";

/**
 * foam-layout.dxf from the shared renderer: millimetres, one layer per operation and depth
 * (FOAM_OUTLINE, POCKET_25MM, FINGER_25MM, LABEL_ENGRAVE), clearance applied; one file per foam layer.
 */
export function layoutToDxfFiles(layout: LayoutGeometry): { name: string; dxf: string }[] {
  const files = layoutDxfFiles(layout.cut);
  return files.map((file) => ({ name: files.length > 1 ? `foam-layout-layer-${file.layer}.dxf` : "foam-layout.dxf", dxf: file.dxf }));
}

/** The top layer's DXF (the whole job for one-layer foam). */
export function layoutToDxf(layout: LayoutGeometry): string {
  return layoutDxfFiles(layout.cut)[0]!.dxf;
}
