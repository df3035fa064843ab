import { describe, expect, test } from "bun:test";
import { DEFAULT_FOAM } from "./foam";
import { clampPlacement, mergeDocIntoQueue, placementFromPosition, positionFromPlacement, toolsFromQueue } from "./queue-mapping";
import { scannedTool } from "./test-fixtures";

const foam = DEFAULT_FOAM;

describe("queue mapping", () => {
  test("percent positions map to foam millimetres and back", () => {
    const placement = placementFromPosition({ x: 50, y: 25, rotation: 90, scale: 1.5 }, foam)!;
    expect(placement).toEqual({ x_mm: 152.4, y_mm: 114.3, rotation: 90, scale: 1.5 });
    expect(positionFromPlacement(placement, foam)).toEqual({ x: 50, y: 25, rotation: 90, scale: 1.5 });
  });

  test("positions are clamped to 0-100 % and scale to 0.5-2", () => {
    expect(placementFromPosition({ x: 140, y: -3, rotation: -90, scale: 9 }, foam)).toEqual({
      x_mm: foam.width_mm,
      y_mm: 0,
      rotation: 270,
      scale: 2,
    });
    expect(clampPlacement({ x_mm: -5, y_mm: 9999, rotation: 450, scale: 0.1 }, foam)).toEqual({
      x_mm: 0,
      y_mm: foam.depth_mm,
      rotation: 90,
      scale: 0.5,
    });
  });

  test("tools load with names, categories and centred outlines; deleted ones are skipped", () => {
    const tools = toolsFromQueue(
      [
        scannedTool("a", { category: "Wrenches" }),
        scannedTool("b", { name: "", position: { x: 10, y: 10, rotation: 0, scale: 1 } }),
        scannedTool("c", { position: { x: 0, y: 0, rotation: 0, scale: 1, deleted: true } }),
      ],
      foam,
    );
    expect(tools.map((t) => t.id)).toEqual(["a", "b"]);
    expect(tools[0].category).toBe("Wrenches");
    expect(tools[1].name).toBe("Tool 2");
    expect(tools[1].category).toBe("Uncategorised");
    expect(tools[1].placement?.x_mm).toBeCloseTo(30.48, 6);
    expect(tools[0].outline[0]).toEqual([-50, -10]);
  });

  test("merge writes positions, drops deleted tools, keeps tools scanned meanwhile", () => {
    const queue = [scannedTool("a"), scannedTool("b"), scannedTool("c")];
    const tools = toolsFromQueue(queue, foam);
    const doc = {
      foam,
      tools: [{ ...tools[0], placement: { x_mm: 152.4, y_mm: 228.6, rotation: 0, scale: 1 } }, tools[2]],
    };
    const later = [...queue, scannedTool("d")];
    const merged = mergeDocIntoQueue(later, doc, new Set(["a", "b", "c"]));
    expect(merged.map((t) => t.id)).toEqual(["a", "c", "d"]);
    expect(merged[0].position).toEqual({ x: 50, y: 50, rotation: 0, scale: 1 });
    expect(merged[1].position).toBeNull();
  });

  test("merge restores a tool that is back in the document but gone from the queue", () => {
    const tools = toolsFromQueue([scannedTool("a")], foam);
    const merged = mergeDocIntoQueue([], { foam, tools }, new Set(["a"]));
    expect(merged.map((t) => t.id)).toEqual(["a"]);
    expect(merged[0].svg).toBe("<svg/>");
  });
});
