import { PNG_EXPORT_DPI } from "../core/constants";
import { SidebarSection } from "./sidebar-section";

export type ExportKind = "dxf" | "svg" | "png";

export function ExportControls({ onExport, busy }: { onExport: (kind: ExportKind) => void; busy: boolean }) {
  return (
    <SidebarSection title="Export (true scale, mm)" id="fe-export">
      <div className="fe-button-row">
        <button type="button" className="fe-button" onClick={() => onExport("dxf")} disabled={busy} data-testid="fe-export-dxf">
          DXF
        </button>
        <button type="button" className="fe-button" onClick={() => onExport("svg")} disabled={busy} data-testid="fe-export-svg">
          SVG
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
