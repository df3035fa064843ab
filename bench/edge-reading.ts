// How the scanner reads each photo's edges (session 31): the printed markers' common shrink
// (`marker_shrink_px`, locate-pad.ts) and the reading it picks for the outline's sub-pixel snap
// (`contour.edges_read_in`: linear light from LINEAR_EDGE_MIN_SHRINK_PX, else the encoded values),
// on the 3D bench's photos of both renderers, one photo each, and the snap's own error on a
// synthetic black disc blurred in linear light or as 8-bit values, read both ways.
// npm run bench:edge-reading -- [--n 6] [--width 1920 --height 1440]
import "../src/vision/ai-segmenter.ts";
import { loadOpenCv } from "../src/vision/opencv.ts";
import { traceImages } from "../src/vision/trace-views.ts";
import { snapToEdges } from "../src/vision/extract-contour.ts";
import { cachedPadPhoto3d } from "./synth/cached-photo-3d.ts";
import { benchmarkPhotoSet3d } from "./synth/accuracy-3d.ts";
import { blurredDisc, DISC, discRadiusError, discRing } from "./synth/blurred-disc.ts";

const args = process.argv.slice(2);
const opt = (k: string, d: number) => {
  const i = args.indexOf(k);
  return i >= 0 ? Number(args[i + 1]) : d;
};
const n = opt("--n", 6);
const width = opt("--width", 1920);
const height = opt("--height", 1440);

function discError(tool: number, sigma: number, blurredEncoded: boolean, linearLight: boolean): number {
  return discRadiusError(snapToEdges(discRing(DISC.radius - 0.5), blurredDisc(tool, sigma, blurredEncoded), 3, linearLight));
}

console.log("synthetic black disc (tool 0.01 of the paper's light), the snap's mean radius error (px, + outside):");
for (const blurredEncoded of [false, true])
  for (const sigma of [0.8, 1.5])
    console.log(
      `  blurred ${blurredEncoded ? "as 8-bit values" : "in linear light"}, sigma ${sigma} px: read as encoded ${discError(0.01, sigma, blurredEncoded, false).toFixed(3)}, read in linear light ${discError(0.01, sigma, blurredEncoded, true).toFixed(3)}`,
    );

await loadOpenCv();
const specs = benchmarkPhotoSet3d(n, 3000);
for (const renderer of ["ray", "painted"] as const) {
  const shrinks: number[] = [];
  const readings = new Map<string, number>();
  for (const spec of specs) {
    const photo = await cachedPadPhoto3d({ ...spec, width, height, cause: "both", camera: "middle" }, renderer);
    const r = await traceImages([photo.jpeg], { rdp_tolerance_mm: 0.3, allowance_mm: 0, inset_mm: 12, sensitivity: 45, contour_max_area_mm: 40000 });
    shrinks.push(r.diagnostics.marker_shrink_px as number);
    const read = (r.diagnostics.contour as { edges_read_in: string }).edges_read_in;
    readings.set(read, (readings.get(read) ?? 0) + 1);
  }
  console.log(
    `${renderer} photos, ${width} x ${height}, seeds 3000-${3000 + n - 1}: marker_shrink_px ${Math.min(...shrinks).toFixed(2)}-${Math.max(...shrinks).toFixed(2)}; read in ${[...readings].map(([k, v]) => `${k} ${v}`).join(", ")}`,
  );
}
