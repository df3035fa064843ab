import { decodeImage } from "./decode-image.ts";
import { applyHomography, fitHomography, type Pt } from "./homography.ts";
import { readImageHeader } from "./image-header.ts";
import { findMarkersCoarse } from "./locate-pad.ts";
import { FRAME_CORNERS_MM, markerCornersMm } from "./pad-spec.ts";
import { rgbaToGrey } from "./raster.ts";
import { refineMarkerCorners } from "./refine-corners.ts";
import { estimateCameraForPreview } from "./multiview/camera.ts";
import { MIN_SHARPNESS, measureSharpness } from "./photo-quality.ts";
import type { Detection } from "./types.ts";

/** Decode at most about this long side for live preview frames. */
const PREVIEW_LONG_SIDE = 1280;

/**
 * Light path for the live camera view: decode small, find the markers, and project the frame corners
 * into the image (normalised 0..1) when all four are visible. Never throws for missing markers.
 */
export async function detectPreview(bytes: Uint8Array): Promise<Detection> {
  const header = readImageHeader(bytes);
  const long = Math.max(header.width, header.height);
  const scale = long > PREVIEW_LONG_SIDE ? PREVIEW_LONG_SIDE / long : 1;
  const dec = await decodeImage(bytes, { scale, header });
  const grey = rgbaToGrey(dec.image);
  // Live frames are often partial: only retry at full size when the pad is evidently in view.
  const found = findMarkersCoarse(grey, 800, 2);
  const toFull = ([x, y]: Pt): Pt => [(x + 0.5) / dec.scaleX, (y + 0.5) / dec.scaleY];
  const markers = found.map((m) => {
    const refined = refineMarkerCorners(grey, m.corners, 1);
    const corners = (refined?.corners ?? m.corners).map(toFull);
    return { id: m.id, corners };
  });
  let frame: [number, number][] | null = null;
  let camera: Detection["camera"] = null;
  let sharp: boolean | null = null;
  if (markers.length === 4) {
    const src: Pt[] = [];
    const dst: Pt[] = [];
    for (const m of markers) markerCornersMm(m.id).forEach((p, k) => (src.push(p), dst.push(m.corners[k])));
    const H = fitHomography(src, dst);
    frame = FRAME_CORNERS_MM.map((p) => {
      const [x, y] = applyHomography(H, p);
      return [+(x / header.width).toFixed(5), +(y / header.height).toFixed(5)] as [number, number];
    });
    // Guided multi-photo capture: where the camera is over the pad, and whether this frame would pass
    // the scan's own sharpness check.
    const cam = estimateCameraForPreview(H as number[], header.width, header.height, (header as { focal35mm?: number | null }).focal35mm ?? null);
    if (cam) camera = { nadir_mm: [+cam.nadirMm[0].toFixed(1), +cam.nadirMm[1].toFixed(1)], height_mm: +cam.heightMm.toFixed(0) };
    sharp = measureSharpness(grey, H, dec.scaleX, dec.scaleY) >= MIN_SHARPNESS;
  }
  return {
    markers_detected: markers.length,
    frame_corners_norm: frame,
    camera,
    sharp,
    // Image pixel coordinates of the full (EXIF-oriented) image, pixel centres at integers (OpenCV style).
    markers: markers.map((m) => ({ id: m.id, corners: m.corners.map(([x, y]) => [+(x - 0.5).toFixed(2), +(y - 0.5).toFixed(2)] as [number, number]) })),
  };
}
