import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_SITE_CONFIG } from "../client/lib/site-config";

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

/** The JWT secret is never a constant: generated once and kept beside the data so restarts keep sessions. */
function loadJwtSecret(env: Env, dataDir: string): string {
  if (env.JWT_SECRET && env.JWT_SECRET.trim()) return env.JWT_SECRET.trim();
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
    scannerWorkers: parseInteger("SCANNER_WORKERS", env.SCANNER_WORKERS, availableParallelism(), 1, 64),
    trustProxy: parseInteger("TRUST_PROXY", env.TRUST_PROXY, 0, 0, 10),
    contactEmail: parseEmail("CONTACT_EMAIL", env.CONTACT_EMAIL, DEFAULT_SITE_CONFIG.contactEmail),
    clientDir: resolve(env.CLIENT_DIR?.trim() || "./dist/client"),
    assetsDir: resolve(env.ASSETS_DIR?.trim() || "./assets"),
  };
}
