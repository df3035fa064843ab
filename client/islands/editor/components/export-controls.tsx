import { PNG_EXPORT_DPI } from "../core/constants";
import { SidebarSection } from "./sidebar-section";

export type ExportKind = "dxf" | "svg" | "png" | "pdf" | "stl";

/** One DXF button per foam layer when there are several: browsers block several downloads from one click. */
export function ExportControls({ onExport, busy, layers = 1 }: { onExport: (kind: ExportKind, layer?: number) => void; busy: boolean; layers?: number }) {
  return (
    <SidebarSection title="Export (true scale, mm)" id="fe-export">
      <div className="fe-button-row">
        {layers > 1 ? (
          Array.from({ length: layers }, (_, index) => (
            <button key={index} type="button" className="fe-button" onClick={() => onExport("dxf", index + 1)} disabled={busy} data-testid={`fe-export-dxf-layer-${index + 1}`}>
              DXF layer {index + 1}
            </button>
          ))
        ) : (
          <button type="button" className="fe-button" onClick={() => onExport("dxf")} disabled={busy} data-testid="fe-export-dxf">
            DXF
          </button>
        )}
        <button type="button" className="fe-button" onClick={() => onExport("svg")} disabled={busy} data-testid="fe-export-svg">
          SVG
        </button>
        <button type="button" className="fe-button" onClick={() => onExport("pdf")} disabled={busy} title="1:1 template, one page per foam layer" data-testid="fe-export-pdf">
          PDF 1:1
        </button>
        <button type="button" className="fe-button" onClick={() => onExport("stl")} disabled={busy} title="The insert as a 3D model" data-testid="fe-export-stl">
          STL
        </button>
        <button
          type="button"
          className="fe-button"
          onClick={() => onExport("png")}
          disabled={busy}
          title={`PNG at ${PNG_EXPORT_DPI} dpi`}
          data-testid="fe-export-png"
        >
          PNG ({PNG_EXPORT_DPI} dpi)
        </button>
      </div>
    </SidebarSection>
  );
}
