import { createClientId, scannerJobBody, type ScannerJobBody } from "../../../lib/scanner-job-body";
import { layoutGeometry } from "./layout-geometry";
import { positionFromPlacement } from "./queue-mapping";
import type { EditorDoc } from "./types";

export type { ScannerJobBody };

export const createLayoutId = () => createClientId("layout");

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
    return scannerJobBody({
      tool: { ...source, name: pocket.name },
      position,
      pocket: pocket.points,
      layoutId,
      foam,
      defaultDetectionMethod: "contours",
      submittedAt,
    });
  });
}
