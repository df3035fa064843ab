import type { LayoutProblem } from "../core/problems";
import type { EditorState } from "../core/types";

/** `activeId`: the pocket being dragged, if any; everything else is then static and may be drawn from a snapshot. */
export type RenderInput = { state: EditorState; problems: LayoutProblem[]; hoverId: string | null; activeId?: string | null };

/** What the canvas component needs from a drawing backend; tests substitute a stub. */
export type EditorRenderer = {
  render(input: RenderInput): void;
  resize(width: number, height: number): void;
  destroy(): void;
};

export type RendererFactory = (canvas: HTMLCanvasElement) => Promise<EditorRenderer>;

/** paper.js is loaded only in the browser, after hydration: it never runs on the server. */
export const loadPaperRenderer: RendererFactory = async (canvas) => {
  const { createPaperRenderer } = await import("./paper-renderer");
  return createPaperRenderer(canvas);
};
