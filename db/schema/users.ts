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
