import { useEffect, useState } from "react";
import { withLayers } from "../core/actions";
import { FOAM_THICKNESS_MAX_MM, FOAM_THICKNESS_MIN_MM } from "../core/constants";
import type { Foam, FoamLayer } from "../core/types";
import { SidebarSection } from "./sidebar-section";

const layersOf = (foam: Foam): FoamLayer[] => foam.layers?.length ? foam.layers : [{ thickness_mm: foam.thickness_mm }];

/** 1–4 foam layers, top first (e.g. a 10 mm coloured top over 2 × 25 mm); applied as one undo step. */
export function FoamLayersPanel({ foam, onChange }: { foam: Foam; onChange: (foam: Foam) => void }) {
  const [layers, setLayers] = useState<FoamLayer[]>(() => layersOf(foam));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setLayers(layersOf(foam));
    setError(null);
  }, [foam]);
  const total = layers.reduce((sum, layer) => sum + (Number(layer.thickness_mm) || 0), 0);
  const apply = () => {
    if (layers.some((layer) => !(layer.thickness_mm >= 3))) return setError("Each layer must be at least 3 mm thick.");
    if (total < FOAM_THICKNESS_MIN_MM || total > FOAM_THICKNESS_MAX_MM) return setError(`The layers must add up to ${FOAM_THICKNESS_MIN_MM}–${FOAM_THICKNESS_MAX_MM} mm.`);
    setError(null);
    onChange(withLayers(foam, layers));
  };
  const update = (index: number, patch: Partial<FoamLayer>) => setLayers(layers.map((layer, i) => (i === index ? { ...layer, ...patch } : layer)));
  return (
    <SidebarSection title="Foam layers" id="fe-layers">
      <ol className="fe-layer-list" data-testid="fe-layer-list">
        {layers.map((layer, index) => (
          <li key={index}>
            <input type="number" min={3} max={100} value={layer.thickness_mm} onChange={(event) => update(index, { thickness_mm: Number(event.target.value) })} aria-label={`Layer ${index + 1} thickness (mm)`} data-testid={`fe-layer-thickness-${index}`} />
            <input type="text" maxLength={20} value={layer.color ?? ""} placeholder="colour" onChange={(event) => update(index, { color: event.target.value || null })} aria-label={`Layer ${index + 1} colour`} data-testid={`fe-layer-color-${index}`} />
            {layers.length > 1 && (
              <button type="button" className="fe-link-button" onClick={() => setLayers(layers.filter((_, i) => i !== index))} aria-label={`Remove layer ${index + 1}`}>
                ×
              </button>
            )}
          </li>
        ))}
      </ol>
      <div className="fe-button-row">
        <button type="button" className="fe-button" disabled={layers.length >= 4} onClick={() => setLayers([...layers, { thickness_mm: 10 }])} data-testid="fe-layer-add">
          Add layer
        </button>
        <button type="button" className="fe-button" onClick={apply} data-testid="fe-layers-apply">
          Apply ({Math.round(total * 100) / 100} mm)
        </button>
      </div>
      {error && (
        <p className="fe-error" role="alert">
          {error}
        </p>
      )}
      <p className="fe-muted">Layer 1 is the top. A pocket's depth decides which layers it cuts; the DXF export gives one file per layer.</p>
    </SidebarSection>
  );
}
