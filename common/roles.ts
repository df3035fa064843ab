export const ROLES = [
  { code: "super_admin", name: "Super administrator", rank: 1 },
  { code: "admin", name: "Administrator", rank: 2 },
  { code: "operator", name: "Production operator", rank: 3 },
  { code: "technician", name: "Technician", rank: 4 },
  { code: "sales", name: "Sales", rank: 5 },
  { code: "customer", name: "Customer", rank: 6 },
] as const;

export type RoleCode = (typeof ROLES)[number]["code"];
export const ROLE_CODES = ROLES.map((role) => role.code) as RoleCode[];
export const ADMIN_ROLES: RoleCode[] = ["admin", "super_admin"];
export const OPERATOR_ROLES: RoleCode[] = ["operator", "admin", "super_admin"];
export const STAFF_ROLES: RoleCode[] = ["super_admin", "admin", "operator", "technician", "sales"];

export function roleName(code: string): string {
  return ROLES.find((role) => role.code === code)?.name ?? code;
}
