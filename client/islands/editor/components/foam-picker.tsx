import { useEffect, useState, type FormEvent } from "react";
import { findModel, listBrands, listModels } from "../../../../db/seed/reference/toolboxes";
import { customFoam, foamFromDrawer, inchesToMm, mmToInches, validateFoam, withThickness } from "../core/foam";
import type { Foam } from "../core/types";
import { SidebarSection } from "./sidebar-section";

type Mode = "catalog" | "custom";

function catalogSelection(foam: Foam) {
  return foam.source.kind === "catalog"
    ? { brand: foam.source.brand, modelId: foam.source.modelId, drawerId: foam.source.drawerId }
    : { brand: "", modelId: "", drawerId: "" };
}

const inches = (mm: number) => String(mmToInches(mm));

type InchFieldProps = { label: string; value: string; onChange: (value: string) => void; testId: string; hint?: string };

/** A size typed in inches; kept as text so a half-typed number is not rewritten under the cursor. */
function InchField({ label, value, onChange, testId, hint }: InchFieldProps) {
  const hintId = hint ? `${testId}-hint` : undefined;
  return (
    <label className="fe-field">
      <span>{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hintId}
        data-testid={testId}
      />
      {hint && (
        <small id={hintId} className="fe-muted">
          {hint}
        </small>
      )}
    </label>
  );
}

/**
 * The foam sheet: a drawer or compartment from the built-in toolbox/case database (brand →
 * model → drawer), or a custom size. Selects apply at once; typed sizes apply with the button,
 * so one change is one undo step rather than one per keystroke.
 */
export function FoamPicker({ foam, onChange }: { foam: Foam; onChange: (foam: Foam) => void }) {
  const [mode, setMode] = useState<Mode>(foam.source.kind);
  const [selection, setSelection] = useState(() => catalogSelection(foam));
  const [size, setSize] = useState(() => ({ width: inches(foam.width_mm), depth: inches(foam.depth_mm), thickness: inches(foam.thickness_mm) }));
  const [error, setError] = useState<string | null>(null);

  // Undo/redo can change the foam under the form: show what is really in use.
  useEffect(() => {
    setMode(foam.source.kind);
    setSelection(catalogSelection(foam));
    setSize({ width: inches(foam.width_mm), depth: inches(foam.depth_mm), thickness: inches(foam.thickness_mm) });
    setError(null);
  }, [foam]);

  const models = selection.brand ? listModels(selection.brand) : [];
  const model = selection.modelId ? findModel(selection.modelId) : undefined;

  const applyDrawer = (modelId: string, drawerId: string) => {
    const found = findModel(modelId);
    const drawer = found?.model.drawers.find((item) => item.id === drawerId) ?? found?.model.drawers[0];
    if (!found || !drawer) return;
    onChange(foamFromDrawer(found.container, found.model, drawer, foam.thickness_mm));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const thickness = inchesToMm(Number(size.thickness));
    const width = mode === "custom" ? inchesToMm(Number(size.width)) : foam.width_mm;
    const depth = mode === "custom" ? inchesToMm(Number(size.depth)) : foam.depth_mm;
    const problem = validateFoam(width, depth, thickness);
    setError(problem);
    if (problem) return;
    onChange(mode === "custom" ? customFoam(width, depth, thickness) : withThickness(foam, thickness));
  };

  return (
    <SidebarSection title="Foam" id="fe-foam">
      <p className="fe-foam-current" data-testid="fe-foam-label">
        <strong>{foam.label}</strong>
        <span data-testid="fe-foam-size">
          {foam.width_mm} × {foam.depth_mm} mm, {foam.thickness_mm} mm thick
        </span>
      </p>
      <form className="fe-foam-form" onSubmit={onSubmit} noValidate>
        <fieldset className="fe-radios">
          <legend className="fe-visually-hidden">Foam size from</legend>
          <label className="fe-check">
            <input type="radio" name="fe-foam-mode" checked={mode === "catalog"} onChange={() => setMode("catalog")} data-testid="fe-foam-mode-catalog" />
            Toolbox or case
          </label>
          <label className="fe-check">
            <input type="radio" name="fe-foam-mode" checked={mode === "custom"} onChange={() => setMode("custom")} data-testid="fe-foam-mode-custom" />
            Custom size
          </label>
        </fieldset>
        {mode === "catalog" ? (
          <>
            <label className="fe-field">
              <span>Brand</span>
              <select
                value={selection.brand}
                onChange={(event) => setSelection({ brand: event.target.value, modelId: "", drawerId: "" })}
                data-testid="fe-foam-brand"
              >
                <option value="">Choose a brand</option>
                {listBrands().map((brand) => (
                  <option key={brand} value={brand}>
                    {brand}
                  </option>
                ))}
              </select>
            </label>
            <label className="fe-field">
              <span>Model</span>
              <select
                value={selection.modelId}
                disabled={!selection.brand}
                onChange={(event) => {
                  const modelId = event.target.value;
                  setSelection({ ...selection, modelId, drawerId: "" });
                  if (modelId) applyDrawer(modelId, "");
                }}
                data-testid="fe-foam-model"
              >
                <option value="">Choose a model</option>
                {models.map(({ container, model: item }) => (
                  <option key={item.id} value={item.id}>
                    {container.series && container.series !== container.brand ? `${container.series} — ` : ""}
                    {item.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="fe-field">
              <span>Drawer / compartment</span>
              <select
                value={selection.drawerId}
                disabled={!model}
                onChange={(event) => applyDrawer(selection.modelId, event.target.value)}
                data-testid="fe-foam-drawer"
              >
                {!selection.drawerId && <option value="">Choose a drawer</option>}
                {model?.model.drawers.map((drawer) => (
                  <option key={drawer.id} value={drawer.id}>
                    {drawer.label} ({drawer.width_in} × {drawer.depth_in} in)
                  </option>
                ))}
              </select>
            </label>
          </>
        ) : (
          <div className="fe-size-row">
            <InchField label="Width (in)" value={size.width} onChange={(width) => setSize({ ...size, width })} testId="fe-foam-width" />
            <InchField label="Depth (in)" value={size.depth} onChange={(depth) => setSize({ ...size, depth })} testId="fe-foam-depth" />
          </div>
        )}
        <InchField
          label="Thickness (in)"
          value={size.thickness}
          onChange={(thickness) => setSize({ ...size, thickness })}
          testId="fe-foam-thickness"
          hint={`10–100 mm (${Number.isFinite(Number(size.thickness)) ? inchesToMm(Number(size.thickness)) : "?"} mm)`}
        />
        {error && (
          <p className="fe-error" role="alert" data-testid="fe-foam-error">
            {error}
          </p>
        )}
        <button type="submit" className="fe-button" data-testid="fe-foam-apply">
          {mode === "custom" ? "Apply size" : "Apply thickness"}
        </button>
      </form>
    </SidebarSection>
  );
}
