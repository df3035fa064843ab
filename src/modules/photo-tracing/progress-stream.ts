import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { scanRuns } from "../../../db/schema";
import { TERMINAL } from "./scan-runs";

const POLL_MS = 200;
const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events read from the database, not from process memory, so any instance can serve
 * a stream and a reconnect picks up where the job is. Ends after completed or failed.
 */
export function progressStream(db: Db, id: string, signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let last = "";
      let lastSent = Date.now();
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        clearTimeout(timer);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      signal.addEventListener("abort", close, { once: true });
      controller.enqueue(encoder.encode("retry: 1000\n\n"));
      const tick = async () => {
        if (closed) return;
        try {
          const run = await db.query.scanRuns.findFirst({
            columns: { status: true, progress: true, message: true },
            where: eq(scanRuns.id, id),
          });
          if (!run) {
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ progress: 0, message: "Scan job not found.", status: "failed" })}\n\n`));
            return close();
          }
          const payload = JSON.stringify({ progress: run.progress, message: run.message, status: run.status });
          if (payload !== last) {
            last = payload;
            lastSent = Date.now();
            controller.enqueue(encoder.encode(`data: ${payload}\n\n`));
          } else if (Date.now() - lastSent > HEARTBEAT_MS) {
            lastSent = Date.now();
            controller.enqueue(encoder.encode(": keep-alive\n\n"));
          }
          if (TERMINAL.has(run.status)) return close();
        } catch (error) {
          console.error("progress stream", error);
          return close();
        }
        timer = setTimeout(tick, POLL_MS);
      };
      void tick();
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}
