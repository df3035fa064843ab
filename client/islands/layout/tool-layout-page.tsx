import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { Alert, Button, ButtonLink, EmptyState } from "../../components/ui";
import { goTo, rememberRedirect } from "../../lib/navigation";
import { isPlaced, removeFromQueue, updateInQueue, type ScannedTool, type ToolPosition } from "../../lib/scanner-queue";
import { getToken } from "../../lib/session";
import { href } from "../../routes";
import { formatArea } from "../scanner/scan-queue-list";
import { useScannerQueue } from "../scanner/use-scanner-queue";
import { bounds, isInside, LAYOUT_FOAM, newPosition, nudge, pathData, percentFromPoint, placedOutline } from "./layout-geometry";
import { LAYOUT_MESSAGES, layoutProblems, REDIRECT_DELAY_MS, submitToolLayout } from "./submit-layout";
import { ToolOutline } from "./tool-outline";

/** A press that moves less than this many pixels is a click, not a drag. */
const DRAG_THRESHOLD_PX = 4;
const LOGIN_DELAY_MS = 1500;

type Drag = {
  id: string;
  source: "inventory" | "placed";
  pointerId: number;
  startX: number;
  startY: number;
  moved: boolean;
  startPosition: ToolPosition | null;
  /** Where a placed tool has been dragged to so far (read on pointer-up, not from state). */
  current: ToolPosition | null;
};

type Message = { tone: "success" | "error"; text: string };

function formatPercent(value: number): string {
  return `${value.toFixed(1)} %`;
}

