/**
 * Exact-in-x, supersampled-in-y area coverage of polygons (even-odd rule, so holes work) on a pixel
 * grid. Pixel (i, j) covers [i, i+1) x [j, j+1) in raster units. Used for ground-truth-faithful
 * anti-aliasing: OpenCV's LINE_AA fill is biased by up to a pixel.
 */
export function rasterizeCoverage(polys: [number, number][][], width: number, height: number, subRows = 8): Float32Array {
  const cov = new Float32Array(width * height);
  type Edge = { y0: number; y1: number; x0: number; dxdy: number };
  const edges: Edge[] = [];
  for (const poly of polys) {
    for (let k = 0; k < poly.length; k++) {
      const [ax, ay] = poly[k];
      const [bx, by] = poly[(k + 1) % poly.length];
      if (ay === by) continue;
      const [x0, y0, x1, y1] = ay < by ? [ax, ay, bx, by] : [bx, by, ax, ay];
      edges.push({ y0, y1, x0, dxdy: (x1 - x0) / (y1 - y0) });
    }
  }
  edges.sort((a, b) => a.y0 - b.y0);
  const w = 1 / subRows;
  let next = 0;
  let active: Edge[] = [];
  const xs: number[] = [];
  const yStart = Math.max(0, Math.floor(edges.length ? edges[0].y0 : 0));
  for (let j = yStart; j < height; j++) {
    for (let s = 0; s < subRows; s++) {
      const y = j + (s + 0.5) * w;
      while (next < edges.length && edges[next].y0 <= y) active.push(edges[next++]);
      active = active.filter((e) => e.y1 > y);
      if (!active.length) {
        if (next >= edges.length) return cov;
        continue;
      }
      xs.length = 0;
      for (const e of active) if (e.y0 <= y) xs.push(e.x0 + (y - e.y0) * e.dxdy);
      xs.sort((a, b) => a - b);
      const row = j * width;
      for (let k = 0; k + 1 < xs.length; k += 2) {
        let xa = Math.max(0, xs[k]);
        const xb = Math.min(width, xs[k + 1]);
        if (xb <= xa) continue;
        let ia = Math.floor(xa);
        const ib = Math.floor(xb);
        if (ia === ib) {
          cov[row + ia] += (xb - xa) * w;
          continue;
        }
        cov[row + ia] += (ia + 1 - xa) * w;
        xa = ia + 1;
        for (ia = ia + 1; ia < ib; ia++) cov[row + ia] += w;
        if (ib < width) cov[row + ib] += (xb - ib) * w;
      }
    }
  }
  return cov;
}
