/**
 * The cut layout shared by the editor (downloads) and the server (orders.layout → cutting files).
 * Millimetres, origin at the foam's top-left corner, x to the right, y down. Every field added
 * after the first version is optional, so layouts stored before them still read and render.
 */
export type Pt = [number, number];

/** One slab of a multi-layer insert, listed from the top (the face the tools go into) down. */
export type FoamLayer = { thickness_mm: number; color?: string | null };

export type LayoutFoam = {
  width_mm: number;
  depth_mm: number;
  /** Total thickness; with layers it is their sum. */
  thickness_mm: number;
  label?: string | null;
  layers?: FoamLayer[];
};

/** A finger notch centred on a point of the pocket's edge, merged into the pocket. */
export type FingerPull = {
  x_mm: number;
  y_mm: number;
  shape: "round" | "oval";
  /** Diameter of a round notch; the short side of an oval one. */
  width_mm: number;
  /** Long side of an oval notch (ignored for round ones). */
  length_mm?: number;
  /** Direction of the oval's long axis, degrees clockwise from +x. */
  angle_deg?: number;
  /** Defaults to the pocket's depth. */
  depth_mm?: number;
};

/** Text engraved into the foam's top face. */
export type PocketLabel = { text: string; x_mm: number; y_mm: number; height_mm?: number; angle_deg?: number };

/** A shallow ledge around the deep core: the core grown by width_mm, cut depth_mm deep. */
export type PocketLedge = { width_mm: number; depth_mm: number };

export type LayoutPocket = {
  name: string;
  /** The tool's outline as placed, without clearance. */
  points: Pt[];
  job_id?: number;
  depth_mm?: number;
  clearance_mm?: number;
  finger_pulls?: FingerPull[];
  label?: PocketLabel | null;
  ledge?: PocketLedge | null;
};

export type CutLayout = { foam: LayoutFoam; pockets: LayoutPocket[] };

export const DEFAULT_CLEARANCE_MM = 1;
/** A pocket never comes closer than this to the foam's bottom face. */
export const MIN_FLOOR_MM = 5;
export const HEIGHT_ALLOWANCE_MM = 2;
export const DEFAULT_LABEL_HEIGHT_MM = 5;
export const MAX_FOAM_LAYERS = 4;
