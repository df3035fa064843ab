// OpenCV.js under Bun (see /work/shared/stack-notes.md): `import()` of the package hangs because the
// module object is thenable, so it is `require`d, initialised via onRuntimeInitialized, and its `then`
// is deleted. Never resolve a promise with `cv` or return it from an async function.

// biome-ignore lint/suspicious/noExplicitAny: opencv.js has no usable types for this build
export type Cv = any;
// biome-ignore lint/suspicious/noExplicitAny: a cv.Mat
export type Mat = any;

let instance: Cv | null = null;
let loading: Promise<void> | null = null;

export function loadOpenCv(): Promise<void> {
  if (instance) return Promise.resolve();
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      try {
        const mod: Cv = require("@techstark/opencv-js");
        const done = () => {
          delete mod.then;
          instance = mod;
          resolve();
        };
        if (mod.Mat) done();
        else mod.onRuntimeInitialized = done;
      } catch (e) {
        reject(e);
      }
    });
  }
  return loading;
}

/** The loaded OpenCV module; call (and await) loadOpenCv() first. */
export function getCv(): Cv {
  if (!instance) throw new Error("OpenCV is not loaded yet (await loadOpenCv() first)");
  return instance;
}

/** Run `fn` and delete every Mat/MatVector registered through `track`, whatever happens. */
export function withMats<T>(fn: (track: <M extends { delete(): void }>(m: M) => M) => T): T {
  const mats: { delete(): void }[] = [];
  const track = <M extends { delete(): void }>(m: M): M => {
    mats.push(m);
    return m;
  };
  try {
    return fn(track);
  } finally {
    for (const m of mats) {
      try {
        m.delete();
      } catch {
        // already deleted
      }
    }
  }
}

/**
 * Each pixel's distance (px, Euclidean to OpenCV's 3x3 or 5x5 mask precision) to the nearest pixel
 * where `set` is non-zero; 0 on those pixels.
 */
export function distanceToSet(set: Uint8Array, width: number, height: number, maskSize: 3 | 5 = 3): Float32Array {
  const cv = getCv();
  return withMats((track) => {
    const m = track(new cv.Mat(height, width, cv.CV_8UC1));
    const d = m.data as Uint8Array;
    for (let q = 0; q < d.length; q++) d[q] = set[q] ? 0 : 1;
    const dist = track(new cv.Mat());
    cv.distanceTransform(m, dist, cv.DIST_L2, maskSize);
    return Float32Array.from(dist.data32F as Float32Array);
  });
}

/** Erosion (or dilation) by a (2r+1)-pixel square; outside the raster counts as unset. */
export function squareFilter(m: Uint8Array, w: number, h: number, r: number, erode: boolean): Uint8Array {
  const cv = getCv();
  return withMats((track) => {
    const src = track(new cv.Mat(h, w, cv.CV_8UC1));
    (src.data as Uint8Array).set(m);
    const dst = track(new cv.Mat());
    const kernel = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(2 * r + 1, 2 * r + 1)));
    const op = erode ? cv.erode : cv.dilate;
    op(src, dst, kernel, new cv.Point(-1, -1), 1, cv.BORDER_CONSTANT, new cv.Scalar(0));
    return new Uint8Array(dst.data as Uint8Array);
  });
}

/**
 * The outer outline of every 8-connected component of a 0/1 (or 0/255) mask, as pixel-centre
 * points in OpenCV's order (holes ignored: the outline a pocket follows is the outer one).
 */
export function outerContours(mask: Uint8Array, width: number, height: number): [number, number][][] {
  const cv = getCv();
  return withMats((track) => {
    const m = track(new cv.Mat(height, width, cv.CV_8UC1));
    m.data.set(mask);
    const contours = track(new cv.MatVector());
    const hier = track(new cv.Mat());
    cv.findContours(m, contours, hier, cv.RETR_EXTERNAL, cv.CHAIN_APPROX_NONE);
    const out: [number, number][][] = [];
    for (let i = 0; i < contours.size(); i++) {
      const c = contours.get(i);
      const d = c.data32S as Int32Array;
      const pts: [number, number][] = [];
      for (let j = 0; j < d.length; j += 2) pts.push([d[j], d[j + 1]]);
      c.delete();
      out.push(pts);
    }
    return out;
  });
}
