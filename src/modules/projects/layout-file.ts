// Reads the closed outlines of an uploaded DXF or SVG (millimetres) for POST /admin/orders/{id}/layout.
// A small reader of our own instead of a dependency: only closed loops matter, and a bad file must
// become one 422 sentence, never a half-read layout.
import { AppError } from "../../shared/errors";

type Pt = [number, number];
export type Loop = { name: string | null; points: Pt[] };
export type ParsedDrawing = { loops: Loop[]; yUp: boolean };

const fail = (detail: string): never => {
  throw new AppError(422, detail);
};
const ARC_STEP_RAD = Math.PI / 36;
const JOIN_TOLERANCE_MM = 0.05;

function arcPoints(cx: number, cy: number, r: number, startDeg: number, endDeg: number): Pt[] {
  let sweep = ((endDeg - startDeg) % 360 + 360) % 360;
  if (sweep === 0) sweep = 360;
  const steps = Math.max(2, Math.ceil(((sweep * Math.PI) / 180) / ARC_STEP_RAD));
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const angle = ((startDeg + (sweep * i) / steps) * Math.PI) / 180;
    out.push([cx + r * Math.cos(angle), cy + r * Math.sin(angle)]);
  }
  return out;
}

/** A polyline vertex with a bulge (tan of a quarter of the included angle) becomes arc points. */
function bulgePoints(a: Pt, b: Pt, bulge: number): Pt[] {
  if (!bulge) return [b];
  const theta = 4 * Math.atan(bulge);
  const chord = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (chord === 0) return [b];
  const radius = chord / (2 * Math.sin(theta / 2));
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const offset = radius * Math.cos(theta / 2);
  const nx = -(b[1] - a[1]) / chord;
  const ny = (b[0] - a[0]) / chord;
  const cx = mx + nx * offset;
  const cy = my + ny * offset;
  const start = Math.atan2(a[1] - cy, a[0] - cx);
  const steps = Math.max(2, Math.ceil(Math.abs(theta) / ARC_STEP_RAD));
  const out: Pt[] = [];
  for (let i = 1; i <= steps; i++) {
    const angle = start + (theta * i) / steps;
    out.push([cx + Math.abs(radius) * Math.cos(angle), cy + Math.abs(radius) * Math.sin(angle)]);
  }
  out[out.length - 1] = b;
  return out;
}

const num = (text: string | undefined, what: string): number => {
  const value = Number(text);
  return Number.isFinite(value) ? value : fail(`The DXF has an unreadable ${what}.`);
};

