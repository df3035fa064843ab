import { useContext, useEffect, useRef, type DragEvent, type MouseEvent, type PointerEvent } from "react";
import { resizeCanvas, zoomTo } from "../core/actions";
import type { LayoutProblem } from "../core/problems";
import type { EditorStore } from "../core/store";
import type { ToolMachine } from "../core/tools/tool-machine";
import type { PointerInfo } from "../core/tools/types";
import type { Vec } from "../core/types";
import { screenToFoam, viewScale } from "../core/viewport";
import type { EditorRenderer } from "../render/renderer";
import { EditorRendererContext } from "../renderer-context";
import { TOOL_DRAG_TYPE } from "./unplaced-list";

type EditorCanvasProps = {
  store: EditorStore;
  machine: ToolMachine;
  problems: LayoutProblem[];
  onDropTool: (id: string, at: Vec) => void;
};

/** Wheel zoom speed: one notch (~100 delta) is about 16 %. */
const WHEEL_ZOOM_RATE = 0.0015;

// Reading the canvas's position forces a layout: do it once per press, resize or scroll, not per move.
const rects = new WeakMap<HTMLCanvasElement, DOMRect>();

function localPoint(canvas: HTMLCanvasElement, event: { clientX: number; clientY: number }, fresh = false): Vec {
  let rect = fresh ? undefined : rects.get(canvas);
  if (!rect) rects.set(canvas, (rect = canvas.getBoundingClientRect()));
  return { x: event.clientX - rect.left, y: event.clientY - rect.top };
}

function forgetRect(canvas: HTMLCanvasElement | null): void {
  if (canvas) rects.delete(canvas);
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
  const problemsRef = useRef(problems);
  problemsRef.current = problems;

  // The canvas never re-renders through React for a store change: the store's listener asks for a
  // frame straight away and the frame reads the latest state, so a drag costs no React work at all.
  const draw = () => {
    if (frameRef.current || typeof requestAnimationFrame === "undefined") return;
    frameRef.current = requestAnimationFrame(() => {
      frameRef.current = 0;
      const state = store.getState();
      const canvas = canvasRef.current;
      if (canvas) {
        // The view, for tests and tools that need foam ↔ screen without reaching into the store.
        const { viewport } = state.session;
        canvas.dataset.scale = String(viewScale(viewport));
        canvas.dataset.panX = String(viewport.panX);
        canvas.dataset.panY = String(viewport.panY);
      }
      const activeId = machine.stateId === "dragging" ? (machine.gesture?.toolId ?? null) : null;
      rendererRef.current?.render({ state, problems: problemsRef.current, hoverId: machine.hoverId, activeId });
    });
  };

  useEffect(() => store.subscribe(draw), [store]);

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

  useEffect(draw, [problems]);

  useEffect(() => {
    const wrap = wrapRef.current!;
    const measure = () => {
      forgetRect(canvasRef.current);
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
    const onScroll = () => forgetRect(canvas);
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      canvas.removeEventListener("wheel", onWheel);
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("resize", onScroll);
    };
  }, [store]);

  const info = (event: PointerEvent<HTMLCanvasElement> | MouseEvent<HTMLCanvasElement>, fresh = false): PointerInfo => ({
    point: localPoint(event.currentTarget, event, fresh),
    button: event.button,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
  });

  // Store changes redraw through the effect above; only a new hover highlight needs a draw here.
  const hovered = useRef<string | null>(null);
  const dragging = useRef(false);
  const afterInput = (canvas: HTMLCanvasElement) => {
    const cursor = machine.cursor;
    if (canvas.style.cursor !== cursor) canvas.style.cursor = cursor;
    // The end of a drag drops the renderer's snapshot: redraw even if nothing else changed.
    const isDragging = machine.stateId === "dragging";
    if (dragging.current !== isDragging) {
      dragging.current = isDragging;
      draw();
    }
    if (hovered.current === machine.hoverId) return;
    hovered.current = machine.hoverId;
    draw();
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const canvas = event.currentTarget;
    canvas.focus({ preventScroll: true });
    canvas.setPointerCapture?.(event.pointerId);
    if (event.button === 1) event.preventDefault();
    machine.pointerDown(info(event, true));
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
    onDropTool(id, screenToFoam(store.getState().session.viewport, localPoint(event.currentTarget, event, true)));
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
