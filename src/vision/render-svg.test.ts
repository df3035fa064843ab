import { expect, test } from "bun:test";
import { contourToSvg } from "./render-svg.ts";

test("one closed path, viewBox in mm around the outline", () => {
  const svg = contourToSvg([[10, 20], [60, 20], [60, 45.5]]);
  expect(svg.match(/<path /g)).toHaveLength(1);
  expect(svg).toContain('viewBox="9 19 52 27.5"');
  expect(svg).toContain('width="52mm"');
  expect(svg).toContain('d="M10 20 L60 20 L60 45.5 Z"');
  expect(() => contourToSvg([])).toThrow();
});
