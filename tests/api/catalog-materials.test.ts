import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { dataDigest, expectAccess, tokenFor } from "./support";

// Seeding and argon2 hashing are slow on a loaded 2-core machine; 5 s is too tight.
setDefaultTimeout(30_000);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t, "admin");
});
afterAll(() => t.close());

const ADMINS = ["admin", "super_admin"] as const;

describe("catalog boxes", () => {
  const base = "/api/admin/catalog/boxes";

  test("list: every product with is_active, sorted by name; ?is_active filters", async () => {
    const response = await t.request("GET", base, { token: admin });
    expect(response.status).toBe(200);
    const names = response.json.results.map((box: { name: string }) => box.name);
    expect([...names].sort()).toEqual(names);
    expect(response.json.results[0]).toMatchObject({ id: expect.any(Number), is_active: expect.any(Boolean) });
    const active = await t.request("GET", `${base}?is_active=true`, { token: admin });
    const archived = await t.request("GET", `${base}?is_active=false`, { token: admin });
    expect(active.json.results.length + archived.json.results.length).toBe(response.json.results.length);
    expect(archived.json.results.every((box: { is_active: boolean }) => !box.is_active)).toBe(true);
    const bad = await t.request("GET", `${base}?is_active=maybe`, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.json.detail).toBe("is_active must be true or false.");
  });

  test("create normalises: trims, empty → null, non-numeric → null; answers 201 with the product", async () => {
    const response = await t.request("POST", base, {
      token: admin,
      body: { name: "  Nanuk 935 kit ", manufacturer: "  ", sku: " NK-935 ", internal_length_mm: "520.5", internal_width_mm: "abc", internal_depth_mm: "", weight_capacity_kg: 12, description: "" },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      name: "Nanuk 935 kit",
      manufacturer: null,
      sku: "NK-935",
      internal_length_mm: 520.5,
      internal_width_mm: null,
      internal_depth_mm: null,
      weight_capacity_kg: 12,
      description: null,
      is_active: true,
    });
    expect((await t.request("GET", `${base}/${response.json.id}`, { token: admin })).json.name).toBe("Nanuk 935 kit");
  });

  test("name is required; bad values are 400 and change nothing", async () => {
    const before = await dataDigest(t);
    for (const [body, detail] of [
      [{}, "Name is required."],
      [{ name: "   " }, "Name is required."],
      [{ name: null }, "Name is required."],
      [{ name: "x".repeat(201) }, "Name must be at most 200 characters."],
      [{ name: "ok", internal_length_mm: -1 }, "Internal length must not be negative."],
      [{ name: "ok", is_active: "perhaps" }, "is_active must be true or false."],
    ] as const) {
      const response = await t.request("POST", base, { token: admin, body });
      expect(response.status).toBe(400);
      expect(response.json.detail).toBe(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("patch is partial; DELETE archives; PATCH is_active true reopens", async () => {
    const created = await t.request("POST", base, { token: admin, body: { name: "Temp box", sku: "TMP" } });
    const id = created.json.id;
    const patched = await t.request("PATCH", `${base}/${id}`, { token: admin, body: { description: "  Now with text ", internal_depth_mm: "99" } });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: "Temp box", sku: "TMP", description: "Now with text", internal_depth_mm: 99 });
    const blank = await t.request("PATCH", `${base}/${id}`, { token: admin, body: { name: "" } });
    expect(blank.status).toBe(400);
    expect(blank.json.detail).toBe("Name is required.");
    const archived = await t.request("DELETE", `${base}/${id}`, { token: admin });
    expect(archived.status).toBe(200);
    expect(archived.json.is_active).toBe(false);
    const reference = await t.request("GET", "/api/reference-data");
    expect(reference.json.boxes.some((box: { id: number }) => box.id === id)).toBe(false);
    const reopened = await t.request("PATCH", `${base}/${id}`, { token: admin, body: { is_active: true } });
    expect(reopened.json.is_active).toBe(true);
    expect((await t.request("GET", "/api/reference-data")).json.boxes.some((box: { id: number }) => box.id === id)).toBe(true);
  });

  test("404 for unknown or malformed ids", async () => {
    for (const [method, body] of [["GET", undefined], ["PATCH", { name: "x" }], ["DELETE", undefined]] as const) {
      for (const id of ["999999", "abc"]) {
        const response = await t.request(method, `${base}/${id}`, { token: admin, body });
        expect(response.status).toBe(404);
        expect(response.json.detail).toBe("Product not found.");
      }
    }
  });

  test("access: admin and super_admin only", async () => {
    await expectAccess(t, "GET", base, [...ADMINS]);
    await expectAccess(t, "POST", base, [...ADMINS], { name: "x" });
    await expectAccess(t, "GET", `${base}/1`, [...ADMINS]);
    await expectAccess(t, "PATCH", `${base}/1`, [...ADMINS], { name: "x" });
    await expectAccess(t, "DELETE", `${base}/1`, [...ADMINS]);
    expect((await t.request("GET", base, { token: await tokenFor(t, "super_admin") })).status).toBe(200);
  });
});

describe("calculator materials", () => {
  const base = "/api/admin/calculator/materials";

  test("list includes archived materials with is_active and sheet_cost as a decimal string", async () => {
    const response = await t.request("GET", base, { token: admin });
    expect(response.status).toBe(200);
    expect(response.json.results.length).toBeGreaterThan(0);
    expect(response.json.results[0].sheet_cost).toMatch(/^\d+\.\d{2}$/);
    expect(response.json.results.some((material: { is_active: boolean }) => !material.is_active)).toBe(true);
    expect((await t.request("GET", `${base}?is_active=true`, { token: admin })).json.results.every((m: { is_active: boolean }) => m.is_active)).toBe(true);
  });

  test("create normalises text and numbers; lead time must be whole days", async () => {
    const response = await t.request("POST", base, {
      token: admin,
      body: { name: " EVA 70 ", supplier: "", density_kg_m3: "70", hardness_shore: "n/a", color: " blue ", sheet_length_mm: 1200, sheet_width_mm: "600", sheet_thickness_mm: "30", sheet_cost: "42.5", lead_time_days: "7", notes: "   " },
    });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({
      name: "EVA 70",
      supplier: null,
      density_kg_m3: 70,
      hardness_shore: null,
      color: "blue",
      sheet_length_mm: 1200,
      sheet_width_mm: 600,
      sheet_thickness_mm: 30,
      sheet_cost: "42.50",
      lead_time_days: 7,
      notes: null,
      is_active: true,
    });
    const cheap = await t.request("POST", base, { token: admin, body: { name: "Cheap", sheet_cost: 0.1, lead_time_days: "soon" } });
    expect(cheap.json).toMatchObject({ sheet_cost: "0.10", lead_time_days: null });
  });

  test("validation messages change nothing", async () => {
    const before = await dataDigest(t);
    for (const [body, detail] of [
      [{}, "Material name is required."],
      [{ name: "  " }, "Material name is required."],
      [{ name: "x", lead_time_days: 2.5 }, "Lead time must be a whole number of days."],
      [{ name: "x", lead_time_days: -1 }, "Lead time must be between 0 and 3650 days."],
      [{ name: "x", sheet_cost: -3 }, "Sheet cost must not be negative."],
      [{ name: "x", hardness_shore: 101 }, "Hardness must be at most 100."],
      [{ name: "x", notes: "n".repeat(5001) }, "Notes must be at most 5000 characters."],
    ] as const) {
      const response = await t.request("POST", base, { token: admin, body });
      expect(response.status).toBe(400);
      expect(response.json.detail).toBe(detail);
    }
    expect(await dataDigest(t)).toBe(before);
  });

  test("patch, archive, reopen, 404", async () => {
    const id = (await t.request("POST", base, { token: admin, body: { name: "Patch me" } })).json.id;
    const patched = await t.request("PATCH", `${base}/${id}`, { token: admin, body: { sheet_cost: "10", notes: "Soft" } });
    expect(patched.json).toMatchObject({ name: "Patch me", sheet_cost: "10.00", notes: "Soft" });
    const cleared = await t.request("PATCH", `${base}/${id}`, { token: admin, body: { sheet_cost: "" } });
    expect(cleared.json.sheet_cost).toBeNull();
    expect((await t.request("DELETE", `${base}/${id}`, { token: admin })).json.is_active).toBe(false);
    expect((await t.request("PATCH", `${base}/${id}`, { token: admin, body: { is_active: true } })).json.is_active).toBe(true);
    for (const path of [`${base}/999999`, `${base}/x1`]) {
      const response = await t.request("DELETE", path, { token: admin });
      expect(response.status).toBe(404);
      expect(response.json.detail).toBe("Material not found.");
      expect((await t.request("PATCH", path, { token: admin, body: { name: "y" } })).status).toBe(404);
      expect((await t.request("GET", path, { token: admin })).status).toBe(404);
    }
  });

  test("access: admin and super_admin only", async () => {
    await expectAccess(t, "GET", base, [...ADMINS]);
    await expectAccess(t, "POST", base, [...ADMINS], { name: "x" });
    await expectAccess(t, "GET", `${base}/1`, [...ADMINS]);
    await expectAccess(t, "PATCH", `${base}/1`, [...ADMINS], { name: "x" });
    await expectAccess(t, "DELETE", `${base}/1`, [...ADMINS]);
  });
});

describe("reference data cache", () => {
  test("answers from memory with an ETag, 304 when unchanged, and an admin edit shows at once", async () => {
    const first = await t.app.handle(new Request("http://localhost/api/reference-data"));
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const body = (await first.json()) as { materials: { id: number; name: string }[] };
    const again = await t.app.handle(new Request("http://localhost/api/reference-data", { headers: { "if-none-match": etag! } }));
    expect(again.status).toBe(304);
    const admin = await t.login("admin@demo.foam");
    const target = body.materials[0]!;
    const renamed = await t.request("PATCH", `/api/admin/calculator/materials/${target.id}`, { token: admin, body: { name: `${target.name} (cached?)` } });
    expect(renamed.status).toBe(200);
    const after = await t.app.handle(new Request("http://localhost/api/reference-data", { headers: { "if-none-match": etag! } }));
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    const names = ((await after.json()) as { materials: { name: string }[] }).materials.map((m) => m.name);
    expect(names).toContain(`${target.name} (cached?)`);
  });
});
