import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp, createDeps } from "../../src/app";
import { loadConfig } from "../../src/config";
import { migrateDatabase, openDatabase } from "../../db/client";
import { seedDatabase } from "../../db/seed";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A migrated, seeded database in a temp directory and the app over it; call close() when done. */
export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "foam-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: "test-secret-".padEnd(48, "x"), SCANNER_WORKERS: "1", ...env });
  const database = await openDatabase(config.databaseUrl);
  await migrateDatabase(database.db);
  await seedDatabase(database.db, config);
  const deps = createDeps(config, database);
  const app = createApp(deps);
  const tokens = new Map<string, string>();

  async function request(method: string, path: string, options: { token?: string | null; body?: unknown; headers?: Record<string, string>; form?: FormData } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers["content-type"] ??= "application/json";
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    }
    const response = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await response.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  async function login(email: string, password = "foam-demo-1"): Promise<string> {
    const cached = tokens.get(email);
    if (cached) return cached;
    const response = await request("POST", "/api/auth/login", { body: { email, password } });
    if (response.status !== 200) throw new Error(`login ${email} failed: ${response.status} ${response.text}`);
    tokens.set(email, response.json.token);
    return response.json.token;
  }

  return {
    app,
    deps,
    db: database.db,
    config,
    request,
    login,
    forgetToken: (email: string) => tokens.delete(email),
    close() {
      database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
