import type { Db } from "../client";
import { orderAddresses, orderEvents, orderItems, orders, projects, scannerJobs, users } from "../schema";
import { hashPassword } from "../passwords";
import {
  FILE_STATUSES,
  ORDER_STATUSES,
  ORDER_TYPES,
  PRIORITIES,
  PRODUCTION_STATUSES,
} from "../../common/order-constants";
import { demoLayout } from "./demo-layout";
import { seededRandom } from "./random";

export const DEMO_PASSWORD = "foam-demo-1";

export const DEMO_ACCOUNTS = [
  { email: "super@demo.foam", role: "super_admin", firstName: "Sasha", lastName: "Stone", company: "Foam Intelligence" },
  { email: "admin@demo.foam", role: "admin", firstName: "Alex", lastName: "Morgan", company: "Foam Intelligence" },
  { email: "operator@demo.foam", role: "operator", firstName: "Oleg", lastName: "Petrov", company: "Foam Intelligence" },
  { email: "technician@demo.foam", role: "technician", firstName: "Tina", lastName: "Nguyen", company: "Foam Intelligence" },
  { email: "sales@demo.foam", role: "sales", firstName: "Sam", lastName: "Rivera", company: "Foam Intelligence" },
  { email: "customer@demo.foam", role: "customer", firstName: "Chris", lastName: "Walker", company: "Walker Auto Repair" },
] as const;

const CUSTOMERS = [
  "customer@demo.foam",
  "fleet@northwind-aviation.example",
  "shop@harbor-tools.example",
  "procurement@acme-industrial.example",
  "maint@riverbend-rail.example",
  "lab@cascade-instruments.example",
];
const PRODUCTS = [
  { name: "Milwaukee Packout drawer insert", dimensions: "22.1 x 15.4 in", material: "XLPE 45 kg/m³ charcoal" },
  { name: "Pelican 1510 case insert", dimensions: "19.4 x 11.9 x 7.6 in", material: "PE 35 kg/m³ black" },
  { name: "Snap-on KRA drawer set", dimensions: "26.0 x 20.0 in", material: "Two-tone XLPE red/black" },
  { name: "Custom gun case insert", dimensions: "42.0 x 14.0 x 4.0 in", material: "PU ether 28 kg/m³" },
  { name: "Craftsman 3000 drawer insert", dimensions: "24.0 x 16.0 in", material: "EVA 70 kg/m³ blue" },
];
const CITIES = [
  ["Seattle", "WA", "98101"],
  ["Austin", "TX", "73301"],
  ["Columbus", "OH", "43004"],
  ["Denver", "CO", "80014"],
] as const;

/**
 * One hash per account, each with its own salt: a shared hash would tell anyone who can read the
 * table that these accounts share a password, and let one cracked hash open them all. Kept per
 * process so that seeding many test databases does not pay argon2 six times each.
 */
const demoHashes = new Map<string, Promise<string>>();
function demoPasswordHash(email: string): Promise<string> {
  let hash = demoHashes.get(email);
  if (!hash) {
    hash = hashPassword(DEMO_PASSWORD);
    demoHashes.set(email, hash);
  }
  return hash;
}

