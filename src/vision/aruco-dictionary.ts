// DICT_4X4_50 codewords, rotation 0, from OpenCV's predefined_dictionaries.hpp (DICT_4X4_1000_BYTES; the
// first 50 entries form DICT_4X4_50). Two bytes per marker, MSB first, row-major 4x4 bits, 1 = white cell.
const DICT_4X4_50_BYTES: [number, number][] = [
  [181, 50], [15, 154], [51, 45], [153, 70], [84, 158], [121, 205], [158, 46], [196, 242], [254, 218], [207, 86],
  [249, 145], [17, 167], [14, 183], [42, 15], [36, 177], [38, 62], [70, 101], [102, 0], [108, 94], [118, 175],
  [134, 139], [176, 43], [204, 213], [221, 130], [254, 71], [148, 113], [172, 228], [165, 84], [33, 35], [52, 111],
  [68, 21], [87, 178], [158, 207], [240, 203], [8, 174], [9, 41], [24, 117], [4, 255], [13, 246], [28, 90],
  [23, 24], [42, 40], [50, 140], [56, 178], [36, 232], [46, 235], [45, 63], [75, 100], [80, 46], [80, 19],
];

export const ARUCO_MARKER_BITS = 4;
/** OpenCV's maxCorrectionBits for DICT_4X4_50 ((4-1)/2 = 1). */
export const ARUCO_MAX_CORRECTION_BITS = 1;

/** 16-bit codeword (bit 15 = row 0, col 0) of a marker in rotation 0. */
export function markerCode(id: number): number {
  const b = DICT_4X4_50_BYTES[id];
  if (!b) throw new Error(`marker id ${id} is not in DICT_4X4_50`);
  return (b[0] << 8) | b[1];
}

/** 4x4 bit matrix (rows of 0/1, 1 = white) of a marker. */
export function markerBits(id: number): number[][] {
  return codeToBits(markerCode(id));
}

export function codeToBits(code: number): number[][] {
  const rows: number[][] = [];
  for (let r = 0; r < 4; r++) {
    const row: number[] = [];
    for (let c = 0; c < 4; c++) row.push((code >> (15 - (r * 4 + c))) & 1);
    rows.push(row);
  }
  return rows;
}

export function bitsToCode(bits: number[][]): number {
  let code = 0;
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) code = (code << 1) | (bits[r][c] & 1);
  return code;
}

/** Rotate a codeword 90 degrees anticlockwise (OpenCV's rotation step in bytesList). */
export function rotateCodeCcw(code: number): number {
  const b = codeToBits(code);
  const out: number[][] = [[], [], [], []];
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) out[i][j] = b[j][3 - i];
  return bitsToCode(out);
}

function popcount16(v: number): number {
  v = v - ((v >> 1) & 0x5555);
  v = (v & 0x3333) + ((v >> 2) & 0x3333);
  v = (v + (v >> 4)) & 0x0f0f;
  return (v + (v >> 8)) & 0x1f;
}

const ROTATIONS: number[][] = DICT_4X4_50_BYTES.map((_, id) => {
  const r0 = markerCode(id);
  const r1 = rotateCodeCcw(r0);
  const r2 = rotateCodeCcw(r1);
  const r3 = rotateCodeCcw(r2);
  return [r0, r1, r2, r3];
});

export type CodeMatch = { id: number; rotation: number; distance: number };

/**
 * Identify a read codeword. `rotation` r means the read bits equal the marker rotated r times
 * anticlockwise. Returns null unless the best match is within the dictionary's correction limit.
 */
export function identifyCode(code: number, maxDistance = ARUCO_MAX_CORRECTION_BITS): CodeMatch | null {
  let best: CodeMatch | null = null;
  for (let id = 0; id < ROTATIONS.length; id++) {
    for (let r = 0; r < 4; r++) {
      const d = popcount16(code ^ ROTATIONS[id][r]);
      if (!best || d < best.distance) best = { id, rotation: r, distance: d };
    }
  }
  return best && best.distance <= maxDistance ? best : null;
}
