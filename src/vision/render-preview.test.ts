import { beforeAll, expect, test } from "bun:test";
import { loadOpenCv } from "./opencv.ts";
import { decodePngToRgba } from "./png-raw.ts";
import { drawOutline, toPngDataUrl } from "./render-preview.ts";

beforeAll(() => loadOpenCv());

test("draws the outline at continuous pixel coordinates and returns a PNG data URL", () => {
  const img = { width: 60, height: 40, data: new Uint8Array(60 * 40 * 4).fill(255) };
  const out = drawOutline(img, [[10, 10], [50, 10], [50, 30], [10, 30]], [0, 200, 83], 1);
  const px = (x: number, y: number) => Array.from(out.data.subarray((y * 60 + x) * 4, (y * 60 + x) * 4 + 3));
  expect(px(30, 9)[0]).toBeLessThan(128); // the line y = 10 (continuous) runs through pixel row 9.5
  expect(px(30, 20)).toEqual([255, 255, 255]);
  expect(img.data[(9 * 60 + 30) * 4]).toBe(255); // input untouched
  const url = toPngDataUrl(out);
  expect(url.startsWith("data:image/png;base64,")).toBe(true);
  const back = decodePngToRgba(new Uint8Array(Buffer.from(url.split(",")[1], "base64")));
  expect([back.width, back.height]).toEqual([60, 40]);
});
