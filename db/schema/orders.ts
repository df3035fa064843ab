import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id, json, updatedAt } from "./columns";
import { catalogBoxes, materials } from "./catalog";
import { users } from "./users";

export const projects = sqliteTable(
  "projects",
  {
    id: id(),
    referenceCode: text("reference_code").notNull().unique(),
    name: text("name"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("draft"),
    // One layout submission from the editor or layout page groups its scanner jobs into one project.
    layoutId: text("layout_id"),
    foam: json<Record<string, unknown>>("foam"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("projects_user_idx").on(table.userId), index("projects_layout_idx").on(table.layoutId)],
);

// Also on orders, from the hand-written migration 0005_orders_fts (drizzle cannot describe them, so
// they are not declared here; declaring them would make drizzle-kit create them a second time):
// the FTS5 search table orders_fts, order_status_counts and orders_revision kept by triggers, and
// the indexes orders_id_cover_idx, orders_board_column_idx and orders_board_done_idx.
export const orders = sqliteTable(
  "orders",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    projectId: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
    customerEmail: text("customer_email").notNull(),
    orderType: text("order_type").notNull().default("custom"),
    status: text("status").notNull().default("draft"),
    productionStatus: text("production_status").notNull().default("pending"),
    fileStatus: text("file_status").notNull().default("needs_generation"),
    fileError: text("file_error"),
    priority: text("priority").notNull().default("normal"),
    currency: text("currency").notNull().default("USD"),
    notes: text("notes"),
    subtotalCents: integer("subtotal_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull().default(0),
    materialId: integer("material_id").references(() => materials.id, { onDelete: "set null" }),
    catalogBoxId: integer("catalog_box_id").references(() => catalogBoxes.id, { onDelete: "set null" }),
    calculatorPayload: json<Record<string, unknown>>("calculator_payload"),
    // The layout the cutting files are generated from: foam outline and pockets in mm.
    layout: json<Record<string, unknown>>("layout"),
    issueReason: text("issue_reason"),
    productionStartAt: text("production_start_at"),
    fulfilledAt: text("fulfilled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("orders_created_idx").on(table.createdAt),
    index("orders_status_idx").on(table.status),
    index("orders_production_idx").on(table.productionStatus),
    index("orders_email_idx").on(table.customerEmail),
    index("orders_project_idx").on(table.projectId),
    // The admin list filters by status/type and sorts by date: composite indexes keep a
    // filtered page an index walk instead of a sort of the whole table (100k-order load test).
    index("orders_status_created_idx").on(table.status, table.createdAt),
    index("orders_type_created_idx").on(table.orderType, table.createdAt),
    index("orders_total_idx").on(table.totalCents),
    index("orders_updated_idx").on(table.updatedAt),
    // Rows carry the layout JSON (kilobytes), so any scan that touches the table is slow. These
    // covering indexes let the list's filters/search/counts and the operator board's ordering run
    // on narrow index entries only; the wide rows are then read for one page of ids.
    index("orders_list_cover_idx").on(table.createdAt, table.status, table.orderType, table.orderNumber, table.customerEmail),
    index("orders_board_idx").on(table.priority, table.createdAt, table.status, table.productionStatus, table.fulfilledAt),
    // Type and status filters together (and the status counts under a type filter): an equality
    // seek on both, in date order, instead of a walk over every entry of the covering index
    // (bench/load: 34 → ~3 ms per filtered page at 100 000 orders).
    index("orders_type_status_created_idx").on(table.orderType, table.status, table.createdAt),
  ],
);

export const orderItems = sqliteTable(
  "order_items",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitPriceCents: integer("unit_price_cents").notNull().default(0),
    totalPriceCents: integer("total_price_cents").notNull().default(0),
    metadata: json<Record<string, unknown>>("metadata"),
  },
  (table) => [index("order_items_order_idx").on(table.orderId)],
);

export const orderAddresses = sqliteTable(
  "order_addresses",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    addressType: text("address_type").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    line1: text("line1"),
    line2: text("line2"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    countryCode: text("country_code"),
    phone: text("phone"),
    company: text("company"),
  },
  (table) => [index("order_addresses_order_idx").on(table.orderId)],
);

export const orderEvents = sqliteTable(
  "order_events",
  {
    id: id(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    payload: json<Record<string, unknown>>("payload"),
    createdAt: createdAt(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId)],
);

export const cuttingFiles = sqliteTable("cutting_files", {
  orderId: integer("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  dxf: text("dxf").notNull(),
  svg: text("svg").notNull(),
  pdf: text("pdf_base64").notNull(),
  generatedAt: text("generated_at").notNull(),
});
