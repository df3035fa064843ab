import { count, eq } from "drizzle-orm";
import type { Db } from "../client";
import { catalogBoxes, materials, roles, users } from "../schema";
import { ROLES } from "../../common/roles";
import { hashPassword, PASSWORD_MIN_LENGTH } from "../passwords";
import { toCents } from "../../common/money";
import { CATALOG_BOXES } from "./reference/catalog-boxes";
import { FOAM_MATERIALS } from "./reference/foams";
import { seedDemoData } from "./demo";

export async function seedRoles(db: Db) {
  for (const role of ROLES) {
    await db.insert(roles).values(role).onConflictDoUpdate({ target: roles.code, set: { name: role.name, rank: role.rank } });
  }
}

export async function seedReferenceData(db: Db) {
  const [{ value: materialCount }] = await db.select({ value: count() }).from(materials);
  if (materialCount === 0) {
    await db.insert(materials).values(
      FOAM_MATERIALS.map((foam) => ({
        name: foam.name,
        supplier: foam.supplier,
        densityKgM3: foam.density_kg_m3,
        hardnessShore: foam.hardness_shore,
        color: foam.color,
        sheetLengthMm: foam.sheet_length_mm,
        sheetWidthMm: foam.sheet_width_mm,
        sheetThicknessMm: foam.sheet_thickness_mm,
        sheetCostCents: toCents(foam.sheet_cost),
        leadTimeDays: foam.lead_time_days,
        notes: foam.notes,
        isActive: foam.is_active,
      })),
    );
  }
  const [{ value: boxCount }] = await db.select({ value: count() }).from(catalogBoxes);
  if (boxCount === 0) {
    await db.insert(catalogBoxes).values(
      CATALOG_BOXES.map((box) => ({
        name: box.name,
        manufacturer: box.manufacturer,
        sku: box.sku,
        internalLengthMm: box.internal_length_mm,
        internalWidthMm: box.internal_width_mm,
        internalDepthMm: box.internal_depth_mm,
        weightCapacityKg: box.weight_capacity_kg,
        description: box.description,
        isActive: box.is_active,
      })),
    );
  }
}

/** Seeds an empty database: roles and reference data always, then demo data or one super admin. */
/** What seeding needs from the server's configuration (src/config.ts passes its own). */
export type SeedOptions = { seedDemo: boolean; adminEmail?: string | null; adminPassword?: string | null };

export async function seedDatabase(db: Db, config: SeedOptions) {
  await seedRoles(db);
  await seedReferenceData(db);
  const [{ value: userCount }] = await db.select({ value: count() }).from(users);
  if (userCount > 0) return;
  if (config.seedDemo) {
    await seedDemoData(db);
    return;
  }
  if (!config.adminEmail || !config.adminPassword) {
    throw new Error("SEED_DEMO=false needs ADMIN_EMAIL and ADMIN_PASSWORD to create the first super admin.");
  }
  if (config.adminPassword.length < PASSWORD_MIN_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters.`);
  }
  const email = config.adminEmail.trim().toLowerCase();
  const existing = await db.query.users.findFirst({ where: eq(users.email, email) });
  if (!existing) {
    await db.insert(users).values({
      email,
      passwordHash: await hashPassword(config.adminPassword),
      firstName: "Administrator",
      roleCode: "super_admin",
      isActive: true,
      isVerified: true,
    });
  }
}
