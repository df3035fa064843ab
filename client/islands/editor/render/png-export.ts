import { cutPlan, flattenRing } from "../../../../common/layout";
import { PNG_EXPORT_DPI } from "../core/constants";
import type { LayoutGeometry } from "../core/layout-geometry";
import { rasterSize, withPngDpi } from "../core/png-dpi";

/** Browsers refuse larger canvases; a huge sheet is exported at a lower (stated) dpi instead. */
const MAX_SIDE_PX = 8192;

/**
 * foam-layout.png at true scale: the same geometry as the DXF/SVG, rasterised at `dpi` (lowered
 * only if the sheet would exceed the canvas limit) with the dpi written into the file.
 */
export async function renderLayoutPng(layout: LayoutGeometry, requestedDpi = PNG_EXPORT_DPI): Promise<{ blob: Blob; dpi: number }> {
  let dpi = requestedDpi;
  const largest = rasterSize(layout.width_mm, layout.depth_mm, dpi);
  if (Math.max(largest.width, largest.height) > MAX_SIDE_PX) {
    dpi = Math.floor((dpi * MAX_SIDE_PX) / Math.max(largest.width, largest.height));
  }
  const { pxPerMm, width, height } = rasterSize(layout.width_mm, layout.depth_mm, dpi);
  const canvas: OffscreenCanvas | HTMLCanvasElement =
    typeof OffscreenCanvas !== "undefined" ? new OffscreenCanvas(width, height) : Object.assign(document.createElement("canvas"), { width, height });
  const ctx = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) throw new Error("Canvas 2D is not available in this browser.");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  ctx.scale(pxPerMm, pxPerMm);
  ctx.lineWidth = 0.3;
  ctx.strokeStyle = "#000000";
  ctx.strokeRect(0.15, 0.15, layout.width_mm - 0.3, layout.depth_mm - 0.3);
  ctx.fillStyle = "#1f2937";
  // The pockets as cut (clearance, notches, ledges), from the same plan as the DXF and SVG.
  const plan = cutPlan(layout.cut);
  const outermost = new Map<number, number>();
  for (const contour of plan.contours) outermost.set(contour.pocketIndex, Math.min(outermost.get(contour.pocketIndex) ?? Infinity, contour.depth_mm));
  for (const contour of plan.contours) {
    if (outermost.get(contour.pocketIndex) !== contour.depth_mm) continue;
    for (const ring of contour.rings) {
      ctx.beginPath();
      flattenRing(ring, 0.05).forEach(([x, y], index) => (index ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
    }
  }
  const encoded =
    "convertToBlob" in canvas
      ? await canvas.convertToBlob({ type: "image/png" })
      : await new Promise<Blob>((resolve, reject) =>
          canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("PNG encoding failed."))), "image/png"),
        );
  const bytes = withPngDpi(new Uint8Array(await encoded.arrayBuffer()), dpi);
  return { blob: new Blob([bytes], { type: "image/png" }), dpi };
}
