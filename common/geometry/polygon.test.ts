import { expect, test } from "bun:test";
import { polygonArea, signedPolygonArea } from "./polygon.ts";

test("shoelace area of a rectangle and a triangle", () => {
  expect(polygonArea([[0, 0], [4, 0], [4, 3], [0, 3]])).toBe(12);
  expect(polygonArea([[0, 0], [4, 0], [0, 3]])).toBe(6);
  // clockwise on screen (y down) is positive
  expect(signedPolygonArea([[0, 0], [4, 0], [4, 3], [0, 3]])).toBe(12);
  expect(signedPolygonArea([[0, 0], [0, 3], [4, 3], [4, 0]])).toBe(-12);
});
