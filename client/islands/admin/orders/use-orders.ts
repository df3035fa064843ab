import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "../../../lib/api";
import { loadErrorMessage } from "../shared/error-message";
import type { OrdersAnswer } from "../types";

export const ORDERS_PER_PAGE = 25;
export const DEFAULT_SORT = "-created_at";

export type OrderFilters = { status: string[]; order_type: string; date_from: string; date_to: string; search: string };
export const EMPTY_FILTERS: OrderFilters = { status: [], order_type: "", date_from: "", date_to: "", search: "" };

/** ISO dates compare as text; the server refuses the same pair ("date_from must not be after date_to."). */
export function isReversedRange(filters: Pick<OrderFilters, "date_from" | "date_to">): boolean {
  return filters.date_from !== "" && filters.date_to !== "" && filters.date_from > filters.date_to;
}

/** One page of orders for the current filters, sort and page; any change refetches and drops stale answers. */
export function useOrders() {
  const [filters, setFiltersState] = useState<OrderFilters>(EMPTY_FILTERS);
  const [sort, setSortState] = useState(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<OrdersAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    // A reversed range matches nothing: the filter form says why (isReversedRange), so no request
    // and no stale rows from the previous filters under it.
    if (isReversedRange(filters)) {
      setData((previous) => previous && { ...previous, results: [], pagination: { ...previous.pagination, total: 0, pages: 1, page: 1 } });
      setError(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    apiRequest<OrdersAnswer>("/admin/orders", {
      query: { page, per_page: ORDERS_PER_PAGE, sort, ...filters },
      signal: controller.signal,
    })
      .then((answer) => {
        setData(answer);
        setError(null);
        // A bulk change can shrink the result set below the current page.
        const pages = answer.pagination?.pages ?? 1;
        if (page > 1 && page > pages) setPage(Math.max(1, pages));
      })
      .catch((reason) => {
        if (controller.signal.aborted) return;
        setError(loadErrorMessage(reason, "Failed to load orders. Check server connection."));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [filters, sort, page, version]);

  const setFilters = useCallback((next: OrderFilters) => {
    setFiltersState(next);
    setPage(1);
  }, []);
  const setSort = useCallback((next: string) => {
    setSortState(next);
    setPage(1);
  }, []);
  const reload = useCallback(() => setVersion((value) => value + 1), []);

  return { filters, setFilters, sort, setSort, page, setPage, data, loading, error, reload };
}
