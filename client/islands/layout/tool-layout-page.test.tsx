import { afterEach, beforeEach, describe, expect, mock, spyOn, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { readQueue, SCANNER_QUEUE_KEY, type ScannedTool } from "../../lib/scanner-queue";
import { installFetch, restoreBrowserFakes } from "../scanner/test-support/browser-fakes";
import { ToolLayoutPage } from "./tool-layout-page";

function tool(id: string, name: string, position: ScannedTool["position"] = null): ScannedTool {
  return {
    id,
    createdAt: "2026-01-01T00:00:00.000Z",
    previewUrl: "",
    svg: "<svg/>",
    detectionMethod: "aruco",
    diagnostics: {},
    parameters: { contour_area_mm: 1500 },
    contourPointsMm: [
      [0, 0],
      [50, 0],
      [50, 30],
      [0, 30],
    ],
    position,
    name,
  };
}

function seed(tools: ScannedTool[]) {
  localStorage.setItem(SCANNER_QUEUE_KEY, JSON.stringify(tools));
}

const assign = mock((_url: string) => undefined);
const originalAssign = window.location.assign;

beforeEach(() => {
  // Expected failures are logged by the page; keep the test output readable.
  spyOn(console, "error").mockImplementation(() => {});
  spyOn(console, "warn").mockImplementation(() => {});
  localStorage.clear();
  sessionStorage.clear();
  assign.mockClear();
  Object.defineProperty(window.location, "assign", { value: assign, configurable: true, writable: true });
});
afterEach(() => {
  cleanup();
  (console.error as unknown as { mockRestore(): void }).mockRestore();
  (console.warn as unknown as { mockRestore(): void }).mockRestore();
  restoreBrowserFakes();
  Object.defineProperty(window.location, "assign", { value: originalAssign, configurable: true, writable: true });
});

function stubZoneRect() {
  const zone = screen.getByTestId("tl-dropzone");
  zone.getBoundingClientRect = () => ({ left: 0, top: 0, width: 300, height: 450, right: 300, bottom: 450, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;
  return zone;
}

describe("tool layout page", () => {
  test("server render has the panels and footer, and no tools until hydrated", () => {
    seed([tool("a", "Wrench")]);
    const html = renderToString(<ToolLayoutPage />);
    for (const text of ["Available Tools", "Properties", "SUBMIT LAYOUT", "Back to Scanner", 'href="/app/foam-editor"']) expect(html).toContain(text);
    expect(html).not.toContain("Wrench");
  });

  test("keyboard: select, Enter places in the centre, arrows move, Delete returns", async () => {
    seed([tool("a", "Wrench"), tool("b", "Pliers")]);
    render(<ToolLayoutPage />);
    await waitFor(() => expect(screen.getAllByTestId("tl-inventory-item")).toHaveLength(2));
    const wrench = screen.getByRole("button", { name: /^Wrench/ });
    fireEvent.keyDown(wrench, { key: "Enter" });
    expect(wrench.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("tl-prop-position").textContent).toBe("Not placed");
    fireEvent.keyDown(screen.getByTestId("tl-dropzone"), { key: " " });
    await waitFor(() => expect(screen.getAllByTestId("tl-placed-item")).toHaveLength(1));
    expect(readQueue().find((t) => t.id === "a")!.position).toEqual({ x: 50, y: 50, rotation: 0, scale: 1 });
    expect(screen.getByTestId("tl-prop-position").textContent).toBe("X 50.0 %, Y 50.0 %");
    expect(screen.getAllByTestId("tl-inventory-item")).toHaveLength(1);

    const placed = screen.getByRole("button", { name: /^Wrench at/ });
    fireEvent.keyDown(placed, { key: "ArrowRight" });
    fireEvent.keyDown(placed, { key: "ArrowUp", shiftKey: true });
    await waitFor(() => expect(readQueue().find((t) => t.id === "a")!.position).toMatchObject({ x: 51, y: 45 }));
    fireEvent.keyDown(screen.getByRole("button", { name: /^Wrench at/ }), { key: "Delete" });
    await waitFor(() => expect(screen.queryAllByTestId("tl-placed-item")).toHaveLength(0));
    expect(readQueue().find((t) => t.id === "a")!.position).toBeNull();
  });

  test("Enter twice on an inventory item places it too", async () => {
    seed([tool("a", "Wrench")]);
    render(<ToolLayoutPage />);
    const item = await screen.findByRole("button", { name: /^Wrench/ });
    fireEvent.keyDown(item, { key: "Enter" });
    fireEvent.keyDown(screen.getByRole("button", { name: /^Wrench/ }), { key: "Enter" });
    await waitFor(() => expect(screen.getAllByTestId("tl-placed-item")).toHaveLength(1));
  });

  test("pointer drag from the inventory drops at the pointer; a placed tool drags along", async () => {
    seed([tool("a", "Wrench")]);
    render(<ToolLayoutPage />);
    const item = await screen.findByRole("button", { name: /^Wrench/ });
    stubZoneRect();
    fireEvent.pointerDown(item, { pointerId: 1, button: 0, pointerType: "mouse", clientX: -100, clientY: 10 });
    fireEvent.pointerMove(item, { pointerId: 1, pointerType: "mouse", clientX: 60, clientY: 100 });
    fireEvent.pointerUp(item, { pointerId: 1, pointerType: "mouse", clientX: 75, clientY: 90 });
    await waitFor(() => expect(readQueue()[0]!.position).toEqual({ x: 25, y: 20, rotation: 0, scale: 1 }));

    const body = screen.getByRole("button", { name: /^Wrench at/ });
    fireEvent.pointerDown(body, { pointerId: 2, button: 0, pointerType: "touch", clientX: 75, clientY: 90 });
    fireEvent.pointerMove(body, { pointerId: 2, pointerType: "touch", clientX: 105, clientY: 135 });
    fireEvent.pointerUp(body, { pointerId: 2, pointerType: "touch", clientX: 105, clientY: 135 });
    await waitFor(() => expect(readQueue()[0]!.position).toMatchObject({ x: 35, y: 30 }));
  });

  test("a drop outside the zone leaves the tool in the inventory", async () => {
    seed([tool("a", "Wrench")]);
    render(<ToolLayoutPage />);
    const item = await screen.findByRole("button", { name: /^Wrench/ });
    stubZoneRect();
    fireEvent.pointerDown(item, { pointerId: 1, button: 0, pointerType: "mouse", clientX: -100, clientY: 10 });
    fireEvent.pointerMove(item, { pointerId: 1, pointerType: "mouse", clientX: -50, clientY: 10 });
    fireEvent.pointerUp(item, { pointerId: 1, pointerType: "mouse", clientX: -50, clientY: 10 });
    expect(readQueue()[0]!.position).toBeNull();
  });

  test("double-click and × return a placed tool; Remove deletes an available one; Clear Selection", async () => {
    seed([tool("a", "Wrench", { x: 30, y: 30, rotation: 0, scale: 1 }), tool("b", "Pliers", { x: 60, y: 60, rotation: 0, scale: 1 }), tool("c", "Hammer")]);
    render(<ToolLayoutPage />);
    await waitFor(() => expect(screen.getAllByTestId("tl-placed-item")).toHaveLength(2));
    fireEvent.doubleClick(screen.getByRole("button", { name: /^Wrench at/ }));
    fireEvent.click(screen.getByLabelText("Return Pliers to inventory"));
    await waitFor(() => expect(screen.queryAllByTestId("tl-placed-item")).toHaveLength(0));
    expect(screen.getAllByTestId("tl-inventory-item")).toHaveLength(3);
    fireEvent.click(screen.getByLabelText("Remove Hammer"));
    await waitFor(() => expect(screen.getAllByTestId("tl-inventory-item")).toHaveLength(2));
    expect(readQueue().map((t) => t.id)).toEqual(["a", "b"]);
    fireEvent.click(screen.getByRole("button", { name: /^Wrench/ }));
    expect(screen.getByTestId("tl-prop-area").textContent).toBe("1,500 mm²");
    expect(screen.getByTestId("tl-prop-method").textContent).toBe("aruco");
    expect(screen.getByTestId("tl-prop-contour").querySelector("path")).toBeTruthy();
    fireEvent.click(screen.getByTestId("tl-clear-selection"));
    expect(screen.queryByTestId("tl-prop-area")).toBeNull();
  });

  test("SUBMIT with nothing placed shows the SPEC message", async () => {
    seed([tool("a", "Wrench")]);
    localStorage.setItem("auth_token", "t");
    render(<ToolLayoutPage />);
    await screen.findByRole("button", { name: /^Wrench/ });
    fireEvent.click(screen.getByTestId("tl-submit"));
    await waitFor(() => expect(screen.getByTestId("tl-message").textContent).toContain("Place at least one tool before submitting the layout."));
  });

  test("SUBMIT without a token asks to log in and goes to /login", async () => {
    seed([tool("a", "Wrench", { x: 30, y: 30, rotation: 0, scale: 1 })]);
    render(<ToolLayoutPage />);
    await screen.findByRole("button", { name: /^Wrench at/ });
    fireEvent.click(screen.getByTestId("tl-submit"));
    await waitFor(() => expect(screen.getByTestId("tl-message").textContent).toContain("Authentication required. Please log in."));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/app/login"), { timeout: 2500 });
  });

  test("SUBMIT posts one job per placed tool, prices it, keeps unplaced scans and goes to the dashboard after 2 s", async () => {
    seed([tool("a", "Wrench", { x: 30, y: 30, rotation: 0, scale: 1 }), tool("b", "Pliers", { x: 60, y: 60, rotation: 0, scale: 1 }), tool("c", "Hammer")]);
    localStorage.setItem("auth_token", "t");
    const calls = installFetch({
      "POST /api/scanner/jobs": () => ({ id: 1 }),
      "POST /api/scanner/process": () => ({ orders: [{ order_id: 5, order_number: "ORD-1", project_id: 3, status: "quoted", total: "80.00" }] }),
    });
    render(<ToolLayoutPage />);
    await waitFor(() => expect(screen.getAllByTestId("tl-placed-item")).toHaveLength(2));
    const started = Date.now();
    fireEvent.click(screen.getByTestId("tl-submit"));
    await waitFor(() => expect(screen.getByTestId("tl-message").textContent).toContain("Layout submitted successfully! Redirecting to dashboard..."));
    // Two jobs, then the hand-over that prices the layout (issue 14).
    expect(calls).toHaveLength(3);
    const processBody = JSON.parse(String(calls[2]!.init!.body));
    const bodies = calls.slice(0, 2).map((call) => JSON.parse(String(call.init!.body)));
    expect(processBody).toEqual({ layout_id: bodies[0].layout_id });
    expect(bodies.map((body) => body.calibration_payload.position.x)).toEqual([30, 60]);
    expect(new Set(bodies.map((body) => body.layout_id)).size).toBe(1);
    expect(bodies[0].status).toBe("pending");
    // Issue 14: the unplaced scan stays in the queue.
    expect(readQueue().map((entry) => entry.name)).toEqual(["Hammer"]);
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/app/dashboard"), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  test("a pocket past the foam edge or too close to another is named and selected; nothing is posted", async () => {
    // 50 × 30 mm tools on the 304.8 × 457.2 mm sheet: x 2 % puts half of "Wrench" past the left edge.
    seed([tool("a", "Wrench", { x: 2, y: 30, rotation: 0, scale: 1 }), tool("b", "Pliers", { x: 60, y: 60, rotation: 0, scale: 1 }), tool("c", "Level", { x: 60, y: 67, rotation: 0, scale: 1 })]);
    localStorage.setItem("auth_token", "t");
    const calls = installFetch({ "POST /api/scanner/jobs": () => ({ id: 1 }) });
    render(<ToolLayoutPage />);
    await waitFor(() => expect(screen.getAllByTestId("tl-placed-item")).toHaveLength(3));
    expect(screen.getAllByTestId("tl-placed-item").filter((item) => item.dataset.problem === "true")).toHaveLength(3);
    fireEvent.click(screen.getByTestId("tl-submit"));
    await waitFor(() => expect(screen.getByTestId("tl-message").textContent).toContain('Pocket "Wrench" extends beyond the foam (304.8 × 457.2 mm).'));
    expect(screen.getByTestId("tl-message").textContent).toContain('"Pliers" and "Level"');
    expect(screen.getByTestId("tl-prop-position").textContent).toBe("X 2.0 %, Y 30.0 %");
    expect(calls).toHaveLength(0);
    expect(readQueue()).toHaveLength(3);
  });

  test("a failed SUBMIT shows the server detail, else the fallback", async () => {
    seed([tool("a", "Wrench", { x: 30, y: 30, rotation: 0, scale: 1 })]);
    localStorage.setItem("auth_token", "t");
    let calls = 0;
    installFetch({
      "POST /api/scanner/jobs": () =>
        ++calls === 1 ? new Response(JSON.stringify({ detail: "Layout too large" }), { status: 422 }) : new Response("oops", { status: 500 }),
    });
    render(<ToolLayoutPage />);
    await screen.findByRole("button", { name: /^Wrench at/ });
    fireEvent.click(screen.getByTestId("tl-submit"));
    await waitFor(() => expect(screen.getByTestId("tl-message").textContent).toContain("Layout too large"));
    fireEvent.click(screen.getByTestId("tl-submit"));
    await waitFor(() => expect(screen.getByTestId("tl-message").textContent).toContain("Failed to submit layout. Please try again."));
    expect(readQueue()).toHaveLength(1);
  });
});
