import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { detectMarkers } from "./detect-markers.ts";
import { loadOpenCv } from "./opencv.ts";
import { FRAME_ORIGIN_ON_SHEET_MM, MARKER_ORIGINS_MM, MARKER_SIZE_MM } from "./pad-spec.ts";
import { PAD_TITLE, renderPadTemplatePdf } from "./pad-template-pdf.ts";
import { decodePngToRgba } from "./png-raw.ts";
import { rgbaToGrey } from "./raster.ts";
import { refineMarkerCorners } from "./refine-corners.ts";

// Synthetic photos are rendered and traced here: seconds, not milliseconds.
const SLOW = 60_000;

const pdf = renderPadTemplatePdf();
const text = new TextDecoder("latin1").decode(pdf);
const hasPoppler = Bun.which("pdftoppm") !== null;

describe("renderPadTemplatePdf", () => {
  test("one A4 portrait page, vector only", () => {
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text.match(/\/Type \/Page\b(?!s)/g)?.length).toBe(1);
    const box = text.match(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/);
    expect(Number(box?.[1])).toBeCloseTo(595.28, 2);
    expect(Number(box?.[2])).toBeCloseTo(841.89, 2);
    expect(text).not.toMatch(/\/Subtype \/Image/);
    expect(pdf.length).toBeLessThan(50_000);
  }, SLOW);

  describe.skipIf(!hasPoppler)("rendered with poppler", () => {
    const DPI = 150;
    const pxPerMm = DPI / 25.4;
    let grey: ReturnType<typeof rgbaToGrey>;
    let pageText = "";
    beforeAll(async () => {
      await loadOpenCv();
      const dir = mkdtempSync(join(tmpdir(), "pad-pdf-"));
      try {
        await Bun.write(join(dir, "pad.pdf"), pdf);
        const r = Bun.spawnSync(["pdftoppm", "-r", String(DPI), "-png", "-singlefile", join(dir, "pad.pdf"), join(dir, "page")]);
        expect(r.exitCode).toBe(0);
        grey = rgbaToGrey(decodePngToRgba(new Uint8Array(await Bun.file(join(dir, "page.png")).arrayBuffer())));
        const t = Bun.spawnSync(["pdftotext", join(dir, "pad.pdf"), "-"]);
        pageText = t.stdout.toString();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test("page size and texts", () => {
      expect(Math.abs(grey.width - 210 * pxPerMm)).toBeLessThan(2);
      expect(Math.abs(grey.height - 297 * pxPerMm)).toBeLessThan(2);
      expect(pageText).toContain(PAD_TITLE);
      expect(pageText).toContain("Print at 100 % scale");
      expect(pageText).toContain("pad v1");
    }, SLOW);

    test("the 4 markers are found where the contract puts them (0.1 mm)", () => {
      const found = detectMarkers(grey);
      expect(found.map((m) => m.id)).toEqual([0, 1, 2, 3]);
      const [ox, oy] = FRAME_ORIGIN_ON_SHEET_MM;
      for (const m of found) {
        const refined = refineMarkerCorners(grey, m.corners);
        expect(refined).not.toBeNull();
        const [mx, my] = MARKER_ORIGINS_MM[m.id];
        const expected = [
          [mx, my],
          [mx + MARKER_SIZE_MM, my],
          [mx + MARKER_SIZE_MM, my + MARKER_SIZE_MM],
          [mx, my + MARKER_SIZE_MM],
        ];
        refined!.corners.forEach(([x, y], k) => {
          // Pixel centres are at integers: continuous coordinate = x + 0.5.
          const sx = (x + 0.5) / pxPerMm - ox;
          const sy = (y + 0.5) / pxPerMm - oy;
          expect(Math.abs(sx - expected[k][0])).toBeLessThan(0.1);
          expect(Math.abs(sy - expected[k][1])).toBeLessThan(0.1);
        });
      }
    }, SLOW);

    test("grid is light grey and the quiet zones are blank", () => {
      const at = (xMm: number, yMm: number) => grey.data[Math.round(yMm * pxPerMm) * grey.width + Math.round(xMm * pxPerMm)];
      const [ox, oy] = FRAME_ORIGIN_ON_SHEET_MM;
      // On a grid line (x = 50 mm), away from intersections: light grey, not dark.
      let darkest = 255;
      for (let dx = -0.3; dx <= 0.3; dx += 0.05) darkest = Math.min(darkest, at(ox + 50 + dx, oy + 125));
      expect(darkest).toBeGreaterThanOrEqual(195);
      expect(darkest).toBeLessThan(250);
      // Quiet zone between marker 0 and where the frame line / grid start: white.
      for (const [x, y] of [[13.5, 1], [1, 13.5], [13.5, 13.5], [6, 13.5], [13.5, 6]]) expect(at(ox + x, oy + y)).toBeGreaterThan(250);
      // Frame line exists beyond the quiet zone.
      let frameDarkest = 255;
      for (let d = -0.4; d <= 0.4; d += 0.05) frameDarkest = Math.min(frameDarkest, at(ox + 100, oy + d));
      expect(frameDarkest).toBeLessThan(200);
    }, SLOW);
  });

  test.if(!hasPoppler)("poppler-utils (pdftoppm) is not installed: rendering checks skipped", () => {
    console.warn("pdftoppm missing: install poppler-utils to run the rendered-template checks");
  }, SLOW);
});
