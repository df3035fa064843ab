/**
 * Guided multi-view capture (scanner-physics.md, "The capture protocol"): after the photo from above
 * the middle, one photo from above each corner of the pad frame. The nadir (the pad point straight
 * below the camera) comes from each live preview; these are the pure rules the reducer applies.
 */

/** Pad frame size in pad millimetres (calibration-pad.md). */
export const PAD_WIDTH_MM = 195.9;
export const PAD_HEIGHT_MM = 259.4;

export type Corner = 0 | 1 | 2 | 3;
/** Marker ids: 0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left; users count them from 1. */
export const CORNERS: readonly { id: Corner; name: string; mm: [number, number] }[] = [
  { id: 0, name: "top left", mm: [0, 0] },
  { id: 1, name: "top right", mm: [PAD_WIDTH_MM, 0] },
  { id: 2, name: "bottom right", mm: [PAD_WIDTH_MM, PAD_HEIGHT_MM] },
  { id: 3, name: "bottom left", mm: [0, PAD_HEIGHT_MM] },
];

/** The middle photo plus one per corner: the protocol the accuracy figures assume. */
export const TARGET_PHOTOS = 1 + CORNERS.length;
/** The server takes 1–8 photos per job. */
export const MAX_PHOTOS = 8;
/** The protocol asks for the camera within ~25 mm of the corner; 30 mm leaves room for preview noise. */
export const CORNER_RADIUS_MM = 30;
/** Consecutive qualifying previews before the view is taken by itself (one could be a swing through). */
export const AUTO_CAPTURE_POLLS = 2;

export type CameraPosition = { nadir_mm: [number, number]; height_mm: number };

/** What one preview says about the guided target; only a change of it re-renders the page. */
export type GuideStatus = "no-camera" | "markers" | "far" | "blurred" | "hold";

export type GuideState = {
  /** The corner the next view is for; null when every corner is done or skipped. */
  target: Corner | null;
  /** Qualifying previews in a row for the target. */
  hits: number;
  status: GuideStatus;
  /** Corners passed over with Skip; they stay selectable. */
  skipped: Corner[];
};

export type CornerState = "done" | "next" | "todo";

export function cornerLabel(corner: Corner): string {
  return `corner ${corner + 1} (${CORNERS[corner]!.name})`;
}

export function guideInstruction(target: Corner | null): string {
  if (target === null) return "Every corner has a photo. Choose Done to go back.";
  return `Hold the phone about 30 cm above ${cornerLabel(target)}, pointing at the middle of the pad`;
}

export const GUIDE_STATUS_TEXT: Record<GuideStatus, string> = {
  "no-camera": "Camera position not known yet: use Capture view when the phone is above the corner.",
  markers: "Keep all 4 markers in view.",
  far: "Move the phone until the dot on the diagram reaches the highlighted corner.",
  blurred: "Hold still: the picture is blurred.",
  hold: "Hold still…",
};

export function distanceMm(a: [number, number], b: [number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** The preview's verdict for the target corner; `hold` is the only state that counts toward auto-capture. */
export function guideStatusFor(
  target: Corner | null,
  detection: { markers: number; camera: CameraPosition | null; sharp: boolean | null },
): GuideStatus {
  if (target === null || !detection.camera) return "no-camera";
  if (detection.markers < 4) return "markers";
  if (distanceMm(detection.camera.nadir_mm, CORNERS[target]!.mm) > CORNER_RADIUS_MM) return "far";
  // `sharp: null` means the server could not tell: never take a photo by itself on a guess.
  if (detection.sharp !== true) return "blurred";
  return "hold";
}

/** One preview applied to the guide: hits count consecutive `hold` verdicts and reset on anything else. */
export function guideAfterPreview(
  guide: GuideState,
  detection: { markers: number; camera: CameraPosition | null; sharp: boolean | null },
): GuideState {
  const status = guideStatusFor(guide.target, detection);
  const hits = status === "hold" ? guide.hits + 1 : 0;
  if (status === guide.status && hits === guide.hits) return guide;
  return { ...guide, status, hits };
}

export function autoCaptureDue(guide: GuideState | null): boolean {
  return guide !== null && guide.target !== null && guide.hits >= AUTO_CAPTURE_POLLS;
}

/** The next corner after `from` (clockwise) that has no view and was not skipped; null when none. */
export function nextCorner(done: readonly Corner[], skipped: readonly Corner[], from: Corner | null = null): Corner | null {
  const start = from === null ? 0 : from + 1;
  for (let step = 0; step < CORNERS.length; step++) {
    const corner = ((start + step) % CORNERS.length) as Corner;
    if (corner !== from && !done.includes(corner) && !skipped.includes(corner)) return corner;
  }
  return null;
}

export function cornerStates(done: readonly Corner[], target: Corner | null): CornerState[] {
  return CORNERS.map(({ id }) => (id === target ? "next" : done.includes(id) ? "done" : "todo"));
}

export function photoCountText(photos: number): string {
  return `${photos} of ${Math.max(TARGET_PHOTOS, photos)} photos`;
}

/** "Photo 3: Calibration markers not found…" → 3 (1-based, in the order sent). */
export function photoNumberInError(...messages: (string | null | undefined)[]): number | null {
  for (const message of messages) {
    const match = message ? /\bPhoto (\d+)\s*:/i.exec(message) : null;
    if (match) return Number(match[1]);
  }
  return null;
}
