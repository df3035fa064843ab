/** Business constants of the foam editor (SPEC sections 5 and 9). */
export const MM_PER_INCH = 25.4;
/** Canvas scale at zoom 1 (SPEC 9); the view shrinks further only to fit a small container. */
export const PX_PER_MM = 10;
export const GRID_MM = 10;
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_BUTTON_STEP = 0.25;
export const SCALE_MIN = 0.5;
export const SCALE_MAX = 2;
export const SCALE_STEP = 0.1;
export const ROTATION_STEP = 90;
export const DEFAULT_MIN_WALL_MM = 5;
/** Fallback hit radius in screen pixels around a pocket's edge (SPEC 9: about 20 to 50 px). */
export const HIT_RADIUS_PX = 24;
/** A press that moves less than this is a click, not a drag. */
export const DRAG_THRESHOLD_PX = 3;
export const NUDGE_MM = 1;
export const FOAM_THICKNESS_MIN_MM = 10;
export const FOAM_THICKNESS_MAX_MM = 100;
export const FOAM_SIDE_MIN_MM = 25.4;
export const FOAM_SIDE_MAX_MM = 3048;
export const PNG_EXPORT_DPI = 150;
export const EXPORT_FILES = { dxf: "foam-layout.dxf", svg: "foam-layout.svg", png: "foam-layout.png", pdf: "foam-layout-1to1.pdf", stl: "foam-insert.stl" } as const;
export const UNCATEGORISED = "Uncategorised";
