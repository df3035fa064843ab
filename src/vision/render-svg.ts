import { pointBounds } from "../../common/geometry/bounds.ts";
type P = [number, number];

const f2 = (v: number) => String(+v.toFixed(2));

/** The outline as one closed <path> in pad mm; the viewBox (mm) is the outline's bounding box plus a 1 mm margin. */
export function contourToSvg(points: P[], strokeMm = 0.2): string {
  if (!points.length) throw new Error("empty contour");
  const { x0, y0, x1, y1 } = pointBounds(points);
  const m = 1;
  const vx = x0 - m;
  const vy = y0 - m;
  const vw = x1 - x0 + 2 * m;
  const vh = y1 - y0 + 2 * m;
  const d = points.map(([x, y], i) => `${i ? "L" : "M"}${f2(x)} ${f2(y)}`).join(" ") + " Z";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${f2(vw)}mm" height="${f2(vh)}mm" viewBox="${f2(vx)} ${f2(vy)} ${f2(vw)} ${f2(vh)}">` +
    `<path d="${d}" fill="none" stroke="#000000" stroke-width="${strokeMm}" stroke-linejoin="round"/></svg>`
  );
}
