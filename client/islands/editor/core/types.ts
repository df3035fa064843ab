import type { ScannedTool } from "../../../lib/scanner-queue";
import type { FoamLayer } from "../../../../common/layout";

export type { FoamLayer };

export type Pt = [number, number];
export type Vec = { x: number; y: number };
export type Bounds = { minX: number; minY: number; maxX: number; maxY: number };

export type FoamSource =
  | { kind: "custom" }
  | { kind: "catalog"; brand: string; modelId: string; drawerId: string };

/** The foam sheet; x runs along width_mm, y along depth_mm, origin at its top-left corner. */
export type Foam = {
  label: string;
  width_mm: number;
  depth_mm: number;
  thickness_mm: number;
  source: FoamSource;
  /** 1–4 slabs from the top down; absent means one slab of the whole thickness. */
  layers?: FoamLayer[];
};

/** Centre of the pocket in foam millimetres, rotation in degrees (clockwise on screen), scale factor. */
export type Placement = { x_mm: number; y_mm: number; rotation: number; scale: number };

/** A finger notch in the tool's own outline coordinates (before rotation and scale), so it moves with the tool. */
export type ToolFinger = { x: number; y: number; angle_deg: number; shape: "round" | "oval"; width_mm: number; length_mm: number; /** Unset: as deep as the pocket. */ depth_mm?: number };

/** How the tool's pocket is cut; unset fields use the defaults (depth from the scan or foam, 1 mm clearance). */
export type PocketSpec = {
  depth_mm?: number;
  clearance_mm?: number;
  fingers?: ToolFinger[];
  label?: { text: string; height_mm: number } | null;
  /** A shallow ledge around the deep core (stepped pocket). */
  ledge?: { width_mm: number; depth_mm: number } | null;
};

export type EditorTool = {
  id: string;
  name: string;
  category: string;
  /** Outline in millimetres around the contour's centroid. */
  outline: Pt[];
  areaMm2: number;
  placement: Placement | null;
  /** The tool's height from the scan, when the scanner measured it. */
  heightMm: number | null;
  pocket: PocketSpec;
  /** The queue entry it came from, kept so an undone delete can be written back. */
  source: ScannedTool;
};

/** The recorded part of the state: everything undo/redo acts on. */
export type EditorDoc = { foam: Foam; tools: EditorTool[] };

export type Viewport = {
  zoom: number;
  /** Extra factor (at most 1) that fits the 10 px/mm foam into a smaller canvas at zoom 1. */
  fit: number;
  panX: number;
  panY: number;
  width: number;
  height: number;
};

export type HistoryStatus = {
  canUndo: boolean;
  canRedo: boolean;
  undoLabel: string | null;
  redoLabel: string | null;
};

export type EditorSession = {
  loaded: boolean;
  selectedId: string | null;
  viewport: Viewport;
  showGrid: boolean;
  snapToGrid: boolean;
  minWallMm: number;
  history: HistoryStatus;
};

export type EditorState = { doc: EditorDoc; session: EditorSession };
