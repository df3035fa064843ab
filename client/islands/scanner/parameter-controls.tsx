import { useEffect, useId, useState } from "react";
import { clampParameter, parseToolHeight, TOOL_HEIGHT, type ParameterSpec, type ScanParameters } from "./scan-parameters";

/** A number box that keeps what is typed ("-", "0.") as a draft until blur or Enter commits it. */
function draftHandlers(setDraft: (text: string) => void, commit: () => void) {
  return {
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onBlur: commit,
    onKeyDown: (event: { key: string }) => {
      if (event.key === "Enter") commit();
    },
  };
}

function ParameterControl({ spec, value, onChange }: { spec: ParameterSpec; value: number; onChange: (value: number) => void }) {
  const id = `sc-param-${spec.key}-${useId().replace(/:/g, "")}`;
  // The number box keeps what is typed ("-", "0.") until it is committed on blur or Enter.
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    const next = clampParameter(spec, draft.trim() === "" ? Number.NaN : Number(draft));
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  const unit = spec.unit ? ` (${spec.unit})` : "";
  // A range input snaps its value to min + k·step: with RDP's min 0.05 and step 0.1 the default 0.3
  // would show as 0.35 and 5 could not be reached. The slider starts at a whole step instead and its
  // value is clamped to the real minimum; the number box keeps SPEC's min and step.
  const rangeMin = Math.floor(spec.min / spec.step + 1e-9) * spec.step;
  return (
    <div className="sc-param" data-testid={`sc-param-${spec.key}`}>
      <label className="sc-param-label" htmlFor={id}>
        {spec.label}
        {unit}
      </label>
      <div className="sc-param-inputs">
        <input
          type="range"
          min={Number(rangeMin.toFixed(6))}
          max={spec.max}
          step={spec.step}
          value={value}
          aria-label={`${spec.label} slider`}
          aria-describedby={spec.hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(clampParameter(spec, Number(event.target.value)))}
        />
        <input
          id={id}
          className="sc-param-number"
          type="number"
          inputMode="decimal"
          min={spec.min}
          max={spec.max}
          step={spec.step}
          value={draft}
          aria-describedby={spec.hint ? `${id}-hint` : undefined}
          {...draftHandlers(setDraft, commit)}
        />
      </div>
      {spec.hint ? (
        <p className="sc-param-hint" id={`${id}-hint`}>
          {spec.hint} Range {spec.min} to {spec.max}, default {spec.defaultValue}.
        </p>
      ) : null}
    </div>
  );
}

export function ParameterControls({
  specs,
  values,
  onChange,
  onReset,
}: {
  specs: ParameterSpec[];
  values: ScanParameters;
  onChange: (key: string, value: number) => void;
  onReset: () => void;
}) {
  return (
    <fieldset className="sc-params">
      <legend>Parameters</legend>
      {specs.map((spec) => (
        <ParameterControl key={spec.key} spec={spec} value={values[spec.key] ?? spec.defaultValue} onChange={(value) => onChange(spec.key, value)} />
      ))}
      <button type="button" className="btn btn-ghost btn-sm" onClick={onReset}>
        Reset to defaults
      </button>
    </fieldset>
  );
}

/**
 * The tool's height, typed (optional). Committed on blur or Enter like the other number boxes; a
 * value out of range is explained and not sent, blank goes back to what the photos measure.
 */
export function ToolHeightControl({ value, onChange }: { value: number | null; onChange: (value: number | null) => void }) {
  const id = `sc-tool-height-${useId().replace(/:/g, "")}`;
  const [draft, setDraft] = useState(value === null ? "" : String(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDraft(value === null ? "" : String(value));
    setError(null);
  }, [value]);
  const commit = () => {
    const parsed = parseToolHeight(draft);
    setError(parsed.error);
    if (parsed.error) return;
    setDraft(parsed.value === null ? "" : String(parsed.value));
    if (parsed.value !== value) onChange(parsed.value);
  };
  return (
    <div className="sc-param" data-testid="sc-tool-height">
      <label className="sc-param-label" htmlFor={id}>
        Tool height (mm, optional)
      </label>
      <div className="sc-param-inputs">
        <input
          id={id}
          className="sc-param-number"
          type="number"
          inputMode="decimal"
          min={TOOL_HEIGHT.min}
          max={TOOL_HEIGHT.max}
          step={0.5}
          placeholder="measured"
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          {...draftHandlers(setDraft, commit)}
          data-testid="sc-tool-height-input"
        />
      </div>
      {error ? (
        <p className="sc-param-error" id={`${id}-error`} role="alert" data-testid="sc-tool-height-error">
          {error}
        </p>
      ) : null}
      <p className="sc-param-hint" id={`${id}-hint`}>
        The height of the tool's thickest part as it lies. Leave it blank and several photos measure it; from one photo, typing it
        tightens the fit figure, and a tool standing upright (a socket) needs it: it is taller than it is wide.
      </p>
    </div>
  );
}
