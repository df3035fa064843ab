import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ApiError } from "../../lib/api";
import { goTo, rememberRedirect } from "../../lib/navigation";
import { readQueue, subscribeQueue, writeQueue } from "../../lib/scanner-queue";
import { submitLayout } from "../../lib/submit-layout";
import { getToken } from "../../lib/session";
import {
  addQueuedTools,
  arrangeTools,
  deleteTool,
  removeFingerPull,
  setClearance,
  setLedge,
  setPocketDepth,
  setPocketLabel,
  loadDocument,
  nudgeTool,
  placeTool,
  resetLayout,
  resetView,
  rotateTool,
  scaleTool,
  selectTool,
  setFoam,
  setMinWall,
  setShowGrid,
  setSnapToGrid,
  unplaceTool,
  zoomTo,
} from "./core/actions";
import { EXPORT_FILES, ZOOM_BUTTON_STEP } from "./core/constants";
import { layoutToDxfFiles } from "./core/export-dxf";
import { layoutToSvg } from "./core/export-svg";
import { DEFAULT_FOAM } from "./core/foam";
import { keyToCommand } from "./core/keyboard";
import { layoutGeometry } from "./core/layout-geometry";
import { findProblems, problemToolIds } from "./core/problems";
import { isDeletedEntry, mergeDocIntoQueue } from "./core/queue-mapping";
import { layoutCounts, placedTools } from "./core/selectors";
import { createEditorStore } from "./core/store";
import { buildSubmitJobs, createLayoutId } from "./core/submit-payload";
import { createToolMachine } from "./core/tools/tool-machine";
import type { Vec } from "./core/types";
import { EditorCanvas } from "./components/editor-canvas";
import { ArrangePanel } from "./components/arrange-panel";
import { FoamLayersPanel } from "./components/foam-layers-panel";
import { PocketPanel } from "./components/pocket-panel";
import { EditorHeader } from "./components/editor-header";
import { EmptyState } from "./components/empty-state";
import { ExportControls, type ExportKind } from "./components/export-controls";
import { FoamPicker } from "./components/foam-picker";
import { HistoryControls } from "./components/history-controls";
import { LayoutCounters } from "./components/layout-counters";
import { PlacedList } from "./components/placed-list";
import { ProblemsPanel } from "./components/problems-panel";
import { SelectedToolPanel } from "./components/selected-tool-panel";
import { UnplacedList } from "./components/unplaced-list";
import { ViewControls } from "./components/view-controls";
import { readStoredFoam, writeStoredFoam } from "./foam-storage";
import { downloadBlob, downloadText } from "./render/download";
import { useSettledEditorState } from "./use-editor-state";

const REDIRECT_DELAY_MS = 2000;
const RESET_CONFIRM = "Are you sure you want to reset the layout? All placed tools will be returned to the queue.";

type Status = { kind: "success" | "error" | "info"; text: string } | null;

function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName);
}

