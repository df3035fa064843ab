import type { ToolboxContainer, ToolboxModel } from "../../../db/seed/reference/toolboxes";
import type { FoamMaterial } from "../reference-data";

const metres = (mm: number | null | undefined) => (typeof mm === "number" && mm > 0 ? (mm / 1000).toFixed(2) : "—");
const orDash = (value: unknown) => (value === null || value === undefined || value === "" ? "—" : String(value));

/** The chosen toolbox or case: name, brand, series, drawer count and size. */
export function ModelPreview({ model, container }: { model: ToolboxModel; container: ToolboxContainer }) {
  return (
    <div className="preview-card" data-testid="model-preview">
      <p className="preview-title">{model.name}</p>
      <dl className="details-list">
        <dt>Brand</dt>
        <dd>{container.brand}</dd>
        <dt>Series</dt>
        <dd>{container.series}</dd>
        <dt>Drawers</dt>
        <dd>{model.drawers.length}</dd>
        <dt>Size</dt>
        <dd>
          {model.width_in} × {model.depth_in} × {model.height_in} in
        </dd>
        {model.notes ? (
          <>
            <dt>Notes</dt>
            <dd>{model.notes}</dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}

/** The chosen foam: supplier, sheet size in metres, thickness, density and colour. */
export function FoamPreview({ material }: { material: FoamMaterial }) {
  return (
    <div className="preview-card" data-testid="foam-preview">
      <p className="preview-title">{material.name}</p>
      <dl className="details-list">
        <dt>Supplier</dt>
        <dd>{orDash(material.supplier)}</dd>
        <dt>Sheet size</dt>
        <dd>
          {metres(material.sheet_length_mm)} × {metres(material.sheet_width_mm)} m
        </dd>
        <dt>Thickness</dt>
        <dd>{material.sheet_thickness_mm ? `${material.sheet_thickness_mm} mm` : "—"}</dd>
        <dt>Density</dt>
        <dd>{material.density_kg_m3 ? `${material.density_kg_m3} kg/m³` : "—"}</dd>
        <dt>Colour</dt>
        <dd>{orDash(material.color)}</dd>
      </dl>
    </div>
  );
}
