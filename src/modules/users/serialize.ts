import type { users } from "../../../db/schema";
import { roleName } from "../../../common/roles";
import type { UserAnswer } from "../../../common/api/users";

type UserRow = typeof users.$inferSelect;

/**
 * The user as the API shows it: never a password or its hash. Typed as the answer schema in
 * common/api/users.ts: a field added, renamed or retyped here without the schema does not compile.
 */
export function serializeUser(user: UserRow): UserAnswer {
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