/** LWPOLYLINE, POLYLINE/VERTEX, CIRCLE, and LINE + ARC chains that close, in millimetres ($INSUNITS 0, 4, or converted from inches/cm). */
export function parseDxf(text: string): ParsedDrawing {
  const lines = text.split(/\r?\n/);
  const pairs: [number, string][] = [];
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = Number(lines[i]!.trim());
    if (!Number.isInteger(code)) fail("The file is not a DXF drawing (group codes expected).");
    pairs.push([code, lines[i + 1]!.trim()]);
  }
  if (!pairs.some(([code, value]) => code === 0 && value === "SECTION")) fail("The file is not a DXF drawing (no SECTION).");
  let scale = 1;
  const unitsAt = pairs.findIndex(([code, value]) => code === 9 && value === "$INSUNITS");
  if (unitsAt >= 0) {
    const units = Number(pairs[unitsAt + 1]?.[1]);
    if (units === 1) scale = 25.4;
    else if (units === 5) scale = 10;
    else if (units !== 0 && units !== 4) fail("The DXF must be drawn in millimetres ($INSUNITS 4).");
  }
  const start = pairs.findIndex(([code, value], index) => code === 2 && value === "ENTITIES" && pairs[index - 1]?.[1] === "SECTION");
  if (start < 0) fail("The DXF has no ENTITIES section.");
  // Split the entity section into entities: [type, its group pairs].
  const entities: { type: string; pairs: [number, string][] }[] = [];
  for (let i = start + 1; i < pairs.length; i++) {
    const [code, value] = pairs[i]!;
    if (code === 0) {
      if (value === "ENDSEC") break;
      entities.push({ type: value, pairs: [] });
    } else entities.at(-1)?.pairs.push([code, value]);
  }
  const loops: Loop[] = [];
  const open: Pt[][] = [];
  const layerOf = (entity: { pairs: [number, string][] }) => entity.pairs.find(([code]) => code === 8)?.[1] ?? null;
  for (let i = 0; i < entities.length; i++) {
    const entity = entities[i]!;
    const get = (code: number) => entity.pairs.find(([c]) => c === code)?.[1];
    if (entity.type === "LWPOLYLINE") {
      const closed = (Number(get(70) ?? 0) & 1) === 1;
      const vertices: { p: Pt; bulge: number }[] = [];
      for (const [code, value] of entity.pairs) {
        if (code === 10) vertices.push({ p: [num(value, "vertex"), 0], bulge: 0 });
        else if (code === 20 && vertices.length) vertices.at(-1)!.p[1] = num(value, "vertex");
        else if (code === 42 && vertices.length) vertices.at(-1)!.bulge = num(value, "bulge");
      }
      const points: Pt[] = vertices.length ? [vertices[0]!.p] : [];
      const count = closed ? vertices.length : vertices.length - 1;
      for (let v = 0; v < count; v++) points.push(...bulgePoints(vertices[v]!.p, vertices[(v + 1) % vertices.length]!.p, vertices[v]!.bulge));
      if (closed) {
        points.pop();
        loops.push({ name: layerOf(entity), points });
      } else open.push(points);
    } else if (entity.type === "POLYLINE") {
      const closed = (Number(get(70) ?? 0) & 1) === 1;
      const points: Pt[] = [];
      for (i++; i < entities.length && entities[i]!.type === "VERTEX"; i++) {
        const vertex = entities[i]!;
        const x = vertex.pairs.find(([c]) => c === 10)?.[1];
        const y = vertex.pairs.find(([c]) => c === 20)?.[1];
        points.push([num(x, "vertex"), num(y, "vertex")]);
      }
      if (closed) loops.push({ name: layerOf(entity), points });
      else open.push(points);
    } else if (entity.type === "LINE") {
      open.push([
        [num(get(10), "line"), num(get(20), "line")],
        [num(get(11), "line"), num(get(21), "line")],
      ]);
    } else if (entity.type === "ARC") {
      open.push(arcPoints(num(get(10), "arc"), num(get(20), "arc"), num(get(40), "arc"), num(get(50), "arc"), num(get(51), "arc")));
    } else if (entity.type === "CIRCLE") {
      const points = arcPoints(num(get(10), "circle"), num(get(20), "circle"), num(get(40), "circle"), 0, 360);
      points.pop();
      loops.push({ name: layerOf(entity), points });
    }
  }
  loops.push(...chainSegments(open, "DXF"));
  return { loops: loops.map((loop) => ({ ...loop, points: loop.points.map(([x, y]) => [x * scale, y * scale] as Pt) })), yUp: true };
}

const close = (a: Pt, b: Pt) => Math.hypot(a[0] - b[0], a[1] - b[1]) <= JOIN_TOLERANCE_MM;

/** Joins open pieces end to end into closed loops; a piece that never closes is a 422. */
function chainSegments(pieces: Pt[][], kind: string): Loop[] {
  const left = pieces.filter((piece) => piece.length >= 2);
  const loops: Loop[] = [];
  while (left.length) {
    let chain = left.shift()!;
    let grown = true;
    while (!close(chain[0]!, chain.at(-1)!) && grown) {
      grown = false;
      for (let k = 0; k < left.length; k++) {
        const piece = left[k]!;
        const end = chain.at(-1)!;
        if (close(piece[0]!, end)) chain = [...chain, ...piece.slice(1)];
        else if (close(piece.at(-1)!, end)) chain = [...chain, ...piece.slice(0, -1).reverse()];
        else continue;
        left.splice(k, 1);
        grown = true;
        break;
      }
    }
    if (!close(chain[0]!, chain.at(-1)!)) {
      const [x, y] = chain[0]!;
      fail(`The ${kind} has an outline that does not close (starting near ${x.toFixed(1)}, ${y.toFixed(1)} mm): every pocket must be a closed loop.`);
    }
    loops.push({ name: null, points: chain.slice(0, -1) });
  }
  return loops;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, "i").exec(tag)?.slice(2).find((v) => v !== undefined) ?? null;

