import http from "node:http";
import { AppError, unauthorized } from "./errors";
import { boundaryOf, formBody, MULTIPART_INVALID, parseMultipart } from "./multipart-stream";

/** Largest multipart body on most routes: a 25 MB photo plus multipart overhead. */
export const MAX_BODY_BYTES = 30 * 1024 * 1024;
/** The two scan routes take 1–8 photos of at most 25 MB each in one request. */
export const SCAN_BODY_BYTES = 100 * 1024 * 1024;
export const SCAN_UPLOAD_PATHS: ReadonlySet<string> = new Set(["/api/scanner/scan", "/api/scanner-ai/scan"]);
/**
 * JSON, text and URL-encoded bodies. The largest legitimate one is a scanner job (5 000 points and
 * a 1.5 MB preview); JSON.parse of dense numbers costs ~5 ms per MB here, so 4 MB keeps a hostile
 * body's parse well under the 50 ms the event loop may be held.
 */
export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024;
/**
 * Bun's own cap, above ours: it answers with an empty 413, so it only stops what our counter has
 * not (nothing, in practice: declared lengths are judged up front and chunked bodies are counted).
 */
export const SERVER_BODY_CAP_BYTES = SCAN_BODY_BYTES + 4 * 1024 * 1024;
/**
 * Body bytes the whole process receives at once, across requests. 32 concurrent 60 MB uploads used
 * to take the process to 2.5 GB; past this budget a new upload hears 429 instead.
 */
export const DEFAULT_UPLOAD_BUDGET_BYTES = 256 * 1024 * 1024;
/** Request line plus headers: above this, 431 with a detail. */
export const MAX_HEADER_BYTES = 16 * 1024;
/**
 * Bun refuses headers over its own limit (16 KiB by default) with an empty 431 before any of our
 * code runs; raised so that our check, with its detail, is the one a client meets. Past this
 * native limit Bun still answers its bare 431.
 */
export const NATIVE_HEADER_CAP_BYTES = 64 * 1024;

const MB = 1024 * 1024;
const COLLECT_AFTER_BYTES = 8 * MB;
const COLLECT_INTERVAL_MS = 100;

const isMultipart = (contentType: string | null) => /^\s*multipart\/form-data/i.test(contentType ?? "");

export function bodyLimitFor(path: string, contentType: string | null): number {
  if (!isMultipart(contentType)) return MAX_JSON_BODY_BYTES;
  return SCAN_UPLOAD_PATHS.has(path) ? SCAN_BODY_BYTES : MAX_BODY_BYTES;
}

export function tooLargeDetail(limit: number): string {
  if (limit === SCAN_BODY_BYTES) return `The request is larger than ${limit / MB} MB. Send at most 8 photos of at most 25 MB each.`;
  if (limit === MAX_BODY_BYTES) return `The request is larger than ${limit / MB} MB. Photos may be at most 25 MB.`;
  return `The request body is larger than ${limit / MB} MB.`;
}

export const UPLOADS_BUSY_DETAIL = "The server is receiving too many uploads right now. Please try again in a moment.";

function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const query = url.indexOf("?", start);
  return start === -1 ? "/" : url.slice(start, query === -1 ? undefined : query);
}

function headerBytes(request: Request): number {
  // Request line ("POST /path HTTP/1.1\r\n") plus "name: value\r\n" per header, as Bun counts them.
  let bytes = request.method.length + request.url.length + 12;
  request.headers.forEach((value, name) => {
    bytes += name.length + value.length + 4;
  });
  return bytes;
}

