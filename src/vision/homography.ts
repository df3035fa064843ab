/** Row-major 3x3 matrix. */
export type Mat3 = number[];
export type Pt = [number, number];

export function applyHomography(h: Mat3, p: Pt): Pt {
  const w = h[6] * p[0] + h[7] * p[1] + h[8];
  return [(h[0] * p[0] + h[1] * p[1] + h[2]) / w, (h[3] * p[0] + h[4] * p[1] + h[5]) / w];
}

export function multiply3(a: Mat3, b: Mat3): Mat3 {
  const o = new Array(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) o[i * 3 + j] += a[i * 3 + k] * b[k * 3 + j];
  return o;
}

export function invert3(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!det) throw new Error("singular 3x3 matrix");
  return [A / det, -(b * i - c * h) / det, (b * f - c * e) / det, B / det, (a * i - c * g) / det, -(a * f - c * d) / det, C / det, -(a * h - b * g) / det, (a * e - b * d) / det];
}

/** 2x2 Jacobian [du/dx du/dy; dv/dx dv/dy] of the homography at p. */
export function homographyJacobian(h: Mat3, p: Pt): [number, number, number, number] {
  const [x, y] = p;
  const w = h[6] * x + h[7] * y + h[8];
  const u = (h[0] * x + h[1] * y + h[2]) / w;
  const v = (h[3] * x + h[4] * y + h[5]) / w;
  return [(h[0] - u * h[6]) / w, (h[1] - u * h[7]) / w, (h[3] - v * h[6]) / w, (h[4] - v * h[7]) / w];
}

/** Singular values (s1 >= s2) of a 2x2 matrix. */
export function singularValues2(j: [number, number, number, number]): [number, number] {
  const [a, b, c, d] = j;
  const s = a * a + b * b + c * c + d * d;
  const det = Math.abs(a * d - b * c);
  const disc = Math.sqrt(Math.max(0, s * s - 4 * det * det));
  return [Math.sqrt((s + disc) / 2), Math.sqrt(Math.max(0, (s - disc) / 2))];
}

/** Eigen-decomposition of a symmetric n x n matrix (cyclic Jacobi). Returns eigenvalues and column eigenvectors. */
function jacobiEigen(A: number[][]): { values: number[]; vectors: number[][] } {
  const n = A.length;
  const a = A.map((r) => r.slice());
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p][q] * a[p][q];
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p][q]) < 1e-300) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k][p];
          const akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k];
          const aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k][p];
          const vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: a.map((r, i) => r[i]), vectors: v };
}

function normaliser(pts: Pt[]): Mat3 {
  let mx = 0;
  let my = 0;
  for (const [x, y] of pts) {
    mx += x;
    my += y;
  }
  mx /= pts.length;
  my /= pts.length;
  let d = 0;
  for (const [x, y] of pts) d += Math.hypot(x - mx, y - my);
  d /= pts.length;
  const s = d > 0 ? Math.SQRT2 / d : 1;
  return [s, 0, -s * mx, 0, s, -s * my, 0, 0, 1];
}

/** Exact homography through 4 point pairs (like getPerspectiveTransform); null when degenerate. */
export function homographyFrom4(src: Pt[], dst: Pt[]): Mat3 | null {
  const A: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i];
    const [u, v] = dst[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solveLinear(A, b);
  return h ? [...h, 1] : null;
}

/**
 * Homography mapping src -> dst from >= 4 correspondences: normalised DLT (Hartley) followed by
 * Gauss-Newton on the reprojection error in dst, so every correspondence counts equally in pixels.
 */
export function fitHomography(src: Pt[], dst: Pt[]): Mat3 {
  if (src.length < 4 || src.length !== dst.length) throw new Error("need >= 4 point pairs");
  const Ts = normaliser(src);
  const Td = normaliser(dst);
  const s = src.map((p) => applyHomography(Ts, p));
  const d = dst.map((p) => applyHomography(Td, p));
  const ata = Array.from({ length: 9 }, () => new Array(9).fill(0));
  for (let i = 0; i < s.length; i++) {
    const [x, y] = s[i];
    const [u, v] = d[i];
    const r1 = [-x, -y, -1, 0, 0, 0, u * x, u * y, u];
    const r2 = [0, 0, 0, -x, -y, -1, v * x, v * y, v];
    for (const r of [r1, r2]) for (let a = 0; a < 9; a++) for (let b = 0; b < 9; b++) ata[a][b] += r[a] * r[b];
  }
  const { values, vectors } = jacobiEigen(ata);
  let k = 0;
  for (let i = 1; i < 9; i++) if (values[i] < values[k]) k = i;
  const hn = vectors.map((row) => row[k]);
  let H = multiply3(invert3(Td), multiply3(hn, Ts));
  H = H.map((x) => x / H[8]);
  return refineHomography(H, src, dst);
}

function refineHomography(H0: Mat3, src: Pt[], dst: Pt[], iterations = 5): Mat3 {
  let H = H0.slice();
  const n = src.length;
  const cost = (h: Mat3) => {
    let c = 0;
    for (let i = 0; i < n; i++) {
      const p = applyHomography(h, src[i]);
      c += (p[0] - dst[i][0]) ** 2 + (p[1] - dst[i][1]) ** 2;
    }
    return c;
  };
  let best = cost(H);
  for (let it = 0; it < iterations; it++) {
    // Normal equations over the 8 free parameters (h33 fixed at 1).
    const JtJ = Array.from({ length: 8 }, () => new Array(8).fill(0));
    const Jtr = new Array(8).fill(0);
    for (let i = 0; i < n; i++) {
      const [x, y] = src[i];
      const w = H[6] * x + H[7] * y + H[8];
      const u = (H[0] * x + H[1] * y + H[2]) / w;
      const v = (H[3] * x + H[4] * y + H[5]) / w;
      const ru = u - dst[i][0];
      const rv = v - dst[i][1];
      const ju = [x / w, y / w, 1 / w, 0, 0, 0, (-u * x) / w, (-u * y) / w];
      const jv = [0, 0, 0, x / w, y / w, 1 / w, (-v * x) / w, (-v * y) / w];
      for (let a = 0; a < 8; a++) {
        Jtr[a] += ju[a] * ru + jv[a] * rv;
        for (let b = 0; b < 8; b++) JtJ[a][b] += ju[a] * ju[b] + jv[a] * jv[b];
      }
    }
    const delta = solveLinear(JtJ, Jtr);
    if (!delta) break;
    const cand = H.slice();
    for (let a = 0; a < 8; a++) cand[a] -= delta[a];
    const c = cost(cand);
    if (c >= best) break;
    best = c;
    H = cand;
  }
  return H;
}

/** Solve A x = b by Gaussian elimination with partial pivoting; null when singular. */
export function solveLinear(A0: number[][], b0: number[]): number[] | null {
  const n = b0.length;
  const A = A0.map((r, i) => [...r, b0[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[p][c])) p = r;
    if (Math.abs(A[p][c]) < 1e-18) return null;
    [A[c], A[p]] = [A[p], A[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = A[r][c] / A[c][c];
      if (!f) continue;
      for (let k = c; k <= n; k++) A[r][k] -= f * A[c][k];
    }
  }
  return A.map((r, i) => r[n] / r[i]);
}
