type P = [number, number];

const f2 = (v: number) => String(+v.toFixed(2));

/** The outline as one closed <path> in pad mm; the viewBox (mm) is the outline's bounding box plus a 1 mm margin. */
export function contourToSvg(points: P[], strokeMm = 0.2): string {
  if (!points.length) throw new Error("empty contour");
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
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
