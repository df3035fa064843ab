/**
 * The operator's cutting files, drawn by the one layout renderer the editor uses too
 * (common/layout): layered DXF (one per foam layer), SVG with the same layers, a PDF with the job
 * sheet and 1:1 templates, and an STL of the insert.
 */
import {
  cutPlan,
  escapeXml,
  layoutDxf as commonDxf,
  layoutDxfFiles,
  layoutPdf as commonPdf,
  layoutStl,
  layoutSvg as commonSvg,
  type JobSheet,
} from "../../../common/layout";
import type { Layout, Point } from "./layout";

export type { JobSheet };
export { escapeXml, layoutDxfFiles, layoutStl, cutPlan };

const round = (value: number) => Math.round(value * 1000) / 1000;

/** DXF in millimetres of the top foam layer (the whole job for one-layer foam). */
export function layoutDxf(layout: Layout): string {
  return commonDxf(layout);
}

export const svgPath = (points: Point[]) => `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join(" L")} Z`;

/** SVG whose user unit is the millimetre, with one named group per cut layer. */
export function layoutSvg(layout: Layout, title: string): string {
  return commonSvg(layout, title);
}

/** A4 job sheet, then one 1:1 template page per foam layer. */
export function layoutPdf(layout: Layout, sheet: JobSheet): Uint8Array {
  return commonPdf(layout, { sheet });
}
