import { afterEach, beforeEach, describe, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { readQueue, SCANNER_QUEUE_KEY, type ScannedTool } from "../../lib/scanner-queue";
import { rect, scannedTool } from "./core/test-fixtures";
import { FoamEditorPage } from "./foam-editor-page";
import { FOAM_STORAGE_KEY } from "./foam-storage";
import type { RenderInput, RendererFactory } from "./render/renderer";
import { EditorRendererContext } from "./renderer-context";

// paper.js needs a real canvas; the page only sees this small interface.
const renders: RenderInput[] = [];
const stubRenderer: RendererFactory = async () => ({
  render: (input) => renders.push(input),
  resize: () => {},
  destroy: () => {},
});

function seed(tools: ScannedTool[]) {
  localStorage.setItem(SCANNER_QUEUE_KEY, JSON.stringify(tools));
}

function renderPage() {
  return render(
    <EditorRendererContext value={stubRenderer}>
      <FoamEditorPage />
    </EditorRendererContext>,
  );
}

const byTestId = (id: string) => screen.getByTestId(id);
const button = (id: string) => byTestId(id) as HTMLButtonElement;
const text = (id: string) => byTestId(id).textContent;
const positionOf = (id: string) => readQueue().find((tool) => tool.id === id)?.position ?? null;

function signIn() {
  localStorage.setItem("auth_token", "token-123");
  localStorage.setItem("auth_user", JSON.stringify({ email: "customer@demo.foam", role: "customer" }));
}

const originalFetch = globalThis.fetch;
const originalAssign = window.location.assign;
let navigations: string[] = [];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  renders.length = 0;
  navigations = [];
  window.alert = mock(() => {});
  window.confirm = mock(() => true);
  Object.defineProperty(window.location, "assign", { configurable: true, value: (url: string) => navigations.push(url) });
});

afterEach(() => {
  cleanup();
  globalThis.fetch = originalFetch;
  Object.defineProperty(window.location, "assign", { configurable: true, value: originalAssign });
});

