import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import { catalogBoxes, materials, orders, users } from "../../db/schema";
import { createTestApp, type TestApp } from "../helpers/test-app";
import {
  ALL_ROLES,
  completedScanRun,
  DEMO_PASSWORD,
  documentedRoutes,
  forgeToken,
  registeredRoutes,
  ROLE_EMAILS,
  sessionToken,
  snapshotTables,
  tamperClaims,
  tamperSignature,
  unsignedToken,
  userId,
  type Role,
  type RouteKey,
} from "./support";

setDefaultTimeout(60_000);

type Access = "public" | "any" | readonly Role[];
const ADMIN: readonly Role[] = ["super_admin", "admin"];
const OPERATOR: readonly Role[] = ["super_admin", "admin", "operator"];

/**
 * Who may call what: docs/api-notes.md ("Roles × endpoints"). Every route the app registers must be
 * here and every entry must be a registered route, so a new route fails this test until someone
 * decides who may call it.
 */
const ACCESS: Record<RouteKey, Access> = {
  "GET /api/health": "public",
  "POST /api/auth/login": "public",
  "GET /api/auth/profile": "any",
  "POST /api/auth/logout": "any",
  "GET /api/reference-data": "public",

  "GET /api/admin/orders": ADMIN,
  "POST /api/admin/orders": ADMIN,
  "POST /api/admin/orders/bulk-status": ADMIN,
  "GET /api/admin/orders/:id": ADMIN,
  "PATCH /api/admin/orders/:id": ADMIN,
  "PATCH /api/admin/orders/:id/status": ADMIN,
  "GET /api/admin/orders/:id/download-csv": ADMIN,
  "POST /api/admin/orders/:id/download-link": ADMIN,
  "GET /api/admin/catalog/boxes": ADMIN,
  "POST /api/admin/catalog/boxes": ADMIN,
  "GET /api/admin/catalog/boxes/:id": ADMIN,
  "PATCH /api/admin/catalog/boxes/:id": ADMIN,
  "DELETE /api/admin/catalog/boxes/:id": ADMIN,
  "GET /api/admin/calculator/materials": ADMIN,
  "POST /api/admin/calculator/materials": ADMIN,
  "GET /api/admin/calculator/materials/:id": ADMIN,
  "PATCH /api/admin/calculator/materials/:id": ADMIN,
  "DELETE /api/admin/calculator/materials/:id": ADMIN,
  "GET /api/admin/user-roles": ADMIN,
  "GET /api/admin/users": ADMIN,
  "POST /api/admin/users": ADMIN,
  "GET /api/admin/users/:id": ADMIN,
  "PATCH /api/admin/users/:id": ADMIN,
  "GET /api/admin/metrics": ADMIN,

  "GET /api/operator/dashboard": OPERATOR,
  "PATCH /api/operator/orders/:id/production-status": OPERATOR,
  "POST /api/operator/orders/:id/generate-cutting-file": OPERATOR,
  "POST /api/operator/orders/:id/start-production": OPERATOR,
  "POST /api/operator/orders/:id/complete-production": OPERATOR,
  "POST /api/operator/orders/:id/report-issue": OPERATOR,
  "GET /api/operator/orders/:id/download-cutting-file": OPERATOR,
  "GET /api/operator/orders/:id/download-original-csv": OPERATOR,
  "POST /api/operator/orders/:id/download-link": OPERATOR,

  "GET /api/dashboard/summary": "any",
  "GET /api/scanner/jobs": "any",
  "POST /api/scanner/jobs": "any",
  "GET /api/scanner/jobs/:id": "any",
  "POST /api/scanner/process": "any",
  "POST /api/scanner/scan": "any",
  "GET /api/scanner/scan/:id/progress": "any",
  "GET /api/scanner/scan/:id/result": "any",
  "POST /api/scanner-ai/scan": "any",
  "GET /api/scanner-ai/scan/:id/progress": "any",
  "GET /api/scanner-ai/scan/:id/result": "any",
  "GET /api/scanner/template": "public",
  "POST /api/scanner/preview": "public",
  "POST /api/scanner/export/dxf": "any",

  // Issue 14: projects and quotes (docs/api-notes.md "Roles × endpoints").
  "GET /api/projects/:id": "any",
  "GET /api/projects/:id/quote.pdf": "any",
  "POST /api/projects/:id/accept": "any",
  "POST /api/projects/:id/decline": "any",
  "POST /api/quotes/calculator": "any",
  "GET /api/quotes/review": ["sales", "admin", "super_admin"],
  "PUT /api/quotes/:id/lines": ["sales", "admin", "super_admin"],
  "POST /api/quotes/:id/send": ["sales", "admin", "super_admin"],
  "POST /api/admin/orders/:id/layout": ADMIN,

  // Not in the OpenAPI document: docs, pages and static files (public), and the /api 404 catch-all.
  "GET /api/docs/json": "public",
  "GET /api/docs": "public",
  "GET /": "public",
  "GET /favicon.ico": "public",
  "GET /app": "public",
  "GET /app/*": "public",
  "GET /app/assets/*": "public",
  "ALL /api/*": "public",
};

