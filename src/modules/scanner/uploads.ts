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
