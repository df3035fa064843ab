import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "../../../lib/api";
import { loadErrorMessage } from "./error-message";

type Archivable = { id: number; name: string; is_active: boolean };

function listOf<T>(answer: unknown): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const results = (answer as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
}

/**
 * A list of products or materials, active and archived (the list answers both, so the Archive list can
 * offer Reopen), with save (POST/PATCH) and archive (DELETE hides, SPEC section 7).
 */
export function useArchivable<T extends Archivable>(path: string, loadFailure: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const answer = await apiRequest<unknown>(path);
      setItems(listOf<T>(answer).sort((a, b) => a.name.localeCompare(b.name)));
      setError(null);
    } catch (reason) {
      setError(loadErrorMessage(reason, loadFailure));
    } finally {
      setLoading(false);
    }
  }, [path, loadFailure]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const save = useCallback(
    async (id: number | null, body: Record<string, unknown>): Promise<T> => {
      const saved = await apiRequest<T>(id === null ? path : `${path}/${id}`, { method: id === null ? "POST" : "PATCH", body });
      await reload();
      return saved;
    },
    [path, reload],
  );

  const archive = useCallback(
    async (id: number) => {
      await apiRequest(`${path}/${id}`, { method: "DELETE" });
      await reload();
    },
    [path, reload],
  );

  return { items, loading, error, reload, save, archive };
}