/** /foam-editor: arrange scanned tools on a foam sheet, check walls, export, submit as jobs. */
export function FoamEditorPage() {
  const [store] = useState(() => createEditorStore());
  const [machine] = useState(() => createToolMachine(store));
  // Settled: mid-drag moves redraw only the canvas, not the sidebar or the layout check.
  const state = useSettledEditorState(store);
  const { doc, session } = state;
  const [status, setStatus] = useState<Status>(null);
  const [submitting, setSubmitting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [fingerArmed, setFingerArmed] = useState(false);
  useEffect(() => machine.onArmedChange((armed) => setFingerArmed(armed)), [machine]);
  // Every queue id the editor has seen: a known id missing from the document was deleted here.
  const knownIds = useRef(new Set<string>());
  const submitted = useRef(false);

  const problems = useMemo(() => findProblems(doc, session.minWallMm), [doc, session.minWallMm]);
  const flagged = useMemo(() => problemToolIds(problems), [problems]);
  const counts = layoutCounts(doc, problems);
  const placed = placedTools(doc);
  const selected = doc.tools.find((tool) => tool.id === session.selectedId) ?? null;

  // localStorage is read only after hydration, so server and first client render agree.
  useEffect(() => {
    const queue = readQueue();
    for (const entry of queue) knownIds.current.add(entry.id);
    store.dispatch(loadDocument, { queue, foam: readStoredFoam() ?? DEFAULT_FOAM });
    if (queue.some(isDeletedEntry)) writeQueue(queue.filter((entry) => !isDeletedEntry(entry)));

    // Our own writes fire the queue's change event too; they bring nothing new, so skip re-reading.
    let writing = false;
    const offCommit = store.onCommit((committed) => {
      if (submitted.current) return;
      writing = true;
      try {
        writeQueue(mergeDocIntoQueue(readQueue(), committed, knownIds.current));
      } finally {
        writing = false;
      }
      writeStoredFoam(committed.foam);
    });
    const offQueue = subscribeQueue(() => {
      if (submitted.current || writing) return;
      const fresh = readQueue().filter((entry) => !knownIds.current.has(entry.id));
      if (!fresh.length) return;
      for (const entry of fresh) knownIds.current.add(entry.id);
      store.dispatch(addQueuedTools, { entries: fresh });
    });
    return () => {
      offCommit();
      offQueue();
    };
  }, [store]);

  const withSelected = useCallback(
    (run: (id: string) => void) => {
      const id = store.getState().session.selectedId;
      if (id) run(id);
    },
    [store],
  );

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTextField(event.target) || !store.getState().session.loaded) return;
      const command = keyToCommand(event, store.getState().session.snapToGrid);
      if (!command) return;
      const selectedId = store.getState().session.selectedId;
      switch (command.type) {
        case "undo":
          store.undo();
          break;
        case "redo":
          store.redo();
          break;
        case "cancel":
          if (!machine.cancel()) store.dispatch(selectTool, { id: null });
          break;
        case "nudge":
          if (!selectedId) return;
          store.dispatch(nudgeTool, { id: selectedId, dx: command.dx, dy: command.dy });
          break;
        case "rotate":
          if (!selectedId) return;
          store.dispatch(rotateTool, { id: selectedId, degrees: command.degrees });
          break;
        case "delete":
          if (!selectedId) return;
          store.dispatch(deleteTool, { id: selectedId });
          break;
      }
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store, machine]);

  const onPlace = (id: string, at?: Vec) => store.dispatch(placeTool, { id, at });

  const onReset = () => {
    if (window.confirm(RESET_CONFIRM)) store.dispatch(resetLayout, undefined);
  };

  const onZoom = (direction: 1 | -1) => store.dispatch(zoomTo, { zoom: session.viewport.zoom + direction * ZOOM_BUTTON_STEP });

  const onExport = async (kind: ExportKind, layer = 1) => {
    const layout = layoutGeometry(store.getState().doc);
    if (kind === "dxf") {
      const file = layoutToDxfFiles(layout)[layer - 1];
      if (file) downloadText(file.dxf, file.name, "application/dxf");
      return;
    }
    if (kind === "svg") return downloadText(layoutToSvg(layout), EXPORT_FILES.svg, "image/svg+xml");
    setExporting(true);
    try {
      if (kind === "pdf" || kind === "stl") {
        // jsPDF and the mesher are only needed here: loaded on demand.
        const { layoutPdf, layoutStl } = await import("../../../common/layout");
        if (kind === "pdf") downloadBlob(new Blob([layoutPdf(layout.cut, { title: layout.label }) as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), EXPORT_FILES.pdf);
        else downloadBlob(new Blob([layoutStl(layout.cut) as Uint8Array<ArrayBuffer>], { type: "model/stl" }), EXPORT_FILES.stl);
        return;
      }
      const { renderLayoutPng } = await import("./render/png-export");
      const { blob, dpi } = await renderLayoutPng(layout);
      downloadBlob(blob, EXPORT_FILES.png);
      setStatus({ kind: "info", text: `PNG exported at ${dpi} dpi (true scale).` });
    } catch (error) {
      setStatus({ kind: "error", text: error instanceof Error ? error.message : "Export failed." });
    } finally {
      setExporting(false);
    }
  };

  const onSubmit = async () => {
    const current = store.getState().doc;
    const count = placedTools(current).length;
    if (count === 0) {
      window.alert("Please place at least one tool on the layout before submitting.");
      return;
    }
    // A layout the shop cannot cut is not sent: name every problem and select the first pocket.
    const blocking = findProblems(current, store.getState().session.minWallMm);
    if (blocking.length) {
      store.dispatch(selectTool, { id: blocking[0].toolIds[0] });
      const list = blocking.slice(0, 5).map((problem) => problem.message).join(" ");
      const more = blocking.length > 5 ? ` …and ${blocking.length - 5} more.` : "";
      setStatus({ kind: "error", text: `The layout cannot be submitted: ${list}${more} Fix ${blocking.length === 1 ? "it" : "them"} in the Layout check panel.` });
      return;
    }
    // A visitor is told to sign in first, not asked to confirm a submission that cannot happen.
    if (!getToken()) {
      window.alert("Authentication required. Please log in.");
      rememberRedirect(window.location.pathname + window.location.search);
      goTo("/login");
      return;
    }
    if (!window.confirm(`Submit layout with ${count} placed tool(s)?`)) return;
    setSubmitting(true);
    setStatus(null);
    try {
      const layoutId = createLayoutId();
      await submitLayout(buildSubmitJobs(current, layoutId));
      submitted.current = true;
      // Only what was submitted leaves the queue: unplaced scans wait for the next layout.
      const sent = new Set(placedTools(current).map((tool) => tool.id));
      writeQueue(readQueue().filter((entry) => !sent.has(entry.id)));
      setStatus({ kind: "success", text: "Layout submitted successfully! Redirecting to dashboard..." });
      setTimeout(() => goTo("/dashboard"), REDIRECT_DELAY_MS);
    } catch (error) {
      const detail = error instanceof ApiError && error.message !== "Request failed" ? error.message : null;
      setStatus({ kind: "error", text: detail ?? "Failed to submit layout. Please try again." });
      setSubmitting(false);
    }
  };

  if (!session.loaded) {
    return (
      <div className="fe-page">
        <EditorHeader />
        <p className="fe-loading" data-testid="fe-loading" role="status">
          Loading tools…
        </p>
      </div>
    );
  }

  if (doc.tools.length === 0 && !session.history.canUndo && !submitted.current) {
    return (
      <div className="fe-page">
        <EditorHeader />
        <EmptyState />
      </div>
    );
  }

  return (
    <div className="fe-page">
      <EditorHeader onSubmit={onSubmit} submitting={submitting || submitted.current} problemCount={problems.length} />
      <div className="fe-status" role="status" aria-live="polite" data-testid="fe-status">
        {status && <p className={`fe-status-message fe-status-${status.kind}`}>{status.text}</p>}
      </div>
      <div className="fe-body">
        <aside className="fe-sidebar" aria-label="Layout tools">
          <FoamPicker
            foam={doc.foam}
            onChange={(foam) => {
              // A new drawer keeps the layer stack when the thickness stays the same.
              const layers = doc.foam.layers;
              store.dispatch(setFoam, { foam: layers && !foam.layers && foam.thickness_mm === doc.foam.thickness_mm ? { ...foam, layers } : foam });
            }}
          />
          <LayoutCounters counts={counts} />
          <ProblemsPanel
            problems={problems}
            minWallMm={session.minWallMm}
            onMinWall={(mm) => store.dispatch(setMinWall, { mm })}
            onSelect={(id) => store.dispatch(selectTool, { id })}
          />
          <UnplacedList doc={doc} onPlace={(id) => onPlace(id)} onDelete={(id) => store.dispatch(deleteTool, { id })} />
          <PlacedList tools={placed} selectedId={session.selectedId} flagged={flagged} onSelect={(id) => store.dispatch(selectTool, { id })} />
          <FoamLayersPanel foam={doc.foam} onChange={(foam) => store.dispatch(setFoam, { foam })} />
          <ArrangePanel store={store} minWallMm={session.minWallMm} onArrange={(placements) => store.dispatch(arrangeTools, { placements })} />
          <SelectedToolPanel
            tool={selected}
            onRotate={(degrees) => withSelected((id) => store.dispatch(rotateTool, { id, degrees }))}
            onScale={(delta) => withSelected((id) => store.dispatch(scaleTool, { id, delta }))}
            onUnplace={() => withSelected((id) => store.dispatch(unplaceTool, { id }))}
            onDelete={() => withSelected((id) => store.dispatch(deleteTool, { id }))}
          />
          <PocketPanel
            tool={selected}
            foam={doc.foam}
            fingerArmed={fingerArmed}
            onDepth={(depth_mm) => withSelected((id) => store.dispatch(setPocketDepth, { id, depth_mm }))}
            onClearance={(clearance_mm) => withSelected((id) => store.dispatch(setClearance, { id, clearance_mm }))}
            onLabel={(text, height_mm) => withSelected((id) => store.dispatch(setPocketLabel, { id, text, height_mm }))}
            onLedge={(ledge) => withSelected((id) => store.dispatch(setLedge, { id, ledge }))}
            onArmFinger={(finger) => {
              machine.armFinger(finger);
              setFingerArmed(Boolean(finger));
            }}
            onRemoveFinger={(index) => withSelected((id) => store.dispatch(removeFingerPull, { id, index }))}
          />
          <HistoryControls
            history={session.history}
            canReset={placed.length > 0}
            onUndo={() => store.undo()}
            onRedo={() => store.redo()}
            onReset={onReset}
          />
          <ViewControls
            showGrid={session.showGrid}
            snapToGrid={session.snapToGrid}
            zoom={session.viewport.zoom}
            onShowGrid={(value) => store.dispatch(setShowGrid, { value })}
            onSnapToGrid={(value) => store.dispatch(setSnapToGrid, { value })}
            onZoom={onZoom}
            onResetView={() => store.dispatch(resetView, undefined)}
          />
          <ExportControls onExport={onExport} busy={exporting} layers={doc.foam.layers?.length ?? 1} />
        </aside>
        <section className="fe-stage" aria-label="Foam canvas">
          <EditorCanvas store={store} machine={machine} problems={problems} onDropTool={onPlace} />
        </section>
      </div>
    </div>
  );
}
