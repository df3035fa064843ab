import { useContext, useEffect, useRef, type DragEvent, type MouseEvent, type PointerEvent } from "react";
import { resizeCanvas, zoomTo } from "../core/actions";
import type { LayoutProblem } from "../core/problems";
import type { EditorStore } from "../core/store";
import type { ToolMachine } from "../core/tools/tool-machine";
import type { PointerInfo } from "../core/tools/types";
import type { Vec } from "../core/types";
import { screenToFoam } from "../core/viewport";
import type { EditorRenderer } from "../render/renderer";
import { EditorRendererContext } from "../renderer-context";
import { useEditorState } from "../use-editor-state";
import { TOOL_DRAG_TYPE } from "./unplaced-list";

type EditorCanvasProps = {
  store: EditorStore;
  machine: ToolMachine;
  problems: LayoutProblem[];
  onDropTool: (id: string, at: Vec) => void;
};

/** Wheel zoom speed: one notch (~100 delta) is about 16 %. */
const WHEEL_ZOOM_RATE = 0.0015;

function localPoint(canvas: HTMLCanvasElement, event: { clientX: number; clientY: number }): Vec {
  const rect = canvas.getBoundingClientRect();
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

/**
 * The drawing surface: input goes to the tool state machine, drawing to the renderer (paper.js
 * in the browser). Redraws are coalesced to one per animation frame.
 */
export function EditorCanvas({ store, machine, problems, onDropTool }: EditorCanvasProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<EditorRenderer | null>(null);
  const frameRef = useRef(0);
  const loadRenderer = useContext(EditorRendererContext);
  const state = useEditorState(store);
  const latest = useRef({ state, problems });
  latest.current = { state, problems };

  const draw = () => {
    if (frameRef.current || typeof requestAnimationFrame === "undefined") return;
    frameRef.current = requestAnimationFrame(() => {
      frameRef.current = 0;
      rendererRef.current?.render({ ...latest.current, hoverId: machine.hoverId });
    });
  };

  useEffect(() => {
    const canvas = canvasRef.current!;
    let cancelled = false;
    loadRenderer(canvas)
      .then((renderer) => {
        if (cancelled) return renderer.destroy();
        rendererRef.current = renderer;
        const { width, height } = store.getState().session.viewport;
        renderer.resize(width, height);
        draw();
      })
      .catch((error) => console.error("Foam editor: the canvas renderer failed to load", error));
    return () => {
      cancelled = true;
      cancelAnimationFrame(frameRef.current);
      frameRef.current = 0;
      rendererRef.current?.destroy();
      rendererRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadRenderer, store]);

  useEffect(draw, [state, problems]);

  useEffect(() => {
    const wrap = wrapRef.current!;
    const measure = () => {
      const width = Math.round(wrap.clientWidth);
      const height = Math.round(wrap.clientHeight);
      store.dispatch(resizeCanvas, { width, height });
      rendererRef.current?.resize(width, height);
      draw();
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  // React's wheel listener is passive; zooming must stop the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current!;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const zoom = store.getState().session.viewport.zoom * Math.exp(-event.deltaY * WHEEL_ZOOM_RATE);
      store.dispatch(zoomTo, { zoom, anchor: localPoint(canvas, event) });
    };
    canvas.addEventListener("wheel", onWheel, { passive: false });
    return () => canvas.removeEventListener("wheel", onWheel);
  }, [store]);

  const info = (event: PointerEvent<HTMLCanvasElement> | MouseEvent<HTMLCanvasElement>): PointerInfo => ({
    point: localPoint(event.currentTarget, event),
    button: event.button,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
  });

  // Store changes redraw through the effect above; only a new hover highlight needs a draw here.
  const hovered = useRef<string | null>(null);
  const afterInput = (canvas: HTMLCanvasElement) => {
    canvas.style.cursor = machine.cursor;
    if (hovered.current === machine.hoverId) return;
    hovered.current = machine.hoverId;
    draw();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture?.(event.pointerId);
    if (event.button === 1) event.preventDefault();
    machine.pointerDown(info(event));
    afterInput(canvas);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    machine.pointerMove(info(event));
    afterInput(event.currentTarget);
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    if (canvas.hasPointerCapture?.(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    machine.pointerUp(info(event));
    afterInput(canvas);
  };

  const onDragOver = (event: DragEvent<HTMLCanvasElement>) => {
    if (!event.dataTransfer.types.includes(TOOL_DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  };

  const onDrop = (event: DragEvent<HTMLCanvasElement>) => {
    const id = event.dataTransfer.getData(TOOL_DRAG_TYPE);
    if (!id) return;
    event.preventDefault();
    onDropTool(id, screenToFoam(store.getState().session.viewport, localPoint(event.currentTarget, event)));
  };

  return (
    <>
      <div className="fe-canvas-wrap" ref={wrapRef}>
        <canvas
          ref={canvasRef}
          className="fe-canvas"
          tabIndex={0}
          role="application"
          aria-label="Foam layout canvas"
          aria-describedby="fe-canvas-help"
          data-testid="fe-canvas"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={(event) => {
            machine.cancel();
            afterInput(event.currentTarget);
          }}
          onMouseDown={(event) => event.button === 1 && event.preventDefault()}
          onDoubleClick={(event) => {
            machine.doubleClick(info(event));
            afterInput(event.currentTarget);
          }}
          onDragOver={onDragOver}
          onDrop={onDrop}
        />
      </div>
      <p id="fe-canvas-help" className="fe-canvas-help">
        Drag a tool to move it · double-click returns it · wheel zooms · drag empty foam, middle button or Ctrl+drag pans ·
        arrows nudge, R rotates, Delete removes, Esc cancels a drag
      </p>
    </>
  );
}
