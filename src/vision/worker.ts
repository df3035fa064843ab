// Vision worker: loads OpenCV once, then runs commands from the pool one at a time.
import "./ai-segmenter.ts";
import { getCv, loadOpenCv, withMats } from "./opencv.ts";
import { detectPreview } from "./preview-detect.ts";
import { contourToDxf } from "./contour-dxf.ts";
import { traceImages } from "./trace-views.ts";
import { VisionError } from "./vision-error.ts";
import type { VisionCommands, WorkerRequest, WorkerResponse } from "./worker-protocol.ts";

declare const self: Worker;

const post = (msg: WorkerResponse, transfer: Transferable[] = []) => self.postMessage(msg, transfer);

/** Exercise the wasm paths once so the first real job does not pay for compilation tiers. */
function warmUp(): void {
  const cv = getCv();
  withMats((track) => {
    const m = track(new cv.Mat(64, 64, cv.CV_8UC1, new cv.Scalar(255)));
    cv.rectangle(m, new cv.Point(20, 20), new cv.Point(40, 40), new cv.Scalar(0), -1);
    const bin = track(new cv.Mat());
    cv.adaptiveThreshold(m, bin, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, 11, 7);
    const cs = track(new cv.MatVector());
    const h = track(new cv.Mat());
    cv.findContours(bin, cs, h, cv.RETR_LIST, cv.CHAIN_APPROX_SIMPLE);
    const c3 = track(new cv.Mat());
    cv.cvtColor(m, c3, cv.COLOR_GRAY2RGB);
    const markers = track(new cv.Mat(64, 64, cv.CV_32S, new cv.Scalar(0)));
    markers.data32S[0] = 1;
    markers.data32S[30 * 64 + 30] = 2;
    cv.watershed(c3, markers);
  });
}

const ready = loadOpenCv().then(() => {
  warmUp();
  post({ type: "ready" });
});

type Handlers = { [C in keyof VisionCommands]: (args: VisionCommands[C]["args"], id: number) => Promise<VisionCommands[C]["result"]> };

const handlers: Handlers = {
  trace: ({ images, params }, id) => traceImages(images, params, (progress, message) => post({ type: "progress", id, progress, message })),
  traceJson: async ({ images, params }, id) => {
    const result = await traceImages(images, params, (progress, message) => post({ type: "progress", id, progress, message }));
    const { preview_png: _preview, ...summary } = result;
    return { json: new TextEncoder().encode(JSON.stringify(result)), summary };
  },
  exportDxf: async ({ points, allowanceMm }) => contourToDxf(points, allowanceMm),
  preview: ({ bytes }) => detectPreview(bytes),
};

self.onmessage = async (ev: MessageEvent<WorkerRequest>) => {
  const req = ev.data;
  try {
    await ready;
    const handler = handlers[req.cmd] as (args: unknown, id: number) => Promise<unknown>;
    if (!handler) throw new Error(`unknown vision command ${String(req.cmd)}`);
    const result = await handler(req.args, req.id);
    // Encoded results hand their bytes over instead of copying them into the server's thread.
    const bytes = (result as { json?: unknown } | null)?.json;
    post({ type: "result", id: req.id, result }, bytes instanceof Uint8Array ? [bytes.buffer as ArrayBuffer] : []);
  } catch (e) {
    const err = e as Error;
    post({ type: "error", id: req.id, error: { message: err?.message ?? String(e), vision: e instanceof VisionError, stack: err?.stack } });
  }
};