let t: TestApp;
const roleTokens = {} as Record<Role, string>;
/** Callers that must be turned away from every protected route with a 401. */
const refused: { label: string; token: string; via?: "query"; getOnly?: boolean }[] = [];
let ids: { order: number; box: number; material: number; user: number; job: number; classicRun: string; aiRun: string };
let scopedLink: { url: string; path: string };

beforeAll(async () => {
  t = await createTestApp();
  const secret = t.config.jwtSecret;
  // The six demo accounts sign in through the real login with the documented password.
  for (const role of ALL_ROLES) {
    // Its own client address: failed sign-ins of other test files in this process cannot throttle it.
    const response = await t.request("POST", "/api/auth/login", { body: { email: ROLE_EMAILS[role], password: DEMO_PASSWORD }, headers: { "x-forwarded-for": "192.0.2.50" } });
    expect(response.status, response.text).toBe(200);
    roleTokens[role] = response.json.token;
  }

  const customerId = await userId(t, ROLE_EMAILS.customer);
  const superId = await userId(t, ROLE_EMAILS.super_admin);
  const order = await t.db.query.orders.findFirst({ where: eq(orders.customerEmail, ROLE_EMAILS.customer) });
  const box = await t.db.query.catalogBoxes.findFirst({ where: eq(catalogBoxes.isActive, true) });
  const material = await t.db.query.materials.findFirst({ where: eq(materials.isActive, true) });
  ids = {
    order: order!.id,
    box: box!.id,
    material: material!.id,
    user: customerId,
    job: await customerJob(t, roleTokens.customer, "matrix-layout"),
    classicRun: await completedScanRun(t, customerId, "classic"),
    aiRun: await completedScanRun(t, customerId, "ai"),
  };

  // Two staff accounts that would open everything, then lose access: one through the API
  // (deactivation bumps the token version), one with only the flag cleared in the database.
  const deactivated: string[] = [];
  for (const email of ["gone-api@demo.foam", "gone-flag@demo.foam"]) {
    const created = await t.request("POST", "/api/admin/users", {
      token: roleTokens.super_admin,
      body: { email, role: "super_admin", password: "long-enough-1", first_name: "Gone" },
    });
    expect(created.status, created.text).toBe(201);
    deactivated.push(await sessionToken(t, email));
  }
  const goneApi = await userId(t, "gone-api@demo.foam");
  const patched = await t.request("PATCH", `/api/admin/users/${goneApi}`, { token: roleTokens.super_admin, body: { is_active: false } });
  expect(patched.status, patched.text).toBe(200);
  await t.db.update(users).set({ isActive: false }).where(eq(users.email, "gone-flag@demo.foam"));

  const link = await t.request("POST", `/api/admin/orders/${ids.order}/download-link`, { token: roleTokens.admin });
  expect(link.status, link.text).toBe(200);
  scopedLink = { url: link.json.url, path: link.json.url.split("?")[0] };
  const scoped = new URL(link.json.url, "http://x").searchParams.get("token")!;

  const now = Math.floor(Date.now() / 1000);
  const superSession = roleTokens.super_admin;
  const signedOut = await sessionToken(t, ROLE_EMAILS.super_admin);
  expect((await t.request("POST", "/api/auth/logout", { token: signedOut })).status).toBe(204);
  refused.push(
    { label: "anonymous", token: "" },
    { label: "garbage token", token: "not-a-token" },
    { label: "tampered signature", token: tamperSignature(superSession) },
    { label: "tampered claims (customer token claiming the super admin)", token: tamperClaims(roleTokens.customer, { sub: String(superId) }) },
    { label: "alg none", token: unsignedToken(superSession) },
    { label: "signed with another secret", token: await forgeToken("another-secret-".padEnd(48, "y"), { typ: "session", tv: 0 }, { sub: String(superId), exp: now + 600 }) },
    { label: "expired", token: await forgeToken(secret, { typ: "session", tv: 0 }, { sub: String(superId), exp: now - 5 }) },
    { label: "unknown user", token: await forgeToken(secret, { typ: "session", tv: 0 }, { sub: "999999", exp: now + 600 }) },
    { label: "stale token version", token: await forgeToken(secret, { typ: "session", tv: 41 }, { sub: String(superId), exp: now + 600 }) },
    { label: "untyped token", token: await forgeToken(secret, { tv: 0 }, { sub: String(superId), exp: now + 600 }) },
    { label: "deactivated (via API)", token: deactivated[0]! },
    { label: "deactivated (flag only)", token: deactivated[1]! },
    { label: "scoped download token as a header", token: scoped },
    { label: "scoped download token in the query", token: scoped, via: "query" },
    // URLs end up in logs and histories: a full session token is refused there, even on a GET.
    { label: "session token in the query", token: superSession, via: "query", getOnly: true },
    { label: "signed-out session", token: signedOut },
  );
});
afterAll(() => t?.close());

