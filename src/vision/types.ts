export type TraceParams = {
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
  /** markers, tilt_deg, sharpness, timings_ms, ... */
  diagnostics: Record<string, unknown>;
};

export type Detection = {
  markers_detected: number;
  frame_corners_norm: [number, number][] | null;
  markers: { id: number; corners: [number, number][] }[];
};

export type ProgressFn = (progress: number, message: string) => void;
