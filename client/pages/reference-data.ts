/** GET /api/reference-data (public): active foam materials and catalog boxes, shared by the calculator and the shop. */
import { useEffect, useState } from "react";
import { apiRequest, ApiError } from "../lib/api";
import type { CatalogBoxAnswer } from "../../common/api/catalog";
import type { MaterialAnswer } from "../../common/api/materials";

// /api/reference-data answers with the admin serializers: the same schemas (common/api/).
export type FoamMaterial = MaterialAnswer;
export type CatalogBox = CatalogBoxAnswer;

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
