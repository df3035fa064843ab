import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, render, screen } from "@testing-library/react";
import type { OperatorCard as Card } from "../types";
import { OperatorCard, startRule } from "./operator-card";

afterEach(cleanup);

const card = (patch: Partial<Card>): Card => ({
  id: 7,
  orderNumber: "ORD-7",
  status: "approved",
  fileStatus: "ready",
  productionStatus: "pending",
  priority: "normal",
  blocks: [],
  ...patch,
});
const noop = () => {};
const show = (value: Card, canOverride = false) =>
  render(
    <OperatorCard card={value} busy={false} onStatus={noop} onAction={noop} onDownloadFile={noop} onDownloadCsv={noop} onReportIssue={noop} onOverrideStart={noop} canOverride={canOverride} />,
  );

describe("production rules on the card (issue 14)", () => {
  test("Start needs an approved order and a ready or not-required file; never on running or completed work", () => {
    expect(startRule(card({}))).toBe("start");
    expect(startRule(card({ fileStatus: "not_required" }))).toBe("start");
    expect(startRule(card({ fileStatus: "needs_generation" }))).toBeNull();
    expect(startRule(card({ status: "quoted" }))).toBe("override");
    expect(startRule(card({ productionStatus: "in_progress" }))).toBeNull();
    expect(startRule(card({ productionStatus: "completed", status: "fulfilled" }))).toBeNull();
    expect(startRule(card({ productionStatus: "completed", status: "approved" }))).toBeNull();
    expect(startRule(card({ status: "cancelled" }))).toBeNull();
  });

  test("an unapproved card offers an admin Start (override) only; an operator gets no Start", () => {
    show(card({ status: "quoted" }), true);
    expect(screen.queryByTestId("operator-start")).toBeNull();
    expect(screen.getByTestId("operator-start-override").textContent).toBe("Start (override)");
    cleanup();
    show(card({ status: "quoted" }), false);
    expect(screen.queryByTestId("operator-start")).toBeNull();
    expect(screen.queryByTestId("operator-start-override")).toBeNull();
  });

  test("a failed file says what to do next; no-layout orders offer no Generate File; scan accuracy shows", () => {
    show(card({ fileStatus: "error", nextStep: "Fix the layout, then Generate File again.", scanAccuracyMm: 0.4 }));
    expect(screen.getByTestId("operator-card-next").textContent).toBe("Next: Fix the layout, then Generate File again.");
    expect(screen.getByTestId("operator-card-accuracy").textContent).toContain("Scan accuracy ±0.4 mm");
    expect(screen.getByTestId("operator-generate")).toBeTruthy();
    cleanup();
    show(card({ fileStatus: "not_required" }));
    expect(screen.queryByTestId("operator-generate")).toBeNull();
    expect(screen.getByTestId("operator-card-file").textContent).toBe("No file needed");
    expect(screen.getByTestId("operator-start")).toBeTruthy();
  });
});
