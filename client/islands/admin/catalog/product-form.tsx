import { useRef, useState, type FormEvent } from "react";
import { Alert, Button, Field } from "../../../components/ui";
import { numberOrNull, textOrNull, toInput } from "../shared/form-values";
import type { Product } from "../types";
import { useFocusAfterRender } from "../../../lib/use-focus-after-render";

type Values = {
  name: string;
  manufacturer: string;
  sku: string;
  internal_length_mm: string;
  internal_width_mm: string;
  internal_depth_mm: string;
  weight_capacity_kg: string;
  description: string;
};

const NUMBER_FIELDS = [
  ["internal_length_mm", "Internal length (mm)"],
  ["internal_width_mm", "Internal width (mm)"],
  ["internal_depth_mm", "Internal depth (mm)"],
  ["weight_capacity_kg", "Weight capacity (kg)"],
] as const;

function valuesOf(product: Product | null): Values {
  return {
    name: product?.name ?? "",
    manufacturer: toInput(product?.manufacturer),
    sku: toInput(product?.sku),
    internal_length_mm: toInput(product?.internal_length_mm),
    internal_width_mm: toInput(product?.internal_width_mm),
    internal_depth_mm: toInput(product?.internal_depth_mm),
    weight_capacity_kg: toInput(product?.weight_capacity_kg),
    description: toInput(product?.description),
  };
}

/** SPEC section 5: name required; other text trimmed, empty becomes null; numbers parsed or null. */
export function productPayload(values: Values) {
  return {
    name: values.name.trim(),
    manufacturer: textOrNull(values.manufacturer),
    sku: textOrNull(values.sku),
    internal_length_mm: numberOrNull(values.internal_length_mm),
    internal_width_mm: numberOrNull(values.internal_width_mm),
    internal_depth_mm: numberOrNull(values.internal_depth_mm),
    weight_capacity_kg: numberOrNull(values.weight_capacity_kg),
    description: textOrNull(values.description),
    // Saving from the form also reactivates a product reopened from the archive.
    is_active: true,
  };
}

/** Add/Edit product; the parent remounts it (key) to switch between create and edit or to reset. */
export function ProductForm({
  product,
  failure,
  onSave,
  onCancel,
  focusOnMount = false,
}: {
  product: Product | null;
  failure: string | null;
  onSave: (body: ReturnType<typeof productPayload>) => Promise<void>;
  onCancel: () => void;
  /** Set when the form is re-created after Save, Cancel, Edit or Reopen, so keyboard focus lands in it. */
  focusOnMount?: boolean;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(product));
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  const focusSave = useFocusAfterRender(() => saveRef.current);
  const editing = product !== null;
  const set = (key: keyof Values, value: string) => setValues((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setNameError("Name is required.");
      return;
    }
    setNameError(null);
    setBusy(true);
    await onSave(productPayload(values));
    setBusy(false);
    // Still mounted means the save failed (success re-creates the form): focus back on Save, once
    // the render that takes it out of its busy state is committed.
    focusSave();
  };

  return (
    <form className="adm-entity-form" noValidate onSubmit={submit} aria-labelledby="adm-product-form-title" data-testid="product-form">
      <h3 id="adm-product-form-title" className="adm-section-title">
        {editing ? (product.is_active ? "Edit product" : "Reopen product") : "Add product"}
      </h3>
      {editing && !product.is_active ? <p className="adm-muted">Save to make this product active again.</p> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Name" required error={nameError ?? undefined}>
        <input value={values.name} onChange={(event) => set("name", event.target.value)} autoFocus={focusOnMount} data-testid="product-name" />
      </Field>
      <div className="adm-form-grid">
        <Field label="Manufacturer">
          <input value={values.manufacturer} onChange={(event) => set("manufacturer", event.target.value)} data-testid="product-manufacturer" />
        </Field>
        <Field label="SKU">
          <input value={values.sku} onChange={(event) => set("sku", event.target.value)} data-testid="product-sku" />
        </Field>
        {NUMBER_FIELDS.map(([key, label]) => (
          <Field key={key} label={label}>
            <input type="number" step={0.01} min={0} inputMode="decimal" value={values[key]} onChange={(event) => set(key, event.target.value)} data-testid={`product-${key}`} />
          </Field>
        ))}
      </div>
      <Field label="Description">
        <textarea rows={3} value={values.description} onChange={(event) => set("description", event.target.value)} data-testid="product-description" />
      </Field>
      <div className="adm-form-actions">
        <Button ref={saveRef} variant="primary" type="submit" busy={busy} data-testid="product-save">
          {busy ? "Saving…" : "Save"}
        </Button>
        {editing ? (
          <Button onClick={onCancel} data-testid="product-cancel">
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
