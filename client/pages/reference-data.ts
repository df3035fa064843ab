/** GET /api/reference-data (public): active foam materials and catalog boxes, shared by the calculator and the shop. */
import { useEffect, useState } from "react";
import { apiRequest, ApiError } from "../lib/api";

export type FoamMaterial = {
  id: number;
  name: string;
  supplier: string | null;
  density_kg_m3: number | null;
  hardness_shore?: number | null;
  color: string | null;
  sheet_length_mm: number | null;
  sheet_width_mm: number | null;
  sheet_thickness_mm: number | null;
  sheet_cost: string | null;
};

export type CatalogBox = {
  id: number;
  name: string;
  manufacturer?: string | null;
  sku?: string | null;
  internal_length_mm?: number | null;
  internal_width_mm?: number | null;
  internal_depth_mm?: number | null;
  weight_capacity_kg?: number | null;
  description?: string | null;
};

export type ReferenceData = { materials: FoamMaterial[]; boxes: CatalogBox[] };

export type ReferenceState =
  | { status: "loading"; data: null; error: null }
  | { status: "ready"; data: ReferenceData; error: null }
  | { status: "error"; data: null; error: string };

/**
 * Loads reference data after mount (the server renders the loading state, so hydration matches).
 * `auth` sends the bearer token when one is stored (the calculator does, the shop does not).
 */
export function useReferenceData(auth: boolean): ReferenceState {
  const [state, setState] = useState<ReferenceState>({ status: "loading", data: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<ReferenceData>("/reference-data", { auth, signal: controller.signal })
      .then((data) =>
        setState({
          status: "ready",
          data: { materials: Array.isArray(data?.materials) ? data.materials : [], boxes: Array.isArray(data?.boxes) ? data.boxes : [] },
          error: null,
        }),
      )
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: "error", data: null, error: error instanceof ApiError ? error.message : "Request failed" });
      });
    return () => controller.abort();
  }, [auth]);
  return state;
}
