import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { loadConfig } from "../../src/config";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CONTACT_EMAIL: "help@acme-foam.test" });
});
afterAll(() => t.close());

describe("site settings rendered into the pages", () => {
  test("CONTACT_EMAIL is the footer's Contact link on every page, and is handed to the browser for hydration", async () => {
    for (const path of ["/app/", "/app/about", "/app/login"]) {
      const page = await t.request("GET", path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('href="mailto:help@acme-foam.test"');
      expect(page.text).toContain('<script id="site-config" type="application/json">{"contactEmail":"help@acme-foam.test"}</script>');
    }
  });

  test("a CONTACT_EMAIL that is not an address stops the start with a clear message", () => {
    expect(() => loadConfig({ DATA_DIR: t.config.dataDir, CONTACT_EMAIL: "not an address" })).toThrow('CONTACT_EMAIL must be an e-mail address (got "not an address").');
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).contactEmail).toBe("support@foam-intelligence.example");
  });
});
