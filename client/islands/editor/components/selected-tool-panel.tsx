import { ROTATION_STEP, SCALE_MAX, SCALE_MIN, SCALE_STEP } from "../core/constants";
import type { EditorTool } from "../core/types";
import { SidebarSection } from "./sidebar-section";

type SelectedToolPanelProps = {
  tool: EditorTool | null;
  onRotate: (degrees: number) => void;
  onScale: (delta: number) => void;
  onUnplace: () => void;
  onDelete: () => void;
};

export function SelectedToolPanel({ tool, onRotate, onScale, onUnplace, onDelete }: SelectedToolPanelProps) {
  const placement = tool?.placement ?? null;
  const none = !placement;
  return (
    <SidebarSection title="Selected tool" id="fe-selected">
      {placement ? (
        <p className="fe-selected-summary" data-testid="fe-selected">
          <strong>{tool!.name}</strong>
          <span data-testid="fe-selected-position">
            x {placement.x_mm.toFixed(1)} mm, y {placement.y_mm.toFixed(1)} mm
          </span>
          <span>
            <span data-testid="fe-selected-rotation">{placement.rotation}°</span> ·{" "}
            <span data-testid="fe-selected-scale">×{placement.scale.toFixed(1)}</span>
          </span>
        </p>
      ) : (
        <p className="fe-muted">Select a tool on the foam to rotate, scale or remove it.</p>
      )}
      <div className="fe-button-grid">
        <button type="button" className="fe-button" disabled={none} onClick={() => onRotate(-ROTATION_STEP)} data-testid="fe-rotate-ccw">
          Rotate −90°
        </button>
        <button type="button" className="fe-button" disabled={none} onClick={() => onRotate(ROTATION_STEP)} data-testid="fe-rotate-cw">
          Rotate +90°
        </button>
        <button
          type="button"
          className="fe-button"
          disabled={none || placement.scale <= SCALE_MIN}
          onClick={() => onScale(-SCALE_STEP)}
          aria-label="Scale down"
          data-testid="fe-scale-down"
        >
          Scale −
        </button>
        <button
          type="button"
          className="fe-button"
          disabled={none || placement.scale >= SCALE_MAX}
          onClick={() => onScale(SCALE_STEP)}
          aria-label="Scale up"
          data-testid="fe-scale-up"
        >
          Scale +
        </button>
        <button type="button" className="fe-button" disabled={none} onClick={onUnplace} data-testid="fe-unplace">
          Return to Unplaced
        </button>
        <button type="button" className="fe-button fe-button-danger" disabled={none} onClick={onDelete} data-testid="fe-delete">
          Delete
        </button>
      </div>
    </SidebarSection>
  );
}
