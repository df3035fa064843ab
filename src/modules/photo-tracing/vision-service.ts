import type { createVisionPool } from "../../vision";

export type VisionPool = ReturnType<typeof createVisionPool>;

// Loaded on first use: API tests and pages that never scan do not pay for OpenCV.
const loadVision = () => import("../../vision");

export function createVisionService(size: number) {
  let pool: Promise<VisionPool> | null = null;
  return {
    pool(): Promise<VisionPool> {
      pool ??= loadVision().then((vision) => vision.createVisionPool({ size }));
      return pool;
    },
    module: loadVision,
    async close() {
      const current = pool;
      pool = null;
      if (current) await (await current).close();
    },
  };
}

export type VisionService = ReturnType<typeof createVisionService>;