/** Tool Layout (SPEC 2): inventory, a true-scale drop zone, the Properties panel and SUBMIT LAYOUT. */
export function ToolLayoutPage() {
  const { tools: queue, ready } = useScannerQueue();
  const tools = queue.filter((tool) => !tool.position?.deleted);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ id: string; position: ToolPosition } | null>(null);
  const [ghost, setGhost] = useState<{ id: string; x: number; y: number; over: boolean } | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const zoneRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const suppressClickRef = useRef(false);
  const focusRequestRef = useRef<string | null>(null);
  const timersRef = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timersRef.current.forEach(clearTimeout), []);

  // After a keyboard placement, focus follows the tool so the arrow keys move it at once.
  useEffect(() => {
    const id = focusRequestRef.current;
    if (!id) return;
    focusRequestRef.current = null;
    zoneRef.current?.querySelector<HTMLElement>(`[data-placed-id="${CSS.escape(id)}"]`)?.focus();
  });

  const unplaced = tools.filter((tool) => !isPlaced(tool));
  const placed = tools.filter(isPlaced);
  // Pockets that cannot be cut (past the edge, overlapping, wall too thin) are marked as you place them.
  const problemIds = useMemo(() => {
    const ids = new Set<string>();
    for (const problem of layoutProblems(queue.filter((tool) => !tool.position?.deleted), LAYOUT_FOAM)) {
      ids.add(problem.toolId);
      if (problem.otherToolId) ids.add(problem.otherToolId);
    }
    return ids;
  }, [queue]);
  const selected = tools.find((tool) => tool.id === selectedId) ?? null;

  const place = (tool: ScannedTool, x: number, y: number) => {
    updateInQueue(tool.id, { position: newPosition(x, y, tool.position?.deleted ? null : tool.position) });
    setSelectedId(tool.id);
    setMessage(null);
  };

  const returnToInventory = (tool: ScannedTool) => {
    updateInQueue(tool.id, { position: null });
    setSelectedId(tool.id);
  };

  const removeTool = (tool: ScannedTool) => {
    removeFromQueue(tool.id);
    if (selectedId === tool.id) setSelectedId(null);
  };

  const zoneRect = () => zoneRef.current?.getBoundingClientRect() ?? null;

  const startDrag = (event: PointerEvent<HTMLElement>, tool: ScannedTool, source: Drag["source"]) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    // A new press starts clean: the click a finished drag suppresses is the one its own pointer-up
    // produces, and Chromium may never deliver that one (pointer capture retargets it), so a stale
    // flag must not swallow this, the next real click.
    suppressClickRef.current = false;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragRef.current = {
      id: tool.id,
      source,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      moved: false,
      startPosition: tool.position ?? null,
      current: null,
    };
  };

  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    if (!drag.moved && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < DRAG_THRESHOLD_PX) return;
    drag.moved = true;
    const rect = zoneRect();
    if (drag.source === "inventory") {
      setGhost({ id: drag.id, x: event.clientX, y: event.clientY, over: rect ? isInside(rect, event.clientX, event.clientY) : false });
    } else if (rect && drag.startPosition) {
      const dx = ((event.clientX - drag.startX) / Math.max(1, rect.width)) * 100;
      const dy = ((event.clientY - drag.startY) / Math.max(1, rect.height)) * 100;
      drag.current = newPosition(drag.startPosition.x + dx, drag.startPosition.y + dy, drag.startPosition);
      setDraft({ id: drag.id, position: drag.current });
    }
  };

  const endDrag = (event: PointerEvent<HTMLElement>, cancelled = false) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    dragRef.current = null;
    setGhost(null);
    if (!drag.moved) return;
    suppressClickRef.current = true;
    // If the drag's own click never arrives, drop the flag once this input event is over.
    timersRef.current.push(setTimeout(() => (suppressClickRef.current = false), 0));
    const tool = tools.find((item) => item.id === drag.id);
    const rect = zoneRect();
    if (cancelled || !tool || !rect) {
      setDraft(null);
      return;
    }
    if (drag.source === "inventory") {
      if (isInside(rect, event.clientX, event.clientY)) {
        const { x, y } = percentFromPoint(rect, event.clientX, event.clientY);
        place(tool, x, y);
      }
    } else if (drag.current) {
      updateInQueue(tool.id, { position: drag.current });
      setSelectedId(tool.id);
    }
    setDraft(null);
  };

  const consumeSuppressedClick = () => {
    if (!suppressClickRef.current) return false;
    suppressClickRef.current = false;
    return true;
  };

  const onInventoryKey = (event: KeyboardEvent<HTMLButtonElement>, tool: ScannedTool) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    if (selectedId === tool.id) {
      focusRequestRef.current = tool.id;
      place(tool, 50, 50);
    } else {
      setSelectedId(tool.id);
    }
  };

  const onZoneKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if ((event.key === "Enter" || event.key === " ") && selected && !isPlaced(selected)) {
      event.preventDefault();
      focusRequestRef.current = selected.id;
      place(selected, 50, 50);
      return;
    }
    if (selected && isPlaced(selected) && selected.position) {
      const moved = nudge(selected.position, event.key, event.shiftKey);
      if (moved) {
        event.preventDefault();
        updateInQueue(selected.id, { position: moved });
      }
    }
  };

  const onPlacedKey = (event: KeyboardEvent<HTMLButtonElement>, tool: ScannedTool) => {
    if (!tool.position) return;
    const moved = nudge(tool.position, event.key, event.shiftKey);
    if (moved) {
      event.preventDefault();
      updateInQueue(tool.id, { position: moved });
      setSelectedId(tool.id);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      returnToInventory(tool);
    } else if (event.key === "Escape") {
      setSelectedId(null);
    }
  };

  const onZoneClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || consumeSuppressedClick()) return;
    // Tap-to-place: the touch-friendly path when dragging from the list is awkward.
    if (selected && !isPlaced(selected)) {
      const rect = zoneRect();
      if (rect) {
        const { x, y } = percentFromPoint(rect, event.clientX, event.clientY);
        place(selected, x, y);
      }
    } else {
      setSelectedId(null);
    }
  };

  const submit = async () => {
    setMessage(null);
    setSubmitting(true);
    const outcome = await submitToolLayout(tools, getToken(), LAYOUT_FOAM);
    setSubmitting(false);
    if (outcome.ok) {
      setMessage({ tone: "success", text: LAYOUT_MESSAGES.success });
      // Only what was submitted leaves the queue: unplaced scans stay for the next layout.
      for (const id of outcome.submittedIds) removeFromQueue(id);
      setSelectedId(null);
      timersRef.current.push(setTimeout(() => goTo("/dashboard"), REDIRECT_DELAY_MS));
      return;
    }
    setMessage({ tone: "error", text: outcome.message });
    if (outcome.problemToolId) {
      setSelectedId(outcome.problemToolId);
      focusRequestRef.current = outcome.problemToolId;
    }
    if (outcome.needsLogin) {
      rememberRedirect(window.location.pathname);
      timersRef.current.push(setTimeout(() => goTo("/login"), LOGIN_DELAY_MS));
    }
  };

  const ghostTool = ghost ? tools.find((tool) => tool.id === ghost.id) : null;

  return (
    <section className="page tl-page" data-testid="tl-page">
      <header className="page-header tl-header">
        <div>
          <h1>Tool Layout</h1>
          <p>
            Drag scanned tools onto the foam sheet (12 × 18 in, shown at true scale). Keyboard: select a tool and press
            Enter or Space to place it in the centre, then move it with the arrow keys (Shift for bigger steps); Delete
            returns it. Fine-tune pockets, rotation and spacing in the <a href={href("/foam-editor")}>Foam Layout Editor</a>.
          </p>
        </div>
      </header>

      {message ? (
        <div className="tl-message" data-testid="tl-message">
          <Alert tone={message.tone} onClose={message.tone === "error" ? () => setMessage(null) : undefined}>
            {message.text}
          </Alert>
        </div>
      ) : null}

      <div className="tl-grid">
        <aside className="tl-panel tl-inventory" aria-labelledby="tl-inventory-title">
          <h2 id="tl-inventory-title">Available Tools</h2>
          {!ready ? null : unplaced.length === 0 ? (
            <p className="tl-muted" data-testid="tl-inventory-empty">
              {tools.length === 0 ? "No scanned tools yet." : "All tools are placed."}
            </p>
          ) : (
            <ul className="tl-inventory-list" data-testid="tl-inventory">
              {unplaced.map((tool) => {
                const isSelected = tool.id === selectedId;
                return (
                  <li key={tool.id} className={`tl-inventory-item${isSelected ? " tl-selected" : ""}`} data-testid="tl-inventory-item" data-tool-id={tool.id}>
                    <button
                      type="button"
                      className="tl-inventory-body"
                      aria-pressed={isSelected}
                      aria-label={`${tool.name}, ${formatArea(tool.parameters?.contour_area_mm)}${isSelected ? ". Press Enter to place it in the centre" : ""}`}
                      onClick={() => {
                        if (consumeSuppressedClick()) return;
                        setSelectedId(tool.id);
                      }}
                      onKeyDown={(event) => onInventoryKey(event, tool)}
                      onPointerDown={(event) => startDrag(event, tool, "inventory")}
                      onPointerMove={moveDrag}
                      onPointerUp={(event) => endDrag(event)}
                      onPointerCancel={(event) => endDrag(event, true)}
                    >
                      <span className="tl-drag-handle" aria-hidden="true">
                        ⠿
                      </span>
                      <ToolOutline tool={tool} className="tl-thumb" />
                      <span className="tl-inventory-text">
                        <span className="tl-name">{tool.name}</span>
                        <span className="tl-muted">{formatArea(tool.parameters?.contour_area_mm)}</span>
                      </span>
                    </button>
                    <Button size="sm" variant="ghost" aria-label={`Remove ${tool.name}`} onClick={() => removeTool(tool)}>
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </aside>

        <div className="tl-panel tl-stage">
          <div className="tl-stage-head">
            <h2 className="tl-stage-title">{LAYOUT_FOAM.label}</h2>
            <span className="tl-muted">
              {placed.length} placed · {unplaced.length} available
            </span>
          </div>
          <div
            ref={zoneRef}
            className={`tl-zone${ghost?.over ? " tl-zone-over" : ""}`}
            role="group"
            aria-label="Layout drop zone"
            aria-describedby="tl-zone-help"
            tabIndex={0}
            data-testid="tl-dropzone"
            onKeyDown={onZoneKey}
            onClick={onZoneClick}
          >
            {placed.map((tool) => {
              const position = draft?.id === tool.id ? draft.position : (tool.position as ToolPosition);
              const outline = placedOutline(tool, position);
              const box = bounds(outline);
              const width = Math.max(1, box.maxX - box.minX);
              const height = Math.max(1, box.maxY - box.minY);
              const isSelected = tool.id === selectedId;
              return (
                <div
                  key={tool.id}
                  className={`tl-placed${isSelected ? " tl-selected" : ""}${draft?.id === tool.id ? " tl-dragging" : ""}${problemIds.has(tool.id) ? " tl-problem" : ""}`}
                  data-testid="tl-placed-item"
                  data-problem={problemIds.has(tool.id) ? "true" : undefined}
                  data-tool-id={tool.id}
                  style={{
                    left: `${position.x + (box.minX / LAYOUT_FOAM.width_mm) * 100}%`,
                    top: `${position.y + (box.minY / LAYOUT_FOAM.depth_mm) * 100}%`,
                    width: `${(width / LAYOUT_FOAM.width_mm) * 100}%`,
                    height: `${(height / LAYOUT_FOAM.depth_mm) * 100}%`,
                  }}
                >
                  <button
                    type="button"
                    className="tl-placed-body"
                    data-placed-id={tool.id}
                    aria-pressed={isSelected}
                    aria-label={`${tool.name} at ${formatPercent(position.x)}, ${formatPercent(position.y)}. Arrow keys move it; Delete returns it to the inventory.`}
                    onClick={() => {
                      if (consumeSuppressedClick()) return;
                      setSelectedId(tool.id);
                    }}
                    onFocus={() => setSelectedId(tool.id)}
                    onDoubleClick={() => returnToInventory(tool)}
                    onKeyDown={(event) => onPlacedKey(event, tool)}
                    onPointerDown={(event) => startDrag(event, tool, "placed")}
                    onPointerMove={moveDrag}
                    onPointerUp={(event) => endDrag(event)}
                    onPointerCancel={(event) => endDrag(event, true)}
                  >
                    <svg viewBox={`${box.minX} ${box.minY} ${width} ${height}`} preserveAspectRatio="none" aria-hidden="true">
                      <path d={pathData(outline)} vectorEffect="non-scaling-stroke" />
                    </svg>
                    <span className="tl-placed-label">{tool.name}</span>
                  </button>
                  <button
                    type="button"
                    className="tl-placed-return"
                    aria-label={`Return ${tool.name} to inventory`}
                    title="Return to inventory"
                    data-testid="tl-return"
                    onClick={() => returnToInventory(tool)}
                  >
                    ×
                  </button>
                </div>
              );
            })}
            {ready && placed.length === 0 ? (
              <p className="tl-zone-hint" aria-hidden="true">
                Drop tools here
              </p>
            ) : null}
          </div>
          <p id="tl-zone-help" className="visually-hidden">
            With an available tool selected, press Enter or Space here to place it in the centre. Arrow keys move the selected
            placed tool.
          </p>
        </div>

        <aside className="tl-panel tl-properties" aria-labelledby="tl-properties-title" data-testid="tl-properties">
          <h2 id="tl-properties-title">Properties</h2>
          {selected ? (
            <>
              <p className="tl-name">{selected.name}</p>
              <dl className="details-list">
                <dt>Detection method</dt>
                <dd data-testid="tl-prop-method">{selected.detectionMethod}</dd>
                <dt>Position</dt>
                <dd data-testid="tl-prop-position">
                  {isPlaced(selected) && selected.position
                    ? `X ${formatPercent((draft?.id === selected.id ? draft.position : selected.position).x)}, Y ${formatPercent(
                        (draft?.id === selected.id ? draft.position : selected.position).y,
                      )}`
                    : "Not placed"}
                </dd>
                <dt>Area</dt>
                <dd data-testid="tl-prop-area">{formatArea(selected.parameters?.contour_area_mm)}</dd>
              </dl>
              <div className="tl-contour-preview" data-testid="tl-prop-contour">
                <ToolOutline tool={selected} title={`Contour of ${selected.name}`} />
              </div>
              <Button size="sm" onClick={() => setSelectedId(null)} data-testid="tl-clear-selection">
                Clear Selection
              </Button>
            </>
          ) : (
            <p className="tl-muted">Select a tool to see its properties.</p>
          )}
        </aside>
      </div>

      {ready && tools.length === 0 && message?.tone !== "success" ? (
        <EmptyState
          className="tl-empty"
          title="No tools in the queue"
          action={<ButtonLink href={href("/scanner")}>Go to Scanner</ButtonLink>}
        >
          Scan tools and save them to the queue, then place them here.
        </EmptyState>
      ) : null}

      <footer className="tl-footer">
        <ButtonLink href={href("/scanner")} data-testid="tl-back">
          Back to Scanner
        </ButtonLink>
        <ButtonLink href={href("/foam-editor")} variant="ghost" data-testid="tl-editor-link">
          Open Foam Editor
        </ButtonLink>
        <Button variant="primary" busy={submitting} onClick={() => void submit()} data-testid="tl-submit">
          {submitting ? "SUBMITTING…" : "SUBMIT LAYOUT"}
        </Button>
      </footer>

      {ghost && ghostTool ? (
        <div className="tl-ghost" style={{ left: ghost.x, top: ghost.y }} aria-hidden="true">
          {ghostTool.name}
        </div>
      ) : null}
    </section>
  );
}
