import { useRef, useState, type FormEvent } from "react";
import { Alert, Button, Field } from "../../../components/ui";
import { integerOrNull, numberOrNull, textOrNull, toInput } from "../shared/form-values";
import type { Material } from "../types";
import { useFocusAfterRender } from "../../../lib/use-focus-after-render";

type Values = {
  name: string;
  supplier: string;
  color: string;
  density_kg_m3: string;
  hardness_shore: string;
  sheet_length_mm: string;
  sheet_width_mm: string;
  sheet_thickness_mm: string;
  sheet_cost: string;
  lead_time_days: string;
  notes: string;
};

const DECIMAL_FIELDS = [
  ["density_kg_m3", "Density (kg/m³)"],
  ["hardness_shore", "Hardness (Shore)"],
  ["sheet_length_mm", "Sheet length (mm)"],
  ["sheet_width_mm", "Sheet width (mm)"],
  ["sheet_thickness_mm", "Sheet thickness (mm)"],
  ["sheet_cost", "Sheet cost (USD)"],
] as const;

function valuesOf(material: Material | null): Values {
  return {
    name: material?.name ?? "",
    supplier: toInput(material?.supplier),
    color: toInput(material?.color),
    density_kg_m3: toInput(material?.density_kg_m3),
    hardness_shore: toInput(material?.hardness_shore),
    sheet_length_mm: toInput(material?.sheet_length_mm),
    sheet_width_mm: toInput(material?.sheet_width_mm),
    sheet_thickness_mm: toInput(material?.sheet_thickness_mm),
    sheet_cost: toInput(material?.sheet_cost),
    lead_time_days: toInput(material?.lead_time_days),
    notes: toInput(material?.notes),
  };
}

/** SPEC section 5: name required and trimmed; empty optional text null; numbers parsed or null; lead time integer. */
export function materialPayload(values: Values) {
  const cost = numberOrNull(values.sheet_cost);
  return {
    name: values.name.trim(),
    supplier: textOrNull(values.supplier),
    color: textOrNull(values.color),
    density_kg_m3: numberOrNull(values.density_kg_m3),
    hardness_shore: numberOrNull(values.hardness_shore),
    sheet_length_mm: numberOrNull(values.sheet_length_mm),
    sheet_width_mm: numberOrNull(values.sheet_width_mm),
    sheet_thickness_mm: numberOrNull(values.sheet_thickness_mm),
    // Money travels as a decimal string.
    sheet_cost: cost === null ? null : cost.toFixed(2),
    lead_time_days: integerOrNull(values.lead_time_days),
    notes: textOrNull(values.notes),
    is_active: true,
  };
}

export function MaterialForm({
  material,
  failure,
  onSave,
  onCancel,
  focusOnMount = false,
}: {
  material: Material | null;
  failure: string | null;
  onSave: (body: ReturnType<typeof materialPayload>) => Promise<void>;
  onCancel: () => void;
  /** Set when the form is re-created after Save, Cancel, Edit or Reopen, so keyboard focus lands in it. */
  focusOnMount?: boolean;
}) {
  const [values, setValues] = useState<Values>(() => valuesOf(material));
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  const focusSave = useFocusAfterRender(() => saveRef.current);
  const editing = material !== null;
  const set = (key: keyof Values, value: string) => setValues((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim()) {
      setNameError("Material name is required.");
      return;
    }
    setNameError(null);
    setBusy(true);
    await onSave(materialPayload(values));
    setBusy(false);
    // Still mounted means the save failed (success re-creates the form): focus back on Save, once
    // the render that takes it out of its busy state is committed.
    focusSave();
  };

  return (
    <form className="adm-entity-form" noValidate onSubmit={submit} aria-labelledby="adm-material-form-title" data-testid="material-form">
      <h3 id="adm-material-form-title" className="adm-section-title">
        {editing ? (material.is_active ? "Edit material" : "Reopen material") : "Add material"}
      </h3>
      {editing && !material.is_active ? <p className="adm-muted">Save to make this material active again.</p> : null}
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <Field label="Material name" required error={nameError ?? undefined}>
        <input value={values.name} onChange={(event) => set("name", event.target.value)} autoFocus={focusOnMount} data-testid="material-name" />
      </Field>
      <div className="adm-form-grid">
        <Field label="Supplier">
          <input value={values.supplier} onChange={(event) => set("supplier", event.target.value)} data-testid="material-supplier" />
        </Field>
        <Field label="Colour">
          <input value={values.color} onChange={(event) => set("color", event.target.value)} data-testid="material-color" />
        </Field>
        {DECIMAL_FIELDS.map(([key, label]) => (
          <Field key={key} label={label}>
            <input type="number" step={0.01} min={0} inputMode="decimal" value={values[key]} onChange={(event) => set(key, event.target.value)} data-testid={`material-${key}`} />
          </Field>
        ))}
        <Field label="Lead time (days)">
          <input type="number" step={1} min={0} inputMode="numeric" value={values.lead_time_days} onChange={(event) => set("lead_time_days", event.target.value)} data-testid="material-lead_time_days" />
        </Field>
      </div>
      <Field label="Notes">
        <textarea rows={3} value={values.notes} onChange={(event) => set("notes", event.target.value)} data-testid="material-notes" />
      </Field>
      <div className="adm-form-actions">
        <Button ref={saveRef} variant="primary" type="submit" busy={busy} data-testid="material-save">
          {busy ? "Saving…" : "Save"}
        </Button>
        {editing ? (
          <Button onClick={onCancel} data-testid="material-cancel">
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
