import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { compareContours } from "../../bench/metrics";
import { createTestApp, type TestApp } from "../helpers/test-app";

setDefaultTimeout(120_000);

const fixtures = resolve(import.meta.dir, "../fixtures/scanner");
const index = JSON.parse(readFileSync(resolve(fixtures, "index.json"), "utf8")) as Record<string, { truthMm: [number, number][] }>;

function form(file: string, fields: Record<string, string> = {}) {
  const data = new FormData();
  data.append("image", new Blob([readFileSync(resolve(fixtures, file))], { type: "image/jpeg" }), file);
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

async function finish(t: TestApp, base: string, token: string, jobId: string) {
  const stream = await (await t.app.handle(new Request(`http://localhost${base}/scan/${jobId}/progress`, { headers: { authorization: `Bearer ${token}` } }))).text();
  const events = stream.split("\n").filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6)));
  return { last: events.at(-1), result: await t.request("GET", `${base}/scan/${jobId}/result`, { token }) };
}

describe("AI scanner", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login("customer@demo.foam");
  });
  afterAll(async () => {
    await t.deps.vision.close();
    t.close();
  });

  test("traces with the bundled model and names it in model_info", async () => {
    const started = await t.request("POST", "/api/scanner-ai/scan", { token, form: form("pad-wrench.jpg", { confidence: "0.5", post_morph_px: "3" }) });
    expect(started.status).toBe(200);
    const { last, result } = await finish(t, "/api/scanner-ai", token, started.json.job_id);
    expect(last.status).toBe("completed");
    expect(result.status).toBe(200);
    expect(result.json.model_info.model).toMatch(/^foam-unet-v\d+/);
    expect(result.json.parameters).not.toHaveProperty("sensitivity");
    const metrics = compareContours(result.json.contour_points_mm, index["pad-wrench.jpg"]!.truthMm);
    expect(metrics.meanDeviation).toBeLessThan(0.25);
    expect(Math.abs(metrics.areaErrorPct)).toBeLessThan(1.5);
  });

  test("its own parameters are validated: confidence 0-1, post-morph 0-10 px", async () => {
    const confidence = await t.request("POST", "/api/scanner-ai/scan", { token, form: form("pad-wrench.jpg", { confidence: "1.5" }) });
    expect(confidence.status).toBe(400);
    expect(confidence.json.detail).toBe("confidence must be between 0 and 1.");
    const morph = await t.request("POST", "/api/scanner-ai/scan", { token, form: form("pad-wrench.jpg", { post_morph_px: "11" }) });
    expect(morph.status).toBe(400);
    expect(morph.json.detail).toBe("post_morph_px must be between 0 and 10.");
  });

  test("a job is only visible under the scanner it was sent to", async () => {
    const started = await t.request("POST", "/api/scanner-ai/scan", { token, form: form("pad-wrench.jpg") });
    expect((await t.request("GET", `/api/scanner/scan/${started.json.job_id}/result`, { token })).status).toBe(404);
    await finish(t, "/api/scanner-ai", token, started.json.job_id);
  });
});

describe("AI scanner without its model", () => {
  let t: TestApp;
  let token: string;
  const previous = process.env.AI_MODEL_PATH;
  beforeAll(async () => {
    // Workers read the environment when they load the model.
    process.env.AI_MODEL_PATH = "/nonexistent/model.onnx";
    t = await createTestApp();
    token = await t.login("customer@demo.foam");
  });
  afterAll(async () => {
    await t.deps.vision.close();
    t.close();
    if (previous === undefined) delete process.env.AI_MODEL_PATH;
    else process.env.AI_MODEL_PATH = previous;
  });

  test("the AI scan fails with a clear message and the classic scanner keeps working", async () => {
    const ai = await t.request("POST", "/api/scanner-ai/scan", { token, form: form("pad-wrench.jpg") });
    const failed = await finish(t, "/api/scanner-ai", token, ai.json.job_id);
    expect(failed.last.status).toBe("failed");
    expect(failed.last.message).toContain("AI model not available");
    expect(failed.result.status).toBe(422);
    const classic = await t.request("POST", "/api/scanner/scan", { token, form: form("pad-wrench.jpg") });
    const done = await finish(t, "/api/scanner", token, classic.json.job_id);
    expect(done.last.status).toBe("completed");
  });
});
