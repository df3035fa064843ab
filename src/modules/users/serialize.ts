import type { users } from "../../../db/schema";
import { roleName } from "../../../common/roles";

type UserRow = typeof users.$inferSelect;

/** The user as the API shows it: never a password or its hash. */
export function serializeUser(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    company: user.company,
    locale: user.locale,
    timezone: user.timezone,
    role: user.roleCode,
    role_name: roleName(user.roleCode),
    is_active: user.isActive,
    is_verified: user.isVerified,
    last_login_at: user.lastLoginAt,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

export type ApiUser = ReturnType<typeof serializeUser>;