describe("FoamEditorPage", () => {
  test("server render shows the loading state without reading the queue", () => {
    seed([scannedTool("a")]);
    const html = renderToString(<FoamEditorPage />);
    expect(html).toContain("Loading tools…");
    expect(html).toContain("BACK TO SCANNER");
    expect(html).not.toContain("Tool a");
  });

  test("empty queue shows the empty state with a way to the scanner", async () => {
    renderPage();
    await waitFor(() => byTestId("fe-empty"));
    expect(screen.getByText("No tools available. Please scan some tools first.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Scanner" }).getAttribute("href")).toBe("/app/scanner");
    expect(screen.getByRole("link", { name: "Back to Layout" }).getAttribute("href")).toBe("/app/scanner/layout");
  });

  test("a seeded queue fills the sidebar: counters, lists, foam, disabled history", async () => {
    seed([
      scannedTool("a", { name: "Big wrench", category: "Wrenches" }),
      scannedTool("b", { name: "Pliers" }),
      scannedTool("c", { name: "Hammer", position: { x: 50, y: 50, rotation: 0, scale: 1 } }),
      scannedTool("gone", { position: { x: 10, y: 10, rotation: 0, scale: 1, deleted: true } }),
    ]);
    renderPage();
    await waitFor(() => byTestId("fe-canvas"));
    expect(text("fe-count-unplaced")).toBe("2");
    expect(text("fe-count-placed")).toBe("1");
    expect(text("fe-count-ready")).toBe("1");
    expect(byTestId("fe-place-a")).toBeTruthy();
    expect(byTestId("fe-place-b")).toBeTruthy();
    expect(screen.queryByTestId("fe-place-c")).toBeNull();
    expect(text("fe-foam-label")).toContain("Custom 12 × 18 in");
    expect(text("fe-foam-size")).toContain("304.8 × 457.2 mm, 31.75 mm thick");
    expect(text("fe-zoom-level")).toBe("100%");
    expect(button("fe-undo").disabled).toBe(true);
    expect(button("fe-redo").disabled).toBe(true);
    expect(button("fe-rotate-cw").disabled).toBe(true);
    // A tool flagged deleted is dropped from the queue on load.
    expect(readQueue().map((tool) => tool.id)).toEqual(["a", "b", "c"]);
    // The renderer got the loaded document.
    await waitFor(() => expect(renders.at(-1)?.state.doc.tools).toHaveLength(3));
  });

  test("search and category filter the Unplaced list", async () => {
    seed([scannedTool("a", { name: "Big wrench", category: "Wrenches" }), scannedTool("b", { name: "Pliers" })]);
    renderPage();
    await waitFor(() => byTestId("fe-search"));
    fireEvent.change(byTestId("fe-search"), { target: { value: "wrench" } });
    expect(screen.queryByTestId("fe-place-b")).toBeNull();
    fireEvent.change(byTestId("fe-search"), { target: { value: "" } });
    fireEvent.change(byTestId("fe-category"), { target: { value: "Uncategorised" } });
    expect(screen.queryByTestId("fe-place-a")).toBeNull();
    expect(byTestId("fe-place-b")).toBeTruthy();
  });

  test("place, rotate, scale, nudge; each is one undo step, persisted to the queue", async () => {
    seed([scannedTool("a", { contourPointsMm: rect(0, 0, 40, 20) }), scannedTool("b")]);
    renderPage();
    await waitFor(() => byTestId("fe-place-a"));

    fireEvent.click(byTestId("fe-place-a"));
    expect(text("fe-count-placed")).toBe("1");
    // The first free spot from the top-left: 1 mm clearance + 5 mm wall in from the edges (26 mm, 16 mm).
    expect(positionOf("a")).toEqual({ x: 8.5302, y: 3.4996, rotation: 0, scale: 1 });
    expect(button("fe-undo").disabled).toBe(false);

    fireEvent.click(byTestId("fe-rotate-cw"));
    expect(text("fe-selected-rotation")).toBe("90°");
    fireEvent.click(byTestId("fe-scale-up"));
    expect(text("fe-selected-scale")).toBe("×1.1");
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    });
    expect(text("fe-selected-position")).toContain("x 27.0 mm");
    expect(positionOf("a")).toMatchObject({ rotation: 90, scale: 1.1 });

    fireEvent.click(byTestId("fe-undo"));
    expect(text("fe-selected-position")).toContain("x 26.0 mm");
    fireEvent.click(byTestId("fe-undo"));
    expect(text("fe-selected-scale")).toBe("×1.0");
    fireEvent.click(byTestId("fe-undo"));
    expect(text("fe-selected-rotation")).toBe("0°");
    expect(positionOf("a")).toEqual({ x: 8.5302, y: 3.4996, rotation: 0, scale: 1 });
    fireEvent.click(byTestId("fe-undo"));
    expect(text("fe-count-placed")).toBe("0");
    expect(positionOf("a")).toBeNull();
    expect(button("fe-undo").disabled).toBe(true);

    fireEvent.click(byTestId("fe-redo"));
    fireEvent.click(byTestId("fe-redo"));
    expect(text("fe-count-placed")).toBe("1");
    expect(positionOf("a")).toMatchObject({ rotation: 90 });
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "z", ctrlKey: true, bubbles: true }));
    });
    expect(positionOf("a")).toMatchObject({ rotation: 0 });
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "y", ctrlKey: true, bubbles: true }));
    });
    expect(positionOf("a")).toMatchObject({ rotation: 90 });
  });

  test("Delete removes the tool from the queue; undo brings it back", async () => {
    seed([scannedTool("a"), scannedTool("b")]);
    renderPage();
    await waitFor(() => byTestId("fe-place-a"));
    fireEvent.click(byTestId("fe-place-a"));
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "Delete", bubbles: true }));
    });
    expect(readQueue().map((tool) => tool.id)).toEqual(["b"]);
    fireEvent.click(byTestId("fe-undo"));
    expect(readQueue().map((tool) => tool.id)).toEqual(["a", "b"]);
    expect(positionOf("a")).toMatchObject({ rotation: 0, scale: 1 });
    expect(positionOf("a")!.x).toBeGreaterThan(0);
  });

  test("Reset Layout asks first and returns every tool to Unplaced", async () => {
    seed([scannedTool("a", { position: { x: 20, y: 20, rotation: 0, scale: 1 } }), scannedTool("b", { position: { x: 70, y: 70, rotation: 0, scale: 1 } })]);
    renderPage();
    await waitFor(() => byTestId("fe-reset"));
    (window.confirm as ReturnType<typeof mock>).mockImplementationOnce(() => false);
    fireEvent.click(byTestId("fe-reset"));
    expect(text("fe-count-placed")).toBe("2");
    fireEvent.click(byTestId("fe-reset"));
    expect(window.confirm).toHaveBeenLastCalledWith(
      "Are you sure you want to reset the layout? All placed tools will be returned to the queue.",
    );
    expect(text("fe-count-placed")).toBe("0");
    expect(readQueue().every((tool) => tool.position === null)).toBe(true);
    fireEvent.click(byTestId("fe-undo"));
    expect(text("fe-count-placed")).toBe("2");
  });

  test("overlaps are counted before submitting", async () => {
    seed([
      scannedTool("a", { contourPointsMm: rect(0, 0, 40, 40), position: { x: 50, y: 50, rotation: 0, scale: 1 } }),
      scannedTool("b", { contourPointsMm: rect(0, 0, 40, 40), position: { x: 52, y: 50, rotation: 0, scale: 1 } }),
    ]);
    renderPage();
    await waitFor(() => byTestId("fe-problems"));
    expect(text("fe-problem-count")).toBe("1");
    expect(text("fe-problems")).toContain("1 overlap");
    expect(text("fe-count-ready")).toBe("0");
    expect(text("fe-header-problems")).toBe("1 problem");
  });

  test("a custom foam size is applied, stored, and undoable", async () => {
    seed([scannedTool("a")]);
    renderPage();
    await waitFor(() => byTestId("fe-foam-width"));
    fireEvent.change(byTestId("fe-foam-width"), { target: { value: "10" } });
    fireEvent.change(byTestId("fe-foam-depth"), { target: { value: "8" } });
    fireEvent.click(byTestId("fe-foam-apply"));
    expect(text("fe-foam-size")).toContain("254 × 203.2 mm");
    expect(JSON.parse(localStorage.getItem(FOAM_STORAGE_KEY)!).width_mm).toBe(254);
    fireEvent.change(byTestId("fe-foam-thickness"), { target: { value: "9" } });
    fireEvent.click(byTestId("fe-foam-apply"));
    expect(text("fe-foam-error")).toContain("between 10 and 100 mm");
    fireEvent.click(byTestId("fe-undo"));
    expect(text("fe-foam-size")).toContain("304.8 × 457.2 mm");
  });

  test("a drawer from the toolbox database becomes the foam", async () => {
    seed([scannedTool("a")]);
    renderPage();
    await waitFor(() => byTestId("fe-foam-mode-catalog"));
    fireEvent.click(byTestId("fe-foam-mode-catalog"));
    fireEvent.change(byTestId("fe-foam-brand"), { target: { value: "Custom" } });
    fireEvent.change(byTestId("fe-foam-model"), { target: { value: "custom-workspace" } });
    expect(text("fe-foam-label")).toContain("Custom workspace — Workspace");
    expect(text("fe-foam-size")).toContain("609.6 × 457.2 mm");
  });

  test("submit: nothing placed, then signed out", async () => {
    seed([scannedTool("a")]);
    renderPage();
    await waitFor(() => byTestId("fe-submit"));
    fireEvent.click(byTestId("fe-submit"));
    expect(window.alert).toHaveBeenCalledWith("Please place at least one tool on the layout before submitting.");
    fireEvent.click(byTestId("fe-place-a"));
    fireEvent.click(byTestId("fe-submit"));
    // Issue 19 item 5: a visitor is told to sign in before any confirmation.
    expect(window.alert).toHaveBeenLastCalledWith("Authentication required. Please log in.");
    expect(window.confirm).not.toHaveBeenCalledWith("Submit layout with 1 placed tool(s)?");
    expect(navigations).toEqual(["/app/login"]);
    expect(sessionStorage.getItem("auth_redirect")).toBe("/app/");
  });

  test("submit posts one job per placed tool, hands the layout over, keeps unplaced scans queued, then goes to the dashboard", async () => {
    signIn();
    seed([scannedTool("a"), scannedTool("b"), scannedTool("c")]);
    const bodies: Record<string, unknown>[] = [];
    const processed: Record<string, unknown>[] = [];
    globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer token-123");
      if (String(input) === "/api/scanner/process") {
        processed.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ orders: [] }), { status: 200, headers: { "Content-Type": "application/json" } });
      }
      expect(String(input)).toBe("/api/scanner/jobs");
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify({ id: bodies.length }), { status: 201, headers: { "Content-Type": "application/json" } });
    }) as unknown as typeof fetch;
    renderPage();
    await waitFor(() => byTestId("fe-place-a"));
    fireEvent.click(byTestId("fe-place-a"));
    fireEvent.click(byTestId("fe-place-c"));
    fireEvent.click(byTestId("fe-submit"));
    await waitFor(() => expect(text("fe-status")).toBe("Layout submitted successfully! Redirecting to dashboard..."));
    expect(bodies).toHaveLength(2);
    expect(bodies[0].layout_id).toBe(bodies[1].layout_id as string);
    expect(bodies[0]).toMatchObject({ status: "pending", processed_at: null, foam: { width_mm: 304.8 }, pocket: { depth_mm: 15.875, clearance_mm: 1 } });
    expect(processed).toEqual([{ layout_id: bodies[0].layout_id }]);
    expect(readQueue().map((entry) => entry.id)).toEqual(["b"]);
    await waitFor(() => expect(navigations).toEqual(["/app/dashboard"]), { timeout: 3000 });
  });

  test("a layout with overlapping pockets is not submitted: the message names them and selects the pocket", async () => {
    signIn();
    seed([
      scannedTool("a", { name: "Wrench", position: { x: 50, y: 50, rotation: 0, scale: 1 } }),
      scannedTool("b", { name: "Pliers", position: { x: 52, y: 50, rotation: 0, scale: 1 } }),
    ]);
    const fetchMock = mock(async () => new Response("{}", { status: 201 }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    renderPage();
    await waitFor(() => byTestId("fe-submit"));
    fireEvent.click(byTestId("fe-submit"));
    expect(text("fe-status")).toContain("The layout cannot be submitted: Wrench and Pliers overlap.");
    expect(text("fe-selected")).toContain("Wrench");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.confirm).not.toHaveBeenCalled();
    expect(readQueue()).toHaveLength(2);
  });

  test("pocket depth, clearance and label are each one undo step and persist with the scan", async () => {
    seed([scannedTool("a", { position: { x: 50, y: 50, rotation: 0, scale: 1 }, height_mm: 12 } as never)]);
    renderPage();
    await waitFor(() => byTestId("fe-placed-a"));
    fireEvent.click(byTestId("fe-placed-a"));
    // no depth set: the scan's 12 mm height + 2 mm
    expect(text("fe-pocket-depth-info")).toContain("14 mm deep (scan height 12 mm + 2)");
    fireEvent.change(byTestId("fe-pocket-depth"), { target: { value: "20" } });
    fireEvent.blur(byTestId("fe-pocket-depth"));
    expect(text("fe-pocket-depth-info")).toContain("20 mm deep");
    fireEvent.change(byTestId("fe-pocket-clearance"), { target: { value: "2" } });
    fireEvent.keyDown(byTestId("fe-pocket-clearance"), { key: "Enter" });
    fireEvent.change(byTestId("fe-label-text"), { target: { value: "13 mm" } });
    fireEvent.click(byTestId("fe-label-apply"));
    const stored = () => (readQueue()[0] as unknown as { pocket: Record<string, unknown> }).pocket;
    expect(stored()).toEqual({ depth_mm: 20, clearance_mm: 2, label: { text: "13 mm", height_mm: 5 } });
    fireEvent.click(byTestId("fe-undo"));
    expect(stored()).toEqual({ depth_mm: 20, clearance_mm: 2 });
    fireEvent.click(byTestId("fe-undo"));
    expect(stored()).toEqual({ depth_mm: 20 });
    fireEvent.click(byTestId("fe-undo"));
    expect(stored()).toEqual({});
    expect(text("fe-pocket-depth-info")).toContain("14 mm deep");
  });

  test("foam layers: 2 x 25 mm + a 10 mm top make a 60 mm foam, and the depth says which layers it cuts", async () => {
    seed([scannedTool("a", { position: { x: 50, y: 50, rotation: 0, scale: 1 } })]);
    renderPage();
    await waitFor(() => byTestId("fe-layers-apply"));
    fireEvent.change(byTestId("fe-layer-thickness-0"), { target: { value: "10" } });
    fireEvent.click(byTestId("fe-layer-add"));
    fireEvent.change(byTestId("fe-layer-thickness-1"), { target: { value: "25" } });
    fireEvent.click(byTestId("fe-layer-add"));
    fireEvent.change(byTestId("fe-layer-thickness-2"), { target: { value: "25" } });
    fireEvent.click(byTestId("fe-layers-apply"));
    fireEvent.click(byTestId("fe-placed-a"));
    // half of 60 mm by default: all of the 10 mm top, 20 mm into the next
    expect(text("fe-pocket-depth-info")).toContain("30 mm deep (half the foam): all of layer 1, 20 mm into layer 2.");
    fireEvent.click(byTestId("fe-undo"));
    expect(text("fe-pocket-depth-info")).toContain("15.875 mm deep");
  });

  test("a failed submit shows the server's detail", async () => {
    signIn();
    seed([scannedTool("a", { position: { x: 50, y: 50, rotation: 0, scale: 1 } })]);
    globalThis.fetch = mock(
      async () => new Response(JSON.stringify({ detail: "Foam is out of stock." }), { status: 400, headers: { "Content-Type": "application/json" } }),
    ) as unknown as typeof fetch;
    renderPage();
    await waitFor(() => byTestId("fe-submit"));
    fireEvent.click(byTestId("fe-submit"));
    await waitFor(() => expect(text("fe-status")).toBe("Foam is out of stock."));
    expect(readQueue()).toHaveLength(1);
    expect(button("fe-submit").disabled).toBe(false);
  });
});
