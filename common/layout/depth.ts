import { DEFAULT_CLEARANCE_MM, HEIGHT_ALLOWANCE_MM, MIN_FLOOR_MM, type FoamLayer, type LayoutFoam, type LayoutPocket } from "./types";

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The deepest a pocket may go: MIN_FLOOR_MM of foam always stays under it. */
export function maxDepth(foam: Pick<LayoutFoam, "thickness_mm">): number {
  return Math.max(1, round3(foam.thickness_mm - MIN_FLOOR_MM));
}

export function clampDepth(depth: number, foam: Pick<LayoutFoam, "thickness_mm">): number {
  return round3(Math.min(maxDepth(foam), Math.max(1, depth)));
}

/** The tool's scanned height + 2 mm when known, else half the foam, never past the floor limit. */
export function defaultDepth(foam: Pick<LayoutFoam, "thickness_mm">, heightMm?: number | null): number {
  const wanted = typeof heightMm === "number" && Number.isFinite(heightMm) && heightMm > 0 ? heightMm + HEIGHT_ALLOWANCE_MM : foam.thickness_mm / 2;
  return clampDepth(wanted, foam);
}

export const pocketDepth = (pocket: LayoutPocket, foam: LayoutFoam) => clampDepth(pocket.depth_mm ?? foam.thickness_mm / 2, foam);
export const pocketClearance = (pocket: LayoutPocket) => Math.max(0, pocket.clearance_mm ?? DEFAULT_CLEARANCE_MM);

/** The foam's slabs top-down; a foam without layers is one slab of its whole thickness. */
export function foamLayers(foam: LayoutFoam): FoamLayer[] {
  return foam.layers?.length ? foam.layers : [{ thickness_mm: foam.thickness_mm }];
}

export type LayerSpan = { index: number; top_mm: number; bottom_mm: number; layer: FoamLayer };

export function layerSpans(foam: LayoutFoam): LayerSpan[] {
  let top = 0;
  return foamLayers(foam).map((layer, index) => {
    const span = { index, top_mm: round3(top), bottom_mm: round3(top + layer.thickness_mm), layer };
    top += layer.thickness_mm;
    return span;
  });
}

/** How deep a cut `depth` from the top goes inside one slab: 0 when it stops above it. */
export function depthInLayer(depth: number, span: LayerSpan): number {
  if (depth <= span.top_mm + 1e-6) return 0;
  return round3(Math.min(depth, span.bottom_mm) - span.top_mm);
}

/** Layer names carry the depth in whole millimetres where exact, else one decimal (POCKET_12.5MM). */
export function depthName(depth: number): string {
  const rounded = Math.round(depth * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}MM`;
}