const SQUARE: [number, number][] = [[10, 10], [50, 10], [50, 50], [10, 50]];

/** The seed has no scanner job of the demo customer's own: one is submitted the way the app does. */
async function customerJob(app: TestApp, token: string, layoutId: string): Promise<number> {
  const job = await app.request("POST", "/api/scanner/jobs", {
    token,
    body: {
      calibration_payload: { detection_method: "aruco", parameters: { contour_area_mm: 1600 }, contour_points_mm: SQUARE },
      processing_notes: JSON.stringify({ detection_method: "aruco" }),
      layout_id: layoutId,
    },
  });
  expect(job.status, job.text).toBe(201);
  return job.json.id;
}

/** A concrete request for a route: real ids from the seed, a harmless body. */
function concrete(route: RouteKey): { method: string; path: string; body?: unknown; form?: () => FormData } {
  const [method, template] = route.split(" ") as [string, string];
  let path = template
    .replace(/^\/api\/admin\/orders\/:id/, `/api/admin/orders/${ids.order}`)
    .replace(/^\/api\/operator\/orders\/:id/, `/api/operator/orders/${ids.order}`)
    .replace(/^\/api\/admin\/catalog\/boxes\/:id/, `/api/admin/catalog/boxes/${ids.box}`)
    .replace(/^\/api\/admin\/calculator\/materials\/:id/, `/api/admin/calculator/materials/${ids.material}`)
    .replace(/^\/api\/admin\/users\/:id/, `/api/admin/users/${ids.user}`)
    .replace(/^\/api\/scanner\/jobs\/:id/, `/api/scanner/jobs/${ids.job}`)
    .replace(/^\/api\/projects\/:id/, "/api/projects/1")
    .replace(/^\/api\/quotes\/:id/, `/api/quotes/${ids.order}`)
    .replace(/^\/api\/scanner\/scan\/:id/, `/api/scanner/scan/${ids.classicRun}`)
    .replace(/^\/api\/scanner-ai\/scan\/:id/, `/api/scanner-ai/scan/${ids.aiRun}`)
    .replace(/^\/app\/assets\/\*$/, "/app/assets/theme-init.js")
    .replace(/^\/app\/\*$/, "/app/admin")
    .replace(/^\/api\/\*$/, "/api/no-such-route");
  if (path.includes(":") || path.includes("*")) throw new Error(`no concrete path for ${route}`);
  const realMethod = method === "ALL" ? "GET" : method;
  if (route === "POST /api/auth/login") return { method: realMethod, path, body: { email: ROLE_EMAILS.customer, password: DEMO_PASSWORD } };
  if (/scan$|preview$/.test(path) && realMethod === "POST") {
    // No image and a bad field: a refused caller must hear 401 before the form is validated.
    return { method: realMethod, path, form: () => { const form = new FormData(); form.set("sensitivity", "abc"); return form; } };
  }
  if (route === "POST /api/scanner/export/dxf") return { method: realMethod, path, body: { contour_points_mm: [[0, 0], [10, 0], [10, 10]] } };
  if (realMethod === "GET" || realMethod === "DELETE") return { method: realMethod, path };
  return { method: realMethod, path, body: {} };
}

