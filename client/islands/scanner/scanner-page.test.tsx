import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { readQueue, SCANNER_QUEUE_KEY } from "../../lib/scanner-queue";
import { ScannerAiPage } from "./scanner-ai-page";
import { ScannerPage } from "./scanner-page";
import { FakeEventSource, installBrowserFakes, installFetch, restoreBrowserFakes } from "./test-support/browser-fakes";

const RESULT = {
  preview_png: "data:image/png;base64,iVBORw0KGgo=",
  contour_points_px: [
    [10, 10],
    [90, 10],
    [90, 50],
    [10, 50],
  ],
  contour_points_mm: [
    [20, 20],
    [100, 20],
    [100, 60],
    [20, 60],
  ],
  parameters: { contour_area_mm: 3200, mm_per_px: 1 },
  svg: "<svg xmlns='http://www.w3.org/2000/svg'></svg>",
  diagnostics: { markers: 4 },
};

const DETECTION = {
  detection: {
    markers_detected: 4,
    frame_corners_norm: [
      [0.1, 0.1],
      [0.9, 0.1],
      [0.9, 0.9],
      [0.1, 0.9],
    ],
    markers: [{ id: 0, corners: [[100, 100], [140, 100], [140, 140], [100, 140]] }],
  },
};

function signIn() {
  localStorage.setItem("auth_token", "token-123");
  localStorage.setItem("auth_user", JSON.stringify({ email: "demo@example.com", role: "customer" }));
}

async function goLive() {
  fireEvent.click(screen.getByTestId("sc-start"));
  await waitFor(() => expect(screen.getByTestId("sc-markers").textContent).toBe("Markers: 4/4"), { timeout: 3000 });
  await waitFor(() => expect((screen.getByTestId("sc-capture") as HTMLButtonElement).disabled).toBe(false));
}

async function capture() {
  await goLive();
  fireEvent.click(screen.getByTestId("sc-capture"));
  await waitFor(() => screen.getByTestId("sc-captured"));
}

beforeEach(() => {
  // Expected failures are logged by the page; keep the test output readable.
  spyOn(console, "error").mockImplementation(() => {});
  spyOn(console, "warn").mockImplementation(() => {});
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  (console.error as unknown as { mockRestore(): void }).mockRestore();
  (console.warn as unknown as { mockRestore(): void }).mockRestore();
  restoreBrowserFakes();
});

