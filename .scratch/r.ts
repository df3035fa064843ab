import { layoutDxf, layoutSvg, layoutPdf } from "../src/modules/cutting-files/render";
import { demoLayout } from "../db/seed/demo-layout";
const l = demoLayout(558, 391, 3) as any;
const dxf = layoutDxf(l); console.log(dxf.length, dxf.includes("LWPOLYLINE"), dxf.match(/\$INSUNITS\s*\n\s*70\s*\n\s*4/) ? "units4" : "nounits");
console.log(layoutSvg(l, "x").slice(0, 300));
const t0 = performance.now(); const pdf = layoutPdf(l, { orderNumber: "ORD-1", customerEmail: "a@b.c", material: "XLPE 45 kg/m³", priority: "high", estimatedMinutes: 12, generatedAt: new Date().toISOString() });
console.log(pdf.length, new TextDecoder().decode(pdf.slice(0, 8)), performance.now() - t0);
await Bun.write("/tmp/test-sheet.pdf", pdf);
