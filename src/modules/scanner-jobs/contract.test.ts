import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { ProcessLayoutAnswer, ScannerJobAnswer, ScannerJobListAnswer } from "../../../common/api/scanner-jobs";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { decode, documentedAnswer, documentedBodyFields, expectMatches, refusal } from "../../../tests/helpers/contract";
import { dataDigest, tokenFor } from "../../../tests/api/support";
import { INVALID, jobStatus, toJobListFilters } from "./input";
import { JobBody, JobWire, ProcessBody, ProcessWire } from "./model";

// Seeding and argon2 hashing are slow on a loaded 2-core machine.
setDefaultTimeout(30_000);

const square = (x: number, y: number, size = 40): [number, number][] => [[x, y], [x + size, y], [x + size, y + size], [x, y + size]];
const PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
const jobBody = (layoutId: string, extra: Record<string, unknown> = {}) => ({
  contour_svg: "<svg/>",
  calibration_payload: { detection_method: "ArUco", preview_data_url: PNG, position: { x: 30, y: 40 }, contour_points_mm: square(20, 20), accuracy_mm: 0.6 },
  processing_notes: JSON.stringify({ created_at: "2025-01-02T03:04:05.000Z" }),
  layout_id: layoutId,
  foam: { label: "Case insert", width_mm: 480, depth_mm: 270, thickness_mm: 50 },
  ...extra,
});

describe("scanner job contracts decode to the service's plain values", () => {
  test("a job: the role-independent reading; status and processed_at kept as asked, not yet allowed", () => {
    const input = decode(JobBody, jobBody("layout-1", { status: "processed", processed_at: "2025-02-03T04:05:06Z", name: "  Wrench " }));
    expect(input).toMatchObject({
      name: "Wrench",
      points: square(20, 20),
      capturedAt: "2025-01-02T03:04:05.000Z",
      layoutId: "layout-1",
      foam: { label: "Case insert", width_mm: 480, depth_mm: 270, thickness_mm: 50 },
      requested: { status: { text: "processed" }, processedAt: "2025-02-03T04:05:06.000Z" },
      pocket: {},
    });
    expect(input.calibrationPayload).toMatchObject({ detection_method: "aruco", preview_data_url: PNG, accuracy_mm: 0.6 });
    expect(decode(JobBody, jobBody("x", { status: { a: 1 }, processed_at: "soon" })).requested).toEqual({ status: { notText: '{"a":1}' }, processedAt: INVALID });
    expect(decode(JobBody, jobBody("x", { status: "" })).requested).toEqual({ status: null, processedAt: null });
  });

  test("the staff rule: customers always pending; staff get the status and processed_at they ask for, checked", () => {
    const asked = { status: { text: "processed" }, processedAt: "2025-02-03T04:05:06.000Z" } as const;
    expect(jobStatus(asked, false)).toEqual({ status: "pending", processedAt: null });
    expect(jobStatus(asked, true)).toEqual({ status: "processed", processedAt: "2025-02-03T04:05:06.000Z" });
    expect(jobStatus({ status: null, processedAt: INVALID }, false)).toEqual({ status: "pending", processedAt: null });
    expect(refusal(() => jobStatus({ status: { notText: "42" }, processedAt: null }, false))).toEqual({ status: 400, detail: "status must be text." });
    expect(refusal(() => jobStatus({ status: { notText: "42" }, processedAt: null }, true)).detail).toStartWith('Unknown scanner job status "42"');
    expect(refusal(() => jobStatus({ status: { text: "lost" }, processedAt: null }, true)).detail).toStartWith('Unknown scanner job status "lost"');
    expect(refusal(() => jobStatus({ status: null, processedAt: INVALID }, true))).toEqual({ status: 400, detail: "processed_at must be an ISO-8601 date-time." });
  });

  test("process: {layoutId} or {jobIds}; a layout_id that is not text is ignored", () => {
    expect(decode(ProcessBody, { layout_id: "  L-1 ", job_ids: [1] })).toEqual({ layoutId: "L-1" });
    expect(decode(ProcessBody, { layout_id: 5, job_ids: [3, 4] })).toEqual({ jobIds: [3, 4] });
    expect(refusal(() => decode(ProcessBody, undefined))).toEqual({ status: 400, detail: "Send layout_id or job_ids." });
    expect(refusal(() => decode(ProcessBody, { job_ids: [1, "2"] }))).toEqual({ status: 400, detail: "job_ids must be a list of scanner job ids." });
  });

  test("list filters", () => {
    expect(toJobListFilters({ status: " queued ", layout_id: " L ", per_page: "10" })).toEqual({ status: "queued", layoutId: "L", page: 1, perPage: 10 });
    expect(toJobListFilters({ status: " " })).toEqual({ status: null, layoutId: null, page: 1, perPage: 50 });
  });
});

let t: TestApp;
let customer: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = await tokenFor(t, "customer");
  admin = await tokenFor(t, "admin");
});
afterAll(() => t?.close());

