import { pathData } from "../core/export-svg";
import { polygonBounds } from "../core/polygon";
import type { Pt } from "../core/types";

/** The tool's outline as a small picture, lighter than the scan preview image. */
export function ToolThumbnail({ outline }: { outline: Pt[] }) {
  const b = polygonBounds(outline);
  const size = Math.max(b.maxX - b.minX, b.maxY - b.minY, 1);
  const pad = size * 0.06;
  const viewBox = `${b.minX - pad} ${b.minY - pad} ${b.maxX - b.minX + 2 * pad} ${b.maxY - b.minY + 2 * pad}`;
  return (
    <svg className="fe-thumb" viewBox={viewBox} aria-hidden="true" focusable="false">
      <path d={pathData(outline)} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
