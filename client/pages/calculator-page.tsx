import { useEffect, useMemo, useRef, useState } from "react";
import { findModel, listBrands, listModels, type ToolboxModel } from "../../db/seed/reference/toolboxes";
import { calculatePrice } from "../../common/pricing";
import { Alert } from "../components/ui/alert";
import { Button, ButtonLink } from "../components/ui/button";
import { Checkbox } from "../components/ui/checkbox";
import { Field } from "../components/ui/field";
import {
  clampThickness,
  defaultDrawerIds,
  defaultThickness,
  drawersMap,
  emptyState,
  loadCalculation,
  parseThickness,
  saveCalculation,
  THICKNESS_MAX,
  THICKNESS_MIN,
  THICKNESS_STEP,
  type CalculatorState,
} from "./calculator/calculator-state";
import { FoamPreview, ModelPreview } from "./calculator/previews";
import { PriceSummary } from "./calculator/price-summary";
import { PrintQuote } from "./calculator/print-quote";
import { mailtoHref, type QuoteInput } from "./calculator/quote";
import { useReferenceData, type FoamMaterial } from "./reference-data";
import { apiRequest, ApiError } from "../lib/api";
import { goTo, rememberRedirect } from "../lib/navigation";
import { useSession } from "../lib/session-context";
import { href } from "../routes";

const BRANDS = listBrands();

