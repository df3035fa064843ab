import { ZOOM_MAX, ZOOM_MIN } from "../core/constants";
import { SidebarSection } from "./sidebar-section";

type ViewControlsProps = {
  showGrid: boolean;
  snapToGrid: boolean;
  zoom: number;
  onShowGrid: (value: boolean) => void;
  onSnapToGrid: (value: boolean) => void;
  onZoom: (direction: 1 | -1) => void;
  onResetView: () => void;
};

export function ViewControls({ showGrid, snapToGrid, zoom, onShowGrid, onSnapToGrid, onZoom, onResetView }: ViewControlsProps) {
  return (
    <SidebarSection title="View" id="fe-view">
      <div className="fe-checks">
        <label className="fe-check">
          <input type="checkbox" checked={showGrid} onChange={(event) => onShowGrid(event.target.checked)} data-testid="fe-show-grid" />
          Show grid (10 mm)
        </label>
        <label className="fe-check">
          <input type="checkbox" checked={snapToGrid} onChange={(event) => onSnapToGrid(event.target.checked)} data-testid="fe-snap-grid" />
          Snap to grid
        </label>
      </div>
      <div className="fe-zoom">
        <button type="button" className="fe-button" onClick={() => onZoom(-1)} disabled={zoom <= ZOOM_MIN} aria-label="Zoom out" data-testid="fe-zoom-out">
          −
        </button>
        <output className="fe-zoom-level" aria-label="Zoom level" data-testid="fe-zoom-level">
          {Math.round(zoom * 100)}%
        </output>
        <button type="button" className="fe-button" onClick={() => onZoom(1)} disabled={zoom >= ZOOM_MAX} aria-label="Zoom in" data-testid="fe-zoom-in">
          +
        </button>
        <button type="button" className="fe-button" onClick={onResetView} data-testid="fe-reset-view">
          Reset view
        </button>
      </div>
    </SidebarSection>
  );
}
