import { LayoutInputError, readLayers, readPocketExtras } from "../../../common/layout";
import { badRequest } from "../../shared/errors";
import { boundedObject, isPlainObject, optionalText } from "../../shared/normalize";
import type { Foam, Pocket, Point } from "../cutting-files/layout";
import { MAX_FOAM_MM } from "../cutting-files/layout";
import { parseContourPoints } from "./contour";

export const SCANNER_JOB_STATUSES = ["pending", "queued", "processed", "rejected"] as const;
/** Jobs that still wait for someone: the customer's backlog and the admin's "in triage" count. */
export const BACKLOG_STATUSES = ["pending", "queued"];
export const MAX_PREVIEW_CHARS = 1_500_000;
const PREVIEW_RE = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

export type JobInput = {
  name: string | null;
  points: Point[];
  calibrationPayload: Record<string, unknown>;
  processingNotes: string | null;
  capturedAt: string;
  status: string;
  processedAt: string | null;
  layoutId: string | null;
  foam: Foam | null;
  /** What the editor set on this pocket: depth, clearance, finger pulls, label, ledge (all optional). */
  pocket: Omit<Pocket, "name" | "points" | "job_id">;
};

/** The cut-ready settings come from the shared layout reader; its sentences become 400s here. */
function layoutInput<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof LayoutInputError) throw badRequest(error.message);
    throw error;
  }
}

function positiveMm(value: unknown, label: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > MAX_FOAM_MM) {
    throw badRequest(`${label} must be a positive number of millimetres up to ${MAX_FOAM_MM}.`);
  }
  return Math.round(value * 1000) / 1000;
}

function parseFoam(raw: unknown): Foam | null {
  if (raw === undefined || raw === null) return null;
  if (!isPlainObject(raw)) throw badRequest("foam must be an object.");
  const thickness = positiveMm(raw.thickness_mm, "foam.thickness_mm");
  const layers = layoutInput(() => readLayers(raw.layers, thickness));
  return {
    label: optionalText(raw.label, "foam.label", 120),
    width_mm: positiveMm(raw.width_mm, "foam.width_mm"),
    depth_mm: positiveMm(raw.depth_mm, "foam.depth_mm"),
    thickness_mm: thickness,
    ...(layers ? { layers } : {}),
  };
}

function parsePosition(raw: unknown) {
  if (raw === undefined || raw === null) return null;
  if (!isPlainObject(raw)) throw badRequest("calibration_payload.position must be an object.");
  const number = (key: string, fallback: number) => {
    const value = raw[key];
    if (value === undefined || value === null) return fallback;
    if (typeof value !== "number" || !Number.isFinite(value)) throw badRequest(`calibration_payload.position.${key} must be a number.`);
    return value;
  };
  // Same limits as the editor: position 0–100 %, scale 0.5–2.
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  return {
    x: clamp(number("x", 50), 0, 100),
    y: clamp(number("y", 50), 0, 100),
    rotation: ((number("rotation", 0) % 360) + 360) % 360,
    scale: clamp(number("scale", 1), 0.5, 2),
    deleted: raw.deleted === true,
  };
}

/** Kept only when it is a base64 PNG or JPEG data URL under the size cap; anything else is dropped. */
export function safePreview(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > MAX_PREVIEW_CHARS || !PREVIEW_RE.test(raw)) return null;
  return raw;
}

function parseNotes(raw: unknown): { text: string | null; createdAt: string | null } {
  if (raw === undefined || raw === null || raw === "") return { text: null, createdAt: null };
  let value: unknown = raw;
  if (typeof raw === "string") {
    if (raw.length > 10_000) throw badRequest("processing_notes is too large (at most 10 kB).");
    try {
      value = JSON.parse(raw);
    } catch {
      throw badRequest("processing_notes must be JSON text.");
    }
  }
  const notes = boundedObject(value, "processing_notes", 10_000);
  if (!notes) return { text: null, createdAt: null };
  const created = typeof notes.created_at === "string" ? Date.parse(notes.created_at) : NaN;
  const createdAt = Number.isFinite(created) && created <= Date.now() + 60_000 ? new Date(created).toISOString() : null;
  return { text: JSON.stringify(notes), createdAt };
}

