// One synthetic sample in rectified pad space: a bench/synth phone photo, rectified back to the pad
// frame with the generator's own homography (as the scanner does with the marker homography).
import { type Finish, generatePadPhoto, type PadPhoto } from "../bench/synth/index.ts";
import { decodeImage } from "../src/vision/decode-image.ts";
import { applyHomography, fitHomography, invert3, type Mat3, multiply3, type Pt } from "../src/vision/homography.ts";
import { FRAME_CORNERS_MM, FRAME_H_MM, FRAME_W_MM } from "../src/vision/pad-spec.ts";
import { rectifyRegion } from "../src/vision/rectify.ts";
import { WORK_PX_PER_MM } from "../src/vision/trace-pipeline.ts";
import { type CameraName, type Finish3d, type Render3dPhoto, renderPadPhoto3d } from "../bench/synth/render-3d.ts";

export { WORK_PX_PER_MM };

export type PadSample = {
  /** Rectified frame, RGBA, as the trace pipeline makes it: pixel u covers pad mm [u/k, (u+1)/k). */
  rgba: Uint8Array;
  width: number;
  height: number;
  pxPerMm: number;
  /** Tool outline in the rectified image's pad mm (after any jitter). Empty for an empty pad. */
  truthMm: Pt[];
  photo: PadPhoto;
};

export type PadSampleOptions = {
  seed: number;
  photoWidth?: number;
  photoHeight?: number;
  finish?: Finish;
  noTool?: boolean;
  /** Scale of the rectified frame; default the trace pipeline's working scale. */
  pxPerMm?: number;
  /** Std-dev (mm) of a random error on the frame corners: a homography as imperfect as a fitted one. */
  cornerJitterMm?: number;
  /** Normal deviates for the jitter (seeded by the caller). */
  normal?: () => number;
  /** Cast shadow depth (the generator draws 0.06-0.18 when not given). */
  shadowStrength?: number;
};

export async function renderPadSample(opts: PadSampleOptions): Promise<PadSample> {
  const k = opts.pxPerMm ?? WORK_PX_PER_MM;
  const photo = await generatePadPhoto({ seed: opts.seed, width: opts.photoWidth ?? 1600, height: opts.photoHeight ?? 1200, finish: opts.finish, noTool: opts.noTool, shadowStrength: opts.shadowStrength });
  const decoded = (await decodeImage(photo.jpeg)).image;
  // claimed pad mm (what the rectified image shows) -> true pad mm.
  let claimedToTrue: Mat3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  if (opts.cornerJitterMm && opts.normal) {
    const j = opts.cornerJitterMm;
    const normal = opts.normal;
    claimedToTrue = fitHomography(FRAME_CORNERS_MM, FRAME_CORNERS_MM.map(([x, y]) => [x + normal() * j, y + normal() * j] as Pt));
  }
  // The pipeline's own rectification, fed the generator's exact homography (and the jitter).
  const rect = rectifyRegion(decoded, 4, multiply3(photo.meta.padToImage, claimedToTrue), 1, 1, k, { x: 0, y: 0, w: FRAME_W_MM, h: FRAME_H_MM });
  const trueToClaimed = invert3(claimedToTrue);
  return { rgba: rect.data, width: rect.width, height: rect.height, pxPerMm: k, truthMm: photo.truthMm.map((p) => applyHomography(trueToClaimed, p)), photo };
}

/**
 * One sample from the 3D renderer (bench/synth/render-3d.ts): a tool with thickness under a camera
 * 250-600 mm up, with a cast shadow, rectified with the renderer's own homography. The label is what
 * that camera saw of the tool (its silhouette on the pad plane), never the shadow: one photo's
 * network must find the silhouette; several photos turn silhouettes into the footprint.
 */
export type PadSample3dOptions = {
  seed: number;
  photoWidth: number;
  photoHeight: number;
  finish?: Finish3d;
  camera?: CameraName;
  pxPerMm?: number;
};

export async function renderPadSample3d(opts: PadSample3dOptions): Promise<PadSample & { photo3d: Render3dPhoto }> {
  const k = opts.pxPerMm ?? WORK_PX_PER_MM;
  const photo3d = await renderPadPhoto3d({ seed: opts.seed, width: opts.photoWidth, height: opts.photoHeight, finish: opts.finish, camera: opts.camera ?? "middle", cause: "both" });
  const decoded = (await decodeImage(photo3d.jpeg)).image;
  const rect = rectifyRegion(decoded, 4, photo3d.camera.padToImage as Mat3, 1, 1, k, { x: 0, y: 0, w: FRAME_W_MM, h: FRAME_H_MM });
  const photo = { toolKind: photo3d.toolKind, finish: photo3d.finish, meta: { pxPerMm: NaN, tiltDeg: NaN } } as unknown as PadPhoto;
  return { rgba: rect.data, width: rect.width, height: rect.height, pxPerMm: k, truthMm: photo3d.silhouetteMm as Pt[], photo, photo3d };
}
