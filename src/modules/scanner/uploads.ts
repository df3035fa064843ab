import { AppError, badRequest } from "../../shared/errors";

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** Only JPEG and PNG, recognised by their first bytes, never by name or declared type. */
export function sniffImageType(bytes: Uint8Array): "jpeg" | "png" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return "png";
  return null;
}

export async function readImageUpload(file: unknown, field = "image"): Promise<Uint8Array> {
  if (!(file instanceof Blob)) throw badRequest(`${field} is required: attach a JPEG or PNG photo.`);
  if (file.size === 0) throw badRequest(`${field} is empty.`);
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError(413, "The image is larger than 25 MB. Please upload a smaller photo.");
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImageType(bytes)) throw new AppError(415, "The file is not a readable JPEG or PNG image.");
  return bytes;
}
