import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildExe } from "../../scripts/build-exe";
import { bareEnv as bareEnvFor, launchBinary, rssMb } from "../../bench/binary";

setDefaultTimeout(180_000);

const fixtures = resolve(import.meta.dir, "../fixtures/scanner");
let dir: string;
let binary: string;
let child: ReturnType<typeof Bun.spawn> | null = null;
let url: string;

const bareEnv = () => bareEnvFor(dir);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "foam-exe-"));
  const built = await buildExe(join(dir, "build", "foam"));
  binary = join(dir, "foam");
  copyFileSync(built.outfile, binary);
  rmSync(join(dir, "build"), { recursive: true, force: true });
  Bun.spawnSync(["chmod", "755", binary]);
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGKILL");
    await child.exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

test("--help describes the flags", () => {
  const help = Bun.spawnSync([binary, "--help"], { cwd: dir, env: bareEnv() });
  const text = help.stdout.toString();
  expect(help.exitCode).toBe(0);
  for (const flag of ["--port", "--host", "--data-dir", "--database-url", "backup"]) expect(text).toContain(flag);
});

test("alone in an empty directory it migrates, seeds, serves /app/ and scans a photo", async () => {
  const launched = await launchBinary(binary, dir, ["--workers", "1"]);
  child = launched.child;
  url = launched.url;
  const startMs = launched.startMs;
  expect(existsSync(join(dir, "data", "foam.db"))).toBe(true);

  const page = await fetch(`${url}/app/`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("Foam Intelligence Platform");
  expect((await fetch(`${url}/app/assets/app.css`)).status).toBe(200);
  const entry = html.match(/\/app\/assets\/entries\/[\w-]+\.js/)?.[0];
  expect(entry).toBeTruthy();
  expect((await fetch(`${url}${entry}`)).status).toBe(200);
  await Bun.sleep(1500);
  const idleMb = rssMb(child.pid);

  const login = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "customer@demo.foam", password: "foam-demo-1" }),
  });
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  form.append("image", new Blob([readFileSync(join(fixtures, "pad-wrench.jpg"))], { type: "image/jpeg" }), "pad-wrench.jpg");
  const scan = await fetch(`${url}/api/scanner/scan`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  expect(scan.status).toBe(200);
  const { job_id } = (await scan.json()) as { job_id: string };
  const stream = await (await fetch(`${url}/api/scanner/scan/${job_id}/progress`, { headers: { authorization: `Bearer ${token}` } })).text();
  expect(stream).toContain('"status":"completed"');
  const result = (await (await fetch(`${url}/api/scanner/scan/${job_id}/result`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    parameters: { contour_area_mm: number };
    contour_points_mm: [number, number][];
  };
  expect(result.parameters.contour_area_mm).toBeGreaterThan(500);
  expect(result.contour_points_mm.length).toBeGreaterThan(10);

  // The AI scanner too: the ONNX model and onnxruntime's native library travel inside the binary.
  const aiForm = new FormData();
  aiForm.append("image", new Blob([readFileSync(join(fixtures, "pad-wrench.jpg"))], { type: "image/jpeg" }), "pad-wrench.jpg");
  const aiScan = await fetch(`${url}/api/scanner-ai/scan`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: aiForm });
  const aiJob = ((await aiScan.json()) as { job_id: string }).job_id;
  expect(await (await fetch(`${url}/api/scanner-ai/scan/${aiJob}/progress`, { headers: { authorization: `Bearer ${token}` } })).text()).toContain('"status":"completed"');
  const aiResult = (await (await fetch(`${url}/api/scanner-ai/scan/${aiJob}/result`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    model_info: { model: string };
  };
  expect(aiResult.model_info.model).toStartWith("foam-unet-v");

  const template = await fetch(`${url}/api/scanner/template`);
  expect(template.headers.get("content-type")).toBe("application/pdf");

  const backup = Bun.spawnSync([binary, "backup", join(dir, "backup.db"), "--data-dir", join(dir, "data")], { cwd: dir, env: bareEnv() });
  expect(backup.exitCode).toBe(0);
  expect(statSync(join(dir, "backup.db")).size).toBeGreaterThan(10_000);

  child.kill("SIGTERM");
  expect(await child.exited).toBe(0);
  console.log(
    `binary: ${(statSync(binary).size / 1024 / 1024).toFixed(1)} MB, first /api/health ${Math.round(startMs)} ms after start, idle RSS ${Math.round(idleMb)} MB (1 worker, lazy)`,
  );
});
