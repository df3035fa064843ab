import { pathData } from "../../../lib/scanner-job-body";
import type { LayoutGeometry } from "./layout-geometry";
import type { Pt } from "./types";

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export { pathData };

/** An SVG document whose user unit is the millimetre, so it prints and imports at true scale. */
export function svgDocument(width_mm: number, depth_mm: number, body: string, title: string): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width_mm}mm" height="${depth_mm}mm" viewBox="0 0 ${width_mm} ${depth_mm}">`,
    `<title>${escapeXml(title)}</title>`,
    body,
    `</svg>`,
    "",
  ].join("\n");
}

/** foam-layout.svg: the foam rectangle and one closed path per pocket, in millimetres. */
export function layoutToSvg(layout: LayoutGeometry): string {
  const body = [
    `<rect id="foam" x="0" y="0" width="${layout.width_mm}" height="${layout.depth_mm}" fill="none" stroke="#000" stroke-width="0.3"/>`,
    ...layout.pockets.map(
      (pocket) =>
        `<path id="pocket-${escapeXml(pocket.id)}" data-name="${escapeXml(pocket.name)}" d="${pathData(pocket.points)}" fill="none" stroke="#d00" stroke-width="0.3"/>`,
    ),
  ].join("\n");
  const title = `${layout.label} — ${layout.width_mm} × ${layout.depth_mm} × ${layout.thickness_mm} mm`;
  return svgDocument(layout.width_mm, layout.depth_mm, body, title);
}
