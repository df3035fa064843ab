// Regenerates tests/fixtures/scanner (small synthetic pad photos + ground truth) from bench/synth.
//   bun bench/make-fixtures.ts
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { simplifyClosed } from "../src/vision/simplify-rdp.ts";
import { generatePadPhoto, type PadPhotoOptions } from "./synth/index.ts";

const dir = join(import.meta.dir, "..", "tests", "fixtures", "scanner");
mkdirSync(dir, { recursive: true });

const photos: [string, PadPhotoOptions, string][] = [
  ["pad-wrench.jpg", { seed: 101, toolKind: "wrench", finish: "dark", tiltDeg: 8, jpegQuality: 85 }, "dark wrench, 8° tilt: traces"],
  ["pad-shiny-pliers-exif6.jpg", { seed: 102, toolKind: "pliers", finish: "shiny", tiltDeg: 5, exifOrientation: 6, jpegQuality: 85 }, "shiny pliers, pixels stored rotated with EXIF Orientation 6: traces"],
  ["pad-missing-marker-2.jpg", { seed: 103, toolKind: "blob", finish: "black", hideMarkers: [2], jpegQuality: 85 }, "marker id 2 covered: 'Missing marker ids: 2.'"],
  ["pad-no-tool.jpg", { seed: 104, noTool: true, jpegQuality: 85 }, "empty pad: 'No tool found on the pad.'"],
  ["pad-tool-at-edge.jpg", { seed: 105, toolKind: "screwdriver", finish: "black", placement: { cx: 16, cy: 130, angleDeg: 90 }, jpegQuality: 85 }, "tool reaches into the 12 mm inset band: 'touches the edge'"],
  ["preview-frame.jpg", { seed: 106, width: 1280, height: 960, toolKind: "wrench", finish: "black", jpegQuality: 80 }, "1280x960 live frame, 4 markers"],
];

const index: Record<string, unknown> = {};
for (const [name, opts, note] of photos) {
  const p = await generatePadPhoto({ width: 1600, height: 1200, ...opts });
  await Bun.write(join(dir, name), p.jpeg);
  index[name] = {
    note,
    options: opts,
    toolKind: opts.noTool ? null : p.toolKind,
    finish: opts.noTool ? null : p.finish,
    width: p.meta.width,
    height: p.meta.height,
    exifOrientation: p.meta.exifOrientation,
    // pad mm -> displayed image coordinates (pixel i spans [i, i+1))
    padToImage: p.meta.padToImage.map((v) => +v.toPrecision(10)),
    // Ground truth outer outline in pad mm (simplified to 0.005 mm to keep the file small).
    truthMm: simplifyClosed(p.truthMm, 0.005).map(([x, y]) => [+x.toFixed(3), +y.toFixed(3)]),
  };
  console.log(name, p.jpeg.length, "bytes");
}
await Bun.write(join(dir, "not-an-image.jpg"), "This is a text file with a .jpg name.\n");
index["not-an-image.jpg"] = { note: "text content behind a .jpg name: 'The file is not a readable JPEG or PNG image.'" };
await Bun.write(join(dir, "index.json"), `${JSON.stringify(index)}\n`);
