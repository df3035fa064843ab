import { afterAll, beforeAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { freePort } from "../helpers/free-port.ts";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type TestServer = { url: string; dataDir: string; stop(): Promise<void> };

/**
 * Starts the real server (src/main.ts) on a free port (freePort) over a fresh seeded database. A
 * server that still finds its port taken (another process bound it first) is started again on another.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(env);
    } catch (error) {
      if (attempt >= 3 || !/in use/i.test(String(error))) throw error;
    }
  }
}

async function startServerOnce(env: Record<string, string>): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "foam-e2e-"));
  const port = freePort();
  const child = Bun.spawn([process.execPath, "src/main.ts"], {
    cwd: resolve(import.meta.dir, "../.."),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CLIENT_DIR: process.env.CLIENT_DIR ?? resolve(import.meta.dir, "../../dist/client"),
      SCANNER_WORKERS: "1",
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      const stderr = await new Response(child.stderr).text();
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start: ${stderr}`);
    }
    await Bun.sleep(100);
  }
  return {
    url,
    dataDir,
    async stop() {
      child.kill();
      await child.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** A page that records console errors and hydration warnings so tests can assert there are none. */
export async function newPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors };
}

/** Signs in through the real login API and stores the session the way the app does. */
export async function signIn(page: Page, baseUrl: string, email: string, password = "foam-demo-1") {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const session = (await response.json()) as { token: string; user: unknown };
  await page.goto(`${baseUrl}/app/login`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("auth_token", token);
    localStorage.setItem("auth_user", JSON.stringify(user));
  }, session);
  return session;
}

/**
 * The usual spec setup: one server over a fresh database and one Chromium for the whole file,
 * both closed afterwards. Read `e2e.server` and `e2e.browser` inside tests.
 */
export function useE2E(options: { env?: Record<string, string>; browserArgs?: string[] } = {}) {
  const state = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    state.server = await startServer(options.env);
    state.browser = await launchBrowser(options.browserArgs);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });
  return state;
}

/** A scanned tool as the scanner queue (localStorage "scanner-queue") holds it: a 60 × 40 mm outline. */
export const queuedTool = (id: string, name: string) => ({
  id,
  createdAt: "2026-01-01T00:00:00.000Z",
  previewUrl: "",
  svg: "",
  detectionMethod: "aruco",
  diagnostics: {},
  parameters: { contour_area_mm: 2400 },
  contourPointsMm: [
    [40, 40],
    [100, 40],
    [100, 80],
    [40, 80],
  ],
  position: null,
  name,
});

/** Chromium's fake camera playing a generated clip (and granting camera access without a prompt). */
export function launchCameraBrowser(clipPath: string): Promise<Browser> {
  return launchBrowser(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${clipPath}`]);
}