export function CalculatorPage() {
  const reference = useReferenceData(true);
  const materials = reference.data?.materials ?? [];
  const [brand, setBrand] = useState("");
  const [state, setState] = useState<CalculatorState>(emptyState);
  const [thicknessText, setThicknessText] = useState("");
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const [quoteMessage, setQuoteMessage] = useState<{ tone: "success" | "error" | "info"; text: string } | null>(null);
  const [requesting, setRequesting] = useState(false);
  const session = useSession();
  const touched = useRef(false);

  const found = state.toolboxModelId ? findModel(state.toolboxModelId) : undefined;
  const model = found?.model ?? null;
  const container = found?.container ?? null;
  const material: FoamMaterial | null = materials.find((item) => item.id === state.foamMaterialId) ?? null;
  const models = useMemo(() => (brand ? listModels(brand) : []), [brand]);
  const seriesGroups = useMemo(() => {
    const groups: { series: string; models: ToolboxModel[] }[] = [];
    for (const { container: group, model: item } of models) {
      const last = groups[groups.length - 1];
      if (last && last.series === group.series) last.models.push(item);
      else groups.push({ series: group.series, models: [item] });
    }
    return groups;
  }, [models]);

  // A saved calculation comes back once the foam list is known (its material may have been archived since).
  useEffect(() => {
    if (restored || reference.status === "loading") return;
    setRestored(true);
    // Choices made while the foam list was loading win over the saved calculation.
    if (touched.current) return;
    const saved = loadCalculation();
    if (!saved) return;
    const savedModel = saved.toolboxModelId ? findModel(saved.toolboxModelId) : undefined;
    const savedMaterial = materials.find((item) => item.id === saved.foamMaterialId) ?? null;
    if (!savedModel && !savedMaterial) return;
    const validDrawers = new Set(savedModel?.model.drawers.map((drawer) => drawer.id) ?? []);
    setBrand(savedModel?.container.brand ?? "");
    const thickness = typeof saved.thicknessMm === "number" ? clampThickness(saved.thicknessMm) : savedMaterial ? defaultThickness(savedMaterial) : null;
    const base = emptyState();
    const number = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
    setState({
      ...base,
      labourMinutes: number(saved.labourMinutes, base.labourMinutes),
      labourRate: number(saved.labourRate, base.labourRate),
      markupPercent: number(saved.markupPercent, base.markupPercent),
      toolboxModelId: savedModel?.model.id ?? null,
      selectedDrawerIds: Array.isArray(saved.selectedDrawerIds) ? saved.selectedDrawerIds.filter((id) => validDrawers.has(id)) : [],
      drawers: drawersMap(savedModel?.model),
      foamMaterialId: savedMaterial?.id ?? null,
      thicknessMm: savedMaterial ? thickness : null,
      color: typeof saved.color === "string" ? saved.color : "",
    });
    setThicknessText(savedMaterial && thickness !== null ? String(thickness) : "");
  }, [reference.status, restored, materials]);

  const selectedDrawers = model ? model.drawers.filter((drawer) => state.selectedDrawerIds.includes(drawer.id)) : [];
  const result = model && material ? calculatePrice({ drawers: selectedDrawers, material, thickness_mm: state.thicknessMm }) : null;
  const quote: QuoteInput = {
    brand: container?.brand ?? null,
    modelName: model?.name ?? null,
    drawerLabels: selectedDrawers.map((drawer) => drawer.label),
    foamName: material?.name ?? null,
    thicknessMm: state.thicknessMm,
    color: state.color,
    result,
  };

  const update = (patch: Partial<CalculatorState>) => {
    touched.current = true;
    setSavedMessage(null);
    setState((previous) => ({ ...previous, ...patch }));
  };

  const chooseBrand = (value: string) => {
    setBrand(value);
    update({ toolboxModelId: null, selectedDrawerIds: [], drawers: {} });
  };

  const chooseModel = (id: string) => {
    const next = id ? findModel(id)?.model : undefined;
    update({ toolboxModelId: next?.id ?? null, selectedDrawerIds: defaultDrawerIds(next), drawers: drawersMap(next) });
  };

  const chooseMaterial = (id: string) => {
    const next = materials.find((item) => String(item.id) === id) ?? null;
    const thickness = next ? defaultThickness(next) : null;
    update({ foamMaterialId: next?.id ?? null, thicknessMm: thickness, color: next?.color ?? "" });
    setThicknessText(thickness === null ? "" : String(thickness));
  };

  const toggleDrawer = (id: string, checked: boolean) => {
    const ids = new Set(state.selectedDrawerIds);
    if (checked) ids.add(id);
    else ids.delete(id);
    // Keep the model's drawer order so quotes list drawers predictably.
    update({ selectedDrawerIds: (model?.drawers ?? []).map((drawer) => drawer.id).filter((drawerId) => ids.has(drawerId)) });
  };

  const changeThickness = (text: string) => {
    setThicknessText(text);
    const parsed = parseThickness(text);
    update({ thicknessMm: parsed ?? (material ? defaultThickness(material) : null) });
  };

  const save = () => {
    try {
      saveCalculation({
        ...state,
        brand: brand || null,
        savedAt: new Date().toISOString(),
        result: result
          ? {
              total_cents: result.total_cents,
              box_cost_cents: result.box_cost_cents,
              material_cost_cents: result.material_cost_cents,
              processing_cents: result.processing_cents,
            }
          : null,
      });
      setSavedMessage("Calculation saved!");
    } catch {
      setSavedMessage("The calculation could not be saved in this browser.");
    }
  };

  const ready = Boolean(model && material);

  // SPEC 1: "publish as a quote and convert to an order". A visitor signs in first; the choice is
  // saved locally so it is back when they return.
  const requestQuote = async () => {
    setQuoteMessage(null);
    if (!model || !material || !state.selectedDrawerIds.length) {
      setQuoteMessage({ tone: "error", text: "Choose a model, at least one drawer and a foam type first." });
      return;
    }
    if (session.status !== "signed-in") {
      save();
      setSavedMessage(null);
      rememberRedirect("/calculator");
      setQuoteMessage({ tone: "info", text: "Sign in to request a quote: your calculation is saved and will be here when you come back." });
      return;
    }
    setRequesting(true);
    try {
      const project = await apiRequest<{ id: number }>("/quotes/calculator", {
        method: "POST",
        body: {
          toolbox_model_id: model.id,
          drawer_ids: state.selectedDrawerIds,
          foam_material_id: material.id,
          thickness_mm: state.thicknessMm,
          color: state.color,
        },
      });
      setQuoteMessage({ tone: "success", text: "Quote requested. Opening your project…" });
      goTo(`/project?id=${project.id}`);
    } catch (failure) {
      setQuoteMessage({ tone: "error", text: failure instanceof ApiError ? failure.message : "Request failed" });
    } finally {
      setRequesting(false);
    }
  };

  return (
    <div className="page calculator-page">
      <header className="page-header no-print">
        <h1>Foam Insert Calculator</h1>
        <p>Pick your toolbox or case and a foam type to get a rough price for a custom insert.</p>
      </header>

      <div className="calculator-layout no-print">
        <div className="calculator-inputs">
          <section className="card" aria-labelledby="calc-container-title">
            <h2 className="card-title" id="calc-container-title">
              Toolbox or case
            </h2>
            {/* Brand and model stack: model names run to 50+ characters and must not be cut mid-word. */}
            <div className="calc-pickers">
              <Field label="Brand" id="calc-brand">
                <select value={brand} onChange={(event) => chooseBrand(event.target.value)}>
                  <option value="">Select a brand</option>
                  {BRANDS.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Model" id="calc-model" hint={brand ? undefined : "Choose a brand first."}>
                <select value={state.toolboxModelId ?? ""} disabled={!brand} onChange={(event) => chooseModel(event.target.value)}>
                  <option value="">{brand ? "Select a model" : "Select a brand first"}</option>
                  {seriesGroups.length > 1
                    ? seriesGroups.map((group) => (
                        <optgroup key={group.series} label={group.series}>
                          {group.models.map((item) => (
                            <option key={item.id} value={item.id}>
                              {item.name}
                            </option>
                          ))}
                        </optgroup>
                      ))
                    : models.map(({ model: item }) => (
                        <option key={item.id} value={item.id}>
                          {item.name}
                        </option>
                      ))}
                </select>
              </Field>
            </div>

            {model && container ? <ModelPreview model={model} container={container} /> : null}

            {model ? (
              <fieldset className="drawer-list">
                <legend>Drawers to fill ({selectedDrawers.length} of {model.drawers.length})</legend>
                <div className="drawer-grid">
                  {model.drawers.map((drawer) => (
                    <Checkbox
                      key={drawer.id}
                      label={drawer.label}
                      hint={`${drawer.width_in} × ${drawer.depth_in} in`}
                      checked={state.selectedDrawerIds.includes(drawer.id)}
                      onChange={(event) => toggleDrawer(drawer.id, event.target.checked)}
                    />
                  ))}
                </div>
                {model.drawers.length > 2 ? (
                  <div className="row">
                    <Button size="sm" variant="ghost" onClick={() => update({ selectedDrawerIds: model.drawers.map((drawer) => drawer.id) })}>
                      Select all
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => update({ selectedDrawerIds: [] })}>
                      Clear
                    </Button>
                  </div>
                ) : null}
              </fieldset>
            ) : null}
          </section>

          <section className="card" aria-labelledby="calc-foam-title">
            <h2 className="card-title" id="calc-foam-title">
              Foam
            </h2>
            {reference.status === "error" ? <Alert tone="error">Failed to load foam types. {reference.error}</Alert> : null}
            <Field label="Foam type" id="calc-foam">
              <select
                value={state.foamMaterialId === null ? "" : String(state.foamMaterialId)}
                disabled={reference.status !== "ready"}
                onChange={(event) => chooseMaterial(event.target.value)}
              >
                <option value="">{reference.status === "loading" ? "Loading foam types…" : "Select a foam type"}</option>
                {materials.map((item) => (
                  <option key={item.id} value={String(item.id)}>
                    {item.name}
                  </option>
                ))}
              </select>
            </Field>

            {material ? <FoamPreview material={material} /> : null}

            <div className="grid-2">
              <Field label="Foam thickness (mm)" id="calc-thickness" hint={`${THICKNESS_MIN}–${THICKNESS_MAX} mm, step ${THICKNESS_STEP}`}>
                <input
                  type="number"
                  inputMode="numeric"
                  min={THICKNESS_MIN}
                  max={THICKNESS_MAX}
                  step={THICKNESS_STEP}
                  value={thicknessText}
                  disabled={!material}
                  onChange={(event) => changeThickness(event.target.value)}
                  onBlur={() => {
                    if (state.thicknessMm !== null) setThicknessText(String(state.thicknessMm));
                  }}
                />
              </Field>
              <Field label="Colour" id="calc-color">
                <input type="text" value={state.color} maxLength={60} onChange={(event) => update({ color: event.target.value })} />
              </Field>
            </div>
          </section>
        </div>

        <aside className="calculator-results" aria-label="Quote">
          <PriceSummary result={result} ready={ready} drawerCount={selectedDrawers.length} />

          <div className="calculator-actions">
            <Button variant="primary" onClick={save}>
              Save Calculation
            </Button>
            <Button variant="secondary" onClick={() => window.print()}>
              Print Quote
            </Button>
            <ButtonLink variant="secondary" href={mailtoHref(quote)}>
              Email Quote
            </ButtonLink>
            <Button variant="primary" busy={requesting} onClick={() => void requestQuote()} data-testid="calc-request-quote">
              Request quote
            </Button>
          </div>
          {quoteMessage ? (
            <Alert tone={quoteMessage.tone} onClose={() => setQuoteMessage(null)}>
              {quoteMessage.text}
              {quoteMessage.tone === "info" ? (
                <>
                  {" "}
                  <a href={href("/login")}>Sign in</a>
                </>
              ) : null}
            </Alert>
          ) : null}
          {savedMessage ? (
            <Alert tone={savedMessage === "Calculation saved!" ? "success" : "error"} onClose={() => setSavedMessage(null)}>
              {savedMessage}
            </Alert>
          ) : null}
        </aside>
      </div>

      <PrintQuote quote={quote} showDate={restored} />
    </div>
  );
}
