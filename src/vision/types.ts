export type TraceParams = {
  /** Typed tool height (mm), optional: used for the accuracy estimate when the photos cannot measure it. */
  tool_height_mm?: number;
  contour_min_area_mm?: number;
  contour_max_area_mm?: number;
  rdp_tolerance_mm: number;
  allowance_mm: number;
  inset_mm: number;
  sensitivity: number;
  mode?: "classic" | "ai";
  confidence?: number;
  post_morph_px?: number;
};

export type TraceResult = {
  preview_png: string;
  contour_points_px: [number, number][];
  contour_points_mm: [number, number][];
  parameters: {
    contour_area_mm: number;
    mm_per_px: number;
    contour_min_area_mm: number;
    contour_max_area_mm: number;
    rdp_tolerance_mm: number;
    allowance_mm: number;
    inset_mm: number;
    sensitivity?: number;
  };
  svg: string;
  /** markers, tilt_deg, sharpness, timings_ms, views (one entry per photo sent), ... */
  diagnostics: Record<string, unknown>;
  /** Photos used for the outline (1 for a one-photo scan). */
  views?: number;
  /** The tool's height measured from several photos (or typed), null from one photo. */
  height_mm?: number | null;
  /** Estimated largest distance between the outline and the tool's true footprint, mm. */
  accuracy_mm?: number;
};

export type Detection = {
  markers_detected: number;
  frame_corners_norm: [number, number][] | null;
  markers: { id: number; corners: [number, number][] }[];
  /** Where the camera is over the pad (pad mm; the nadir is the pad point straight below it), with all 4 markers. */
  camera: { nadir_mm: [number, number]; height_mm: number } | null;
  /** Whether the markers are sharp enough for a scan, with all 4 markers. */
  sharp: boolean | null;
};

export type ProgressFn = (progress: number, message: string) => void;