function parseIso(raw: unknown, label: string): string | null {
  if (raw === undefined || raw === null || raw === "") return null;
  const time = typeof raw === "string" ? Date.parse(raw) : NaN;
  if (!Number.isFinite(time)) throw badRequest(`${label} must be an ISO-8601 date-time.`);
  return new Date(time).toISOString();
}

/** A positive measurement kept (to the micrometre) when it is a number in (0, max]; anything else is dropped. */
function boundedNumber(raw: unknown, key: string, max: number): Record<string, number> {
  return typeof raw === "number" && Number.isFinite(raw) && raw > 0 && raw <= max ? { [key]: Math.round(raw * 1000) / 1000 } : {};
}

/**
 * The scanner job payload (SPEC section 3) as the server keeps it. contour_svg from the client is
 * never stored: the SVG is rebuilt from contour_points_mm. Customers always submit `pending`;
 * staff may record another status and processed_at (e.g. when importing finished work).
 */
export function parseJobInput(body: Record<string, unknown>, isStaff: boolean, now: string): JobInput {
  const payload = body.calibration_payload;
  if (payload === undefined || payload === null) throw badRequest("calibration_payload is required.");
  if (!isPlainObject(payload)) throw badRequest("calibration_payload must be an object.");
  const points = parseContourPoints(payload.contour_points_mm);
  const method = optionalText(payload.detection_method, "calibration_payload.detection_method", 40)?.toLowerCase() ?? "unknown";
  if (!/^[a-z0-9_-]+$/.test(method)) throw badRequest("calibration_payload.detection_method must be a short identifier such as aruco.");
  const calibrationPayload = {
    detection_method: method,
    diagnostics: boundedObject(payload.diagnostics, "calibration_payload.diagnostics", 16 * 1024) ?? {},
    parameters: boundedObject(payload.parameters, "calibration_payload.parameters", 16 * 1024) ?? {},
    preview_data_url: safePreview(payload.preview_data_url),
    position: parsePosition(payload.position),
    contour_points_mm: points,
    // The scan's measured accuracy (± mm, from the scanner): shown on the project page and the board.
    ...boundedNumber(payload.accuracy_mm, "accuracy_mm", 50),
    // The tool's measured height and how many photos the outline came from (multi-view scans).
    ...boundedNumber(payload.height_mm, "height_mm", 1000),
    ...(Number.isInteger(payload.views) && (payload.views as number) >= 1 && (payload.views as number) <= 100 ? { views: payload.views as number } : {}),
  };
  const notes = parseNotes(body.processing_notes);
  let status = "pending";
  let processedAt: string | null = null;
  if (isStaff) {
    if (body.status !== undefined && body.status !== null && body.status !== "") {
      if (typeof body.status !== "string" || !SCANNER_JOB_STATUSES.includes(body.status as never)) {
        // Not String(): on a parsed object whose "toString" is not a function it throws (a 500).
        const shown = typeof body.status === "string" ? body.status : JSON.stringify(body.status);
        throw badRequest(`Unknown scanner job status "${shown.slice(0, 40)}". Use one of: ${SCANNER_JOB_STATUSES.join(", ")}.`);
      }
      status = body.status;
    }
    processedAt = parseIso(body.processed_at, "processed_at");
  } else if (body.status !== undefined && body.status !== null && typeof body.status !== "string") {
    throw badRequest("status must be text.");
  }
  const layoutId = optionalText(body.layout_id, "layout_id", 100);
  const foam = parseFoam(body.foam);
  if (layoutId !== null && !/^[A-Za-z0-9._:-]+$/.test(layoutId)) throw badRequest("layout_id may contain letters, digits and . _ : - only.");
  return {
    name: optionalText(body.name, "name", 120),
    points,
    calibrationPayload,
    processingNotes: notes.text,
    capturedAt: notes.createdAt ?? now,
    status,
    processedAt,
    layoutId,
    foam,
    // Read against the layout's foam (or a generous stand-in before one is chosen) so depths are checked.
    pocket: layoutInput(() => readPocketExtras(body.pocket, optionalText(body.name, "name", 120) ?? "Tool", foam ?? { label: null, width_mm: MAX_FOAM_MM, depth_mm: MAX_FOAM_MM, thickness_mm: MAX_FOAM_MM } as Foam)),
  };
}
