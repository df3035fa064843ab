/** Pocket outlines for demo orders: simple tool-like shapes in mm so cutting files can be generated. */
export type DemoPocket = { name: string; points: [number, number][] };

function roundedRect(cx: number, cy: number, w: number, h: number, r: number): [number, number][] {
  const points: [number, number][] = [];
  const corners: [number, number, number][] = [
    [cx + w / 2 - r, cy - h / 2 + r, -90],
    [cx + w / 2 - r, cy + h / 2 - r, 0],
    [cx - w / 2 + r, cy + h / 2 - r, 90],
    [cx - w / 2 + r, cy - h / 2 + r, 180],
  ];
  for (const [x, y, start] of corners) {
    for (let step = 0; step <= 6; step++) {
      const angle = ((start + step * 15) * Math.PI) / 180;
      points.push([round(x + r * Math.cos(angle)), round(y + r * Math.sin(angle))]);
    }
  }
  return points;
}

function ellipse(cx: number, cy: number, rx: number, ry: number): [number, number][] {
  return Array.from({ length: 36 }, (_, i) => {
    const angle = (i / 36) * Math.PI * 2;
    return [round(cx + rx * Math.cos(angle)), round(cy + ry * Math.sin(angle))] as [number, number];
  });
}

const round = (value: number) => Math.round(value * 100) / 100;

export function demoLayout(foamWidthMm: number, foamDepthMm: number, count: number) {
  const pockets: DemoPocket[] = [];
  const shapes = ["Combination wrench", "Screwdriver", "Pliers", "Tape measure", "Socket rail"];
  for (let index = 0; index < count; index++) {
    const cx = foamWidthMm * ((index % 2) + 1) / 3;
    const cy = foamDepthMm * (Math.floor(index / 2) + 1) / (Math.ceil(count / 2) + 1);
    const name = shapes[index % shapes.length]!;
    const points = index % 3 === 2 ? ellipse(cx, cy, 35, 25) : roundedRect(cx, cy, 60 + index * 8, 22 + (index % 2) * 10, 6);
    pockets.push({ name, points });
  }
  return { foam: { width_mm: foamWidthMm, depth_mm: foamDepthMm, thickness_mm: 50 }, pockets };
}
