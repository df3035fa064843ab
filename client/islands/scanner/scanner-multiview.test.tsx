import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { readQueue } from "../../lib/scanner-queue";
import { ScannerPage } from "./scanner-page";
import { FakeEventSource, installBrowserFakes, installFetch, restoreBrowserFakes } from "./test-support/browser-fakes";

const RESULT = {
  preview_png: "data:image/png;base64,iVBORw0KGgo=",
  contour_points_px: [
    [10, 10],
    [90, 10],
    [90, 50],
  ],
  contour_points_mm: [
    [20, 20],
    [100, 20],
    [100, 60],
  ],
  parameters: { contour_area_mm: 1600 },
  svg: "<svg xmlns='http://www.w3.org/2000/svg'></svg>",
  diagnostics: {},
};

type Camera = { nadir_mm: [number, number]; height_mm: number } | null;
/** What the next preview answers: the test moves the "phone" by changing it. */
let scene: { markers: number; camera: Camera; sharp: boolean | null };
let previews = 0;

function detection() {
  previews += 1;
  return {
    detection: {
      markers_detected: scene.markers,
      frame_corners_norm: [
        [0.1, 0.1],
        [0.9, 0.1],
        [0.9, 0.9],
        [0.1, 0.9],
      ],
      markers: [],
      camera: scene.camera,
      sharp: scene.sharp,
    },
  };
}

const over = (x: number, y: number, sharp: boolean | null = true) => {
  scene = { markers: 4, camera: { nadir_mm: [x, y], height_mm: 300 }, sharp };
};

function signIn() {
  localStorage.setItem("auth_token", "token-123");
  localStorage.setItem("auth_user", JSON.stringify({ email: "demo@example.com", role: "customer" }));
}

/** Waits until `n` more previews have been answered (the page polls every 500 ms). */
async function polls(n: number) {
  const target = previews + n;
  await waitFor(() => expect(previews).toBeGreaterThanOrEqual(target), { timeout: 4000 });
}

async function captureMiddle() {
  fireEvent.click(screen.getByTestId("sc-start"));
  await waitFor(() => expect((screen.getByTestId("sc-capture") as HTMLButtonElement).disabled).toBe(false), { timeout: 3000 });
  fireEvent.click(screen.getByTestId("sc-capture"));
  await waitFor(() => screen.getByTestId("sc-captured"));
}

const cornerState = (n: number) => screen.getByTestId(`sc-corner-${n}`).getAttribute("data-state");

beforeEach(() => {
  spyOn(console, "error").mockImplementation(() => {});
  spyOn(console, "warn").mockImplementation(() => {});
  localStorage.clear();
  sessionStorage.clear();
  previews = 0;
  scene = { markers: 4, camera: { nadir_mm: [98, 130], height_mm: 300 }, sharp: true };
});
afterEach(() => {
  cleanup();
  (console.error as unknown as { mockRestore(): void }).mockRestore();
  (console.warn as unknown as { mockRestore(): void }).mockRestore();
  restoreBrowserFakes();
});

function installFakes() {
  installBrowserFakes();
  // Distinct object URLs, so each photo is its own picture in the strip.
  let urls = 0;
  Object.defineProperty(URL, "createObjectURL", { configurable: true, value: () => `blob:photo-${++urls}` });
}

