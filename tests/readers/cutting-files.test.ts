/**
 * The cutting files read back in real readers: ezdxf (Debian's python3-ezdxf), LibreCAD's dxf2pdf,
 * admesh for the STL and poppler's pdfinfo for the 1:1 template. Each check is skipped, with a
 * printed notice, where its tool is not installed (CI installs: python3-ezdxf librecad admesh poppler-utils).
 */
import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { layoutDxfFiles, layoutPdf, layoutStl, type CutLayout } from "../../common/layout";

const rect = (x: number, y: number, w: number, h: number): [number, number][] => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];

const LAYOUT: CutLayout = {
  foam: { width_mm: 300, depth_mm: 200, thickness_mm: 60, layers: [{ thickness_mm: 25 }, { thickness_mm: 25 }, { thickness_mm: 10, color: "red" }] },
  pockets: [
    { name: "Wrench", points: rect(20, 20, 120, 30), depth_mm: 30, clearance_mm: 1, finger_pulls: [{ x_mm: 80, y_mm: 50, shape: "round", width_mm: 20 }], label: { text: "WRENCH 13", x_mm: 80, y_mm: 80 } },
    { name: "Driver", points: rect(170, 100, 80, 20), depth_mm: 20, clearance_mm: 2, ledge: { width_mm: 6, depth_mm: 8 }, finger_pulls: [{ x_mm: 210, y_mm: 98, shape: "oval", width_mm: 16, length_mm: 30 }] },
  ],
};

const PYTHON = "/usr/bin/python3";
const has = (cmd: string[]) => {
  try {
    return Bun.spawnSync(cmd, { stdout: "ignore", stderr: "ignore" }).exitCode === 0;
  } catch {
    return false;
  }
};
const HAS_EZDXF = existsSync(PYTHON) && has([PYTHON, "-c", "import ezdxf"]);
const HAS_LIBRECAD = existsSync("/usr/bin/librecad");
const HAS_ADMESH = has(["admesh", "--version"]);
const HAS_PDFINFO = has(["pdfinfo", "-v"]);

function notice(tool: string, ok: boolean, pkg: string): boolean {
  if (!ok) console.warn(`[readers] SKIPPED: ${tool} is not installed (apt-get install ${pkg}); that reader check did not run.`);
  return ok;
}

const dir = mkdtempSync(join(tmpdir(), "cutting-readers-"));
const files = layoutDxfFiles(LAYOUT);
for (const file of files) writeFileSync(join(dir, `layer-${file.layer}.dxf`), file.dxf);

const EZDXF_SCRIPT = `
import json, sys, ezdxf
from ezdxf import recover, bbox
out = []
for path in sys.argv[1:]:
    doc, auditor = recover.readfile(path)
    msp = doc.modelspace()
    layers = {}
    radii = set()
    for e in msp:
        layers.setdefault(e.dxf.layer, []).append(e.dxftype())
        if e.dxftype() == "LWPOLYLINE":
            for v in e.virtual_entities():
                if v.dxftype() == "ARC":
                    radii.add(round(v.dxf.radius, 2))
    extents = {}
    for name in layers:
        box = bbox.extents(msp.query(f'*[layer=="{name}"]'))
        extents[name] = [round(box.size.x, 2), round(box.size.y, 2)] if box.has_data else None
    text = [e.dxf.text for e in msp.query("TEXT")]
    out.append({"units": doc.header.get("$INSUNITS"), "errors": len(auditor.errors), "layers": {k: sorted(set(v)) for k, v in layers.items()}, "radii": sorted(radii), "extents": extents, "text": text})
print(json.dumps(out))
`;