/** Raises Bun's native header limit once per process (see NATIVE_HEADER_CAP_BYTES). */
export function raiseNativeHeaderLimit() {
  if ((http as { maxHeaderSize?: number }).maxHeaderSize !== NATIVE_HEADER_CAP_BYTES) {
    try {
      (http as { maxHeaderSize: number }).maxHeaderSize = NATIVE_HEADER_CAP_BYTES;
    } catch {
      // A runtime without the setter keeps its own bare 431; nothing else depends on it.
    }
  }
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The request Bun handed us, behind one whose length-less body was buffered (see onParse). */
const originals = new WeakMap<Request, Request>();
export function originalRequest(request: Request): Request {
  return originals.get(request) ?? request;
}

export type BodyGuard = ReturnType<typeof createBodyGuard>;

/**
 * Request bodies are bounded three ways, each with a {"detail"}:
 * - a declared Content-Length over the route's limit is refused before any byte is read (413);
 * - a chunked body (no length) is read through a counter that stops at the route's limit (413),
 *   instead of being buffered whole up to Bun's cap first;
 * - all bodies being received count against one process-wide budget: a request that would go
 *   past it is refused (429) instead of growing memory without a bound.
 */
export function createBodyGuard(budgetBytes = DEFAULT_UPLOAD_BUDGET_BYTES) {
  type Hold = { bytes: number };
  let inFlight = 0;
  const holds = new WeakMap<Request, Hold>();
  // A safety net only: every path through Elysia reaches afterResponse, but a reservation must never
  // outlive its request, or the budget would shrink for good.
  const finalizer = new FinalizationRegistry<Hold>((hold) => {
    inFlight -= hold.bytes;
    hold.bytes = 0;
  });

  function holdFor(request: Request): Hold {
    let hold = holds.get(request);
    if (!hold) {
      hold = { bytes: 0 };
      holds.set(request, hold);
      finalizer.register(request, hold, hold);
    }
    return hold;
  }

  function reserve(request: Request, bytes: number): boolean {
    if (inFlight + bytes > budgetBytes) return false;
    inFlight += bytes;
    holdFor(request).bytes += bytes;
    return true;
  }

  // The chunks of a refused body are garbage the collector is in no hurry to free: measured, 32
  // refused 60 MB uploads held RSS at +540–600 MB until some later collection. A full collection
  // after a large refused body (at most one per 100 ms, only while such bodies are being dropped)
  // brings the peak to +320–480 MB and hands the memory back within a second (docs/security.md).
  // Bodies that were accepted are left to the collector's own pace: a forced collection with many
  // live uploads costs 60–120 ms of event loop here.
  let lastCollectMs = 0;
  let collectTimer: ReturnType<typeof setTimeout> | null = null;
  function collectSoon() {
    if (collectTimer) return;
    const wait = Math.max(0, lastCollectMs + COLLECT_INTERVAL_MS - performance.now());
    collectTimer = setTimeout(() => {
      collectTimer = null;
      lastCollectMs = performance.now();
      Bun.gc(true);
    }, wait);
    collectTimer.unref?.();
  }

  function release(request: Request) {
    const hold = holds.get(originalRequest(request));
    if (!hold || hold.bytes === 0) return;
    inFlight -= hold.bytes;
    hold.bytes = 0;
    finalizer.unregister(hold);
  }

  /** The body's chunks, counted against `limit` (413) and, for a body of unknown length, the budget (429). */
  async function* countedChunks(request: Request, limit: number, reserveAsRead: boolean): AsyncGenerator<Uint8Array> {
    const reader = request.body!.getReader();
    let total = 0;
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > limit) throw new AppError(413, tooLargeDetail(limit));
        if (reserveAsRead && !reserve(request, value.byteLength)) throw new AppError(429, UPLOADS_BUSY_DETAIL);
        yield value;
      }
      finished = true;
    } finally {
      if (!finished) {
        // Refused or abandoned half-way: stop reading, and give the budget back now.
        reader.cancel().catch(() => {});
        release(request);
        if (total >= COLLECT_AFTER_BYTES) collectSoon();
      }
    }
  }

  return {
    /** Bytes of request bodies currently held (for tests and diagnostics). */
    inFlight: () => inFlight,
    budgetBytes,

    /** onRequest: header size, declared length and the budget, before any of the body is read. */
    onRequest({ request }: { request: Request }) {
      if (headerBytes(request) > MAX_HEADER_BYTES) {
        throw new AppError(431, `The request headers are larger than ${MAX_HEADER_BYTES / 1024} KB.`);
      }
      const length = request.headers.get("content-length");
      if (length === null) return;
      const declared = Number(length);
      if (!(declared > 0)) return;
      if (declared > MAX_JSON_BODY_BYTES) {
        const limit = bodyLimitFor(pathOf(request.url), request.headers.get("content-type"));
        if (declared > limit) throw new AppError(413, tooLargeDetail(limit));
      }
      if (!reserve(request, declared)) throw new AppError(429, UPLOADS_BUSY_DETAIL);
    },

    /**
     * onParse: form data is parsed here as it arrives (declared length or not). Any other body without
     * a declared length is read through the counter and handed on as a buffered request, so the
     * modules' own parse hooks and Elysia's parsers run on it unchanged; with a declared length
     * they read it directly (its size was judged in onRequest).
     */
    async onParse(context: { request: Request; path: string }) {
      const request = context.request;
      if (!request.body || originals.has(request)) return;
      const contentType = request.headers.get("content-type");
      const declared = request.headers.has("content-length");
      const limit = bodyLimitFor(context.path, contentType);
      if (isMultipart(contentType)) {
        // A scan upload is up to 100 MB: without credentials it is refused before a byte is read.
        if (SCAN_UPLOAD_PATHS.has(context.path) && !request.headers.get("authorization")?.trim()) throw unauthorized();
        const boundary = boundaryOf(contentType);
        if (!boundary) throw new AppError(400, MULTIPART_INVALID);
        return formBody(await parseMultipart(countedChunks(request, limit, !declared), boundary));
      }
      if (declared) return;
      const parts: Uint8Array[] = [];
      let total = 0;
      for await (const chunk of countedChunks(request, limit, true)) {
        parts.push(chunk);
        total += chunk.byteLength;
      }
      const headers = new Headers(request.headers);
      headers.delete("transfer-encoding");
      headers.set("content-length", String(total));
      const buffered = new Request(request.url, { method: request.method, headers, body: concat(parts, total) as BodyInit });
      originals.set(buffered, request);
      context.request = buffered;
    },

    /** afterResponse: the body is no longer ours to count. */
    onAfterResponse({ request }: { request: Request }) {
      release(request);
    },
  };
}
