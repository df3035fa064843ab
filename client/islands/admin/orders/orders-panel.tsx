import { useEffect, useMemo, useState } from "react";
import { Alert, Button, EmptyState, LoadingText } from "../../../components/ui";
import { apiRequest } from "../../../lib/api";
import type { Order } from "../types";
import { BulkStatusBar } from "./bulk-status-bar";
import { OrderDetailModal } from "./order-detail-modal";
import { OrderFilters } from "./order-filters";
import { OrderFormModal, type OrderFormTarget } from "./order-form-modal";
import { OrdersTable } from "./orders-table";
import { Pagination } from "./pagination";
import { useOrders } from "./use-orders";

type Notice = { tone: "success" | "error"; text: string };

/**
 * With 100 000 orders there are thousands of pages: Previous/Next alone cannot reach page 2 000.
 * Filters and search narrow the list; this jumps straight to a page number.
 */
function PageJump({ pages, page, onPage }: { pages: number; page: number; onPage: (page: number) => void }) {
  const [text, setText] = useState("");
  const target = Number(text);
  const valid = /^\d+$/.test(text.trim()) && target >= 1 && target <= pages;
  return (
    <form
      className="adm-pagination adm-page-jump"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        onPage(target);
        setText("");
      }}
    >
      <label className="adm-muted">
        Go to page{" "}
        <input
          type="number"
          min={1}
          max={pages}
          inputMode="numeric"
          value={text}
          placeholder={String(page)}
          onChange={(event) => setText(event.target.value)}
          aria-label={`Page number, 1 to ${pages}`}
          data-testid="orders-page-jump"
          style={{ width: "6em" }}
        />
      </label>
      <Button size="sm" type="submit" disabled={!valid} data-testid="orders-page-go">
        Go
      </Button>
    </form>
  );
}

export function OrdersPanel() {
  const orders = useOrders();
  const { data, loading, error } = orders;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkBusy, setBulkBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [formTarget, setFormTarget] = useState<OrderFormTarget | null>(null);
  const [formKey, setFormKey] = useState(0);

  const statuses = data?.options?.statuses ?? [];
  const orderTypes = data?.options?.order_types ?? [];
  const sorts = data?.options?.sorts ?? [];
  const sortableFields = useMemo(() => new Set(sorts.map((option) => option.value.replace(/^-/, ""))), [sorts]);

  // A selection only means something for the rows on screen.
  useEffect(() => setSelected(new Set()), [orders.filters, orders.sort, orders.page]);

  const openForm = (target: OrderFormTarget) => {
    setFormKey((value) => value + 1);
    setFormTarget(target);
  };

  const applyBulk = async (status: string) => {
    setBulkBusy(true);
    setNotice(null);
    try {
      const answer = await apiRequest<{ updated?: number }>("/admin/orders/bulk-status", {
        method: "POST",
        body: { order_ids: [...selected], status },
      });
      const updated = answer?.updated ?? selected.size;
      setNotice({ tone: "success", text: `${updated} ${updated === 1 ? "order" : "orders"} updated.` });
      setSelected(new Set());
      orders.reload();
    } catch (reason) {
      console.warn("Bulk status update failed", reason);
      setNotice({ tone: "error", text: "Bulk update failed." });
    } finally {
      setBulkBusy(false);
    }
  };

  const results = data?.results ?? [];
  return (
    <div className="adm-panel" data-testid="orders-panel">
      <div className="adm-panel-head">
        <h2 className="adm-panel-title">Orders</h2>
        <div className="adm-panel-actions">
          <Button onClick={orders.reload} aria-busy={loading || undefined} data-testid="orders-refresh">
            Refresh
          </Button>
          <Button variant="primary" onClick={() => openForm({ mode: "create" })} data-testid="orders-new">
            New order
          </Button>
        </div>
      </div>

      <OrderFilters
        filters={orders.filters}
        onChange={orders.setFilters}
        statuses={statuses}
        orderTypes={orderTypes}
        sorts={sorts}
        sort={orders.sort}
        onSortChange={orders.setSort}
        statusCounts={data?.summary?.status_counts}
      />

      {notice ? (
        <Alert tone={notice.tone} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}

      <BulkStatusBar count={selected.size} statuses={statuses} busy={bulkBusy} onApply={applyBulk} onClear={() => setSelected(new Set())} />

      {!data && loading ? <LoadingText>Loading orders…</LoadingText> : null}
      {data && results.length === 0 && !loading ? <EmptyState title="No orders yet." /> : null}
      {results.length > 0 ? (
        <div aria-busy={loading || undefined} className={loading ? "adm-dim" : undefined}>
          <OrdersTable
            orders={results}
            sort={orders.sort}
            sortableFields={sortableFields}
            onSort={orders.setSort}
            selected={selected}
            onSelectedChange={setSelected}
            onView={(order) => setDetailId(order.id)}
            onEdit={(order) => openForm({ mode: "edit", orderId: order.id })}
          />
        </div>
      ) : null}
      {data?.pagination && data.pagination.total > 0 ? <Pagination pagination={data.pagination} onPage={orders.setPage} /> : null}
      {data?.pagination && data.pagination.pages > 2 ? <PageJump pages={data.pagination.pages} page={orders.page} onPage={orders.setPage} /> : null}

      <OrderDetailModal
        orderId={detailId}
        statuses={statuses}
        onClose={() => setDetailId(null)}
        onEdit={(order: Order) => {
          setDetailId(null);
          openForm({ mode: "edit", orderId: order.id });
        }}
        onChanged={orders.reload}
      />
      {formTarget ? (
        <OrderFormModal
          key={formKey}
          target={formTarget}
          statuses={statuses}
          orderTypes={orderTypes}
          onClose={() => setFormTarget(null)}
          onSaved={() => {
            setNotice({ tone: "success", text: formTarget.mode === "create" ? "Order created." : "Changes saved." });
            setFormTarget(null);
            orders.reload();
          }}
        />
      ) : null}
    </div>
  );
}
