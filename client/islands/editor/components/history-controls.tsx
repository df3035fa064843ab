import type { HistoryStatus } from "../core/types";
import { SidebarSection } from "./sidebar-section";

type HistoryControlsProps = {
  history: HistoryStatus;
  canReset: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onReset: () => void;
};

export function HistoryControls({ history, canReset, onUndo, onRedo, onReset }: HistoryControlsProps) {
  return (
    <SidebarSection title="History" id="fe-history">
      <div className="fe-button-row">
        <button
          type="button"
          className="fe-button"
          onClick={onUndo}
          disabled={!history.canUndo}
          title={history.undoLabel ? `Undo ${history.undoLabel.toLowerCase()} (Ctrl+Z)` : "Nothing to undo"}
          aria-keyshortcuts="Control+Z"
          data-testid="fe-undo"
        >
          Undo
        </button>
        <button
          type="button"
          className="fe-button"
          onClick={onRedo}
          disabled={!history.canRedo}
          title={history.redoLabel ? `Redo ${history.redoLabel.toLowerCase()} (Ctrl+Shift+Z)` : "Nothing to redo"}
          aria-keyshortcuts="Control+Shift+Z Control+Y"
          data-testid="fe-redo"
        >
          Redo
        </button>
        <button type="button" className="fe-button fe-button-danger" onClick={onReset} disabled={!canReset} data-testid="fe-reset">
          Reset Layout
        </button>
      </div>
    </SidebarSection>
  );
}
