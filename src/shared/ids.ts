import { notFound } from "./errors";

/**
 * Path ids are positive integers. Anything else ("abc", "1.5", "-3", 1e30) names no row,
 * so it is the same 404 as an id that does not exist, never a validation error or a 500.
 */
export function parseId(raw: string | undefined, notFoundDetail = "Not found."): number {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) throw notFound(notFoundDetail);
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw notFound(notFoundDetail);
  return id;
}