async function call(route: RouteKey, token: string, via: "header" | "query" = "header") {
  const request = concrete(route);
  // Signing out ends the session it is called with: it gets a session of its own, so the matrix's tokens live on.
  const role = ALL_ROLES.find((candidate) => roleTokens[candidate] === token);
  if (route === "POST /api/auth/logout" && role) token = await sessionToken(t, ROLE_EMAILS[role]);
  let path = request.path;
  if (token && via === "query") path += `${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
  const response = await t.request(request.method, path, {
    token: via === "header" ? token : undefined,
    body: request.body,
    form: request.form?.(),
  });
  return { ...response, where: `${request.method} ${path.replace(/token=[^&]+/, "token=…")}` };
}

describe("role × endpoint matrix", () => {
  test("the table names every registered and every documented route, and nothing else", async () => {
    const registered = registeredRoutes(t).sort();
    expect(Object.keys(ACCESS).sort()).toEqual(registered);
    for (const route of await documentedRoutes(t)) expect(registered, `documented ${route}`).toContain(route);
  });

  test("protected routes: 401 for every unauthenticated or invalid caller, 403 for the wrong role, never a 2xx", async () => {
    const leaks: string[] = [];
    const wrong: string[] = [];
    const before = await snapshotTables(t);
    for (const [route, access] of Object.entries(ACCESS) as [RouteKey, Access][]) {
      if (access === "public") continue;
      for (const caller of refused) {
        // The scoped link's own path is the one place it works (tested below).
        if (caller.via === "query" && concrete(route).path === scopedLink.path) continue;
        // A valid session whose header form would open the route: only its URL form is tried, on GETs.
        if (caller.getOnly && !route.startsWith("GET ")) continue;
        // Query tokens are only read on GET; on other methods the header form of the same token is tried.
        const response = await call(route, caller.token, caller.via === "query" && route.startsWith("GET ") ? "query" : "header");
        if (response.status < 300) leaks.push(`${response.where} as ${caller.label}: ${response.status}`);
        if (response.status !== 401 || typeof response.json?.detail !== "string") wrong.push(`${response.where} as ${caller.label}: ${response.status} ${response.text.slice(0, 80)}`);
      }
      if (access === "any") continue;
      for (const role of ALL_ROLES.filter((role) => !access.includes(role))) {
        const response = await call(route, roleTokens[role]);
        if (response.status < 300) leaks.push(`${response.where} as ${role}: ${response.status}`);
        if (response.status !== 403 || typeof response.json?.detail !== "string") wrong.push(`${response.where} as ${role}: ${response.status} ${response.text.slice(0, 80)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(wrong).toEqual([]);
    // Refused callers changed nothing.
    expect(await snapshotTables(t)).toEqual(before);
  });

  test("allowed roles get past authorisation on every protected route (no 401/403, no 500)", async () => {
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ACCESS) as [RouteKey, Access][]) {
      if (access === "public") continue;
      for (const role of access === "any" ? ALL_ROLES : access) {
        const response = await call(route, roleTokens[role]);
        if ([401, 403].includes(response.status) || response.status >= 500) wrong.push(`${response.where} as ${role}: ${response.status} ${response.text.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("public routes answer every caller alike, whatever token comes with the request", async () => {
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ACCESS) as [RouteKey, Access][]) {
      if (access !== "public") continue;
      const anonymous = await call(route, "");
      expect(anonymous.status, anonymous.where).toBeLessThan(500);
      if (anonymous.status >= 400) expect(typeof anonymous.json?.detail, anonymous.where).toBe("string");
      for (const caller of [...refused.slice(1, 4), { label: "customer", token: roleTokens.customer }]) {
        const response = await call(route, caller.token);
        if (response.status !== anonymous.status) wrong.push(`${response.where} as ${caller.label}: ${response.status}, anonymous got ${anonymous.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("credentials and role are judged before params, query or form: bad input never turns a 401/403 into a 422", async () => {
    const wrong: string[] = [];
    for (const [route, access] of Object.entries(ACCESS) as [RouteKey, Access][]) {
      if (access === "public") continue;
      const request = concrete(route);
      const path = `${request.path.replace(/\/(\d+|[0-9a-f-]{36})(?=\/|$)/, `/${"x".repeat(100)}`)}?page=-1&page=x&is_active=a&is_active=b&status=nope&format=exe`;
      const callers: [string, string, number][] = [["garbage token", "not-a-token", 401], ["expired", refused.find((caller) => caller.label === "expired")!.token, 401]];
      if (access !== "any") callers.push(["customer", roleTokens.customer, 403]);
      for (const [label, token, expected] of callers) {
        const response = await t.request(request.method, path, { token, body: request.body, form: request.form?.() });
        if (response.status !== expected) wrong.push(`${request.method} ${path.slice(0, 80)} as ${label}: ${response.status} ${response.text.slice(0, 60)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test("the scoped download link opens its own path, by query only, and nothing else", async () => {
    const own = await t.request("GET", scopedLink.url);
    expect(own.status, own.text).toBe(200);
    expect(own.headers.get("content-type")).toContain("text/csv");
    const token = new URL(scopedLink.url, "http://x").searchParams.get("token")!;
    expect((await t.request("GET", scopedLink.path, { token })).status).toBe(401);
    // Another order's CSV, the same path with a different spelling, and a POST: all refused.
    const otherOrder = ids.order === 1 ? 2 : 1;
    for (const path of [
      scopedLink.path.replace(`/${ids.order}/`, `/${otherOrder}/`),
      scopedLink.path.replace("/api/", "/api//"),
      `${scopedLink.path}/`,
      scopedLink.path.replace("download-csv", "download-link"),
      `/api/admin/orders/${ids.order}`,
    ]) {
      const response = await t.request("GET", `${path}?token=${token}`);
      expect(response.status, path).not.toBeLessThan(300);
    }
    const post = await t.request("POST", `${scopedLink.path.replace("download-csv", "download-link")}?token=${token}`);
    expect(post.status).toBe(401);
  });

  test("a session token in the query opens nothing, not even a download or a progress stream", async () => {
    const token = roleTokens.super_admin;
    for (const path of [`/api/admin/orders/${ids.order}`, `/api/admin/orders/${ids.order}/download-csv`, `/api/operator/orders/${ids.order}/download-original-csv`]) {
      const read = await t.request("GET", `${path}?token=${token}`);
      expect(read.status, path).toBe(401);
      expect(typeof read.json.detail).toBe("string");
    }
    const stream = await t.request("GET", `/api/scanner/scan/${ids.classicRun}/progress?token=${roleTokens.customer}`);
    expect(stream.status).toBe(401);
    // The same session in the header still works: only the URL is refused.
    expect((await t.request("GET", `/api/admin/orders/${ids.order}/download-csv`, { token })).status).toBe(200);
    const before = await snapshotTables(t);
    for (const [method, path, body] of [
      ["PATCH", `/api/admin/orders/${ids.order}/status`, { status: "cancelled" }],
      ["POST", "/api/admin/catalog/boxes", { name: "Query token box" }],
      ["DELETE", `/api/admin/catalog/boxes/${ids.box}`, undefined],
    ] as const) {
      const response = await t.request(method, `${path}?token=${token}`, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect(await snapshotTables(t)).toEqual(before);
  });

  test("odd spellings of protected paths and HEAD never open them anonymously", async () => {
    const leaks: string[] = [];
    for (const [route, access] of Object.entries(ACCESS) as [RouteKey, Access][]) {
      if (access === "public" || !route.startsWith("GET ")) continue;
      const { path } = concrete(route);
      const variants = [
        `${path}/`,
        path.replace("/api/", "/api//"),
        path.replace("/api/", "/API/"),
        path.replace("/api/", "/api/./"),
        path.replace(/\/([^/]+)$/, "/%2e%2e/$1"),
        `${path}%00`,
        `${path};x`,
        `${path}?token=`,
      ];
      for (const variant of variants) {
        const response = await t.request("GET", variant);
        if (response.status < 300) leaks.push(`GET ${variant}: ${response.status}`);
        if (response.status >= 500) leaks.push(`GET ${variant}: ${response.status} (server error)`);
      }
      const head = await t.request("HEAD", path);
      if (head.status < 300) leaks.push(`HEAD ${path}: ${head.status}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe("one customer never sees another's scanner work", () => {
  test("jobs, projects, scans and layouts of another customer are invisible and untouchable", async () => {
    const created = await t.request("POST", "/api/admin/users", {
      token: roleTokens.super_admin,
      body: { email: "other-customer@demo.foam", role: "customer", password: "long-enough-1", first_name: "Other" },
    });
    expect(created.status, created.text).toBe(201);
    const other = await sessionToken(t, "other-customer@demo.foam");
    const otherId = created.json.id as number;
    const jobId = await customerJob(t, other, "other-layout");
    const job = await t.request("GET", `/api/scanner/jobs/${jobId}`, { token: other });
    expect(job.status, job.text).toBe(200);
    const otherRun = await completedScanRun(t, otherId, "classic");
    const customer = roleTokens.customer;

    const list = await t.request("GET", "/api/scanner/jobs?per_page=200", { token: customer });
    expect(list.status).toBe(200);
    expect(list.json.results.length).toBeGreaterThan(0);
    expect(new Set(list.json.results.map((row: { user_email: string }) => row.user_email))).toEqual(new Set([ROLE_EMAILS.customer]));
    const byLayout = await t.request("GET", "/api/scanner/jobs?layout_id=other-layout", { token: customer });
    expect(byLayout.json.results).toEqual([]);
    expect((await t.request("GET", `/api/scanner/jobs/${job.json.id}`, { token: customer })).status).toBe(404);

    const summary = await t.request("GET", "/api/dashboard/summary", { token: customer });
    expect(summary.status).toBe(200);
    const references = summary.json.projects.map((project: { reference_code: string }) => project.reference_code);
    expect(references).not.toContain(job.json.project_reference);
    const otherSummary = await t.request("GET", "/api/dashboard/summary", { token: other });
    expect(otherSummary.json.projects.map((project: { reference_code: string }) => project.reference_code)).toEqual([job.json.project_reference]);

    for (const path of [`/api/scanner/scan/${otherRun}/result`, `/api/scanner/scan/${otherRun}/progress`]) {
      expect((await t.request("GET", path, { token: customer })).status, path).toBe(404);
    }
    // Staff see everyone's scanner jobs, but a scan run belongs to whoever sent the photo.
    expect((await t.request("GET", `/api/scanner/jobs/${job.json.id}`, { token: roleTokens.sales })).status).toBe(200);
    expect((await t.request("GET", `/api/scanner/scan/${otherRun}/result`, { token: roleTokens.super_admin })).status).toBe(404);

    const before = await snapshotTables(t);
    for (const body of [{ layout_id: "other-layout" }, { job_ids: [job.json.id] }]) {
      const response = await t.request("POST", "/api/scanner/process", { token: customer, body });
      expect(response.status, JSON.stringify(body)).toBe(404);
    }
    expect(await snapshotTables(t)).toEqual(before);
    // And the other way round: the demo customer's job is not the other customer's either.
    expect((await t.request("GET", `/api/scanner/jobs/${ids.job}`, { token: other })).status).toBe(404);
    expect((await t.request("GET", `/api/scanner/scan/${ids.classicRun}/result`, { token: other })).status).toBe(404);
  });
});
