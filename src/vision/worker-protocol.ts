import type { Detection, TraceParams, TraceResult } from "./types.ts";

/**
 * The command table shared by the pool (main thread) and the worker: one entry per command with its
 * argument and result types, so both sides are checked against the same definition.
 */
export type VisionCommands = {
  /** 1-8 photos of the same pad: one photo is the classic scan, several give the footprint (trace-views.ts). */
  trace: { args: { images: Uint8Array[]; params: TraceParams }; result: TraceResult };
  /**
   * The same trace, answered as the result's JSON text (UTF-8, transferred, not copied) plus the
   * result without its preview: the server stores and serves the bytes as they are, so the
   * megabyte-sized preview is never stringified, parsed or cloned on its event loop.
   */
  traceJson: { args: { images: Uint8Array[]; params: TraceParams }; result: EncodedTrace };
  /** Offsetting a long outline is CPU work: it runs here, never on the server's event loop. */
  exportDxf: { args: { points: [number, number][]; allowanceMm: number }; result: string };
  preview: { args: { bytes: Uint8Array }; result: Detection };
};

export type VisionCommand = keyof VisionCommands;

/** A trace result as JSON bytes, and the same result less preview_png for whoever needs its fields. */
export type EncodedTrace = { json: Uint8Array; summary: Omit<TraceResult, "preview_png"> };

export type WorkerRequest = {
  [C in VisionCommand]: { id: number; cmd: C; args: VisionCommands[C]["args"] };
}[VisionCommand];

export type SerializedError = { message: string; vision: boolean; stack?: string };

export type WorkerResponse =
  | { type: "ready" }
  | { type: "progress"; id: number; progress: number; message: string }
  | { type: "result"; id: number; result: unknown }
  | { type: "error"; id: number; error: SerializedError };
