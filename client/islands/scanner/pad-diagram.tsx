import { useEffect, useRef, type RefObject } from "react";
import { CORNER_RADIUS_MM, CORNERS, cornerLabel, cornerStates, distanceMm, PAD_HEIGHT_MM, PAD_WIDTH_MM, type Corner, type CornerState } from "./guided-capture";
import { OVERLAY_STALE_MS, type LiveDetection } from "./overlay";
import { OVERLAY_INTERVAL_MS } from "./use-live-camera";

/** The diagram shows this much table around the frame: a nadir just outside a corner is the goal. */
export const DIAGRAM_MARGIN_MM = 45;
const SPAN_X = PAD_WIDTH_MM + 2 * DIAGRAM_MARGIN_MM;
const SPAN_Y = PAD_HEIGHT_MM + 2 * DIAGRAM_MARGIN_MM;

/** Pad mm → 0–1 of the diagram; points beyond the margin are pinned to its edge and flagged. */
export function diagramPoint([x, y]: [number, number]): { fx: number; fy: number; outside: boolean } {
  const fx = (x + DIAGRAM_MARGIN_MM) / SPAN_X;
  const fy = (y + DIAGRAM_MARGIN_MM) / SPAN_Y;
  // Pinned a little inside the edge so the whole ring stays visible.
  const clamp = (value: number) => Math.min(0.96, Math.max(0.04, value));
  const outside = fx < 0 || fx > 1 || fy < 0 || fy > 1;
  return outside ? { fx: clamp(fx), fy: clamp(fy), outside } : { fx, fy, outside };
}

const STATE_TEXT: Record<CornerState, string> = { done: "done", next: "next", todo: "to do" };

type DrawInput = { live: LiveDetection | null; target: Corner | null; done: Corner[] };

function drawDiagram(context: CanvasRenderingContext2D, width: number, height: number, { live, target }: DrawInput, now: number) {
  context.clearRect(0, 0, width, height);
  const scale = width / SPAN_X;
  const px = (mm: [number, number]): [number, number] => {
    const { fx, fy } = diagramPoint(mm);
    return [fx * width, fy * height];
  };
  const [left, top] = px([0, 0]);
  const [right, bottom] = px([PAD_WIDTH_MM, PAD_HEIGHT_MM]);
  context.fillStyle = "rgba(255, 255, 255, 0.92)";
  context.fillRect(left, top, right - left, bottom - top);
  context.lineWidth = Math.max(1, width / 160);
  context.strokeStyle = "#8a8f98";
  context.strokeRect(left, top, right - left, bottom - top);
  if (target !== null) {
    const [cx, cy] = px(CORNERS[target]!.mm);
    context.beginPath();
    context.arc(cx, cy, CORNER_RADIUS_MM * scale, 0, Math.PI * 2);
    context.fillStyle = "rgba(0, 183, 255, 0.15)";
    context.fill();
    context.strokeStyle = "#00b7ff";
    context.stroke();
  }
  const camera = live && now - live.at <= OVERLAY_STALE_MS ? live.detection.camera : null;
  if (!camera) return;
  const { fx, fy, outside } = diagramPoint(camera.nadir_mm);
  const near = target !== null && distanceMm(camera.nadir_mm, CORNERS[target]!.mm) <= CORNER_RADIUS_MM;
  context.beginPath();
  context.arc(fx * width, fy * height, Math.max(4, width / 28), 0, Math.PI * 2);
  const colour = near ? "#1a7f37" : "#d9480f";
  context.lineWidth = Math.max(2, width / 60);
  if (outside) {
    // Off the diagram: a ring pinned to the edge, in the direction of the camera.
    context.strokeStyle = colour;
    context.stroke();
  } else {
    context.fillStyle = colour;
    context.strokeStyle = "#ffffff";
    context.fill();
    context.stroke();
  }
}

/**
 * The pad seen from above with its four corner targets (done / next / to do, each a button that
 * makes it the next one) and the camera's live position drawn on a canvas from the preview ref,
 * redrawn on the overlay timer so previews never re-render React.
 */
export function PadDiagram({
  detectionRef,
  target,
  done,
  onSelect,
}: {
  detectionRef: RefObject<LiveDetection | null>;
  target: Corner | null;
  done: Corner[];
  onSelect: (corner: Corner) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const inputRef = useRef<Omit<DrawInput, "live">>({ target, done });
  inputRef.current = { target, done };

  useEffect(() => {
    const timer = setInterval(() => {
      const canvas = canvasRef.current;
      const context = canvas?.getContext("2d");
      if (!canvas || !context) return;
      const ratio = window.devicePixelRatio || 1;
      const width = Math.round(canvas.clientWidth * ratio);
      const height = Math.round(canvas.clientHeight * ratio);
      if (width === 0 || height === 0) return;
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      drawDiagram(context, width, height, { ...inputRef.current, live: detectionRef.current }, Date.now());
    }, OVERLAY_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [detectionRef]);

  const states = cornerStates(done, target);
  return (
    <div className="sc-pad-diagram" data-testid="sc-pad-diagram">
      <div className="sc-pad-diagram-area" style={{ aspectRatio: `${SPAN_X} / ${SPAN_Y}` }}>
        <canvas ref={canvasRef} className="sc-pad-diagram-canvas" aria-hidden="true" data-testid="sc-pad-canvas" />
        {CORNERS.map(({ id, mm }) => {
          const { fx, fy } = diagramPoint(mm);
          const state = states[id]!;
          return (
            <button
              key={id}
              type="button"
              className={`sc-corner sc-corner-${state}`}
              style={{ left: `${fx * 100}%`, top: `${fy * 100}%` }}
              aria-label={`${cornerLabel(id).replace(/^c/, "C")}: ${STATE_TEXT[state]}`}
              aria-current={state === "next" ? "step" : undefined}
              data-testid={`sc-corner-${id + 1}`}
              data-state={state}
              onClick={() => onSelect(id)}
            >
              {state === "done" ? "✓" : id + 1}
            </button>
          );
        })}
      </div>
      <p className="sc-pad-legend" aria-hidden="true">
        ✓ done · highlighted: next · dot: your camera
      </p>
    </div>
  );
}
