import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_SITE_CONFIG } from "../common/site-config";
import { DEFAULT_UPLOAD_BUDGET_BYTES } from "./shared/body-limit";
import { JWT_SECRET_MIN_BYTES } from "./shared/tokens";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  jwtSecret: string;
  jwtTtlSeconds: number;
  seedDemo: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  scannerWorkers: number;
  scannerWarmup: boolean;
  /** The address behind the footer's Contact link. */
  contactEmail: string;
  /** Reverse proxies in front of the server that append to X-Forwarded-For (0: use the socket address). */
  trustProxy: number;
  /** Request-body bytes the process receives at once across all uploads (429 past it). */
  uploadBudgetBytes: number;
  clientDir: string;
  assetsDir: string;
};

type Env = Record<string, string | undefined>;

function parseBool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === "") return fallback;
  return !["0", "false", "no", "off"].includes(value.trim().toLowerCase());
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max} (got "${value}").`);
  }
  return parsed;
}

function parseEmail(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === "") return fallback;
  const email = value.trim();
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email)) throw new Error(`${name} must be an e-mail address (got "${value}").`);
  return email;
}

/**
 * The JWT secret is never a constant: generated once and kept beside the data so restarts keep
 * sessions. A secret given in the environment must be at least 32 bytes: a short HS256 key can be
 * found offline from any one token, and then anyone can sign in as anyone.
 */
function loadJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET && env.JWT_SECRET.trim()) {
    const secret = env.JWT_SECRET.trim();
    const bytes = Buffer.byteLength(secret, "utf8");
    if (bytes < JWT_SECRET_MIN_BYTES) {
      throw new Error(
        `JWT_SECRET must be at least ${JWT_SECRET_MIN_BYTES} bytes (got ${bytes}). Use a long random value, e.g. the output of \`openssl rand -base64 48\`, or leave JWT_SECRET unset to have one generated into DATA_DIR/jwt-secret.`,
      );
    }
    return secret;
  }
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(env.DATA_DIR?.trim() || "./data");
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = env.DATABASE_URL?.trim() || `file:${join(dataDir, "foam.db")}`;
  return {
    port: parseInteger("PORT", env.PORT, 3000, 0, 65535),
    host: env.HOST?.trim() || "0.0.0.0",
    dataDir,
    databaseUrl,
    databaseAuthToken: env.DATABASE_AUTH_TOKEN?.trim() || undefined,
    jwtSecret: loadJwtSecret(env, dataDir),
    jwtTtlSeconds: parseInteger("JWT_TTL_SECONDS", env.JWT_TTL_SECONDS, 12 * 3600, 60, 30 * 24 * 3600),
    seedDemo: parseBool(env.SEED_DEMO, true),
    adminEmail: env.ADMIN_EMAIL?.trim() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    scannerWarmup: parseBool(env.SCANNER_WARMUP, true),
    // One core is left to the event loop so API answers stay fast while photos are traced (issue 17).
    scannerWorkers: parseInteger("SCANNER_WORKERS", env.SCANNER_WORKERS, Math.max(1, availableParallelism() - 1), 1, 64),
    trustProxy: parseInteger("TRUST_PROXY", env.TRUST_PROXY, 0, 0, 10),
    uploadBudgetBytes: parseInteger("UPLOAD_BUDGET_MB", env.UPLOAD_BUDGET_MB, DEFAULT_UPLOAD_BUDGET_BYTES / 1024 / 1024, 1, 64 * 1024) * 1024 * 1024,
    contactEmail: parseEmail("CONTACT_EMAIL", env.CONTACT_EMAIL, DEFAULT_SITE_CONFIG.contactEmail),
    clientDir: resolve(env.CLIENT_DIR?.trim() || "./dist/client"),
    assetsDir: resolve(env.ASSETS_DIR?.trim() || "./assets"),
  };
}