describe("multi-photo capture", () => {
  test("one photo: the SPEC flow is unchanged and Add views is offered", async () => {
    installFakes();
    installFetch({ "POST /api/scanner/preview": detection });
    render(<ScannerPage />);
    await captureMiddle();
    expect(screen.getByTestId("sc-retake").textContent).toBe("Retake Photo");
    expect(screen.getByTestId("sc-views-hint").textContent).toContain("One photo works.");
    expect(screen.getByTestId("sc-send").textContent).toBe("Send for Processing");
    expect(screen.getByTestId("sc-add-views").textContent).toBe("Add views");
    expect(screen.queryByTestId("sc-photo-strip")).toBeNull();
  });

  test("guided capture: auto over the next corner when stable, manual Capture view, remove, then one multipart job", async () => {
    signIn();
    installFakes();
    const calls = installFetch({
      "POST /api/scanner/preview": detection,
      "POST /api/scanner/scan": () => ({ job_id: "mv-1", progress_token: "stream-token" }),
      "GET /api/scanner/scan/mv-1/result": () => ({ ...RESULT, views: 4, height_mm: 27.6, accuracy_mm: 1.84 }),
    });
    render(<ScannerPage />);
    await captureMiddle();
    fireEvent.click(screen.getByTestId("sc-add-views"));
    await waitFor(() => screen.getByTestId("sc-views"));
    expect(screen.getByTestId("sc-guide-instruction").textContent).toBe(
      "Hold the phone about 30 cm above corner 1 (top left), pointing at the middle of the pad",
    );
    expect(screen.getByTestId("sc-photo-count").textContent).toBe("1 of 5 photos");
    expect([1, 2, 3, 4].map(cornerState)).toEqual(["next", "todo", "todo", "todo"]);
    expect(screen.getByTestId("sc-corner-1").getAttribute("aria-label")).toBe("Corner 1 (top left): next");

    // Above the middle of the pad: nothing is taken by itself.
    await polls(3);
    expect(screen.getByTestId("sc-photo-count").textContent).toBe("1 of 5 photos");
    expect(screen.getByTestId("sc-guide-status").textContent).toContain("Move the phone");

    // Over corner 1 but blurred: still nothing.
    over(8, 12, false);
    await polls(3);
    expect(screen.getByTestId("sc-photo-count").textContent).toBe("1 of 5 photos");
    expect(screen.getByTestId("sc-guide-status").textContent).toContain("blurred");

    // Sharp over corner 1 (within 30 mm) for two previews: photo 2 is taken by itself.
    over(-15, 10);
    await waitFor(() => expect(screen.getByTestId("sc-photo-count").textContent).toBe("2 of 5 photos"), { timeout: 4000 });
    expect(screen.getByTestId("sc-guide-status").textContent).toContain("Photo 2 taken above corner 1 (top left).");
    expect([1, 2, 3, 4].map(cornerState)).toEqual(["done", "next", "todo", "todo"]);
    expect(screen.getByTestId("sc-guide-instruction").textContent).toContain("corner 2 (top right)");
    // Staying over corner 1 does not take corner 2.
    await polls(3);
    expect(screen.getByTestId("sc-photo-count").textContent).toBe("2 of 5 photos");

    // Manual capture for corner 2, wherever the phone is (camera position unknown here).
    scene = { markers: 4, camera: null, sharp: null };
    await polls(1);
    const manual = screen.getByTestId("sc-capture-view");
    expect(manual.tagName).toBe("BUTTON");
    fireEvent.click(manual);
    await waitFor(() => expect(screen.getByTestId("sc-photo-count").textContent).toBe("3 of 5 photos"));
    expect([1, 2, 3, 4].map(cornerState)).toEqual(["done", "done", "next", "todo"]);

    // The corner targets are buttons: choosing one makes it the next corner, and back.
    expect(screen.getByTestId("sc-corner-4").tagName).toBe("BUTTON");
    fireEvent.click(screen.getByTestId("sc-corner-4"));
    expect([1, 2, 3, 4].map(cornerState)).toEqual(["done", "done", "todo", "next"]);
    expect(screen.getByTestId("sc-guide-instruction").textContent).toContain("corner 4 (bottom left)");
    fireEvent.click(screen.getByTestId("sc-corner-3"));
    expect([1, 2, 3, 4].map(cornerState)).toEqual(["done", "done", "next", "todo"]);

    // Skip corner 3, take corner 4 by hand, then stop early.
    fireEvent.click(screen.getByTestId("sc-skip-corner"));
    expect([1, 2, 3, 4].map(cornerState)).toEqual(["done", "done", "todo", "next"]);
    fireEvent.click(screen.getByTestId("sc-capture-view"));
    await waitFor(() => screen.getByTestId("sc-captured"));
    // Every corner that was not skipped has a photo, so the guide hands back by itself.
    expect(screen.getByTestId("sc-photo-count").textContent).toBe("4 of 5 photos");
    const strip = screen.getAllByTestId("sc-photo");
    expect(strip.map((item) => item.querySelector(".sc-photo-caption")?.textContent)).toEqual([
      "Photo 1 · middle of the pad",
      "Photo 2 · corner 1 (top left) · auto",
      "Photo 3 · corner 2 (top right)",
      "Photo 4 · corner 4 (bottom left)",
    ]);

    // Remove photo 3 (corner 2): four photos become three.
    fireEvent.click(screen.getByLabelText("Remove photo 3"));
    expect(screen.getByTestId("sc-photo-count").textContent).toBe("3 of 5 photos");

    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    const uploads = calls.filter((call) => call.url.endsWith("/api/scanner/scan"));
    expect(uploads).toHaveLength(1);
    const form = uploads[0]!.init!.body as FormData;
    expect(form.getAll("image")).toHaveLength(3);
    expect(form.getAll("sensitivity")).toEqual(["45"]);

    const stream = FakeEventSource.instances[0]!;
    act(() => stream.emit({ progress: 40, message: "Carving views", status: "processing" }));
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("40");
    const status = screen.getByTestId("sc-progress-message");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toContain("Carving views 40% (3 photos)");
    act(() => stream.emit({ progress: 100, message: "Done", status: "completed" }));
    await waitFor(() => screen.getByTestId("sc-review"));
    expect(screen.getByTestId("sc-accuracy").textContent).toBe("±1.8 mm — add views for a tighter fit");
    expect(screen.getByTestId("sc-height").textContent).toBe("Tool height ≈ 28 mm");
    expect(screen.getByTestId("sc-review-add-views")).toBeTruthy();
    // A result that does not say (an older server) or found the grid asks for nothing.
    expect(screen.queryByTestId("sc-grid-hint")).toBeNull();

    fireEvent.click(screen.getByTestId("sc-save"));
    await waitFor(() => screen.getByTestId("sc-idle"));
    expect(readQueue()[0]).toMatchObject({ views: 4, height_mm: 27.6, accuracy_mm: 1.84 });
  }, 30_000);

  test("five photos with a tight fit; an unused photo is named", async () => {
    signIn();
    installFakes();
    installFetch({
      "POST /api/scanner/preview": detection,
      "POST /api/scanner/scan": () => ({ job_id: "mv-2", progress_token: "stream-token" }),
      "GET /api/scanner/scan/mv-2/result": () => ({
        ...RESULT,
        views: 5,
        height_mm: 12,
        accuracy_mm: 0.42,
        diagnostics: { grid_found: false, views: [{ index: 1, used: true }, { index: 6, used: false, reason: "Photo is blurred" }] },
      }),
    });
    render(<ScannerPage />);
    await captureMiddle();
    fireEvent.click(screen.getByTestId("sc-add-views"));
    await waitFor(() => screen.getByTestId("sc-views"));
    for (const corner of [1, 2, 3, 4]) {
      await waitFor(() => expect((screen.getByTestId("sc-capture-view") as HTMLButtonElement).disabled).toBe(false), { timeout: 3000 });
      expect(cornerState(corner)).toBe("next");
      fireEvent.click(screen.getByTestId("sc-capture-view"));
      await waitFor(() => expect(screen.getByTestId(corner === 4 ? "sc-captured" : "sc-views")).toBeTruthy());
      if (corner < 4) await waitFor(() => expect(cornerState(corner)).toBe("done"));
    }
    expect(screen.getByTestId("sc-photo-count").textContent).toBe("5 of 5 photos");
    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    act(() => FakeEventSource.instances[0]!.emit({ progress: 100, message: "Done", status: "completed" }));
    await waitFor(() => screen.getByTestId("sc-review"));
    expect(screen.getByTestId("sc-accuracy").textContent).toBe("±0.4 mm from 5 photos");
    expect(screen.getByTestId("sc-height").textContent).toBe("Tool height ≈ 12 mm");
    expect(screen.getByTestId("sc-unused-views").textContent).toBe("Photo 6 was not used: Photo is blurred");
    expect(screen.queryByTestId("sc-review-add-views")).toBeNull();
    // The server found no printed grid: the review asks for one, and links to the instructions.
    const hint = screen.getByTestId("sc-grid-hint");
    expect(hint.textContent).toContain("No grid lines were found on the pad");
    expect(hint.querySelector("a")?.getAttribute("href")).toContain("/scanner-instructions");
  }, 30_000);

  test("an error naming a photo flags it and its Retake goes back to that corner", async () => {
    signIn();
    installFakes();
    installFetch({
      "POST /api/scanner/preview": detection,
      "POST /api/scanner/scan": () =>
        new Response(JSON.stringify({ detail: "Photo 3: Calibration markers not found. Please ensure all 4 corners are visible in the frame." }), {
          status: 422,
          headers: { "content-type": "application/json" },
        }),
    });
    render(<ScannerPage />);
    await captureMiddle();
    fireEvent.click(screen.getByTestId("sc-add-views"));
    await waitFor(() => expect((screen.getByTestId("sc-capture-view") as HTMLButtonElement).disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(screen.getByTestId("sc-capture-view"));
    await waitFor(() => expect(cornerState(2)).toBe("next"));
    fireEvent.click(screen.getByTestId("sc-capture-view"));
    await waitFor(() => expect(cornerState(3)).toBe("next"));
    fireEvent.click(screen.getByTestId("sc-views-done"));
    await waitFor(() => screen.getByTestId("sc-captured"));

    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => screen.getByTestId("sc-error"));
    expect(screen.getByTestId("sc-error").textContent).toContain("Photo 3: Calibration markers not found.");
    expect(screen.getAllByTestId("sc-photo")[2]!.textContent).toContain("needs a retake");
    fireEvent.click(screen.getByTestId("sc-retake-error-photo"));
    await waitFor(() => screen.getByTestId("sc-views"));
    expect(cornerState(2)).toBe("next");
    expect(screen.getByTestId("sc-guide-instruction").textContent).toContain("corner 2 (top right)");
    // The retake replaces photo 3 in place.
    await waitFor(() => expect((screen.getByTestId("sc-capture-view") as HTMLButtonElement).disabled).toBe(false), { timeout: 3000 });
    fireEvent.click(screen.getByTestId("sc-capture-view"));
    await waitFor(() => expect(screen.getByTestId("sc-guide-status").textContent).toContain("Photo 3 taken above corner 2 (top right)."));
    fireEvent.click(screen.getByTestId("sc-views-done"));
    await waitFor(() => screen.getByTestId("sc-captured"));
    expect(screen.getByTestId("sc-photo-count").textContent).toBe("3 of 5 photos");
  }, 30_000);
});
