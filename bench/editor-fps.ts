/**
 * Foam editor frame times in Chromium: N placed tools (default 50, 100, 200), one of them
 * dragged across the foam with real mouse input, frame-to-frame times taken from
 * requestAnimationFrame inside the page; then undo latency (key press → undone and redrawn, vsync wait included).
 *
 *   bun run bench/editor-fps.ts [--tools 50,100,200] [--moves 150] [--no-build]
 *
 * Prints one line per tool count: median / p95 / worst frame (ms), fps, undo median / worst (ms).
 */
import { buildClient } from "../scripts/build-client";
import { launchBrowser, startServer } from "../tests/e2e/helpers";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1]! : fallback;
};
const COUNTS = option("tools", "50,100,200").split(",").map(Number);
const MOVES = Number(option("moves", "150"));

/** A spanner-like outline (~70 points): a bar with a ring at one end and an open jaw at the other. */
function spanner(length: number, width: number): [number, number][] {
  const points: [number, number][] = [];
  const r = width * 0.9;
  for (let i = 0; i <= 24; i++) {
    const a = Math.PI / 2 + (Math.PI * i) / 24;
    points.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  for (let i = 0; i <= 20; i++) {
    const a = -Math.PI / 2 + (Math.PI * i) / 20 - Math.PI;
    points.push([length + r * Math.cos(a + Math.PI), r * Math.sin(a + Math.PI) * 0.95]);
  }
  for (let x = length - r; x > r; x -= length / 12) points.push([x, width / 2]);
  return points.map(([x, y]) => [x + 20, y + 40] as [number, number]);
}

function queue(count: number, cols: number, foam: { width_mm: number; depth_mm: number }) {
  const cellW = foam.width_mm / cols;
  const rows = Math.ceil(count / cols);
  const cellH = foam.depth_mm / rows;
  return Array.from({ length: count }, (_, i) => ({
    id: `tool-${i}`,
    name: `Spanner ${i + 1}`,
    createdAt: "2025-01-01T00:00:00.000Z",
    previewUrl: "",
    svg: "<svg xmlns='http://www.w3.org/2000/svg'/>",
    detectionMethod: "aruco",
    diagnostics: {},
    parameters: { contour_area_mm: 900 },
    contourPointsMm: spanner(55 + (i % 5) * 6, 9 + (i % 3)),
    position: { x: (((i % cols) + 0.5) * cellW * 100) / foam.width_mm, y: ((Math.floor(i / cols) + 0.5) * cellH * 100) / foam.depth_mm, rotation: 0, scale: 1 },
  }));
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

if (!args.includes("--no-build")) await buildClient();
const server = await startServer();
const browser = await launchBrowser();
try {
  console.log(`foam editor drag, ${MOVES} mouse moves, Chromium headless (${navigator.hardwareConcurrency} CPUs)`);
  console.log("tools  frames  median ms  p95 ms  worst ms  fps(median)  undo median ms  undo worst ms");
  for (const count of COUNTS) {
    const cols = Math.ceil(Math.sqrt(count * 1.6));
    const foam = { label: "Bench foam", width_mm: cols * 95, depth_mm: Math.ceil(count / cols) * 60, thickness_mm: 50, source: { kind: "custom" } };
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/app/login`);
    await page.evaluate(
      ({ tools, foam }) => {
        localStorage.setItem("scanner-queue", JSON.stringify(tools));
        localStorage.setItem("foam-editor-foam", JSON.stringify(foam));
      },
      { tools: queue(count, cols, foam), foam },
    );
    await page.goto(`${server.url}/app/foam-editor`);
    const canvas = page.getByTestId("fe-canvas");
    await canvas.waitFor();
    await page.waitForFunction((n) => document.querySelector('[data-testid="fe-count-placed"]')?.textContent === String(n), count);
    await page.waitForTimeout(500); // let the first draw and lazy chunks settle before timing
    const box = (await canvas.boundingBox())!;
    // The tool in the middle of the grid: find its centre on screen by hit-testing the canvas.
    const start = await page.evaluate(() => {
      const el = document.querySelector('[data-testid="fe-canvas"]') as HTMLCanvasElement;
      const rect = el.getBoundingClientRect();
      return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    });
    let target = start;
    // step outward until a press selects a tool (a click does not change the layout)
    for (let dy = 0; dy < 60; dy += 4) {
      await page.mouse.click(start.x, start.y + dy);
      const selected = await page.getByTestId("fe-selected").count();
      if (selected) {
        target = { x: start.x, y: start.y + dy };
        break;
      }
    }
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __run: boolean };
      w.__frames = [];
      w.__run = true;
      const tick = (t: number) => {
        w.__frames.push(t);
        if (w.__run) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(target.x, target.y);
    await page.mouse.down();
    for (let i = 1; i <= MOVES; i++) {
      const t = i / MOVES;
      await page.mouse.move(target.x + Math.sin(t * Math.PI * 2) * Math.min(200, box.width / 4), target.y + Math.sin(t * Math.PI) * 120);
    }
    await page.mouse.up();
    const frames = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __run: boolean };
      w.__run = false;
      return w.__frames;
    });
    const deltas = frames.slice(1).map((t, i) => t - frames[i]!);
    // Undo: key handled → next painted frame, measured inside the page.
    const undo: number[] = [];
    for (let i = 0; i < 5; i++) {
      // redo first so every undo has something to undo
      if (i > 0) await page.evaluate(() => window.dispatchEvent(new KeyboardEvent("keydown", { key: "y", ctrlKey: true, bubbles: true })));
      undo.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const t0 = performance.now();
              window.dispatchEvent(new KeyboardEvent("keydown", { key: "z", ctrlKey: true, bubbles: true }));
              // The editor asks for its redraw frame while handling the key, so this callback runs
              // in the same frame, right after the redraw: key → undone and drawn.
              requestAnimationFrame(() => resolve(performance.now() - t0));
            }),
        ),
      );
    }
    const median = quantile(deltas, 0.5);
    console.log(
      [
        String(count).padStart(5),
        String(deltas.length).padStart(7),
        median.toFixed(1).padStart(10),
        quantile(deltas, 0.95).toFixed(1).padStart(7),
        Math.max(...deltas).toFixed(1).padStart(9),
        (1000 / median).toFixed(0).padStart(12),
        quantile(undo, 0.5).toFixed(1).padStart(15),
        Math.max(...undo).toFixed(1).padStart(14),
      ].join(" "),
    );
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
