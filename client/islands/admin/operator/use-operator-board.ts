import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest, ApiError } from "../../../lib/api";
import { loadErrorMessage } from "../shared/error-message";
import { PRODUCTION_COLUMNS, productionStatusOf } from "../shared/production";
import type { OperatorColumnAnswer } from "../../../../common/api/operator";
import type { OperatorCard } from "../types";

export const OPERATOR_POLL_MS = 45_000;
/** Cards per column on first load and per "Show more" (the server allows up to 100 per request). */
export const BOARD_PAGE = 25;
const BOARD_MAX_PAGE = 100;

export type OperatorAction = "generate-cutting-file" | "start-production" | "complete-production" | "report-issue";

/** One column as the server pages it: the cards loaded so far and how many the column holds. */
export type BoardColumn = { status: string; total: number; cards: OperatorCard[]; hasMore: boolean; nextAfter: number | null };
/** A column of the server's grouped answer (common/api/operator.ts), read leniently. */
type ColumnAnswer = Pick<OperatorColumnAnswer, "status"> & Partial<Omit<OperatorColumnAnswer, "status" | "cards">> & { cards?: OperatorCard[] };

/** SPEC section 8: the server's message, else the (Russian) fallback naming the action. */
export function actionErrorMessage(error: unknown, action: string): string {
  if (error instanceof ApiError && error.message && error.message !== "Request failed") return error.message;
  return `Ошибка выполнения действия: ${action}`;
}

/** The grouped answer; an older server's plain array is grouped here (every card loaded, nothing more). */
export function columnsOf(answer: unknown): BoardColumn[] {
  const grouped = (answer as { columns?: unknown } | null)?.columns;
  if (Array.isArray(grouped)) {
    return (grouped as ColumnAnswer[]).map((column) => ({
      status: column.status,
      total: Number(column.total ?? column.cards?.length ?? 0),
      cards: Array.isArray(column.cards) ? column.cards : [],
      hasMore: Boolean(column.has_more),
      nextAfter: column.next_after ?? null,
    }));
  }
  const cards = Array.isArray(answer) ? (answer as OperatorCard[]) : [];
  return PRODUCTION_COLUMNS.map(({ value }) => {
    const inColumn = cards.filter((card) => productionStatusOf(card.productionStatus) === value);
    return { status: value, total: inColumn.length, cards: inColumn, hasMore: false, nextAfter: null };
  });
}

/**
 * The production board, paged per column: each column shows its first cards and its total, and
 * "Show more" appends the next page. Loaded on mount, polled every 45 s and on Refresh; every
 * change reloads it, keeping as many cards in each column as were shown (up to 100).
 */
export function useOperatorBoard() {
  const [columns, setColumns] = useState<BoardColumn[] | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [busyIds, setBusyIds] = useState<Set<number>>(new Set());
  const [moreLoading, setMoreLoading] = useState<Set<string>>(new Set());
  const inFlight = useRef<AbortController | null>(null);
  const shown = useRef<Record<string, number>>({});

  const load = useCallback(async () => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoading(true);
    try {
      const answer = columnsOf(await apiRequest<unknown>("/operator/dashboard", { query: { per_column: BOARD_PAGE }, signal: controller.signal }));
      // Columns the operator had extended come back at their extended length.
      const extended = answer.filter((column) => (shown.current[column.status] ?? 0) > BOARD_PAGE && column.hasMore);
      const refreshed = await Promise.all(
        extended.map(async (column) => {
          const wanted = Math.min(BOARD_MAX_PAGE, shown.current[column.status]!);
          const again = await apiRequest<unknown>("/operator/dashboard", { query: { column: column.status, per_column: wanted }, signal: controller.signal });
          return columnsOf(again)[0] ?? column;
        }),
      );
      const byStatus = new Map(refreshed.map((column) => [column.status, column]));
      const next = answer.map((column) => byStatus.get(column.status) ?? column);
      shown.current = Object.fromEntries(next.map((column) => [column.status, column.cards.length]));
      setColumns(next);
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

  /** Appends the next page of one column. */
  const loadMore = useCallback(
    async (status: string) => {
      const column = columns?.find((entry) => entry.status === status);
      if (!column?.hasMore || column.nextAfter === null || moreLoading.has(status)) return;
      setMoreLoading((previous) => new Set(previous).add(status));
      try {
        const page = columnsOf(await apiRequest<unknown>("/operator/dashboard", { query: { column: status, after: column.nextAfter, per_column: BOARD_PAGE } }))[0];
        if (!page) return;
        setColumns((previous) =>
          previous?.map((entry) => {
            if (entry.status !== status) return entry;
            const known = new Set(entry.cards.map((card) => card.id));
            const cards = [...entry.cards, ...page.cards.filter((card) => !known.has(card.id))];
            shown.current[status] = cards.length;
            return { ...entry, total: page.total, cards, hasMore: page.hasMore, nextAfter: page.nextAfter };
          }) ?? previous,
        );
        setError(null);
      } catch (reason) {
        setError(loadErrorMessage(reason, "Failed to load data."));
      } finally {
        setMoreLoading((previous) => {
          const next = new Set(previous);
          next.delete(status);
          return next;
        });
      }
    },
    [columns, moreLoading],
  );

  const markBusy = (id: number, busy: boolean) =>
    setBusyIds((previous) => {
      const next = new Set(previous);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const patchCard = (id: number, patch: Partial<OperatorCard>) =>
    setColumns((previous) => previous?.map((column) => ({ ...column, cards: column.cards.map((entry) => (entry.id === id ? { ...entry, ...patch } : entry)) })) ?? previous);

  /** Moves a card; returns an error message or null. No call when the status is unchanged. */
  const setStatus = useCallback(
    async (card: OperatorCard, status: string): Promise<string | null> => {
      if (productionStatusOf(card.productionStatus) === status) return null;
      const before = card.productionStatus;
      // Optimistic: the card moves at once and moves back if the server refuses.
      patchCard(card.id, { productionStatus: status });
      markBusy(card.id, true);
      try {
        await apiRequest(`/operator/orders/${card.id}/production-status`, { method: "PATCH", body: { status } });
        await load();
        return null;
      } catch (reason) {
        patchCard(card.id, { productionStatus: before });
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

  // Every loaded card once, in column order (a card moved optimistically is found by its status).
  const cards = columns ? columns.flatMap((column) => column.cards) : null;
  return { columns, cards, loading, error, busyIds, moreLoading, reload: load, loadMore, setStatus, runAction };
}
