import type { ToolPosition } from "../../../lib/scanner-queue";
import { pathData, svgDocument } from "./export-svg";
import { layoutGeometry } from "./layout-geometry";
import { positionFromPlacement } from "./queue-mapping";
import type { EditorDoc, Pt } from "./types";

export type ScannerJobBody = {
  contour_svg: string;
  calibration_payload: {
    detection_method: string;
    diagnostics: Record<string, unknown>;
    parameters: Record<string, unknown>;
    preview_data_url: string;
    position: ToolPosition;
    contour_points_mm: Pt[];
  };
  processing_notes: string;
  status: "pending";
  processed_at: null;
  layout_id: string;
  /** The tool's name; the server keeps it with the job (optional in its schema). */
  name: string;
  foam: { label: string; width_mm: number; depth_mm: number; thickness_mm: number };
};

export function createLayoutId(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  return uuid ?? `layout-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * One POST /api/scanner/jobs body per placed tool. The contour is the pocket as cut: rotated,
 * scaled and placed, in foam millimetres; all jobs of one submission share `layout_id`.
 */
export function buildSubmitJobs(doc: EditorDoc, layoutId: string, submittedAt = new Date().toISOString()): ScannerJobBody[] {
  const layout = layoutGeometry(doc);
  const foam = { label: layout.label, width_mm: layout.width_mm, depth_mm: layout.depth_mm, thickness_mm: layout.thickness_mm };
  const tools = new Map(doc.tools.map((tool) => [tool.id, tool]));
  return layout.pockets.map((pocket) => {
    const tool = tools.get(pocket.id)!;
    const source = tool.source;
    const position = positionFromPlacement(tool.placement!, doc.foam);
    const detection_method = source.detectionMethod ?? "contours";
    const contour_svg = svgDocument(
      layout.width_mm,
      layout.depth_mm,
      `<path d="${pathData(pocket.points)}" fill="none" stroke="#000" stroke-width="0.3"/>`,
      pocket.name,
    );
    return {
      contour_svg,
      calibration_payload: {
        detection_method,
        diagnostics: source.diagnostics ?? {},
        parameters: source.parameters ?? {},
        preview_data_url: source.previewUrl ?? "",
        position,
        contour_points_mm: pocket.points,
      },
      processing_notes: JSON.stringify({
        layout_position: position,
        detection_method,
        created_at: source.createdAt ?? submittedAt,
      }),
      status: "pending",
      processed_at: null,
      layout_id: layoutId,
      name: pocket.name,
      foam,
    };
  });
}
