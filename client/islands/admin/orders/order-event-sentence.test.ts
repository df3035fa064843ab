import { describe, expect, test } from "bun:test";
import { eventSentence } from "./order-event-sentence";

describe("order timeline sentences (issue 19, item 8)", () => {
  test("each server event type reads as one sentence, never JSON", () => {
    expect(eventSentence("layout_updated", { job_id: 13, pocket: "Screwdriver", points: 34, pockets: 2 })).toBe(
      "Pocket Screwdriver added from scanner job #13 (34 outline points); the layout has 2 pockets.",
    );
    expect(eventSentence("created", { status: "draft", source: "scanner", project: "PRJ-7" })).toBe("Order created from the scanner for project PRJ-7 as draft.");
    expect(eventSentence("status_changed", { from: "draft", to: "quoted", reason: "layout submitted" })).toBe(
      "Status changed: draft → quoted. Reason: layout submitted",
    );
    expect(eventSentence("production_status_changed", { from: "pending", to: "in_progress" })).toBe("Production status changed: pending → in progress.");
    expect(eventSentence("quote_priced", { total_amount: "120.50", lines: [] }, "EUR")).toBe("Quote priced at €120.50.");
    expect(eventSentence("submitted_for_processing", { layout_id: "x", job_ids: [1, 2] })).toBe("Layout submitted for processing (2 scanner jobs).");
    expect(eventSentence("file_generated", { from: "none", to: "ready", formats: ["dxf", "svg"], pockets: 2 })).toBe("Cutting files generated (DXF, SVG).");
    expect(eventSentence("updated", { changes: { customer_email: { from: "a", to: "b" } } })).toBe("Order edited: customer email.");
  });

  test("an unknown type keeps its simple values and drops nested ones", () => {
    const sentence = eventSentence("label_printed", { printer: "Zebra", copies: 2, meta: { a: 1 } });
    expect(sentence).toBe("Label printed: printer Zebra, copies 2.");
    expect(sentence).not.toContain("{");
  });
});
