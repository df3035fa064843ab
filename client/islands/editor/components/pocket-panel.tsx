import { useEffect, useState } from "react";
import { defaultDepth, depthInLayer, layerSpans, maxDepth } from "../../../../common/layout";
import { effectiveClearance, effectiveDepth, foamOfLayout } from "../core/layout-geometry";
import type { ArmedFinger } from "../core/tools/types";
import type { EditorTool, Foam } from "../core/types";
import { CommitField } from "./commit-field";
import { SidebarSection } from "./sidebar-section";

type PocketPanelProps = {
  tool: EditorTool | null;
  foam: Foam;
  fingerArmed: boolean;
  onDepth: (depth: number | null) => void;
  onClearance: (clearance: number | null) => void;
  onLabel: (text: string, height: number) => void;
  onLedge: (ledge: { width_mm: number; depth_mm: number } | null) => void;
  onArmFinger: (finger: ArmedFinger | null) => void;
  onRemoveFinger: (index: number) => void;
};

/** Which foam layers a depth cuts, in words ("all of layer 1 (25 mm), 5 mm into layer 2"). */
export function layersCut(foam: Foam, depth: number): string {
  const spans = layerSpans(foamOfLayout(foam));
  if (spans.length < 2) return `${depth} mm of ${foam.thickness_mm} mm`;
  return spans
    .map((span) => ({ span, cut: depthInLayer(depth, span) }))
    .filter(({ cut }) => cut > 0)
    .map(({ span, cut }) => (cut >= span.layer.thickness_mm ? `all of layer ${span.index + 1}` : `${cut} mm into layer ${span.index + 1}`))
    .join(", ");
}

