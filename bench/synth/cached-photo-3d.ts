import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Render3dOptions, type Render3dPhoto, renderPadPhoto3d, renderProtocolViews } from "./render-3d.ts";

/** Bump when render-3d.ts's output changes, so stale cached photos are not reused. */
export const RENDER3D_VERSION = 6;

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

const keyOf = (kind: string, opts: object) => `${kind}-v${RENDER3D_VERSION}-${Bun.hash(JSON.stringify(opts)).toString(16)}`;

/** renderPadPhoto3d with an on-disk cache under bench/out (gitignored). */
export async function cachedPadPhoto3d(opts: Render3dOptions): Promise<Render3dPhoto> {
  const key = keyOf("one", opts);
  const hit = await load(key);
  if (hit) return hit;
  const photo = await renderPadPhoto3d(opts);
  await store(key, photo);
  return photo;
}

/** renderProtocolViews with the same cache (one file pair per view). */
export async function cachedProtocolViews(opts: Omit<Render3dOptions, "camera">): Promise<Render3dPhoto[]> {
  const base = keyOf("views", opts);
  const hits = await Promise.all([0, 1, 2, 3, 4].map((i) => load(`${base}-${i}`)));
  if (hits.every((h) => h)) return hits as Render3dPhoto[];
  const views = await renderProtocolViews(opts);
  for (const [i, v] of views.entries()) await store(`${base}-${i}`, v);
  return views;
}
