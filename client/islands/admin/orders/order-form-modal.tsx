import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, Button, Field, LoadingText, Modal } from "../../../components/ui";
import { apiRequest } from "../../../lib/api";
import { useFocusAfterRender } from "../../../lib/use-focus-after-render";
import { detailOr, loadErrorMessage } from "../shared/error-message";
import { PRODUCTION_COLUMNS } from "../shared/production";
import type { Option, Order } from "../types";
import { OrderItemRows } from "./order-item-rows";
import {
  formFromOrder,
  hasErrors,
  newOrderForm,
  orderPayload,
  serverFieldErrors,
  validateOrderForm,
  type OrderFormErrors,
  type OrderFormState,
} from "./order-form-state";

export type OrderFormTarget = { mode: "create" } | { mode: "edit"; orderId: number };

const FORM_ID = "adm-order-form";

export function OrderFormModal({
  target,
  statuses,
  orderTypes,
  onClose,
  onSaved,
}: {
  target: OrderFormTarget;
  statuses: Option[];
  orderTypes: Option[];
  onClose: () => void;
  onSaved: (order: Order | null) => void;
}) {
  const editId = target.mode === "edit" ? target.orderId : null;
  // Mounted per opening (the parent keys it), so a create form is ready before the dialog takes focus.
  const [form, setForm] = useState<OrderFormState | null>(() =>
    editId === null
      ? newOrderForm({
          orderType: orderTypes.some((entry) => entry.value === "custom") ? "custom" : (orderTypes[0]?.value ?? ""),
          status: statuses[0]?.value ?? "draft",
        })
      : null,
  );
  const [errors, setErrors] = useState<OrderFormErrors>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (editId === null) return;
    const controller = new AbortController();
    apiRequest<Order>(`/admin/orders/${editId}`, { signal: controller.signal })
      .then((order) => setForm(formFromOrder(order)))
      .catch((reason) => {
        if (!controller.signal.aborted) setLoadError(loadErrorMessage(reason, "Failed to load order data."));
      });
    return () => controller.abort();
  }, [editId]);

  const set = <K extends keyof OrderFormState>(key: K, value: OrderFormState[K]) => setForm((previous) => (previous ? { ...previous, [key]: value } : previous));

  // After a refused check or save: the field at fault, else the Save button, once the errors show.
  const focusFault = useFocusAfterRender(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? saveRef.current);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form || saving) return;
    const found = validateOrderForm(form);
    setErrors(found);
    if (hasErrors(found)) {
      focusFault();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const body = orderPayload(form, editId === null ? "create" : "edit");
      const saved = await apiRequest<Order>(editId === null ? "/admin/orders" : `/admin/orders/${editId}`, {
        method: editId === null ? "POST" : "PATCH",
        body,
      });
      onSaved(saved ?? null);
    } catch (error) {
      console.warn("Order save failed", error);
      setSaveError("Failed to save order.");
      // The banner keeps the SPEC's text; the server's reason goes under the field it is about.
      setErrors(serverFieldErrors(detailOr(error, ""), form));
      focusFault();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={editId === null ? "New order" : "Edit order"}
      onClose={onClose}
      size="lg"
      closeOnBackdrop={false}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button ref={saveRef} variant="primary" type="submit" form={FORM_ID} busy={saving} disabled={!form} data-testid="order-form-save">
            {saving ? "Saving…" : editId === null ? "Create order" : "Save changes"}
          </Button>
        </>
      }
    >
      {loadError ? <Alert tone="error">{loadError}</Alert> : null}
      {!form && !loadError ? <LoadingText>Loading order…</LoadingText> : null}
      {form ? (
        <form ref={formRef} id={FORM_ID} className="adm-order-form" noValidate onSubmit={submit} data-testid="order-form">
          {saveError ? <Alert tone="error">{saveError}</Alert> : null}
          <div className="adm-form-grid">
            <Field label="Order number" required error={errors.orderNumber}>
              <input value={form.orderNumber} onChange={(event) => set("orderNumber", event.target.value)} data-testid="order-form-number" />
            </Field>
            <Field label="Customer email" required error={errors.customerEmail}>
              <input
                type="email"
                autoComplete="off"
                value={form.customerEmail}
                onChange={(event) => set("customerEmail", event.target.value)}
                data-autofocus
                data-testid="order-form-email"
              />
            </Field>
            {editId === null && orderTypes.length > 0 ? (
              <Field label="Order type">
                <select value={form.orderType} onChange={(event) => set("orderType", event.target.value)} data-testid="order-form-type">
                  {orderTypes.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
            <Field label="Status">
              <select value={form.status} onChange={(event) => set("status", event.target.value)} data-testid="order-form-status">
                {statuses.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Production status">
              <select value={form.productionStatus} onChange={(event) => set("productionStatus", event.target.value)}>
                {PRODUCTION_COLUMNS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Currency" error={errors.currency}>
              <input
                value={form.currency}
                maxLength={3}
                autoCapitalize="characters"
                onChange={(event) => set("currency", event.target.value.toUpperCase())}
                data-testid="order-form-currency"
              />
            </Field>
          </div>
          <OrderItemRows rows={form.items} onChange={(items) => set("items", items)} errors={errors.items} currency={form.currency || "USD"} />
          <Field label="Notes">
            <textarea rows={3} value={form.notes} onChange={(event) => set("notes", event.target.value)} />
          </Field>
        </form>
      ) : null}
    </Modal>
  );
}