describe("validation moved into the contracts keeps its status and wording", () => {
  test("bodies and queries: 400 with the same sentence, nothing written", async () => {
    const before = await dataDigest(t);
    const cases: [string, string, string | null, unknown, string][] = [
      ["POST", "/api/scanner/jobs", customer, {}, "calibration_payload is required."],
      ["POST", "/api/scanner/jobs", customer, { calibration_payload: [1] }, "calibration_payload must be an object."],
      ["POST", "/api/scanner/jobs", customer, jobBody("bad layout"), "layout_id may contain letters, digits and . _ : - only."],
      ["POST", "/api/scanner/jobs", customer, jobBody("x", { foam: { width_mm: 1, depth_mm: 1, thickness_mm: -1 } }), "foam.thickness_mm must be a positive number"],
      ["POST", "/api/scanner/jobs", customer, jobBody("x", { status: 7 }), "status must be text."],
      ["POST", "/api/scanner/jobs", admin, jobBody("x", { status: 7 }), 'Unknown scanner job status "7"'],
      ["POST", "/api/scanner/jobs", admin, jobBody("x", { processed_at: "soon" }), "processed_at must be an ISO-8601 date-time."],
      ["POST", "/api/scanner/process", customer, {}, "Send layout_id or job_ids."],
      ["POST", "/api/scanner/process", customer, { layout_id: "x".repeat(101) }, "layout_id must be at most 100 characters."],
      ["POST", "/api/scanner/process", customer, { job_ids: Array.from({ length: 1001 }, (_, index) => index + 1) }, "At most 1000 job ids at once."],
      ["GET", "/api/scanner/jobs?status=lost", customer, undefined, 'Unknown scanner job status "lost"'],
      ["GET", "/api/scanner/jobs?page=0", customer, undefined, "page must be a positive whole number."],
      ["GET", "/api/scanner/jobs?per_page=201", customer, undefined, "per_page must be at most 200."],
    ];
    for (const [method, path, token, body, detail] of cases) {
      const response = await t.request(method, path, { token, body });
      const where = `${method} ${path} ${JSON.stringify(body ?? null).slice(0, 60)}`;
      expect(response.status, where).toBe(400);
      expect(response.json.detail, where).toStartWith(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("a customer's processed_at is ignored, not refused; who asks comes before the body; ids name a job or nothing", async () => {
    const job = await t.request("POST", "/api/scanner/jobs", { token: customer, body: jobBody("contract-a", { status: "processed", processed_at: "soon" }) });
    expect(job.status).toBe(201);
    expect(job.json).toMatchObject({ status: "pending", processed_at: null });
    for (const [method, path] of [["POST", "/api/scanner/jobs"], ["POST", "/api/scanner/process"], ["GET", "/api/scanner/jobs?status=lost"], ["GET", "/api/scanner/jobs/abc"]] as const) {
      expect((await t.request(method, path, { token: null, body: { calibration_payload: 1 } })).status, path).toBe(401);
    }
    for (const id of ["abc", "1e3", "0", "999999"]) {
      const response = await t.request("GET", `/api/scanner/jobs/${id}`, { token: customer });
      expect(response.status, id).toBe(404);
      expect(response.json.detail).toBe("Scanner job not found.");
    }
  });
});

describe("the contracts document the routes", () => {
  test("request bodies list the wire's fields; answers carry their schema", async () => {
    const spec = (await t.request("GET", "/api/docs/json")).json;
    const bodyFields = (path: string) => documentedBodyFields(spec, path, "post");
    expect(bodyFields("/api/scanner/jobs")).toEqual(Object.keys(JobWire.properties).sort());
    expect(bodyFields("/api/scanner/process")).toEqual(Object.keys(ProcessWire.properties).sort());
    const answer = (path: string, method: string, status: number) => documentedAnswer(spec, path, method, status).properties;
    expect(Object.keys(answer("/api/scanner/jobs", "get", 200))).toEqual(["results", "pagination"]);
    expect(Object.keys(answer("/api/scanner/jobs", "post", 201)).sort()).toEqual(Object.keys(ScannerJobAnswer.properties).sort());
    expect(Object.keys(answer("/api/scanner/jobs/{id}", "get", 200)).sort()).toEqual(Object.keys(ScannerJobAnswer.properties).sort());
    expect(Object.keys(answer("/api/scanner/process", "post", 200))).toEqual(["layout_id", "queued", "orders"]);
  });
});

describe("real answers match the shared answer schemas (common/api/scanner-jobs.ts)", () => {

  test("submitted jobs, lists, one job, and the hand-over", async () => {
    const first = await t.request("POST", "/api/scanner/jobs", { token: customer, body: jobBody("contract-b") });
    expect(first.status).toBe(201);
    expectMatches(ScannerJobAnswer, first.json, "submitted");
    const second = await t.request("POST", "/api/scanner/jobs", { token: admin, body: { ...jobBody("contract-b"), status: "queued", processed_at: "2025-03-04T05:06:07Z", calibration_payload: { contour_points_mm: square(100, 100) } } });
    expectMatches(ScannerJobAnswer, second.json, "staff submitted");
    expect(second.json).toMatchObject({ status: "queued", processed_at: "2025-03-04T05:06:07.000Z", has_preview: false });
    for (const [token, query] of [[customer, "?per_page=200"], [admin, "?per_page=200"], [admin, "?layout_id=contract-b"], [customer, "?status=pending&page=2&per_page=1"]] as const) {
      const list = await t.request("GET", `/api/scanner/jobs${query}`, { token });
      expect(list.status).toBe(200);
      expectMatches(ScannerJobListAnswer, list.json, query);
    }
    const listed = (await t.request("GET", "/api/scanner/jobs?per_page=200", { token: admin })).json.results as { id: number }[];
    expect(listed.length).toBeGreaterThan(1);
    for (const { id } of listed) expectMatches(ScannerJobAnswer, (await t.request("GET", `/api/scanner/jobs/${id}`, { token: admin })).json, `job ${id}`);
    const byLayout = await t.request("POST", "/api/scanner/process", { token: customer, body: { layout_id: "contract-b" } });
    expect(byLayout.status).toBe(200);
    expectMatches(ProcessLayoutAnswer, byLayout.json, "process by layout");
    expect(byLayout.json.layout_id).toBe("contract-b");
    const byIds = await t.request("POST", "/api/scanner/process", { token: customer, body: { job_ids: [first.json.id] } });
    expectMatches(ProcessLayoutAnswer, byIds.json, "process by ids");
    expect(byIds.json.layout_id).toBeNull();
  });
});
