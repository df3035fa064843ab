import { useEffect, useRef, useState } from "react";
import { Alert, Button, LoadingText, Modal } from "../../../components/ui";
import { apiRequest } from "../../../lib/api";
import { loadErrorMessage } from "../shared/error-message";
import { formatAmount, formatDate, formatDateTime, formatRelative } from "../../../lib/format";
import { productionLabel } from "../shared/production";
import type { Option, Order, OrderAddress, OrderEvent, OrderItem } from "../types";
import { AttachLayout } from "./attach-layout";
import { OrderCsvLink } from "./order-csv-link";
import { OrderStatusBadge, ProductionStatusBadge } from "./order-status-badge";
import { eventSentence } from "./order-event-sentence";

export function OrderDetailModal({
  orderId,
  statuses,
  onClose,
  onEdit,
  onChanged,
}: {
  orderId: number | null;
  statuses: Option[];
  onClose: () => void;
  onEdit: (order: Order) => void;
  onChanged: () => void;
}) {
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const statusRef = useRef<HTMLSelectElement>(null);

  useEffect(() => {
    if (orderId === null) return;
    const controller = new AbortController();
    setOrder(null);
    setError(null);
    setNotice(null);
    apiRequest<Order>(`/admin/orders/${orderId}`, { signal: controller.signal })
      .then((answer) => {
        setOrder(answer);
        setStatus(answer.status);
      })
      .catch((reason) => {
        if (!controller.signal.aborted) setError(loadErrorMessage(reason, "Failed to load order details."));
      });
    return () => controller.abort();
  }, [orderId]);

  const updateStatus = async () => {
    if (!order || status === order.status) return;
    setSaving(true);
    setNotice(null);
    try {
      const answer = await apiRequest<Order>(`/admin/orders/${order.id}/status`, { method: "PATCH", body: { status } });
      setOrder((previous) => (answer && typeof answer === "object" && "id" in answer ? { ...previous, ...answer } : previous && { ...previous, status }));
      setNotice({ tone: "success", text: "Changes saved." });
      onChanged();
    } catch {
      setNotice({ tone: "error", text: "Failed to update order status." });
    } finally {
      setSaving(false);
      // The button disables itself while saving: keep keyboard focus inside the dialog.
      requestAnimationFrame(() => statusRef.current?.focus());
    }
  };

  return (
    <Modal
      open={orderId !== null}
      title={order ? `Order ${order.order_number}` : "Order details"}
      onClose={onClose}
      size="lg"
      footer={
        <>
          {order ? <OrderCsvLink key={order.id} orderId={order.id} orderNumber={order.order_number} /> : null}
          {order ? (
            <Button onClick={() => onEdit(order)} data-testid="order-detail-edit">
              Edit order
            </Button>
          ) : null}
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="adm-detail" data-testid="order-detail">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {!order && !error ? <LoadingText>Loading order…</LoadingText> : null}
        {order ? (
          <>
            {notice ? (
              <Alert tone={notice.tone} onClose={() => setNotice(null)}>
                {notice.text}
              </Alert>
            ) : null}
            <section aria-label="Summary" className="adm-detail-section">
              <dl className="adm-dl">
                <div>
                  <dt>Customer</dt>
                  <dd className="adm-break">{order.user_email ?? order.customer_email ?? "—"}</dd>
                </div>
                <div>
                  <dt>Type</dt>
                  <dd>{order.order_type_label || order.order_type}</dd>
                </div>
                <div>
                  <dt>Status</dt>
                  <dd>
                    <OrderStatusBadge status={order.status} label={statuses.find((entry) => entry.value === order.status)?.label ?? order.status_label} />
                  </dd>
                </div>
                <div>
                  <dt>Production</dt>
                  <dd>
                    <ProductionStatusBadge status={order.production_status} label={productionLabel(order.production_status)} />
                  </dd>
                </div>
                <div>
                  <dt>Subtotal</dt>
                  <dd>
                    {formatAmount(order.subtotal_amount)} {order.currency}
                  </dd>
                </div>
                <div>
                  <dt>Total</dt>
                  <dd data-testid="order-detail-total">
                    {formatAmount(order.total_amount)} {order.currency}
                  </dd>
                </div>
                <div>
                  <dt>Created</dt>
                  <dd>
                    {formatDateTime(order.created_at)} <span className="adm-muted">({formatRelative(order.created_at)})</span>
                  </dd>
                </div>
                <div>
                  <dt>Production started</dt>
                  <dd>{formatDateTime(order.production_start_at)}</dd>
                </div>
                <div>
                  <dt>Fulfilled</dt>
                  <dd>{formatDateTime(order.fulfilled_at)}</dd>
                </div>
              </dl>
              {order.notes ? <p className="adm-notes">{order.notes}</p> : null}
              <div className="adm-inline-form">
                <label className="adm-inline-field">
                  <span>Change status</span>
                  <select ref={statusRef} value={status} onChange={(event) => setStatus(event.target.value)} data-testid="order-detail-status">
                    {statuses.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </label>
                <Button size="sm" disabled={status === order.status} busy={saving} onClick={updateStatus} data-testid="order-detail-status-save">
                  {saving ? "Updating…" : "Update status"}
                </Button>
              </div>
            </section>

            <section className="adm-detail-section" aria-labelledby="adm-detail-items">
              <h3 id="adm-detail-items">Items</h3>
              {order.items && order.items.length > 0 ? (
                <div className="adm-table-wrap">
                  <table className="adm-table adm-table-compact" data-testid="order-detail-items">
                    <thead>
                      <tr>
                        <th scope="col">Description</th>
                        <th scope="col" className="adm-num">
                          Qty
                        </th>
                        <th scope="col" className="adm-num">
                          Unit price
                        </th>
                        <th scope="col" className="adm-num">
                          Total
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {order.items.map((item, index) => (
                        <tr key={item.id ?? index}>
                          <td data-label="Description">
                            {item.description}
                            {itemDetails(item) ? <span className="adm-muted adm-block">{itemDetails(item)}</span> : null}
                          </td>
                          <td data-label="Qty" className="adm-num">
                            {item.quantity}
                          </td>
                          <td data-label="Unit price" className="adm-num">
                            {formatAmount(item.unit_price)}
                          </td>
                          <td data-label="Total" className="adm-num">
                            {formatAmount(item.total_price)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p className="adm-muted">No items.</p>
              )}
            </section>

            <section className="adm-detail-section" aria-labelledby="adm-detail-addresses">
              <h3 id="adm-detail-addresses">Addresses</h3>
              {order.addresses && order.addresses.length > 0 ? (
                <div className="adm-address-grid">
                  {order.addresses.map((address) => (
                    <AddressCard key={address.id} address={address} />
                  ))}
                </div>
              ) : (
                <p className="adm-muted">No addresses.</p>
              )}
            </section>

            <section className="adm-detail-section" aria-labelledby="adm-detail-events">
              <h3 id="adm-detail-events">Events</h3>
              {order.events && order.events.length > 0 ? (
                <ol className="adm-timeline" data-testid="order-detail-events">
                  {order.events.map((event) => (
                    <EventEntry key={event.id} event={event} currency={order.currency || "USD"} />
                  ))}
                </ol>
              ) : (
                <p className="adm-muted">No events.</p>
              )}
            </section>

            <AttachLayout
              orderId={order.id}
              fileStatus={(order as { file_status?: string | null }).file_status}
              onAttached={() => {
                onChanged();
                void apiRequest<Order>(`/admin/orders/${order.id}`).then(setOrder, () => undefined);
              }}
            />

            <section className="adm-detail-section" aria-labelledby="adm-detail-scanner">
              <h3 id="adm-detail-scanner">Scanner job</h3>
              {order.scanner_job ? (
                <dl className="adm-dl">
                  <div>
                    <dt>Status</dt>
                    <dd>{order.scanner_job.status ?? "—"}</dd>
                  </div>
                  <div>
                    <dt>Captured</dt>
                    <dd>{formatDateTime(order.scanner_job.captured_at)}</dd>
                  </div>
                  <div>
                    <dt>Processed</dt>
                    <dd>{formatDateTime(order.scanner_job.processed_at)}</dd>
                  </div>
                  <div>
                    <dt>Vector path</dt>
                    <dd className="adm-break adm-mono">{order.scanner_job.vector_path ?? "—"}</dd>
                  </div>
                </dl>
              ) : (
                <p className="adm-muted">No scanner job.</p>
              )}
            </section>

            <section className="adm-detail-section" aria-labelledby="adm-detail-calculator">
              <h3 id="adm-detail-calculator">Calculator payload</h3>
              {order.calculator_payload ? (
                <pre className="adm-pre" tabIndex={0}>
                  {JSON.stringify(order.calculator_payload, null, 2)}
                </pre>
              ) : (
                <p className="adm-muted">No calculator payload.</p>
              )}
            </section>
          </>
        ) : null}
      </div>
    </Modal>
  );
}

/** Product name (when it differs from the description), material and dimensions on one line. */
function itemDetails(item: OrderItem): string {
  const meta = item.metadata;
  if (!meta) return "";
  const product = meta.productName && meta.productName !== item.description ? meta.productName : null;
  return [product, meta.material, meta.dimensions].filter(Boolean).join(" · ");
}

function AddressCard({ address }: { address: OrderAddress }) {
  const name = [address.first_name, address.last_name].filter(Boolean).join(" ");
  const cityLine = [address.city, address.state, address.postal_code].filter(Boolean).join(", ");
  return (
    <address className="adm-address">
      <strong>{address.address_type === "billing" ? "Billing" : address.address_type === "shipping" ? "Shipping" : address.address_type}</strong>
      {name ? <span>{name}</span> : null}
      {address.company ? <span>{address.company}</span> : null}
      {address.line1 ? <span>{address.line1}</span> : null}
      {address.line2 ? <span>{address.line2}</span> : null}
      {cityLine ? <span>{cityLine}</span> : null}
      {address.country_code ? <span>{address.country_code}</span> : null}
      {address.phone ? <span>{address.phone}</span> : null}
    </address>
  );
}

function EventEntry({ event, currency }: { event: OrderEvent; currency: string }) {
  const detail = eventSentence(event.event_type, event.payload, currency);
  return (
    <li className="adm-timeline-item">
      <span className="adm-timeline-detail" data-testid="order-event-sentence" data-event-type={event.event_type}>
        {detail}
      </span>
      <span className="adm-muted">
        <time dateTime={event.created_at ?? undefined} title={formatDateTime(event.created_at)}>
          {formatDate(event.created_at)} · {formatRelative(event.created_at)}
        </time>
        {event.actor_email ? ` · ${event.actor_email}` : null}
      </span>
    </li>
  );
}
