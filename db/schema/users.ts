import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, updatedAt } from "./columns";

export const roles = sqliteTable("roles", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  rank: integer("rank").notNull(),
});

export const users = sqliteTable(
  "users",
  {
    id: id(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    company: text("company"),
    locale: text("locale"),
    timezone: text("timezone"),
    roleCode: text("role_code")
      .notNull()
      .references(() => roles.code),
    isActive: bool("is_active").notNull().default(true),
    isVerified: bool("is_verified").notNull().default(false),
    lastLoginAt: text("last_login_at"),
    // Bumped on deactivation or password change so every earlier token stops working at once.
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("users_role_idx").on(table.roleCode)],
);

/**
 * Failed sign-in counters, in the database so every instance behind a proxy sees the same counts.
 * One row per key: `pair:<email>|<address>` (growing delays for that account from that address),
 * `addr:<address>` (a cap on failures across accounts, against password spraying). Times are ms.
 */
export const loginThrottles = sqliteTable(
  "login_throttles",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    windowStartMs: integer("window_start_ms").notNull(),
    blockedUntilMs: integer("blocked_until_ms").notNull().default(0),
    // A pair that signed in successfully: the per-address cap does not stand in its way.
    lastSuccessMs: integer("last_success_ms"),
    updatedMs: integer("updated_ms").notNull(),
  },
  (table) => [index("login_throttles_updated_idx").on(table.updatedMs)],
);

/** Sessions ended by POST /auth/logout, kept until the token would have expired anyway. */
export const revokedSessions = sqliteTable(
  "revoked_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Unix seconds: the token's own `exp`, after which the row is useless and purged.
    expiresAt: integer("expires_at").notNull(),
  },
  (table) => [index("revoked_sessions_expires_idx").on(table.expiresAt)],
);
