import { useState, type DragEvent, type ReactNode } from "react";
import { Button } from "../../../components/ui";
import { CARD_MIME } from "./operator-card";

export function KanbanColumn({
  status,
  label,
  count,
  shown = count,
  hasMore = false,
  loadingMore = false,
  onMore,
  onDropCard,
  children,
}: {
  status: string;
  label: string;
  /** Orders in the column on the server (the badge). */
  count: number;
  /** Cards loaded and shown (a column is paged; defaults to all). */
  shown?: number;
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
  onDropCard: (orderId: number) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const headingId = `adm-col-${status}`;

  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(CARD_MIME);
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!accepts(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    if (!over) setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLElement>) => {
    setOver(false);
    const id = Number(event.dataTransfer.getData(CARD_MIME));
    if (!Number.isFinite(id) || id <= 0) return;
    event.preventDefault();
    onDropCard(id);
  };

  return (
    <section
      className={`adm-column adm-column-${status}${over ? " adm-column-over" : ""}`}
      aria-labelledby={headingId}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={onDrop}
      data-testid={`operator-column-${status}`}
    >
      <h3 className="adm-column-title" id={headingId}>
        <span>{label}</span>
        <span className="adm-column-count" aria-label={`${count} orders`}>
          {count}
        </span>
      </h3>
      <div className="adm-column-body">
        {count === 0 && shown === 0 ? <p className="adm-column-empty">No orders</p> : children}
        {hasMore && onMore ? (
          <Button size="sm" variant="ghost" onClick={onMore} disabled={loadingMore} aria-busy={loadingMore || undefined} data-testid={`operator-column-more-${status}`}>
            {loadingMore ? "Loading…" : `Show more (${Math.max(0, count - shown)} more)`}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
