import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { generatePadPhoto, type PadPhoto, type PadPhotoOptions } from "./generate-pad-photo.ts";

/** Bump when the generator's output changes, so stale cached photos are not reused. */
export const GENERATOR_VERSION = 6;

const CACHE_DIR = join(import.meta.dir, "..", "out", "synth-cache");

/** generatePadPhoto with an on-disk cache under bench/out (gitignored): rendering 12 MP takes ~2 s. */
export async function cachedPadPhoto(opts: PadPhotoOptions): Promise<PadPhoto> {
  const key = `v${GENERATOR_VERSION}-${Bun.hash(JSON.stringify(opts)).toString(16)}`;
  const jpgPath = join(CACHE_DIR, `${key}.jpg`);
  const metaPath = join(CACHE_DIR, `${key}.json`);
  if (existsSync(jpgPath) && existsSync(metaPath)) {
    const meta = JSON.parse(await Bun.file(metaPath).text());
    return { ...meta, jpeg: new Uint8Array(await Bun.file(jpgPath).arrayBuffer()) };
  }
  const photo = await generatePadPhoto(opts);
  mkdirSync(CACHE_DIR, { recursive: true });
  const { jpeg, ...meta } = photo;
  await Bun.write(jpgPath, jpeg);
  await Bun.write(metaPath, JSON.stringify(meta));
  return photo;
}
