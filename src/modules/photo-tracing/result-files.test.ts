import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import { createTestApp } from "../../../tests/helpers/test-app";
import { decorateJson, runScan, type Tracer } from "./runner";
import { resultDirFor, resultFileName, resultFileResponse, sweepResultFiles, writeResultFile } from "./result-files";
import { createScanRun, getOwnedRun, RESULT_FILE, resultOf } from "./scan-runs";
import { parseClassicParameters } from "./parameters";
import { leaseStateWriter } from "./state-connection";
import type { TraceParams, TraceResult } from "../../vision";

const work = mkdtempSync(join(tmpdir(), "foam-results-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const RESULT: TraceResult = {
  preview_png: `data:image/png;base64,${"A".repeat(5000)}`,
  contour_points_px: [[1, 2], [3, 4], [5, 6]],
  contour_points_mm: [[0.5, 1], [1.5, 2], [2.5, 3]],
  parameters: { contour_area_mm: 12.5, mm_per_px: 0.25, contour_min_area_mm: 1, contour_max_area_mm: 1000, rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 0 },
  svg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
  diagnostics: { segmentation: { model: "foam-unet", model_version: "3" }, views: [{ id: "ü" }] },
  views: 1,
  height_mm: null,
  accuracy_mm: 0.7,
};
const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const { preview_png: _preview, ...SUMMARY } = RESULT;

describe("resultDirFor", () => {
  test("a folder beside an embedded database, none for a remote or in-memory one", () => {
    expect(resultDirFor("file:/data/foam.db")).toBe("/data/scan-results");
    expect(resultDirFor("file:///srv/app/foam.db")).toBe("/srv/app/scan-results");
    expect(resultDirFor("file::memory:")).toBeNull();
    expect(resultDirFor("libsql://db.example.turso.io")).toBeNull();
  });

  test("only run ids become file names", () => {
    expect(resultFileName("0b6c4f5e-3f4a-4d7e-9a51-5b2f0c1d2e3f")).toBe("0b6c4f5e-3f4a-4d7e-9a51-5b2f0c1d2e3f.json");
    expect(() => resultFileName("../../etc/passwd")).toThrow("Not a scan run id");
  });
});

describe("decorateJson", () => {
  test("added fields land as the spread { ...result, ...decoration } serialises them", () => {
    const decoration = { model_info: { model: "foam-unet-v3", name: "foam-unet" }, skipped: undefined };
    const bytes = decorateJson(encode(RESULT), SUMMARY, decoration);
    expect(new TextDecoder().decode(bytes)).toBe(JSON.stringify({ ...RESULT, ...decoration }));
  });

  test("no decoration keeps the worker's bytes; a replaced key takes the parse path", () => {
    const json = encode(RESULT);
    expect(decorateJson(json, SUMMARY, {})).toBe(json);
    const replaced = { accuracy_mm: 9, views: undefined };
    expect(new TextDecoder().decode(decorateJson(json, SUMMARY, replaced))).toBe(JSON.stringify({ ...RESULT, ...replaced }));
    expect(new TextDecoder().decode(decorateJson(encode({}), {} as never, { a: 1 }))).toBe('{"a":1}');
  });
});

describe("result files", () => {
  test("written whole under the run id, served as JSON, swept when old", async () => {
    const dir = join(work, "files");
    const id = crypto.randomUUID();
    const name = await writeResultFile(dir, id, encode(RESULT));
    expect(name).toBe(`${id}.json`);
    expect(readdirSync(dir)).toEqual([name]); // no temporary file left behind
    const response = (await resultFileResponse(dir, name))!;
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual(RESULT);
    expect(await resultFileResponse(dir, "nope.json")).toBeNull();
    expect(await resultFileResponse(dir, `${crypto.randomUUID()}.json`)).toBeNull();

    const leftover = join(dir, `${crypto.randomUUID()}.json.123.tmp`);
    writeFileSync(leftover, "{");
    const old = new Date(Date.now() - 25 * 3600 * 1000);
    utimesSync(leftover, old, old);
    expect(await sweepResultFiles(dir)).toBe(1);
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(join(dir, name))).toBe(true);
    utimesSync(join(dir, name), old, old);
    expect(await sweepResultFiles(dir)).toBe(1);
    expect(await sweepResultFiles(join(work, "missing"))).toBe(0);
  });
});

describe("runScan with a result folder", () => {
  test("the row names the file, GET result answers the worker's JSON, the photos are handed over", async () => {
    const t = await createTestApp();
    try {
      const dir = resultDirFor(t.config.databaseUrl)!;
      const params = parseClassicParameters({});
      const handedOver: boolean[] = [];
      const progress: number[] = [];
      const tracer: Tracer = {
        trace: () => Promise.reject(new Error("the plain trace is not used with a result folder")),
        async traceJson(_images, _params, onProgress, options) {
          handedOver.push(options?.handOver === true);
          for (const value of [10, 50, 99]) onProgress?.(value, `at ${value}`);
          progress.push(...[10, 50, 99]);
          return { json: encode(RESULT), summary: SUMMARY };
        },
      };
      const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, "admin@demo.foam"));
      const state = await leaseStateWriter(t.config.databaseUrl, t.db);
      const id = await state.durable((db) => createScanRun(db, admin!.id, "ai", params));
      await runScan(t.db, tracer, id, [new Uint8Array([1, 2, 3])], params as TraceParams, (summary) => ({ model_info: summary.diagnostics.segmentation }), { resultDir: dir, state });
      expect(handedOver).toEqual([true]);
      const run = await getOwnedRun(t.db, id, admin!.id, "ai");
      expect(run.status).toBe("completed");
      expect(run.result).toEqual({ [RESULT_FILE]: `${id}.json` });
      const answer = await resultOf(run, dir);
      expect(answer).toBeInstanceOf(Response);
      expect(await (answer as Response).json()).toEqual({ ...RESULT, model_info: { model: "foam-unet", model_version: "3" } });
      // Over HTTP as well: same body, JSON content type, the security headers every answer carries.
      const token = await t.login("admin@demo.foam");
      const http = await t.request("GET", `/api/scanner-ai/scan/${id}/result`, { token });
      expect(http.status).toBe(200);
      expect(http.headers.get("content-type")).toBe("application/json");
      expect(http.headers.get("x-content-type-options")).toBe("nosniff");
      expect(http.json.accuracy_mm).toBe(0.7);
      // Without the folder (another instance without the disk) the run reads as gone, not as a broken answer.
      await expect(resultOf(run, null)).rejects.toThrow("Scan job not found.");
    } finally {
      t.close();
    }
  });
});