describe("cutting files in real readers", () => {
  test("ezdxf reads every layer's DXF: millimetres, named layers, true arcs, clearance in the extents", () => {
    if (!notice("python3-ezdxf", HAS_EZDXF, "python3-ezdxf")) return;
    const run = Bun.spawnSync([PYTHON, "-c", EZDXF_SCRIPT, ...files.map((f) => join(dir, `layer-${f.layer}.dxf`))]);
    expect(run.exitCode).toBe(0);
    const [top, middle, bottom] = JSON.parse(run.stdout.toString()) as {
      units: number; errors: number; layers: Record<string, string[]>; radii: number[]; extents: Record<string, [number, number] | null>; text: string[];
    }[];
    for (const doc of [top!, middle!, bottom!]) {
      expect(doc.units).toBe(4);
      expect(doc.errors).toBe(0);
      expect(doc.extents.FOAM_OUTLINE).toEqual([300, 200]);
    }
    expect(Object.keys(top!.layers).sort()).toEqual(["FINGER_25MM", "FOAM_OUTLINE", "LABEL_ENGRAVE", "POCKET_20MM", "POCKET_25MM", "POCKET_8MM"].filter((name) => name !== "FINGER_25MM"));
    expect(top!.text).toEqual(["WRENCH 13"]);
    // clearance 1 mm and 2 mm at the corners, the 20 mm notch (r 10), the oval's ends (r 8), the ledge (2 + 6)
    for (const radius of [1, 2, 8, 10]) expect(top!.radii).toContain(radius);
    // the driver's 8 mm ledge is its 80 x 20 core + 2 mm clearance + 6 mm ledge on each side (the oval notch sticks out further in y)
    expect(top!.extents.POCKET_8MM![0]).toBeCloseTo(80 + 2 * 8, 1);
    expect(top!.extents.POCKET_20MM![0]).toBeCloseTo(84, 1);
    expect(Object.keys(middle!.layers).sort()).toEqual(["FOAM_OUTLINE", "POCKET_5MM"]);
    expect(Object.keys(bottom!.layers)).toEqual(["FOAM_OUTLINE"]);
  });

  test("LibreCAD's dxf2pdf converts each DXF", () => {
    if (!notice("LibreCAD (dxf2pdf)", HAS_LIBRECAD, "librecad")) return;
    for (const file of files) {
      const input = join(dir, `layer-${file.layer}.dxf`);
      const output = join(dir, `layer-${file.layer}.pdf`);
      const run = Bun.spawnSync(["/usr/bin/librecad", "dxf2pdf", "-o", output, input], { env: { ...process.env, QT_QPA_PLATFORM: "offscreen" }, stdout: "pipe", stderr: "pipe" });
      expect(run.exitCode).toBe(0);
      expect(existsSync(output)).toBe(true);
      expect(readFileSync(output).subarray(0, 5).toString()).toBe("%PDF-");
      expect(readFileSync(output).length).toBeGreaterThan(1000);
    }
  }, 120_000);

  test("admesh finds the STL closed, one part, no backwards edges, with the block's size", () => {
    if (!notice("admesh", HAS_ADMESH, "admesh")) return;
    const path = join(dir, "insert.stl");
    writeFileSync(path, layoutStl(LAYOUT));
    const run = Bun.spawnSync(["admesh", path]);
    const report = run.stdout.toString();
    expect(run.exitCode).toBe(0);
    const stat = (label: string) => Number(report.match(new RegExp(`${label}\\s*:\\s*(-?[\\d.]+)`))?.[1]);
    expect(stat("Total disconnected facets")).toBe(0);
    expect(stat("Number of parts")).toBe(1);
    expect(stat("Backwards edges")).toBe(0);
    expect(stat("Degenerate facets")).toBe(0);
    expect(report).toMatch(/Max X =\s+300\.0/);
    expect(report).toMatch(/Max Z =\s+60\.0/);
    const volume = stat("Volume");
    expect(volume).toBeLessThan(300 * 200 * 60);
    expect(volume).toBeGreaterThan(300 * 200 * 60 - 200_000);
  });

  test("pdfinfo reads the 1:1 template's page as the foam plus margins", () => {
    if (!notice("pdfinfo", HAS_PDFINFO, "poppler-utils")) return;
    const path = join(dir, "template.pdf");
    writeFileSync(path, layoutPdf(LAYOUT));
    const run = Bun.spawnSync(["pdfinfo", path]);
    const info = run.stdout.toString();
    expect(info).toMatch(/Pages:\s+3/);
    const [, w, h] = info.match(/Page size:\s+([\d.]+) x ([\d.]+) pts/)!;
    expect((Number(w) / 72) * 25.4).toBeCloseTo(330, 0);
    expect((Number(h) / 72) * 25.4).toBeCloseTo(258, 0);
  });
});

process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
