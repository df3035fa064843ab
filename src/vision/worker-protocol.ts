import type { Detection, TraceParams, TraceResult } from "./types.ts";

/**
 * The command table shared by the pool (main thread) and the worker: one entry per command with its
 * argument and result types, so both sides are checked against the same definition.
 */
export type VisionCommands = {
  /** 1-8 photos of the same pad: one photo is the classic scan, several give the footprint (trace-views.ts). */
  trace: { args: { images: Uint8Array[]; params: TraceParams }; result: TraceResult };
  /** Offsetting a long outline is CPU work: it runs here, never on the server's event loop. */
  exportDxf: { args: { points: [number, number][]; allowanceMm: number }; result: string };
  preview: { args: { bytes: Uint8Array }; result: Detection };
};

export type VisionCommand = keyof VisionCommands;

export type WorkerRequest = {
  [C in VisionCommand]: { id: number; cmd: C; args: VisionCommands[C]["args"] };
}[VisionCommand];

export type SerializedError = { message: string; vision: boolean; stack?: string };

export type WorkerResponse =
  | { type: "ready" }
  | { type: "progress"; id: number; progress: number; message: string }
  | { type: "result"; id: number; result: unknown }
  | { type: "error"; id: number; error: SerializedError };
