import paper from "paper/dist/paper-core";
import { GRID_MM } from "../core/constants";
import { placedPockets } from "../core/pockets";
import { problemToolIds } from "../core/problems";
import { foamToScreen, outlineToScreen, viewScale } from "../core/viewport";
import type { EditorRenderer, RenderInput } from "./renderer";

type Palette = Record<(typeof PALETTE_KEYS)[number], string>;

const PALETTE_KEYS = ["foam", "foamEdge", "grid", "gridMajor", "pocket", "pocketEdge", "selected", "problem", "problemFill", "label"] as const;
const FALLBACK: Palette = {
  foam: "#2f3b4c",
  foamEdge: "#94a3b8",
  grid: "rgba(148, 163, 184, 0.18)",
  gridMajor: "rgba(148, 163, 184, 0.38)",
  pocket: "#0f172a",
  pocketEdge: "#38bdf8",
  selected: "#facc15",
  problem: "#ef4444",
  problemFill: "rgba(239, 68, 68, 0.35)",
  label: "#e2e8f0",
};

/** Colours come from CSS custom properties (--fe-canvas-*) so the theme can restyle the canvas. */
function readPalette(canvas: HTMLCanvasElement): Palette {
  const style = getComputedStyle(canvas);
  const palette = { ...FALLBACK };
  for (const key of PALETTE_KEYS) {
    const name = `--fe-canvas-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    const value = style.getPropertyValue(name).trim();
    if (value) palette[key] = value;
  }
  return palette;
}

/** Draws the store with paper.js in screen pixels; redrawn whole on each change (tens of items). */
export function createPaperRenderer(canvas: HTMLCanvasElement): EditorRenderer {
  const scope = new paper.PaperScope();
  scope.setup(canvas);
  scope.settings.insertItems = true;

  function drawGrid(input: RenderInput, palette: Palette) {
    const { doc, session } = input.state;
    const viewport = session.viewport;
    // Below ~3 px per cell the grid is noise; keep only the 50 mm lines then.
    const fine = viewScale(viewport) * GRID_MM >= 3;
    const topLeft = foamToScreen(viewport, { x: 0, y: 0 });
    const bottomRight = foamToScreen(viewport, { x: doc.foam.width_mm, y: doc.foam.depth_mm });
    const line = (from: [number, number], to: [number, number], major: boolean) =>
      new scope.Path.Line({ from, to, strokeColor: major ? palette.gridMajor : palette.grid, strokeWidth: 1 });
    for (let x = GRID_MM; x < doc.foam.width_mm; x += GRID_MM) {
      const major = Math.round(x) % 50 === 0;
      if (!fine && !major) continue;
      const sx = foamToScreen(viewport, { x, y: 0 }).x;
      line([sx, topLeft.y], [sx, bottomRight.y], major);
    }
    for (let y = GRID_MM; y < doc.foam.depth_mm; y += GRID_MM) {
      const major = Math.round(y) % 50 === 0;
      if (!fine && !major) continue;
      const sy = foamToScreen(viewport, { x: 0, y }).y;
      line([topLeft.x, sy], [bottomRight.x, sy], major);
    }
  }

  return {
    render(input) {
      scope.activate();
      scope.project.activeLayer.removeChildren();
      const palette = readPalette(canvas);
      const { doc, session } = input.state;
      const viewport = session.viewport;
      const topLeft = foamToScreen(viewport, { x: 0, y: 0 });
      const bottomRight = foamToScreen(viewport, { x: doc.foam.width_mm, y: doc.foam.depth_mm });
      new scope.Path.Rectangle({
        from: [topLeft.x, topLeft.y],
        to: [bottomRight.x, bottomRight.y],
        fillColor: palette.foam,
        strokeColor: palette.foamEdge,
        strokeWidth: 1.5,
      });
      if (session.showGrid) drawGrid(input, palette);
      const flagged = problemToolIds(input.problems);
      const pockets = placedPockets(doc);
      // The selected pocket is drawn last so its outline is never hidden by a neighbour.
      pockets.sort((a, b) => Number(a.tool.id === session.selectedId) - Number(b.tool.id === session.selectedId));
      const fontSize = Math.max(9, Math.min(14, viewScale(viewport) * 3));
      for (const pocket of pockets) {
        const problem = flagged.has(pocket.tool.id);
        const selected = pocket.tool.id === session.selectedId;
        const hovered = pocket.tool.id === input.hoverId;
        new scope.Path({
          segments: outlineToScreen(viewport, pocket.outline),
          closed: true,
          fillColor: problem ? palette.problemFill : palette.pocket,
          strokeColor: selected ? palette.selected : problem ? palette.problem : palette.pocketEdge,
          strokeWidth: selected ? 2.5 : hovered ? 2 : 1.25,
        });
        if (selected) {
          const b = pocket.bounds;
          const from = foamToScreen(viewport, { x: b.minX, y: b.minY });
          const to = foamToScreen(viewport, { x: b.maxX, y: b.maxY });
          new scope.Path.Rectangle({
            from: [from.x - 4, from.y - 4],
            to: [to.x + 4, to.y + 4],
            strokeColor: palette.selected,
            strokeWidth: 1,
            dashArray: [4, 4],
          });
        }
        const centre = foamToScreen(viewport, { x: pocket.tool.placement!.x_mm, y: pocket.tool.placement!.y_mm });
        new scope.PointText({
          point: [centre.x, centre.y + fontSize / 3],
          content: pocket.tool.name,
          justification: "center",
          fillColor: palette.label,
          fontSize,
          fontFamily: "system-ui, sans-serif",
        });
      }
      scope.view.update();
    },
    resize(width, height) {
      if (width > 0 && height > 0) scope.view.viewSize = new scope.Size(width, height);
    },
    destroy() {
      scope.project.remove();
      scope.view.remove();
    },
  };
}
