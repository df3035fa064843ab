import { DEMO_ACCOUNTS } from "../../db/seed/demo";

export { DEMO_PASSWORD } from "../../db/seed/demo";

/** The seeded demo account of each role, from the seed itself so tests never drift from it. */
export const ROLE_EMAILS = Object.fromEntries(DEMO_ACCOUNTS.map((account) => [account.role, account.email])) as {
  [A in (typeof DEMO_ACCOUNTS)[number] as A["role"]]: A["email"];
};
export type Role = keyof typeof ROLE_EMAILS;
export const ALL_ROLES = DEMO_ACCOUNTS.map((account) => account.role) as Role[];