/** How the selected tool's pocket is cut: depth, clearance, finger pulls, engraved label, ledge. */
export function PocketPanel(props: PocketPanelProps) {
  const { tool, foam, fingerArmed } = props;
  const [shape, setShape] = useState<"round" | "oval">("round");
  const [fingerWidth, setFingerWidth] = useState(20);
  const [fingerLength, setFingerLength] = useState(32);
  const [fingerDepth, setFingerDepth] = useState("");
  const [label, setLabel] = useState("");
  const [labelHeight, setLabelHeight] = useState(5);
  const [ledge, setLedge] = useState({ width_mm: 6, depth_mm: 8 });
  useEffect(() => {
    setLabel(tool?.pocket.label?.text ?? "");
    setLabelHeight(tool?.pocket.label?.height_mm ?? 5);
    if (tool?.pocket.ledge) setLedge(tool.pocket.ledge);
  }, [tool]);
  if (!tool?.placement) {
    return (
      <SidebarSection title="Pocket" id="fe-pocket">
        <p className="fe-muted">Select a tool to set its pocket depth, clearance, finger pulls and label.</p>
      </SidebarSection>
    );
  }
  const depth = effectiveDepth(tool, foam);
  const fallback = defaultDepth(foam, tool.heightMm);
  const fingers = tool.pocket.fingers ?? [];
  return (
    <SidebarSection title="Pocket" id="fe-pocket">
      <CommitField
        label="Depth (mm)"
        value={tool.pocket.depth_mm ?? null}
        placeholder={`${fallback} (default)`}
        min={1}
        max={maxDepth(foam)}
        testId="fe-pocket-depth"
        onCommit={props.onDepth}
      />
      <p className="fe-muted" data-testid="fe-pocket-depth-info">
        {depth} mm deep{tool.pocket.depth_mm === undefined ? (tool.heightMm ? ` (scan height ${tool.heightMm} mm + 2)` : " (half the foam)") : ""}: {layersCut(foam, depth)}.
        At most {maxDepth(foam)} mm: 5 mm of foam stays below.
      </p>
      <CommitField
        label="Clearance (mm)"
        value={tool.pocket.clearance_mm ?? null}
        placeholder={`${effectiveClearance(tool)} (default)`}
        min={0}
        max={20}
        step={0.25}
        testId="fe-pocket-clearance"
        onCommit={props.onClearance}
      />
      <fieldset className="fe-fieldset">
        <legend>Finger pulls</legend>
        <div className="fe-button-row">
          <select value={shape} onChange={(event) => setShape(event.target.value as "round" | "oval")} aria-label="Finger pull shape" data-testid="fe-finger-shape">
            <option value="round">Round</option>
            <option value="oval">Oval</option>
          </select>
          <input type="number" min={5} max={100} value={fingerWidth} onChange={(event) => setFingerWidth(Number(event.target.value) || 20)} aria-label="Finger pull width (mm)" data-testid="fe-finger-width" />
          {shape === "oval" && (
            <input type="number" min={5} max={200} value={fingerLength} onChange={(event) => setFingerLength(Number(event.target.value) || 32)} aria-label="Finger pull length (mm)" data-testid="fe-finger-length" />
          )}
          <input type="number" min={1} max={maxDepth(foam)} value={fingerDepth} placeholder="depth" onChange={(event) => setFingerDepth(event.target.value)} aria-label="Finger pull depth (mm; empty: as deep as the pocket)" data-testid="fe-finger-depth" />
        </div>
        <button
          type="button"
          className="fe-button"
          aria-pressed={fingerArmed}
          disabled={fingers.length >= 8}
          onClick={() =>
            props.onArmFinger(fingerArmed ? null : { shape, width_mm: fingerWidth, length_mm: shape === "oval" ? fingerLength : fingerWidth, depth_mm: fingerDepth.trim() ? Number(fingerDepth) : null })
          }
          data-testid="fe-finger-add"
        >
          {fingerArmed ? "Click the tool's edge… (Esc cancels)" : "Add finger pull"}
        </button>
        {fingers.length > 0 && (
          <ul className="fe-finger-list" data-testid="fe-finger-list">
            {fingers.map((finger, index) => (
              <li key={`${finger.x}-${finger.y}-${index}`}>
                {finger.shape === "oval" ? `Oval ${finger.width_mm} × ${finger.length_mm} mm` : `Round ⌀${finger.width_mm} mm`}
                {finger.depth_mm !== undefined ? `, ${finger.depth_mm} mm deep` : ""}{" "}
                <button type="button" className="fe-link-button" onClick={() => props.onRemoveFinger(index)} data-testid={`fe-finger-remove-${index}`}>
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <fieldset className="fe-fieldset">
        <legend>Engraved label</legend>
        <input type="text" maxLength={60} value={label} onChange={(event) => setLabel(event.target.value)} placeholder="e.g. 13 mm spanner" aria-label="Label text" data-testid="fe-label-text" />
        <div className="fe-button-row">
          <input type="number" min={2} max={50} value={labelHeight} onChange={(event) => setLabelHeight(Number(event.target.value) || 5)} aria-label="Text height (mm)" data-testid="fe-label-height" />
          <button type="button" className="fe-button" onClick={() => props.onLabel(label, labelHeight)} data-testid="fe-label-apply">
            {label.trim() ? "Apply label" : "Remove label"}
          </button>
        </div>
      </fieldset>
      <fieldset className="fe-fieldset">
        <legend>Stepped pocket (ledge)</legend>
        <div className="fe-button-row">
          <input type="number" min={1} max={100} value={ledge.width_mm} onChange={(event) => setLedge({ ...ledge, width_mm: Number(event.target.value) || 1 })} aria-label="Ledge width (mm)" data-testid="fe-ledge-width" />
          <input type="number" min={1} max={maxDepth(foam)} value={ledge.depth_mm} onChange={(event) => setLedge({ ...ledge, depth_mm: Number(event.target.value) || 1 })} aria-label="Ledge depth (mm)" data-testid="fe-ledge-depth" />
          <button type="button" className="fe-button" disabled={ledge.depth_mm >= depth} onClick={() => props.onLedge(ledge)} data-testid="fe-ledge-apply">
            {tool.pocket.ledge ? "Update ledge" : "Add ledge"}
          </button>
          {tool.pocket.ledge && (
            <button type="button" className="fe-button" onClick={() => props.onLedge(null)} data-testid="fe-ledge-remove">
              Remove
            </button>
          )}
        </div>
        <p className="fe-muted">A shallow step around the core, e.g. for a tool's handle; shallower than the pocket.</p>
      </fieldset>
    </SidebarSection>
  );
}
