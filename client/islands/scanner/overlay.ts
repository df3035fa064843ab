import type { Detection } from "./scanner-api";

/** The latest marker detection with the size of the frame it was computed on. */
export type LiveDetection = { detection: Detection; frameWidth: number; frameHeight: number; at: number };

type Pt = [number, number];

/** Marker corners may come back in frame pixels or already normalised; the overlay wants 0-1. */
export function normaliseCorners(corners: Pt[], frameWidth: number, frameHeight: number): Pt[] {
  const pixels = corners.some(([x, y]) => x > 1.5 || y > 1.5);
  if (!pixels || frameWidth <= 0 || frameHeight <= 0) return corners.map(([x, y]) => [x, y]);
  return corners.map(([x, y]) => [x / frameWidth, y / frameHeight]);
}

function polygon(context: CanvasRenderingContext2D, points: Pt[], width: number, height: number) {
  context.beginPath();
  points.forEach(([x, y], index) => {
    if (index === 0) context.moveTo(x * width, y * height);
    else context.lineTo(x * width, y * height);
  });
  context.closePath();
}

/** Detections older than this are not drawn: a stale frame outline would mislead the user. */
export const OVERLAY_STALE_MS = 2000;

export function drawOverlay(context: CanvasRenderingContext2D, width: number, height: number, live: LiveDetection | null, now: number): void {
  context.clearRect(0, 0, width, height);
  if (!live || now - live.at > OVERLAY_STALE_MS) return;
  const { detection, frameWidth, frameHeight } = live;
  const complete = detection.markers_detected >= 4;
  const line = Math.max(2, Math.round(width / 400));
  if (detection.frame_corners_norm) {
    polygon(context, normaliseCorners(detection.frame_corners_norm, frameWidth, frameHeight), width, height);
    context.fillStyle = complete ? "rgba(26, 127, 55, 0.12)" : "rgba(154, 103, 0, 0.12)";
    context.fill();
    context.lineWidth = line;
    context.strokeStyle = complete ? "#2ecc71" : "#f5a623";
    context.stroke();
  }
  context.lineWidth = line;
  context.strokeStyle = "#00b7ff";
  context.fillStyle = "#00b7ff";
  context.font = `${Math.max(12, Math.round(width / 60))}px system-ui, sans-serif`;
  for (const marker of detection.markers) {
    if (!Array.isArray(marker.corners) || marker.corners.length < 4) continue;
    const corners = normaliseCorners(marker.corners, frameWidth, frameHeight);
    polygon(context, corners, width, height);
    context.stroke();
    const [x, y] = corners[0]!;
    context.fillText(String(marker.id), x * width + line * 2, y * height - line * 2);
  }
}