function svgNumbers(text: string): number[] {
  return (text.match(/[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi) ?? []).map(Number);
}

/** Path data with M/L/H/V/C/S/Q/T/Z (absolute or relative); curves flattened; arcs refused. */
function pathLoops(d: string): { closed: Pt[][]; open: Pt[][] } {
  const closed: Pt[][] = [];
  const open: Pt[][] = [];
  const tokens = d.match(/[a-zA-Z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  let i = 0;
  let current: Pt[] = [];
  let pos: Pt = [0, 0];
  let start: Pt = [0, 0];
  let command = "";
  let lastControl: Pt | null = null;
  const next = () => {
    const value = Number(tokens[i++]);
    return Number.isFinite(value) ? value : fail("The SVG has a path with unreadable numbers.");
  };
  const flush = (isClosed: boolean) => {
    if (current.length >= 2) (isClosed ? closed : open).push(current);
    current = [];
  };
  const bezier = (points: Pt[]) => {
    for (let s = 1; s <= 8; s++) {
      const t = s / 8;
      const level = points.map((p) => [...p] as Pt);
      for (let n = level.length - 1; n > 0; n--) for (let k = 0; k < n; k++) level[k] = [level[k]![0] + (level[k + 1]![0] - level[k]![0]) * t, level[k]![1] + (level[k + 1]![1] - level[k]![1]) * t];
      current.push(level[0]!);
    }
  };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i]!)) command = tokens[i++]!;
    else if (!command) fail("The SVG has a path that does not start with a move.");
    const rel = command === command.toLowerCase();
    const at = (x: number, y: number): Pt => (rel ? [pos[0] + x, pos[1] + y] : [x, y]);
    switch (command.toUpperCase()) {
      case "M": {
        flush(false);
        pos = at(next(), next());
        start = pos;
        current = [pos];
        command = rel ? "l" : "L";
        break;
      }
      case "L":
        pos = at(next(), next());
        current.push(pos);
        break;
      case "H":
        pos = [rel ? pos[0] + next() : next(), pos[1]];
        current.push(pos);
        break;
      case "V":
        pos = [pos[0], rel ? pos[1] + next() : next()];
        current.push(pos);
        break;
      case "C": {
        const c1 = at(next(), next());
        const c2 = at(next(), next());
        const end = at(next(), next());
        bezier([pos, c1, c2, end]);
        lastControl = c2;
        pos = end;
        break;
      }
      case "S": {
        const c1: Pt = lastControl ? [2 * pos[0] - lastControl[0], 2 * pos[1] - lastControl[1]] : pos;
        const c2 = at(next(), next());
        const end = at(next(), next());
        bezier([pos, c1, c2, end]);
        lastControl = c2;
        pos = end;
        break;
      }
      case "Q": {
        const c = at(next(), next());
        const end = at(next(), next());
        bezier([pos, c, end]);
        lastControl = c;
        pos = end;
        break;
      }
      case "T": {
        const c: Pt = lastControl ? [2 * pos[0] - lastControl[0], 2 * pos[1] - lastControl[1]] : pos;
        const end = at(next(), next());
        bezier([pos, c, end]);
        lastControl = c;
        pos = end;
        break;
      }
      case "Z":
        if (current.length && close(current[0]!, current.at(-1)!)) current.pop();
        flush(true);
        pos = start;
        current = [];
        command = "";
        break;
      case "A":
        fail("The SVG uses elliptical arcs in a path; convert curves to lines or Béziers before uploading.");
        break;
      default:
        fail(`The SVG path command "${command}" is not supported.`);
    }
    if (!"CSQT".includes(command.toUpperCase())) lastControl = null;
  }
  flush(false);
  return { closed, open };
}

