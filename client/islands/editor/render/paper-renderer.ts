import paper from "paper/dist/paper-core";
import { GRID_MM } from "../core/constants";
import { cutOutline, effectiveDepth } from "../core/layout-geometry";
import { placedPockets, type Pocket } from "../core/pockets";
import { problemToolIds } from "../core/problems";
import type { EditorTool, Foam, Pt } from "../core/types";
import { viewScale } from "../core/viewport";
import type { EditorRenderer, RenderInput } from "./renderer";

type Palette = Record<(typeof PALETTE_KEYS)[number], string>;

const PALETTE_KEYS = ["foam", "foamEdge", "grid", "gridMajor", "pocket", "pocketEdge", "toolEdge", "selected", "problem", "problemFill", "label", "engrave"] as const;
const FALLBACK: Palette = {
  foam: "#2f3b4c",
  foamEdge: "#94a3b8",
  grid: "rgba(148, 163, 184, 0.18)",
  gridMajor: "rgba(148, 163, 184, 0.38)",
  pocket: "#0f172a",
  pocketEdge: "#38bdf8",
  toolEdge: "rgba(226, 232, 240, 0.45)",
  selected: "#facc15",
  problem: "#ef4444",
  problemFill: "rgba(239, 68, 68, 0.35)",
  label: "#e2e8f0",
  engrave: "#86efac",
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

/** Same tool, same shape, only moved: what a drag step changes. */
function movedOnly(before: EditorTool, after: EditorTool): boolean {
  const a = before.placement;
  const b = after.placement;
  return Boolean(a && b) && before.outline === after.outline && before.pocket === after.pocket && before.name === after.name && a!.rotation === b!.rotation && a!.scale === b!.scale;
}

type PocketItem = { tool: EditorTool; foam: Foam; group: paper.Group; cut: paper.Item; name: paper.PointText; style: string };

/**
 * Draws the store with paper.js. Items live in foam millimetres and stay between frames: a
 * drag rebuilds only the moved pocket, pan and zoom only change the view's transform, and
 * selection or problems only restyle. Strokes do not scale, so lines stay thin at any zoom.
 */
export function createPaperRenderer(canvas: HTMLCanvasElement): EditorRenderer {
  const scope = new paper.PaperScope();
  scope.setup(canvas);
  scope.settings.insertItems = false;
  const palette = readPalette(canvas);
  const background = new scope.Layer();
  const pocketsLayer = new scope.Layer();
  const overlay = new scope.Layer();
  scope.project.addLayer(background);
  scope.project.addLayer(pocketsLayer);
  scope.project.addLayer(overlay);
  const frozenLayer = new scope.Layer();
  scope.project.insertLayer(0, frozenLayer);
  const items = new Map<string, PocketItem>();
  /** During a drag: a picture of everything but the dragged pocket, and what it shows. */
  let frozen: { activeId: string; key: string; others: EditorTool[] } | null = null;
  let backgroundKey = "";
  let fontKey = 0;

  const path = (points: Pt[], options: Record<string, unknown>) => new scope.Path({ segments: points, closed: true, strokeScaling: false, ...options });

  function drawBackground(foam: Foam, showGrid: boolean, scale: number) {
    const fine = scale * GRID_MM >= 3;
    const key = `${foam.width_mm}x${foam.depth_mm}|${showGrid}|${fine}`;
    if (key === backgroundKey) return;
    backgroundKey = key;
    background.removeChildren();
    background.addChild(
      new scope.Path.Rectangle({ from: [0, 0], to: [foam.width_mm, foam.depth_mm], fillColor: palette.foam, strokeColor: palette.foamEdge, strokeWidth: 1.5, strokeScaling: false, insert: false }),
    );
    if (!showGrid) return;
    // Below ~3 px per cell the grid is noise; keep only the 50 mm lines then. One compound path per kind.
    const lines = { minor: [] as paper.Path[], major: [] as paper.Path[] };
    for (let x = GRID_MM; x < foam.width_mm; x += GRID_MM) {
      const major = Math.round(x) % 50 === 0;
      if (fine || major) lines[major ? "major" : "minor"].push(new scope.Path.Line({ from: [x, 0], to: [x, foam.depth_mm], insert: false }));
    }
    for (let y = GRID_MM; y < foam.depth_mm; y += GRID_MM) {
      const major = Math.round(y) % 50 === 0;
      if (fine || major) lines[major ? "major" : "minor"].push(new scope.Path.Line({ from: [0, y], to: [foam.width_mm, y], insert: false }));
    }
    for (const [kind, children] of Object.entries(lines)) {
      if (!children.length) continue;
      background.addChild(new scope.CompoundPath({ children, strokeColor: kind === "major" ? palette.gridMajor : palette.grid, strokeWidth: 1, strokeScaling: false, insert: false }));
    }
  }

  function buildPocket(pocket: Pocket, foam: Foam): PocketItem {
    const tool = pocket.tool;
    const rings = cutOutline(tool, foam);
    const cut = rings.length > 1 ? new scope.CompoundPath({ children: rings.map((ring) => path(ring, { insert: false })), strokeScaling: false, insert: false }) : path(rings[0] ?? pocket.outline, { insert: false });
    const outline = path(pocket.outline, { strokeColor: palette.toolEdge, strokeWidth: 1, insert: false });
    const centre = { x: tool.placement!.x_mm, y: tool.placement!.y_mm };
    const name = new scope.PointText({
      point: [centre.x, centre.y],
      content: `${tool.name} · ${Math.round(effectiveDepth(tool, foam) * 10) / 10} mm`,
      justification: "center",
      fillColor: palette.label,
      fontFamily: "system-ui, sans-serif",
      insert: false,
    });
    const children: paper.Item[] = [cut, outline, name];
    const label = tool.pocket.label;
    if (label?.text) {
      const box = pocket.bounds;
      children.push(
        new scope.PointText({ point: [(box.minX + box.maxX) / 2, box.maxY + 3 + label.height_mm], content: label.text, justification: "center", fillColor: palette.engrave, fontSize: label.height_mm, fontFamily: "system-ui, sans-serif", insert: false }),
      );
    }
    const group = new scope.Group({ children, insert: false });
    return { tool, foam, group, cut, name, style: "" };
  }

  function placeName(item: PocketItem, fontMm: number) {
    if (!fontMm) return;
    item.name.fontSize = fontMm;
    item.name.point = new scope.Point(item.tool.placement!.x_mm, item.tool.placement!.y_mm + fontMm / 3);
  }

  function style(item: PocketItem, selected: boolean, problem: boolean, hovered: boolean) {
    const key = `${selected}|${problem}|${hovered}`;
    if (item.style === key) return;
    item.style = key;
    item.cut.fillColor = new scope.Color(problem ? palette.problemFill : palette.pocket);
    item.cut.strokeColor = new scope.Color(selected ? palette.selected : problem ? palette.problem : palette.pocketEdge);
    item.cut.strokeWidth = selected ? 2.5 : hovered ? 2 : 1.25;
  }

  function thaw() {
    if (!frozen) return;
    frozen = null;
    frozenLayer.removeChildren();
    background.visible = true;
    for (const item of items.values()) item.group.visible = true;
  }

  /**
   * While a pocket is dragged nothing else changes: draw the rest once, keep it as a bitmap and
   * from then on draw only that bitmap and the dragged pocket (200 pockets → one drawImage).
   */
  function freeze(input: RenderInput, selected: PocketItem | null) {
    const activeId = input.activeId ?? null;
    const active = activeId ? items.get(activeId) : undefined;
    if (!activeId || !active) return thaw();
    const { doc, session } = input.state;
    const v = session.viewport;
    const key = `${activeId}|${v.zoom}|${v.fit}|${v.panX}|${v.panY}|${v.width}|${v.height}|${session.showGrid}|${session.selectedId}|${input.hoverId}|${[...problemToolIds(input.problems)].join(",")}`;
    const others = doc.tools.filter((tool) => tool.id !== activeId && tool.placement);
    if (frozen && frozen.key === key && frozen.others.length === others.length && frozen.others.every((tool, i) => tool === others[i])) return;
    thaw();
    // Draw the static part alone, copy the pixels, then show the copy instead of the vectors.
    active.group.visible = false;
    overlay.removeChildren();
    if (selected && selected !== active) {
      const b = selected.cut.bounds;
      const pad = 4 / viewScale(v);
      overlay.addChild(new scope.Path.Rectangle({ from: [b.left - pad, b.top - pad], to: [b.right + pad, b.bottom + pad], strokeColor: palette.selected, strokeWidth: 1, dashArray: [4, 4], strokeScaling: false, insert: false }));
    }
    placeView(v);
    scope.view.update();
    const snapshot = document.createElement("canvas");
    snapshot.width = canvas.width;
    snapshot.height = canvas.height;
    snapshot.getContext("2d")!.drawImage(canvas, 0, 0);
    // Handed over as the element itself: as `source` paper would take it for a URL and fetch it.
    const raster = new scope.Raster(snapshot);
    raster.bounds = scope.view.bounds;
    frozenLayer.addChild(raster);
    background.visible = false;
    for (const item of items.values()) if (item !== active) item.group.visible = false;
    active.group.visible = true;
    frozen = { activeId, key, others };
  }

  function placeView(viewport: RenderInput["state"]["session"]["viewport"]) {
    const scale = viewScale(viewport);
    scope.view.zoom = scale;
    scope.view.center = new scope.Point((viewport.width / 2 - viewport.panX) / scale, (viewport.height / 2 - viewport.panY) / scale);
  }

  return {
    render(input) {
      scope.activate();
      const { doc, session } = input.state;
      const viewport = session.viewport;
      const scale = viewScale(viewport);
      drawBackground(doc.foam, session.showGrid, scale);
      const flagged = problemToolIds(input.problems);
      const seen = new Set<string>();
      let selectedItem: PocketItem | null = null;
      for (const pocket of placedPockets(doc)) {
        const id = pocket.tool.id;
        seen.add(id);
        let item = items.get(id);
        if (item && item.tool !== pocket.tool && item.foam === doc.foam && movedOnly(item.tool, pocket.tool)) {
          // A drag step: shift the existing items instead of building new ones (no garbage per move).
          item.group.translate(new scope.Point(pocket.tool.placement!.x_mm - item.tool.placement!.x_mm, pocket.tool.placement!.y_mm - item.tool.placement!.y_mm));
          item.tool = pocket.tool;
        } else if (!item || item.tool !== pocket.tool || item.foam !== doc.foam) {
          const index = item ? item.group.index : -1;
          item?.group.remove();
          item = buildPocket(pocket, doc.foam);
          if (index >= 0) pocketsLayer.insertChild(index, item.group);
          else pocketsLayer.addChild(item.group);
          items.set(id, item);
          placeName(item, fontKey);
        }
        const selected = id === session.selectedId;
        style(item, selected, flagged.has(id), id === input.hoverId);
        if (selected) selectedItem = item;
      }
      for (const [id, item] of items) {
        if (seen.has(id)) continue;
        item.group.remove();
        items.delete(id);
      }
      // Names keep a readable screen size (9–14 px) whatever the zoom.
      const fontMm = Math.max(9, Math.min(14, scale * 3)) / scale;
      if (fontKey !== fontMm) {
        fontKey = fontMm;
        for (const item of items.values()) placeName(item, fontMm);
      }
      freeze(input, selectedItem);
      overlay.removeChildren();
      if (selectedItem) {
        // The selected pocket is drawn on top so its outline is never hidden by a neighbour.
        selectedItem.group.bringToFront();
        const b = selectedItem.cut.bounds;
        const pad = 4 / scale;
        overlay.addChild(
          new scope.Path.Rectangle({ from: [b.left - pad, b.top - pad], to: [b.right + pad, b.bottom + pad], strokeColor: palette.selected, strokeWidth: 1, dashArray: [4, 4], strokeScaling: false, insert: false }),
        );
      }
      placeView(viewport);
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
