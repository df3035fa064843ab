import { afterAll, describe, expect, test } from "bun:test";
import { createVisionPool } from "./vision-pool.ts";
import { DEFAULT_PARAMS, smallPadPhoto } from "../../tests/helpers/vision/test-photos.ts";
import { VisionError } from "./vision-error.ts";

// Synthetic photos are rendered and traced here: seconds, not milliseconds.
const SLOW = 60_000;

const pool = createVisionPool({ size: 2 });
afterAll(() => pool.close());

// The shipped worker has no crash command: a test worker wraps it and dies on a marked preview.
const crashingPool = createVisionPool({ size: 2, workerUrl: new URL("../../tests/fixtures/vision/crashing-worker.ts", import.meta.url) });
afterAll(() => crashingPool.close());

describe("createVisionPool", () => {
  test("size defaults to the CPU count (the server passes cores - 1: src/config.ts)", async () => {
    const p = createVisionPool();
    expect(p.size).toBe(navigator.hardwareConcurrency);
    await p.close();
  }, SLOW);

  test("trace streams progress and returns the result; preview answers", async () => {
    const photo = await smallPadPhoto({ seed: 71, toolKind: "blob", finish: "dark" });
    const progress: [number, string][] = [];
    const r = await pool.trace(photo.jpeg, DEFAULT_PARAMS, (p, m) => progress.push([p, m]));
    expect(r.contour_points_mm.length).toBeGreaterThan(10);
    expect(progress[0]).toEqual([5, "Decoding image"]);
    expect(progress.at(-1)?.[0]).toBe(100);
    expect(photo.jpeg.byteLength).toBeGreaterThan(0); // the caller's buffer is not transferred away
    const d = await pool.preview(photo.jpeg);
    expect(d.markers_detected).toBe(4);
  }, SLOW);

  test("traceJson answers the same result as JSON bytes; handOver moves the photo instead of copying it", async () => {
    const photo = await smallPadPhoto({ seed: 71, toolKind: "blob", finish: "dark" });
    const plain = await pool.trace(photo.jpeg, DEFAULT_PARAMS);
    const copy = photo.jpeg.slice();
    const progress: number[] = [];
    const { json, summary } = await pool.traceJson(copy, DEFAULT_PARAMS, (p) => progress.push(p), { handOver: true });
    expect(copy.byteLength).toBe(0); // transferred to the worker
    const decoded = JSON.parse(new TextDecoder().decode(json));
    // The trace itself is deterministic; only the timings differ between two runs.
    const { diagnostics: _a, ...plainRest } = plain;
    const { diagnostics: _b, ...decodedRest } = decoded;
    expect(decodedRest).toEqual(plainRest);
    expect("preview_png" in summary).toBe(false);
    expect(summary.contour_points_mm).toEqual(plain.contour_points_mm);
    expect(progress.at(-1)).toBe(100);
    // Without handOver (and for a view into a larger buffer) the caller keeps its bytes.
    const framed = new Uint8Array(photo.jpeg.byteLength + 8);
    framed.set(photo.jpeg, 4);
    const view = framed.subarray(4, 4 + photo.jpeg.byteLength);
    await pool.traceJson(view, DEFAULT_PARAMS, undefined, { handOver: true });
    expect(framed.byteLength).toBe(photo.jpeg.byteLength + 8);
    await pool.traceJson(photo.jpeg, DEFAULT_PARAMS);
    expect(photo.jpeg.byteLength).toBeGreaterThan(0);
  }, SLOW);

  test("VisionError messages cross the worker boundary intact", async () => {
    const err = await pool.trace(new TextEncoder().encode("text"), DEFAULT_PARAMS).catch((e) => e);
    expect(err).toBeInstanceOf(VisionError);
    expect(err.message).toBe("The file is not a readable JPEG or PNG image.");
    const photo = await smallPadPhoto({ seed: 72, hideMarkers: [3] });
    const err2 = await pool.trace(photo.jpeg, DEFAULT_PARAMS).catch((e) => e);
    expect(err2).toBeInstanceOf(VisionError);
    expect(err2.message).toContain("Missing marker ids: 3.");
  }, SLOW);

  test("a crashed worker fails its job and is replaced", async () => {
    for (const how of ["exit", "throw"] as const) {
      const err = await crashingPool.preview(new TextEncoder().encode(`crash:${how}`)).catch((e) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(VisionError);
      expect(err.message).toContain("the vision worker stopped");
    }
    const photo = await smallPadPhoto({ seed: 71, toolKind: "blob", finish: "dark" });
    const both = await Promise.all([crashingPool.preview(photo.jpeg), crashingPool.preview(photo.jpeg)]);
    expect(both.map((d) => d.markers_detected)).toEqual([4, 4]);
  }, SLOW);

  test("close rejects queued work and later calls", async () => {
    const p = createVisionPool({ size: 1 });
    const photo = await smallPadPhoto({ seed: 71, toolKind: "blob", finish: "dark" });
    const pending = p.trace(photo.jpeg, DEFAULT_PARAMS).catch((e) => e);
    await p.close();
    expect((await pending).message).toContain("closed");
    expect((await p.preview(photo.jpeg).catch((e) => e)).message).toContain("closed");
  }, SLOW);
});