/** path, polygon, rect, circle and ellipse; user units are millimetres (scaled when width is given in mm over a different viewBox). */
export function parseSvg(text: string): ParsedDrawing {
  const root = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!root) fail("The file is not an SVG drawing (no <svg> element).");
  if (/\stransform\s*=/i.test(text)) fail("The SVG uses transforms; flatten the drawing (apply transforms) so outlines are in millimetres.");
  let scale = 1;
  const width = attr(root!, "width");
  const viewBox = attr(root!, "viewBox");
  if (width && viewBox) {
    const vbWidth = svgNumbers(viewBox)[2];
    const match = /^\s*([\d.]+)\s*(mm|cm|in)?\s*$/i.exec(width);
    if (match && vbWidth && vbWidth > 0) {
      const unit = (match[2] ?? "").toLowerCase();
      const mm = Number(match[1]) * (unit === "cm" ? 10 : unit === "in" ? 25.4 : unit === "mm" ? 1 : NaN);
      if (Number.isFinite(mm)) scale = mm / vbWidth;
    }
  }
  const loops: Loop[] = [];
  const open: Pt[][] = [];
  const body = text.replace(/<!--[\s\S]*?-->/g, "");
  for (const match of body.matchAll(/<(path|polygon|polyline|rect|circle|ellipse)\b[^>]*?\/?>(?:\s*<title>([^<]*)<\/title>)?/gi)) {
    const [tag, kind] = [match[0], match[1]!.toLowerCase()];
    const name = match[2]?.trim() || attr(tag, "id");
    if (kind === "path") {
      const d = attr(tag, "d");
      if (!d) continue;
      const parsed = pathLoops(d);
      loops.push(...parsed.closed.map((points) => ({ name, points })));
      open.push(...parsed.open);
    } else if (kind === "polygon" || kind === "polyline") {
      const values = svgNumbers(attr(tag, "points") ?? "");
      const points: Pt[] = [];
      for (let k = 0; k + 1 < values.length; k += 2) points.push([values[k]!, values[k + 1]!]);
      if (kind === "polygon") loops.push({ name, points });
      else open.push(points);
    } else if (kind === "rect") {
      const [x, y, w, h] = ["x", "y", "width", "height"].map((key) => Number(attr(tag, key) ?? 0));
      if (!(w! > 0 && h! > 0)) continue;
      loops.push({ name, points: [[x!, y!], [x! + w!, y!], [x! + w!, y! + h!], [x!, y! + h!]] });
    } else {
      const cx = Number(attr(tag, "cx") ?? 0);
      const cy = Number(attr(tag, "cy") ?? 0);
      const rx = Number(attr(tag, kind === "circle" ? "r" : "rx") ?? 0);
      const ry = Number(attr(tag, kind === "circle" ? "r" : "ry") ?? 0);
      if (!(rx > 0 && ry > 0)) continue;
      const points = arcPoints(0, 0, 1, 0, 360).slice(0, -1).map(([u, v]) => [cx + u * rx, cy + v * ry] as Pt);
      loops.push({ name, points });
    }
  }
  loops.push(...chainSegments(open, "SVG"));
  return { loops: loops.map((loop) => ({ ...loop, points: loop.points.map(([x, y]) => [x * scale, y * scale] as Pt) })), yUp: false };
}

export function parseDrawing(filename: string, text: string): ParsedDrawing {
  const lower = filename.toLowerCase();
  if (lower.endsWith(".dxf")) return parseDxf(text);
  if (lower.endsWith(".svg")) return parseSvg(text);
  if (/<svg\b/i.test(text.slice(0, 2000))) return parseSvg(text);
  if (/^\s*0\s*\r?\n\s*SECTION/.test(text)) return parseDxf(text);
  return fail("Upload a .dxf or .svg file of closed pocket outlines in millimetres.");
}
