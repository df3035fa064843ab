import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { RAYTRACE_VERSION, renderPadPhotoRay, renderProtocolViewsRay } from "./raytrace-3d.ts";
import { type Render3dOptions, type Render3dPhoto, renderPadPhoto3d, renderProtocolViews } from "./render-3d.ts";

/** Bump when render-3d.ts's output changes, so stale cached photos are not reused. */
export const RENDER3D_VERSION = 6;

/**
 * Which renderer makes the photos: "painted" (render-3d.ts, the default) or "ray" (raytrace-3d.ts,
 * physically based; versioned by RAYTRACE_VERSION there).
 */
export type Renderer3d = "painted" | "ray";

const CACHE_DIR = join(import.meta.dir, "..", "out", "synth-cache-3d");

async function load(key: string): Promise<Render3dPhoto | null> {
  const jpgPath = join(CACHE_DIR, `${key}.jpg`);
  const metaPath = join(CACHE_DIR, `${key}.json`);
  if (!existsSync(jpgPath) || !existsSync(metaPath)) return null;
  const meta = JSON.parse(await Bun.file(metaPath).text());
  return { ...meta, jpeg: new Uint8Array(await Bun.file(jpgPath).arrayBuffer()) };
}

async function store(key: string, photo: Render3dPhoto): Promise<void> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const { jpeg, ...meta } = photo;
  await Bun.write(join(CACHE_DIR, `${key}.jpg`), jpeg);
  await Bun.write(join(CACHE_DIR, `${key}.json`), JSON.stringify(meta));
}

// The painted renderer's keys are unchanged from before the ray tracer existed (their cached photos are shared).
const keyOf = (kind: string, opts: object, renderer: Renderer3d) =>
  renderer === "ray"
    ? `ray-${kind}-v${RENDER3D_VERSION}-r${RAYTRACE_VERSION}-${Bun.hash(JSON.stringify(opts)).toString(16)}`
    : `${kind}-v${RENDER3D_VERSION}-${Bun.hash(JSON.stringify(opts)).toString(16)}`;

/** renderPadPhoto3d (or the ray tracer's renderPadPhotoRay) with an on-disk cache under bench/out (gitignored). */
export async function cachedPadPhoto3d(opts: Render3dOptions, renderer: Renderer3d = "painted"): Promise<Render3dPhoto> {
  const key = keyOf("one", opts, renderer);
  const hit = await load(key);
  if (hit) return hit;
  const photo = renderer === "ray" ? await renderPadPhotoRay(opts) : await renderPadPhoto3d(opts);
  await store(key, photo);
  return photo;
}

/** renderProtocolViews (or renderProtocolViewsRay) with the same cache (one file pair per view). */
export async function cachedProtocolViews(opts: Omit<Render3dOptions, "camera">, renderer: Renderer3d = "painted"): Promise<Render3dPhoto[]> {
  const base = keyOf("views", opts, renderer);
  const hits = await Promise.all([0, 1, 2, 3, 4].map((i) => load(`${base}-${i}`)));
  if (hits.every((h) => h)) return hits as Render3dPhoto[];
  const views = renderer === "ray" ? await renderProtocolViewsRay(opts) : await renderProtocolViews(opts);
  for (const [i, v] of views.entries()) await store(`${base}-${i}`, v);
  return views;
}
