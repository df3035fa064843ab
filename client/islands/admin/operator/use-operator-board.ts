import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest, ApiError } from "../../../lib/api";
import { loadErrorMessage } from "../shared/error-message";
import { productionStatusOf } from "../shared/production";
import type { OperatorCard } from "../types";

export const OPERATOR_POLL_MS = 45_000;

export type OperatorAction = "generate-cutting-file" | "start-production" | "complete-production" | "report-issue";

/** SPEC section 8: the server's message, else the (Russian) fallback naming the action. */
export function actionErrorMessage(error: unknown, action: string): string {
  if (error instanceof ApiError && error.message && error.message !== "Request failed") return error.message;
  return `Ошибка выполнения действия: ${action}`;
}

function cardsOf(answer: unknown): OperatorCard[] {
  if (Array.isArray(answer)) return answer as OperatorCard[];
  const results = (answer as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as OperatorCard[]) : [];
}

/** The production board: loaded on mount, polled every 45 s and on Refresh; every change reloads it. */
export function useOperatorBoard() {
  const [cards, setCards] = useState<OperatorCard[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busyIds, setBusyIds] = useState<Set<number>>(new Set());
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      const answer = await apiRequest<unknown>("/operator/dashboard", { signal: controller.signal });
      setCards(cardsOf(answer));
      setError(null);
    } catch (reason) {
      if (controller.signal.aborted) return;
      setError(loadErrorMessage(reason, "Failed to load data."));
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setLoading(false);
      }
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), OPERATOR_POLL_MS);
    return () => {
      clearInterval(timer);
      inFlight.current?.abort();
    };
  }, [load]);

  const markBusy = (id: number, busy: boolean) =>
    setBusyIds((previous) => {
      const next = new Set(previous);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Moves a card; returns an error message or null. No call when the status is unchanged. */
  const setStatus = useCallback(
    async (card: OperatorCard, status: string): Promise<string | null> => {
      if (productionStatusOf(card.productionStatus) === status) return null;
      const before = card.productionStatus;
      // Optimistic: the card moves at once and moves back if the server refuses.
      setCards((previous) => previous?.map((entry) => (entry.id === card.id ? { ...entry, productionStatus: status } : entry)) ?? previous);
      markBusy(card.id, true);
      try {
        await apiRequest(`/operator/orders/${card.id}/production-status`, { method: "PATCH", body: { status } });
        await load();
        return null;
      } catch (reason) {
        setCards((previous) => previous?.map((entry) => (entry.id === card.id ? { ...entry, productionStatus: before } : entry)) ?? previous);
        return reason instanceof ApiError && reason.message !== "Request failed" ? reason.message : "Failed to update status.";
      } finally {
        markBusy(card.id, false);
      }
    },
    [load],
  );

  const runAction = useCallback(
    async (card: OperatorCard, action: OperatorAction, body?: unknown): Promise<string | null> => {
      markBusy(card.id, true);
      try {
        await apiRequest(`/operator/orders/${card.id}/${action}`, { method: "POST", body });
        await load();
        return null;
      } catch (reason) {
        return actionErrorMessage(reason, action);
      } finally {
        markBusy(card.id, false);
      }
    },
    [load],
  );

  return { cards, loading, error, busyIds, reload: load, setStatus, runAction };
}
