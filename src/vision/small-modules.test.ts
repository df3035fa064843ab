// Tests for the small building blocks: OpenCV loading, rasters, BMP/JPEG/PNG helpers, clipper, pad spec.
import { describe, expect, test } from "bun:test";
import { encodeBmp, encodeJpeg, encodePng } from "../../bench/synth/bmp-encode.ts";
import { largestPolygon, polygonDifference, polygonUnion } from "./clipper-ops.ts";
import { getCv, loadOpenCv, withMats } from "./opencv.ts";
import { FRAME_H_MM, FRAME_W_MM, inMarkerKeepout, markerCornersMm } from "./pad-spec.ts";
import { polygonArea } from "../../common/geometry/polygon.ts";
import { rgbaToGrey, sampleBilinear } from "./raster.ts";
import { getSegmenter, registerSegmenter } from "./segmenter.ts";
import { VisionError } from "./vision-error.ts";

describe("opencv loader", () => {
  test("loads once and withMats frees what it tracked", async () => {
    await loadOpenCv();
    await loadOpenCv();
    const cv = getCv();
    let mat: { isDeleted(): boolean } | null = null;
    const n = withMats((track) => {
      const m = track(new cv.Mat(4, 4, cv.CV_8UC1));
      mat = m;
      return m.rows;
    });
    expect(n).toBe(4);
    expect(mat!.isDeleted()).toBe(true);
  });
});

describe("rasters and encoders", () => {
  const img = { width: 3, height: 2, data: new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 10, 10, 255, 200, 200, 200, 255, 255, 255, 255, 255]) };
  test("grey and bilinear sampling", () => {
    const g = rgbaToGrey(img);
    expect(Array.from(g.data)).toEqual([77, 149, 29, 10, 200, 255]); // (77R + 150G + 29B + 128) >> 8
    expect(sampleBilinear(g, 0.5, 0)).toBeCloseTo((77 + 149) / 2, 6);
    expect(sampleBilinear(g, -5, 9)).toBe(10); // clamped
  });
  test("BMP goes through Bun.Image to JPEG and PNG", async () => {
    expect(encodeBmp(img).subarray(0, 2)).toEqual(new Uint8Array([0x42, 0x4d]));
    expect((await new Bun.Image(await encodeJpeg(img)).metadata()).format).toBe("jpeg");
    expect((await new Bun.Image(await encodePng(img)).metadata()).width).toBe(3);
  });
});

describe("clipper helpers", () => {
  test("union, difference, largest", () => {
    const a: [number, number][] = [[0, 0], [10, 0], [10, 10], [0, 10]];
    const b: [number, number][] = [[5, 0], [15, 0], [15, 10], [5, 10]];
    expect(polygonArea(largestPolygon(polygonUnion([a, b]))!)).toBeCloseTo(150, 6);
    expect(polygonArea(largestPolygon(polygonDifference([a], [b]))!)).toBeCloseTo(50, 6);
    expect(largestPolygon([])).toBeNull();
  });
});

describe("pad spec", () => {
  test("marker corners sit flush in the frame corners (TL, TR, BR, BL)", () => {
    expect(markerCornersMm(0)[0]).toEqual([0, 0]);
    expect(markerCornersMm(1)[1]).toEqual([FRAME_W_MM, 0]);
    expect(markerCornersMm(2)[2]).toEqual([FRAME_W_MM, FRAME_H_MM]);
    expect(markerCornersMm(3)[3]).toEqual([0, FRAME_H_MM]);
    expect(markerCornersMm(1)[0][0]).toBeCloseTo(183.9, 9);
    expect(inMarkerKeepout(14.9, 2)).toBe(true);
    expect(inMarkerKeepout(15.1, 2)).toBe(false);
  });
});

describe("errors and segmenter registry", () => {
  test("VisionError is a named Error", () => {
    const e = new VisionError("x");
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("VisionError");
  });
  test("segmenters can be registered by name", () => {
    expect(getSegmenter("test-only")).toBeUndefined();
    registerSegmenter("test-only", () => ({ mask: new Uint8Array(0) }));
    expect(getSegmenter("test-only")).toBeDefined();
  });
});
