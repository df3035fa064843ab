import { LayoutInputError, readLayers, readPocketExtras } from "../../../common/layout";
import { badRequest } from "../../shared/errors";
import { boundedObject, isPlainObject, optionalText } from "../../shared/normalize";
import type { Foam, Pocket, Point } from "../cutting-files/layout";
import { MAX_FOAM_MM } from "../cutting-files/layout";
import type { WireFields } from "../../shared/request-contract";
import { parseContourPoints } from "./contour";
import type { JobWire, ProcessWire } from "./model";

/** What POST /scanner/process hands over: one layout (by its id), or the layouts of these jobs. */
export type ProcessTarget = { layoutId: string } | { jobIds: number[] };

export const SCANNER_JOB_STATUSES = ["pending", "queued", "processed", "rejected"] as const;
/** Jobs that still wait for someone: the customer's backlog and the admin's "in triage" count. */
export const BACKLOG_STATUSES = ["pending", "queued"];
export const MAX_PREVIEW_CHARS = 1_500_000;
const PREVIEW_RE = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/** processed_at sent but not a date-time: only staff hear about it (customers' is ignored). */
export const INVALID = "invalid" as const;

/** The status and processed_at a body asks for, read but not yet allowed (jobStatus decides by role). */
export type StatusRequest = {
  /** null: none sent (absent, null or ""); `text` as sent; `notText`: another JSON value, as shown in the 400. */
  status: { text: string } | { notText: string } | null;
  /** processed_at as ISO UTC text, null when none sent. */
  processedAt: string | null | typeof INVALID;
};

/** One submitted tool as every caller's body reads (the contract's value, see decodeJob). */
export type JobSubmission = {
  name: string | null;
  points: Point[];
  calibrationPayload: Record<string, unknown>;
  processingNotes: string | null;
  /** processing_notes.created_at when it is a sensible time; null: the submission time. */
  capturedAt: string | null;
  requested: StatusRequest;
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

/** An ISO date-time as UTC text; null when none is sent; INVALID when it does not read as one. */
function readIso(raw: unknown): string | null | typeof INVALID {
  if (raw === undefined || raw === null || raw === "") return null;
  const time = typeof raw === "string" ? Date.parse(raw) : NaN;
  return Number.isFinite(time) ? new Date(time).toISOString() : INVALID;
}

/** A positive measurement kept (to the micrometre) when it is a number in (0, max]; anything else is dropped. */
function boundedNumber(raw: unknown, key: string, max: number): Record<string, number> {
  return typeof raw === "number" && Number.isFinite(raw) && raw > 0 && raw <= max ? { [key]: Math.round(raw * 1000) / 1000 } : {};
}

/**
 * The scanner job payload (SPEC section 3) as the server keeps it, read the same for every caller
 * (the contract in model.ts runs this). contour_svg from the client is never stored: the SVG is
 * rebuilt from contour_points_mm. The status and processed_at asked for are only read here: who
 * may set them is the caller's role, which jobStatus applies.
 */
export function decodeJob(body: WireFields<typeof JobWire>): JobSubmission {
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
  const rawStatus = body.status;
  // Not String(): on a parsed object whose "toString" is not a function it throws (a 500).
  const status: StatusRequest["status"] =
    rawStatus === undefined || rawStatus === null || rawStatus === "" ? null : typeof rawStatus === "string" ? { text: rawStatus } : { notText: JSON.stringify(rawStatus).slice(0, 40) };
  const layoutId = optionalText(body.layout_id, "layout_id", 100);
  const foam = parseFoam(body.foam);
  if (layoutId !== null && !/^[A-Za-z0-9._:-]+$/.test(layoutId)) throw badRequest("layout_id may contain letters, digits and . _ : - only.");
  const name = optionalText(body.name, "name", 120);
  return {
    name,
    points,
    calibrationPayload,
    processingNotes: notes.text,
    capturedAt: notes.createdAt,
    requested: { status, processedAt: readIso(body.processed_at) },
    layoutId,
    foam,
    // Read against the layout's foam (or a generous stand-in before one is chosen) so depths are checked.
    pocket: layoutInput(() => readPocketExtras(body.pocket, name ?? "Tool", foam ?? ({ label: null, width_mm: MAX_FOAM_MM, depth_mm: MAX_FOAM_MM, thickness_mm: MAX_FOAM_MM } as Foam))),
  };
}

/**
 * The job's status and processed_at for this caller. Customers always submit `pending` (a status
 * that is not text is still refused); staff may record another status and processed_at (e.g. when
 * importing finished work).
 */
export function jobStatus(requested: StatusRequest, isStaff: boolean): { status: string; processedAt: string | null } {
  if (!isStaff) {
    if (requested.status && "notText" in requested.status) throw badRequest("status must be text.");
    return { status: "pending", processedAt: null };
  }
  let status = "pending";
  if (requested.status) {
    const text = "text" in requested.status ? requested.status.text : null;
    if (text === null || !SCANNER_JOB_STATUSES.includes(text as never)) {
      const shown = text ?? ("notText" in requested.status ? requested.status.notText : "");
      throw badRequest(`Unknown scanner job status "${shown.slice(0, 40)}". Use one of: ${SCANNER_JOB_STATUSES.join(", ")}.`);
    }
    status = text;
  }
  if (requested.processedAt === INVALID) throw badRequest("processed_at must be an ISO-8601 date-time.");
  return { status, processedAt: requested.processedAt };
}

/**
 * POST /scanner/process names what to hand over: a layout, or (without one) a list of job ids.
 * A layout_id that is not text is ignored, as before the contract.
 */
export function decodeProcessTarget(body: WireFields<typeof ProcessWire>): ProcessTarget {
  const layoutId = typeof body.layout_id === "string" ? body.layout_id.trim() : "";
  const rawIds = body.job_ids;
  if (layoutId) {
    if (layoutId.length > 100) throw badRequest("layout_id must be at most 100 characters.");
    return { layoutId };
  }
  if (Array.isArray(rawIds) && rawIds.length) {
    if (rawIds.length > 1000) throw badRequest("At most 1000 job ids at once.");
    if (!rawIds.every((id) => typeof id === "number" && Number.isSafeInteger(id) && id > 0)) throw badRequest("job_ids must be a list of scanner job ids.");
    return { jobIds: rawIds as number[] };
  }
  throw badRequest("Send layout_id or job_ids.");
}

/** GET /scanner/jobs filters as plain values. */
export type JobListFilters = { status: string | null; layoutId: string | null; page: number; perPage: number };

function pageParam(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw.trim() === "") return fallback;
  if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1) throw badRequest(`${name} must be a positive whole number.`);
  if (Number(raw) > max) throw badRequest(`${name} must be at most ${max}.`);
  return Number(raw);
}

/** The list's query (every value text, as Elysia validated it): status, then page, then per_page. */
export function toJobListFilters(query: { status?: string; layout_id?: string; page?: string; per_page?: string }): JobListFilters {
  const status = query.status?.trim() || null;
  if (status && !SCANNER_JOB_STATUSES.includes(status as never)) throw badRequest(`Unknown scanner job status "${status.slice(0, 40)}". Use one of: ${SCANNER_JOB_STATUSES.join(", ")}.`);
  return {
    status,
    layoutId: query.layout_id?.trim() || null,
    page: pageParam(query.page, "page", 1, 1_000_000),
    perPage: pageParam(query.per_page, "per_page", 50, 200),
  };
}
