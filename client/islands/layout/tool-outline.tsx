import type { ScannedTool, ToolPosition } from "../../lib/scanner-queue";
import { bounds, centredOutline, pathData, placedOutline } from "./layout-geometry";

/** A tool's outline as an SVG scaled to its own bounding box (thumbnails and the Properties panel). */
export function ToolOutline({ tool, position, className, title }: { tool: ScannedTool; position?: ToolPosition | null; className?: string; title?: string }) {
  const points = position ? placedOutline(tool, position) : centredOutline(tool);
  const box = bounds(points);
  const width = Math.max(1, box.maxX - box.minX);
  const height = Math.max(1, box.maxY - box.minY);
  const pad = Math.max(width, height) * 0.04;
  return (
    <svg
      className={className}
      viewBox={`${box.minX - pad} ${box.minY - pad} ${width + 2 * pad} ${height + 2 * pad}`}
      preserveAspectRatio="xMidYMid meet"
      role={title ? "img" : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <path d={pathData(points)} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
