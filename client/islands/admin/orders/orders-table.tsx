import { useEffect, useRef } from "react";
import { Button } from "../../../components/ui";
import { formatAmount, formatDate, formatRelative } from "../../../lib/format";
import { productionLabel } from "../shared/production";
import type { OrderListRow as Order } from "../types";
import { OrderStatusBadge, ProductionStatusBadge } from "./order-status-badge";
import { SortHeader } from "./sort-header";

export function OrdersTable({
  orders,
  sort,
  sortableFields,
  onSort,
  selected,
  onSelectedChange,
  onView,
  onEdit,
}: {
  orders: Order[];
  sort: string;
  sortableFields: Set<string>;
  onSort: (sort: string) => void;
  selected: Set<number>;
  onSelectedChange: (selected: Set<number>) => void;
  onView: (order: Order) => void;
  onEdit: (order: Order) => void;
}) {
  const allRef = useRef<HTMLInputElement>(null);
  const selectedOnPage = orders.filter((order) => selected.has(order.id)).length;
  const allSelected = orders.length > 0 && selectedOnPage === orders.length;

  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = selectedOnPage > 0 && !allSelected;
  }, [selectedOnPage, allSelected]);

  const toggle = (id: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };
  const toggleAll = (checked: boolean) => {
    const next = new Set(selected);
    for (const order of orders) {
      if (checked) next.add(order.id);
      else next.delete(order.id);
    }
    onSelectedChange(next);
  };
  const header = (field: string, label: string, className?: string) => (
    <SortHeader field={field} label={label} sort={sort} sortable={sortableFields.has(field)} onSort={onSort} className={className} />
  );

  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-orders-table" data-testid="orders-table">
        <caption className="adm-visually-hidden">Orders</caption>
        <thead>
          <tr>
            <th scope="col" className="adm-col-select">
              <input
                ref={allRef}
                type="checkbox"
                aria-label="Select all orders on this page"
                checked={allSelected}
                onChange={(event) => toggleAll(event.target.checked)}
                data-testid="orders-select-all"
              />
            </th>
            {header("order_number", "Order")}
            {header("customer_email", "Customer")}
            {header("status", "Status")}
            {header("production_status", "Production")}
            {header("total_amount", "Total", "adm-num")}
            {header("created_at", "Created")}
            <th scope="col">
              <span className="adm-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-testid="orders-row" data-order-id={order.id} className={selected.has(order.id) ? "adm-row-selected" : undefined}>
              <td className="adm-col-select">
                <input
                  type="checkbox"
                  aria-label={`Select order ${order.order_number}`}
                  checked={selected.has(order.id)}
                  onChange={(event) => toggle(order.id, event.target.checked)}
                  data-testid="orders-row-select"
                />
              </td>
              <td data-label="Order" className="adm-nowrap">
                <div>
                  <button type="button" className="adm-link" onClick={() => onView(order)} data-testid="orders-row-open">
                    {order.order_number}
                  </button>
                  <span className="adm-muted adm-block adm-small">{order.order_type_label || order.order_type}</span>
                </div>
              </td>
              <td data-label="Customer" className="adm-cell-email">
                <span title={order.user_email ?? order.customer_email ?? undefined}>{order.user_email ?? order.customer_email ?? "—"}</span>
              </td>
              <td data-label="Status" data-testid="orders-row-status">
                <OrderStatusBadge status={order.status} label={order.status_label} />
              </td>
              <td data-label="Production">
                <ProductionStatusBadge status={order.production_status} label={productionLabel(order.production_status)} />
              </td>
              <td data-label="Total" className="adm-num" data-testid="orders-row-total">
                <span>
                  {formatAmount(order.total_amount)} <span className="adm-muted">{order.currency ?? ""}</span>
                </span>
              </td>
              <td data-label="Created" className="adm-nowrap">
                <div>
                  <span>{formatDate(order.created_at)}</span>
                  <span className="adm-muted adm-block">{formatRelative(order.created_at)}</span>
                </div>
              </td>
              <td className="adm-row-actions">
                <Button size="sm" variant="ghost" onClick={() => onEdit(order)} aria-label={`Edit order ${order.order_number}`} data-testid="orders-row-edit">
                  Edit
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
