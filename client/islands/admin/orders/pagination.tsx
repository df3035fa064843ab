import { Button } from "../../../components/ui";
import type { Pagination as PaginationInfo } from "../types";

export function Pagination({ pagination, onPage }: { pagination: PaginationInfo; onPage: (page: number) => void }) {
  const { page, pages, total, per_page: perPage } = pagination;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav className="adm-pagination" aria-label="Orders pages">
      <span className="adm-muted" data-testid="orders-range">
        {first}–{last} of {total}
      </span>
      <div className="adm-pagination-buttons">
        <Button size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)} data-testid="orders-prev">
          Previous
        </Button>
        <span className="adm-page-label" aria-current="page" data-testid="orders-page">
          Page {page} of {Math.max(1, pages)}
        </span>
        <Button size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="orders-next">
          Next
        </Button>
      </div>
    </nav>
  );
}
