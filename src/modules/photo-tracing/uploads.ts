import { MAX_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE, sniffImageFormat } from "../../vision/image-header";
import { AppError, badRequest } from "../../shared/errors";

/** Refused before anything is stored or queued: only JPEG and PNG, recognised by content, never by name. */
export async function readImageUpload(file: unknown, field = "image"): Promise<Uint8Array> {
  if (!(file instanceof Blob)) throw badRequest(`${field} is required: attach a JPEG or PNG photo.`);
  if (file.size === 0) throw badRequest(`${field} is empty.`);
  if (file.size > MAX_IMAGE_BYTES) throw new AppError(413, "The image is larger than 25 MB. Please upload a smaller photo.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageFormat(bytes)) throw new AppError(415, NOT_AN_IMAGE_MESSAGE);
  return bytes;
}

/**
 * The photos of one scan (the `image` field repeated). Everything is checked before anything is
 * stored or queued; with several photos each message names the photo.
 */
export async function readImageUploads(files: unknown, max: number): Promise<Uint8Array[]> {
  const list = Array.isArray(files) ? files : files === undefined || files === null ? [] : [files];
  if (list.length === 0) throw badRequest("image is required: attach a JPEG or PNG photo.");
  if (list.length > max) throw new AppError(422, `At most ${max} photos per scan; ${list.length} were sent.`);
  if (list.length === 1) return [await readImageUpload(list[0])];
  const out: Uint8Array[] = [];
  for (let i = 0; i < list.length; i++) {
    try {
      out.push(await readImageUpload(list[i]));
    } catch (e) {
      if (e instanceof AppError) throw new AppError(e.status, `Photo ${i + 1}: ${e.detail}`);
      throw e;
    }
  }
  return out;
}
