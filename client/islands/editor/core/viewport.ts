import { PX_PER_MM, ZOOM_MAX, ZOOM_MIN } from "./constants";
import { clamp, round } from "./polygon";
import type { Foam, Pt, Vec, Viewport } from "./types";

/** Blank space kept around the foam when the view is reset. */
const VIEW_MARGIN_PX = 24;

export const INITIAL_VIEWPORT: Viewport = { zoom: 1, fit: 1, panX: VIEW_MARGIN_PX, panY: VIEW_MARGIN_PX, width: 0, height: 0 };

/** Screen pixels per millimetre. */
export function viewScale(viewport: Viewport): number {
  return PX_PER_MM * viewport.fit * viewport.zoom;
}

export function foamToScreen(viewport: Viewport, point: Vec): Vec {
  const scale = viewScale(viewport);
  return { x: point.x * scale + viewport.panX, y: point.y * scale + viewport.panY };
}

export function screenToFoam(viewport: Viewport, point: Vec): Vec {
  const scale = viewScale(viewport);
  return { x: (point.x - viewport.panX) / scale, y: (point.y - viewport.panY) / scale };
}

export function outlineToScreen(viewport: Viewport, outline: Pt[]): Pt[] {
  const scale = viewScale(viewport);
  return outline.map(([x, y]) => [x * scale + viewport.panX, y * scale + viewport.panY]);
}

export function clampZoom(zoom: number): number {
  return round(clamp(zoom, ZOOM_MIN, ZOOM_MAX), 4);
}

/** Factor that fits the foam at 10 px/mm into the canvas; never enlarges past 10 px/mm. */
export function fitFactor(foam: Foam, width: number, height: number): number {
  if (width <= 0 || height <= 0) return 1;
  const fx = (width - 2 * VIEW_MARGIN_PX) / (foam.width_mm * PX_PER_MM);
  const fy = (height - 2 * VIEW_MARGIN_PX) / (foam.depth_mm * PX_PER_MM);
  return clamp(Math.min(fx, fy, 1), 0.01, 1);
}

/** Zooms keeping the foam point under `anchor` (screen) where it is. */
export function zoomAt(viewport: Viewport, zoom: number, anchor: Vec): Viewport {
  const next = clampZoom(zoom);
  if (next === viewport.zoom) return viewport;
  const ratio = next / viewport.zoom;
  return {
    ...viewport,
    zoom: next,
    panX: anchor.x - (anchor.x - viewport.panX) * ratio,
    panY: anchor.y - (anchor.y - viewport.panY) * ratio,
  };
}

export function viewCentre(viewport: Viewport): Vec {
  return { x: viewport.width / 2, y: viewport.height / 2 };
}

export function panBy(viewport: Viewport, dx: number, dy: number): Viewport {
  if (dx === 0 && dy === 0) return viewport;
  return { ...viewport, panX: viewport.panX + dx, panY: viewport.panY + dy };
}

/** Zoom 1 with the foam fitted and centred in the canvas. */
export function resetViewport(viewport: Viewport, foam: Foam): Viewport {
  const fit = fitFactor(foam, viewport.width, viewport.height);
  const scale = PX_PER_MM * fit;
  const centred = (size: number, foamMm: number) =>
    size > 0 ? (size - foamMm * scale) / 2 : VIEW_MARGIN_PX;
  return { ...viewport, zoom: 1, fit, panX: centred(viewport.width, foam.width_mm), panY: centred(viewport.height, foam.depth_mm) };
}

/** A resized canvas re-fits the foam but keeps the user's zoom, about the canvas centre. */
export function resizeViewport(viewport: Viewport, foam: Foam, width: number, height: number): Viewport {
  if (width === viewport.width && height === viewport.height) return viewport;
  const reset = resetViewport({ ...viewport, width, height }, foam);
  return zoomAt(reset, viewport.zoom, viewCentre(reset));
}
