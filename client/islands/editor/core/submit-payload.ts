import type { LayoutFoam, LayoutPocket } from "../../../../common/layout";
import { createClientId, scannerJobBody, type ScannerJobBody } from "../../../lib/scanner-job-body";
import { layoutGeometry } from "./layout-geometry";
import { positionFromPlacement } from "./queue-mapping";
import type { EditorDoc } from "./types";

/**
 * The scanner job body plus how its pocket is cut (depth, clearance, finger pulls, label, ledge;
 * common/layout's field names) and the foam's layers: the server keeps them on the order's
 * layout so the cutting files match what the editor showed. Both extras are optional there.
 */
export type EditorJobBody = ScannerJobBody & {
  pocket: Omit<LayoutPocket, "name" | "points" | "job_id">;
  foam: ScannerJobBody["foam"] & Pick<LayoutFoam, "layers">;
};

export const createLayoutId = () => createClientId("layout");

/**
 * One POST /api/scanner/jobs body per placed tool. The contour is the pocket as cut: rotated,
 * scaled and placed, in foam millimetres; all jobs of one submission share `layout_id`.
 */
export function buildSubmitJobs(doc: EditorDoc, layoutId: string, submittedAt = new Date().toISOString()): EditorJobBody[] {
  const layout = layoutGeometry(doc);
  const foam = { label: layout.label, width_mm: layout.width_mm, depth_mm: layout.depth_mm, thickness_mm: layout.thickness_mm };
  const tools = new Map(doc.tools.map((tool) => [tool.id, tool]));
  return layout.pockets.map((pocket, index) => {
    const tool = tools.get(pocket.id)!;
    const source = tool.source;
    const position = positionFromPlacement(tool.placement!, doc.foam);
    const body = scannerJobBody({
      tool: { ...source, name: pocket.name },
      position,
      pocket: pocket.points,
      layoutId,
      foam,
      defaultDetectionMethod: "contours",
      submittedAt,
    });
    const { name: _name, points: _points, ...cut } = layout.cut.pockets[index]!;
    return { ...body, foam: layout.cut.foam.layers ? { ...body.foam, layers: layout.cut.foam.layers } : body.foam, pocket: cut };
  });
}