describe("scanner page", () => {
  test("server render shows the idle actions and no queue yet (hydration-safe)", () => {
    const html = renderToString(<ScannerPage />);
    expect(html).toContain("Start Scanning");
    expect(html).toContain("Download Template");
    expect(html).toContain('href="/app/scanner-instructions"');
    expect(html).toContain('href="/api/scanner/template"');
    expect(html).toContain('target="_blank"');
    expect(html).not.toContain("sc-queue-item");
  });

  test("the full flow: live → capture → send → progress → review → save", async () => {
    signIn();
    const camera = installBrowserFakes();
    const calls = installFetch({
      "POST /api/scanner/preview": () => DETECTION,
      "POST /api/scanner/scan": () => ({ job_id: "job-1", progress_token: "stream-token" }),
      "GET /api/scanner/scan/job-1/result": () => RESULT,
    });
    render(<ScannerPage />);
    await capture();
    expect(camera.stopped()).toBe(1);
    expect(screen.getByTestId("sc-still").getAttribute("src")).toBe("blob:captured");

    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    const upload = calls.find((call) => call.url.endsWith("/api/scanner/scan"))!;
    const form = upload.init!.body as FormData;
    expect(form.get("sensitivity")).toBe("45");
    expect(Number(form.get("contour_min_area_mm"))).toBeCloseTo(102.1276, 3);
    expect(Number(form.get("contour_max_area_mm"))).toBe(11750);
    expect(form.get("inset_mm")).toBe("12");
    expect((upload.init!.headers as Record<string, string>).Authorization).toBe("Bearer token-123");
    const stream = FakeEventSource.instances[0]!;
    // The stream carries the job's own token, never the session token (the server refuses that in a URL).
    expect(stream.url).toBe("/api/scanner/scan/job-1/progress?token=stream-token");

    act(() => stream.emit({ progress: 55, message: "Tracing outline", status: "processing" }));
    const bar = screen.getByRole("progressbar");
    expect(bar.getAttribute("aria-valuenow")).toBe("55");
    expect(screen.getByTestId("sc-progress-message").textContent).toContain("Tracing outline");

    act(() => stream.emit({ progress: 100, message: "Done", status: "completed" }));
    await waitFor(() => screen.getByTestId("sc-review"));
    expect(stream.closed).toBe(true);
    expect(screen.getByTestId("sc-area").textContent).toBe("3,200 mm²");
    expect((screen.getByTestId("sc-name") as HTMLInputElement).value).toBe("Tool 1");

    // The contour overlay appears once the processed image reports its size.
    const image = screen.getByTestId("sc-processed-image") as HTMLImageElement;
    Object.defineProperty(image, "naturalWidth", { value: 100 });
    Object.defineProperty(image, "naturalHeight", { value: 60 });
    fireEvent.load(image);
    const overlay = await screen.findByTestId("sc-contour-overlay");
    expect(overlay.getAttribute("viewBox")).toBe("0 0 100 60");
    fireEvent.click(screen.getByLabelText("Show Contour"));
    expect(screen.queryByTestId("sc-contour-overlay")).toBeNull();

    fireEvent.change(screen.getByTestId("sc-name"), { target: { value: "Wrench" } });
    fireEvent.click(screen.getByTestId("sc-save"));
    await waitFor(() => screen.getByTestId("sc-idle"));
    const queue = readQueue();
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ name: "Wrench", detectionMethod: "aruco", position: null, parameters: { contour_area_mm: 3200 } });
    expect(screen.getAllByTestId("sc-queue-item")).toHaveLength(1);
    expect(screen.getByTestId("sc-queue").textContent).toContain("3,200 mm²");
  });

  test("a failed job shows the server message and returns to captured", async () => {
    signIn();
    installBrowserFakes();
    installFetch({ "POST /api/scanner/preview": () => DETECTION, "POST /api/scanner/scan": () => ({ job_id: "job-2", progress_token: "stream-token" }) });
    render(<ScannerPage />);
    await capture();
    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    act(() => FakeEventSource.instances[0]!.emit({ progress: 30, message: "No tool found inside the frame", status: "failed" }));
    await waitFor(() => screen.getByTestId("sc-captured"));
    expect(screen.getByTestId("sc-error").textContent).toContain("No tool found inside the frame");
  });

  test("a dropped stream is a connection error; a failed upload says so", async () => {
    signIn();
    installBrowserFakes();
    let uploads = 0;
    installFetch({
      "POST /api/scanner/preview": () => DETECTION,
      "POST /api/scanner/scan": () => (++uploads === 1 ? { job_id: "job-3", progress_token: "stream-token" } : new Response("{}", { status: 500 })),
    });
    render(<ScannerPage />);
    await capture();
    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    act(() => FakeEventSource.instances[0]!.fail());
    await waitFor(() => expect(screen.getByTestId("sc-error").textContent).toContain("Connection error"));
    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => expect(screen.getByTestId("sc-error").textContent).toContain("Failed to send for processing"));
    expect(screen.getByTestId("sc-captured")).toBeTruthy();
  });

  test("a failed result fetch says 'Failed to get result'", async () => {
    signIn();
    installBrowserFakes();
    installFetch({ "POST /api/scanner/preview": () => DETECTION, "POST /api/scanner/scan": () => ({ job_id: "job-4", progress_token: "stream-token" }) });
    render(<ScannerPage />);
    await capture();
    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    act(() => FakeEventSource.instances[0]!.emit({ progress: 100, message: "Done", status: "completed" }));
    await waitFor(() => expect(screen.getByTestId("sc-error").textContent).toContain("Failed to get result"));
  });

  test("signed out, Send asks to sign in and remembers the scanner", async () => {
    installBrowserFakes();
    installFetch({ "POST /api/scanner/preview": () => DETECTION });
    render(<ScannerPage />);
    await capture();
    fireEvent.click(screen.getByTestId("sc-send"));
    const link = await screen.findByTestId("sc-sign-in-link");
    expect(link.getAttribute("href")).toBe("/app/login");
    fireEvent.click(link);
    expect(sessionStorage.getItem("auth_redirect")).toBe("/app/scanner");
    expect(screen.getByTestId("sc-captured")).toBeTruthy();
  });

  test("fewer than four markers keeps Capture disabled and shows the calibration message", async () => {
    installBrowserFakes();
    installFetch({ "POST /api/scanner/preview": () => ({ detection: { markers_detected: 2, frame_corners_norm: null, markers: [] } }) });
    render(<ScannerPage />);
    fireEvent.click(screen.getByTestId("sc-start"));
    await waitFor(() => expect(screen.getByTestId("sc-markers").textContent).toBe("Markers: 2/4"), { timeout: 3000 });
    expect((screen.getByTestId("sc-capture") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("sc-calibration").textContent).toBe(
      "Calibration markers not found. Please ensure all 4 corners are visible in the frame.",
    );
  });

  test("a denied camera shows the denied message and stays idle", async () => {
    installBrowserFakes({ cameraError: Object.assign(new Error("Permission denied"), { name: "NotAllowedError" }) });
    render(<ScannerPage />);
    fireEvent.click(screen.getByTestId("sc-start"));
    await waitFor(() =>
      expect(screen.getByTestId("sc-error").textContent).toContain(
        "Camera access denied. Please allow camera access in browser settings and refresh the page.",
      ),
    );
    expect(screen.getByTestId("sc-idle")).toBeTruthy();
    fireEvent.click(screen.getByText("Close"));
    expect(screen.queryByTestId("sc-error")).toBeNull();
  });

  test("no camera API shows the unsupported-browser message", async () => {
    installBrowserFakes({ noMediaDevices: true });
    render(<ScannerPage />);
    fireEvent.click(screen.getByTestId("sc-start"));
    await waitFor(() =>
      expect(screen.getByTestId("sc-error").textContent).toContain(
        "Your browser does not support camera access. Please use a modern browser (Chrome, Firefox, Safari).",
      ),
    );
  });

  test("saved scans are read from storage and can be deleted", async () => {
    localStorage.setItem(
      SCANNER_QUEUE_KEY,
      JSON.stringify([
        { id: "a", createdAt: "", previewUrl: "", svg: "", detectionMethod: "aruco", diagnostics: {}, parameters: { contour_area_mm: 1234.5 }, contourPointsMm: [], position: null, name: "Pliers" },
      ]),
    );
    render(<ScannerPage />);
    await waitFor(() => expect(screen.getAllByTestId("sc-queue-item")).toHaveLength(1));
    expect(screen.getByTestId("sc-queue").textContent).toContain("1,234.5 mm²");
    fireEvent.click(screen.getByLabelText("Delete Pliers"));
    await waitFor(() => expect(screen.queryAllByTestId("sc-queue-item")).toHaveLength(0));
    expect(readQueue()).toEqual([]);
  });

  test("the AI scanner sends its parameters to /scanner-ai and shows the model", async () => {
    signIn();
    installBrowserFakes();
    const calls = installFetch({
      "POST /api/scanner/preview": () => DETECTION,
      "POST /api/scanner-ai/scan": () => ({ job_id: "ai-1", progress_token: "stream-token" }),
      "GET /api/scanner-ai/scan/ai-1/result": () => ({ ...RESULT, model_info: { model: "tool-seg-v2" } }),
    });
    render(<ScannerAiPage />);
    await capture();
    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    expect(FakeEventSource.instances[0]!.url).toBe("/api/scanner-ai/scan/ai-1/progress?token=stream-token");
    const form = calls.find((call) => call.url.endsWith("/api/scanner-ai/scan"))!.init!.body as FormData;
    expect(form.get("confidence")).toBe("0.5");
    expect(form.get("post_morph_px")).toBe("3");
    expect(form.get("sensitivity")).toBeNull();
    act(() => FakeEventSource.instances[0]!.emit({ progress: 100, message: "Done", status: "completed" }));
    await waitFor(() => screen.getByTestId("sc-review"));
    expect(screen.getByTestId("sc-model").textContent).toBe("tool-seg-v2");
    expect(screen.getByTestId("sc-param-confidence")).toBeTruthy();
    expect(screen.queryByTestId("sc-param-sensitivity")).toBeNull();
  });

  test("changing a parameter in review re-runs the trace on the same photo", async () => {
    signIn();
    installBrowserFakes();
    let jobs = 0;
    const calls = installFetch({
      "POST /api/scanner/preview": () => DETECTION,
      "POST /api/scanner/scan": () => ({ job_id: `job-r${++jobs}`, progress_token: "stream-token" }),
      "GET /api/scanner/scan/job-r1/result": () => RESULT,
      "GET /api/scanner/scan/job-r2/result": () => ({ ...RESULT, parameters: { contour_area_mm: 3500 } }),
      "GET /api/scanner/scan/job-r3/result": () => ({ ...RESULT, parameters: { contour_area_mm: 3500 }, height_mm: 28 }),
    });
    render(<ScannerPage />);
    await capture();
    fireEvent.click(screen.getByTestId("sc-send"));
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(1));
    act(() => FakeEventSource.instances[0]!.emit({ progress: 100, message: "Done", status: "completed" }));
    await waitFor(() => screen.getByTestId("sc-review"));
    const allowance = screen.getByLabelText("Allowance (mm)") as HTMLInputElement;
    fireEvent.change(allowance, { target: { value: "1" } });
    fireEvent.blur(allowance);
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(2), { timeout: 3000 });
    const second = calls.filter((call) => call.url.endsWith("/api/scanner/scan"))[1]!.init!.body as FormData;
    expect(second.get("allowance_mm")).toBe("1");
    act(() => FakeEventSource.instances[1]!.emit({ progress: 100, message: "Done", status: "completed" }));
    await waitFor(() => expect(screen.getByTestId("sc-area").textContent).toBe("3,500 mm²"));
    expect(screen.getByTestId("sc-review")).toBeTruthy();

    // The tool's height, typed: out of range is explained and sends nothing; a valid one re-traces.
    const height = screen.getByLabelText("Tool height (mm, optional)") as HTMLInputElement;
    expect(height.value).toBe("");
    fireEvent.change(height, { target: { value: "900" } });
    fireEvent.blur(height);
    expect(screen.getByTestId("sc-tool-height-error").textContent).toBe("Enter the tool's height in millimetres, from 0.5 to 300, or leave it blank.");
    expect(height.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(height, { target: { value: "28" } });
    fireEvent.keyDown(height, { key: "Enter" });
    expect(screen.queryByTestId("sc-tool-height-error")).toBeNull();
    await waitFor(() => expect(FakeEventSource.instances.length).toBe(3), { timeout: 3000 });
    const third = calls.filter((call) => call.url.endsWith("/api/scanner/scan"))[2]!.init!.body as FormData;
    expect(third.get("tool_height_mm")).toBe("28");
    expect(third.get("allowance_mm")).toBe("1");

    // RDP: the number box keeps SPEC's 0.05-5 step 0.1; the slider starts at a whole step so the
    // default 0.3 sits on a step (a browser snaps range values to min + k·step).
    const rdp = screen.getByLabelText("RDP tolerance (mm)") as HTMLInputElement;
    expect([rdp.min, rdp.max, rdp.step, rdp.value]).toEqual(["0.05", "5", "0.1", "0.3"]);
    const slider = screen.getByLabelText("RDP tolerance slider") as HTMLInputElement;
    expect([slider.min, slider.max, slider.step]).toEqual(["0", "5", "0.1"]);
    fireEvent.change(slider, { target: { value: "0" } });
    await waitFor(() => expect((screen.getByLabelText("RDP tolerance (mm)") as HTMLInputElement).value).toBe("0.05"));
  });
});
