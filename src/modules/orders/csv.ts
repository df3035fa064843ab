import { csvNumber, toCsv, type CsvCell } from "../../shared/csv";
import type { OrderDetail } from "./service";

const HEADER = [
  "order_number",
  "order_type",
  "status",
  "production_status",
  "file_status",
  "priority",
  "customer_email",
  "currency",
  "order_subtotal",
  "order_total",
  "created_at",
  "production_start_at",
  "fulfilled_at",
  "notes",
  "shipping_address",
  "line",
  "item_description",
  "product_name",
  "dimensions",
  "material",
  "quantity",
  "unit_price",
  "item_total",
];

function addressText(order: OrderDetail): string | null {
  const address = order.addresses.find((entry) => entry.address_type === "shipping") ?? order.addresses[0];
  if (!address) return null;
  const name = [address.first_name, address.last_name].filter(Boolean).join(" ");
  const cityLine = [address.city, address.state, address.postal_code].filter(Boolean).join(" ");
  return [name, address.company, address.line1, address.line2, cityLine, address.country_code].filter(Boolean).join(", ");
}

/** Header row, then one row per item repeating the order's fields (one row with empty item cells when there are none). */
export function orderCsv(order: OrderDetail): string {
  const orderCells: CsvCell[] = [
    order.order_number,
    order.order_type,
    order.status,
    order.production_status,
    order.file_status,
    order.priority,
    order.customer_email,
    order.currency,
    csvNumber(order.subtotal_amount),
    csvNumber(order.total_amount),
    order.created_at,
    order.production_start_at,
    order.fulfilled_at,
    order.notes,
    addressText(order),
  ];
  const rows: CsvCell[][] = [HEADER];
  if (!order.items.length) rows.push([...orderCells, null, null, null, null, null, null, null, null]);
  order.items.forEach((item, index) => {
    rows.push([
      ...orderCells,
      index + 1,
      item.description,
      item.metadata.productName,
      item.metadata.dimensions,
      item.metadata.material,
      item.quantity,
      csvNumber(item.unit_price),
      csvNumber(item.total_price),
    ]);
  });
  return toCsv(rows);
}
