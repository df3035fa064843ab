import { layoutSvg } from "../../../../common/layout";
import { pathData } from "../../../lib/scanner-job-body";
import type { LayoutGeometry } from "./layout-geometry";

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export { pathData };

/** foam-layout.svg from the shared renderer: millimetre user units, the DXF's layer names as groups. */
export function layoutToSvg(layout: LayoutGeometry): string {
  const title = `${layout.label} — ${layout.width_mm} × ${layout.depth_mm} × ${layout.thickness_mm} mm`;
  return layoutSvg(layout.cut, title);
}
