import { useState } from "react";
import { autoArrange, DEFAULT_ARRANGE_WALL_MM, type ArrangeScope } from "../core/arrange";
import type { EditorStore } from "../core/store";
import type { Placement } from "../core/types";
import { SidebarSection } from "./sidebar-section";

type ArrangePanelProps = { store: EditorStore; minWallMm: number; onArrange: (placements: Record<string, Placement>) => void };

/** Nests the placed (or all queued) pockets into the foam in a worker; the result is one undo step. */
export function ArrangePanel({ store, onArrange }: ArrangePanelProps) {
  const [scope, setScope] = useState<ArrangeScope>("placed");
  const [wall, setWall] = useState(DEFAULT_ARRANGE_WALL_MM);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setReport(null);
    try {
      const doc = store.getState().doc;
      const outcome = await autoArrange(doc, scope, wall);
      if (outcome.total === 0) {
        setReport(scope === "placed" ? "Place some tools first, or arrange all queued tools." : "No tools to arrange.");
        return;
      }
      // The document may have changed while the worker ran: only tools still there move.
      if (store.getState().doc === doc) onArrange(outcome.placements);
      const { result } = outcome;
      const missing = result.unplaced.length ? ` ${result.unplaced.length} did not fit and stay where they were.` : "";
      setReport(
        `Placed ${result.placed} of ${outcome.total} in ${result.elapsedMs} ms · utilisation ${Math.round(result.utilisation * 100)} % of the top ${Math.round(result.usedDepth)} mm of foam.${missing}`,
      );
    } catch (error) {
      setReport(error instanceof Error ? error.message : "Auto-arrange failed.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <SidebarSection title="Auto-arrange" id="fe-arrange">
      <label className="fe-field fe-field-inline">
        <span>Tools</span>
        <select value={scope} onChange={(event) => setScope(event.target.value as ArrangeScope)} data-testid="fe-arrange-scope">
          <option value="placed">Placed tools</option>
          <option value="all">All queued tools</option>
        </select>
      </label>
      <label className="fe-field fe-field-inline">
        <span>Minimum wall (mm)</span>
        <input type="number" min={2} max={50} step={0.5} value={wall} onChange={(event) => setWall(Number(event.target.value) || DEFAULT_ARRANGE_WALL_MM)} data-testid="fe-arrange-wall" />
      </label>
      <button type="button" className="fe-button" onClick={run} disabled={busy} data-testid="fe-arrange">
        {busy ? "Arranging…" : "Auto-arrange"}
      </button>
      {report && (
        <p className="fe-muted" role="status" data-testid="fe-arrange-report">
          {report}
        </p>
      )}
    </SidebarSection>
  );
}