/** Every demo order cycles through each status list so every column and filter has data. */
export async function seedDemoData(db: Db) {
  const random = seededRandom(23);
  const accountIds = new Map<string, number>();
  for (const account of DEMO_ACCOUNTS) {
    const [row] = await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash: await demoPasswordHash(account.email),
        firstName: account.firstName,
        lastName: account.lastName,
        company: account.company,
        locale: "en-US",
        timezone: "America/Chicago",
        roleCode: account.role,
        isActive: true,
        isVerified: account.role !== "technician",
      })
      .returning({ id: users.id });
    accountIds.set(account.email, row!.id);
  }
  const customerId = accountIds.get("customer@demo.foam")!;
  const adminId = accountIds.get("admin@demo.foam")!;
  const now = Date.now();
  const day = 24 * 3600 * 1000;

  for (let index = 0; index < 40; index++) {
    const created = new Date(now - (40 - index) * 2.1 * day - random.int(0, 6) * 3600 * 1000);
    const status = ORDER_STATUSES[index % ORDER_STATUSES.length]!.value;
    const productionStatus = PRODUCTION_STATUSES[index % PRODUCTION_STATUSES.length]!.value;
    const fileStatus = FILE_STATUSES[(index * 3) % FILE_STATUSES.length]!;
    const priority = PRIORITIES[index % PRIORITIES.length]!;
    const orderType = ORDER_TYPES[index % ORDER_TYPES.length]!.value;
    const email = CUSTOMERS[index % CUSTOMERS.length]!;
    const product = PRODUCTS[index % PRODUCTS.length]!;
    const quantities = [random.int(1, 4), random.int(1, 3)];
    const prices = [random.int(4500, 32000), random.int(900, 6500)];
    const lines = index % 3 === 0 ? 1 : 2;
    const subtotal = Array.from({ length: lines }, (_, line) => quantities[line]! * prices[line]!).reduce((a, b) => a + b, 0);
    const started = ["in_progress", "completed"].includes(productionStatus) ? new Date(created.getTime() + 2 * day) : null;
    const fulfilled = productionStatus === "completed" ? new Date(created.getTime() + 4 * day) : null;
    const layout = demoLayout(558, 391, 2 + (index % 3));
    let projectId: number | null = null;
    if (email === "customer@demo.foam") {
      const [project] = await db
        .insert(projects)
        .values({
          referenceCode: `PRJ-${String(1001 + index)}`,
          name: `${product.name}`,
          userId: customerId,
          status,
          createdAt: created.toISOString(),
          updatedAt: new Date(created.getTime() + day).toISOString(),
        })
        .returning({ id: projects.id });
      projectId = project!.id;
    }
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: `ORD-${created.getUTCFullYear()}${String(1001 + index)}`,
        userId: email === "customer@demo.foam" ? customerId : null,
        projectId,
        customerEmail: email,
        orderType,
        status,
        productionStatus,
        fileStatus,
        fileError: fileStatus === "error" ? "Pocket outline was self-intersecting; regenerate after review." : null,
        priority,
        currency: "USD",
        notes: index % 4 === 0 ? "Customer asked for finger pulls on every pocket." : null,
        subtotalCents: subtotal,
        totalCents: subtotal,
        calculatorPayload:
          orderType === "calculator"
            ? { toolboxModelId: "milwaukee-packout-3-drawer", selectedDrawerIds: ["d1", "d2"], labourMinutes: 30, labourRate: 35, markupPercent: 25 }
            : null,
        layout,
        issueReason: productionStatus === "issue" ? "Foam sheet out of stock in the requested colour." : null,
        productionStartAt: started?.toISOString() ?? null,
        fulfilledAt: fulfilled?.toISOString() ?? null,
        createdAt: created.toISOString(),
        updatedAt: new Date(created.getTime() + day).toISOString(),
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    await db.insert(orderItems).values(
      Array.from({ length: lines }, (_, line) => ({
        orderId,
        position: line,
        description: line === 0 ? product.name : "Finger pull cut-outs",
        quantity: quantities[line]!,
        unitPriceCents: prices[line]!,
        totalPriceCents: quantities[line]! * prices[line]!,
        metadata: line === 0 ? { productName: product.name, dimensions: product.dimensions, material: product.material } : {},
      })),
    );
    const [city, state, postal] = CITIES[index % CITIES.length]!;
    await db.insert(orderAddresses).values(
      (["shipping", "billing"] as const).map((addressType) => ({
        orderId,
        addressType,
        firstName: "Jordan",
        lastName: `Buyer ${index + 1}`,
        line1: `${100 + index} Industrial Way`,
        line2: addressType === "billing" ? "Accounts payable" : null,
        city,
        state,
        postalCode: postal,
        countryCode: "US",
        phone: "+1 555 0100",
        company: email.split("@")[1]?.split(".")[0] ?? null,
      })),
    );
    await db.insert(orderEvents).values([
      { orderId, eventType: "created", actorId: adminId, actorEmail: "admin@demo.foam", payload: { status: "draft" }, createdAt: created.toISOString() },
      ...(status !== "draft"
        ? [{ orderId, eventType: "status_changed", actorId: adminId, actorEmail: "admin@demo.foam", payload: { from: "draft", to: status }, createdAt: new Date(created.getTime() + day).toISOString() }]
        : []),
    ]);
    if (orderType === "scanner") {
      await db.insert(scannerJobs).values({
        userId: email === "customer@demo.foam" ? customerId : null,
        projectId,
        orderId,
        status: index % 2 === 0 ? "pending" : "processed",
        contourPointsMm: layout.pockets[0]!.points,
        calibrationPayload: { detection_method: "aruco", parameters: { contour_area_mm: 1800 } },
        processingNotes: JSON.stringify({ detection_method: "aruco", created_at: created.toISOString() }),
        capturedAt: created.toISOString(),
        processedAt: index % 2 === 0 ? null : new Date(created.getTime() + 3600 * 1000).toISOString(),
        vectorPath: `layouts/${orderId}/pocket-1.svg`,
        createdAt: created.toISOString(),
        updatedAt: created.toISOString(),
      });
    }
  }
}
