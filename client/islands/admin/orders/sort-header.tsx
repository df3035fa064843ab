import type { ReactNode } from "react";

/** A column header that sorts the table when its field is one the server offers; aria-sort tells the direction. */
export function SortHeader({
  field,
  label,
  sort,
  sortable,
  onSort,
  className,
}: {
  field: string;
  label: ReactNode;
  sort: string;
  sortable: boolean;
  onSort: (sort: string) => void;
  className?: string;
}) {
  const descending = sort === `-${field}`;
  const ascending = sort === field;
  const ariaSort = ascending ? "ascending" : descending ? "descending" : "none";
  if (!sortable) {
    return (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  }
  return (
    <th scope="col" className={className} aria-sort={ariaSort}>
      <button
        type="button"
        className="adm-sort"
        onClick={() => onSort(ascending ? `-${field}` : field)}
        data-testid={`orders-sort-${field}`}
      >
        {label}
        <span className="adm-sort-mark" aria-hidden="true">
          {ascending ? "▲" : descending ? "▼" : "↕"}
        </span>
      </button>
    </th>
  );
}
