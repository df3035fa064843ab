import { useEffect, useId, useState } from "react";
import { Button, Field } from "../../../components/ui";
import type { Option } from "../types";
import { EMPTY_FILTERS, isReversedRange, type OrderFilters as Filters } from "./use-orders";

/** Shown under "To" while the range is reversed; the table is emptied meanwhile (use-orders). */
export const REVERSED_RANGE_MESSAGE = "“To” must be on or after “From”.";

const SEARCH_DELAY_MS = 300;

export function OrderFilters({
  filters,
  onChange,
  statuses,
  orderTypes,
  sorts,
  sort,
  onSortChange,
  statusCounts,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
  statuses: Option[];
  orderTypes: Option[];
  sorts: Option[];
  sort: string;
  onSortChange: (sort: string) => void;
  statusCounts?: Record<string, number>;
}) {
  const legendId = useId();
  const [search, setSearch] = useState(filters.search);

  // Typing is debounced so each keystroke does not refetch the list.
  useEffect(() => {
    if (search === filters.search) return;
    const timer = setTimeout(() => onChange({ ...filters, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  useEffect(() => setSearch(filters.search), [filters.search]);

  const toggleStatus = (value: string, checked: boolean) => {
    const status = checked ? [...filters.status, value] : filters.status.filter((entry) => entry !== value);
    onChange({ ...filters, status });
  };

  const reversed = isReversedRange(filters);
  const active =
    filters.status.length > 0 || filters.order_type !== "" || filters.date_from !== "" || filters.date_to !== "" || filters.search !== "";

  return (
    <form className="adm-filters" role="search" aria-label="Order filters" onSubmit={(event) => event.preventDefault()}>
      <fieldset className="adm-filters-status" aria-labelledby={legendId}>
        <legend id={legendId} className="adm-legend">
          Status
        </legend>
        <div className="adm-chip-group">
          {statuses.map((option) => {
            const checked = filters.status.includes(option.value);
            const count = statusCounts?.[option.value];
            return (
              <label key={option.value} className={`adm-chip${checked ? " adm-chip-on" : ""}`}>
                <input
                  type="checkbox"
                  checked={checked}
                  onChange={(event) => toggleStatus(option.value, event.target.checked)}
                  data-testid={`orders-filter-status-${option.value}`}
                />
                <span>{option.label}</span>
                {count !== undefined ? <span className="adm-chip-count">{count}</span> : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div className="adm-filters-row">
        <Field label="Search" className="adm-filter-search">
          <input
            type="search"
            value={search}
            placeholder="Order number or e-mail"
            onChange={(event) => setSearch(event.target.value)}
            data-testid="orders-filter-search"
          />
        </Field>
        <Field label="Type">
          <select value={filters.order_type} onChange={(event) => onChange({ ...filters, order_type: event.target.value })} data-testid="orders-filter-type">
            <option value="">All types</option>
            {orderTypes.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="From" className="adm-filter-date">
          <input
            type="date"
            value={filters.date_from}
            max={filters.date_to || undefined}
            onChange={(event) => onChange({ ...filters, date_from: event.target.value })}
            data-testid="orders-filter-from"
          />
        </Field>
        <Field label="To" error={reversed ? REVERSED_RANGE_MESSAGE : undefined} className="adm-filter-date">
          <input
            type="date"
            value={filters.date_to}
            min={filters.date_from || undefined}
            onChange={(event) => onChange({ ...filters, date_to: event.target.value })}
            data-testid="orders-filter-to"
          />
        </Field>
        {sorts.length > 0 ? (
          <Field label="Sort by">
            <select value={sort} onChange={(event) => onSortChange(event.target.value)} data-testid="orders-sort">
              {sorts.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <div className="adm-filters-reset">
          <Button
            size="sm"
            variant="ghost"
            disabled={!active}
            onClick={() => {
              setSearch("");
              onChange(EMPTY_FILTERS);
            }}
            data-testid="orders-filter-reset"
          >
            Clear filters
          </Button>
        </div>
      </div>
    </form>
  );
}
