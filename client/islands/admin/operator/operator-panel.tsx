import { useEffect, useRef, useState } from "react";
import { Alert, Button, LoadingText } from "../../../components/ui";
import { download } from "../shared/download";
import { PRODUCTION_COLUMNS, productionStatusOf } from "../shared/production";
import type { OperatorCard as Card } from "../types";
import { KanbanColumn } from "./kanban-column";
import { OperatorCard } from "./operator-card";
import { ReportIssueDialog } from "./report-issue-dialog";
import { StartOverrideDialog } from "./start-override-dialog";
import { isAdminRole } from "../../../lib/session";
import { useSession } from "../../../lib/session-context";
import { BOARD_PAGE, useOperatorBoard, type OperatorAction } from "./use-operator-board";

export function OperatorPanel() {
  const board = useOperatorBoard();
  const [actionError, setActionError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<Card | null>(null);
  const [overriding, setOverriding] = useState<Card | null>(null);
  const session = useSession();
  const canOverride = isAdminRole(session.user?.role);
  const boardRef = useRef<HTMLDivElement>(null);
  const refocus = useRef<{ id: number; target: "status" | "actions" } | null>(null);

  // A card re-mounts in another column after a change, and a pressed action button may vanish:
  // keep keyboard focus on the same card (its select, or its first action button).
  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    const card = boardRef.current?.querySelector<HTMLElement>(`[data-order-id="${pending.id}"]`);
    if (card?.getAttribute("aria-busy") === "true") return;
    const target =
      pending.target === "actions"
        ? (card?.querySelector<HTMLElement>(".adm-card-actions button:not(:disabled)") ?? card?.querySelector<HTMLElement>("select"))
        : card?.querySelector<HTMLElement>("select");
    if (!target) return;
    if (document.activeElement !== target) target.focus();
    if (document.activeElement === target) refocus.current = null;
  });

  const changeStatus = async (card: Card, status: string, fromKeyboard: boolean) => {
    if (productionStatusOf(card.productionStatus) === status || board.busyIds.has(card.id)) return;
    if (fromKeyboard) refocus.current = { id: card.id, target: "status" };
    setActionError(null);
    const failure = await board.setStatus(card, status);
    if (failure) setActionError(failure);
  };

  const run = async (card: Card, action: OperatorAction) => {
    const fromKeyboard = document.activeElement instanceof HTMLElement && document.activeElement.closest(".adm-card") !== null;
    if (fromKeyboard) refocus.current = { id: card.id, target: "actions" };
    setActionError(null);
    const failure = await board.runAction(card, action);
    if (failure) setActionError(failure);
  };

  // A card can sit in one column's list while its status (optimistic move, or a change between two
  // pages) places it in another: each card shows once, in the column of its status.
  const cards = [...new Map((board.cards ?? []).map((card) => [card.id, card])).values()];
  return (
    <div className="adm-panel" data-testid="operator-panel">
      <div className="adm-panel-head">
        <h2 className="adm-panel-title">Operator Panel</h2>
        <div className="adm-panel-actions">
          <Button onClick={() => void board.reload()} aria-busy={(board.loading && board.cards !== null) || undefined} data-testid="operator-refresh">
            {board.loading && board.cards !== null ? "Refreshing…" : "Refresh"}
          </Button>
        </div>
      </div>
      <p className="adm-muted adm-hint">
        Drag a card to another column, or use its Status selector. Each column shows its first {BOARD_PAGE} cards (urgent first, then oldest); Show more loads the next. The board
        refreshes every 45 seconds.
      </p>
      {board.error ? <Alert tone="error">{board.error}</Alert> : null}
      {actionError ? (
        <Alert tone="error" onClose={() => setActionError(null)}>
          <span data-testid="operator-error">{actionError}</span>
        </Alert>
      ) : null}
      {board.cards === null && board.loading ? <LoadingText>Loading production board…</LoadingText> : null}
      {board.cards !== null ? (
        <div className="adm-board" ref={boardRef} data-testid="operator-board">
          {PRODUCTION_COLUMNS.map((column) => {
            const inColumn = cards.filter((card) => productionStatusOf(card.productionStatus) === column.value);
            const paged = board.columns?.find((entry) => entry.status === column.value);
            return (
              <KanbanColumn
                key={column.value}
                status={column.value}
                label={column.label}
                count={Math.max(paged?.total ?? 0, inColumn.length)}
                shown={inColumn.length}
                hasMore={paged?.hasMore ?? false}
                loadingMore={board.moreLoading.has(column.value)}
                onMore={() => void board.loadMore(column.value)}
                onDropCard={(id) => {
                  const card = cards.find((entry) => entry.id === id);
                  // Dropping a card back on its own column is not a change: no call.
                  if (card) void changeStatus(card, column.value, false);
                }}
              >
                {inColumn.map((card) => (
                  <OperatorCard
                    key={card.id}
                    card={card}
                    busy={board.busyIds.has(card.id)}
                    onStatus={(status) => void changeStatus(card, status, true)}
                    onAction={(action) => void run(card, action)}
                    onDownloadFile={(format) =>
                      void download(`/operator/orders/${card.id}/download-link`, { file: "cutting-file", format }, `/operator/orders/${card.id}/download-cutting-file`, {
                        format,
                      })
                    }
                    onDownloadCsv={() =>
                      void download(`/operator/orders/${card.id}/download-link`, { file: "csv" }, `/operator/orders/${card.id}/download-original-csv`)
                    }
                    onReportIssue={() => setReporting(card)}
                    canOverride={canOverride}
                    onOverrideStart={() => setOverriding(card)}
                  />
                ))}
              </KanbanColumn>
            );
          })}
        </div>
      ) : null}
      {overriding ? (
        <StartOverrideDialog
          orderNumber={overriding.orderNumber}
          onCancel={() => setOverriding(null)}
          onSubmit={async (reason) => {
            const failure = await board.runAction(overriding, "start-production", { override_reason: reason });
            if (!failure) setOverriding(null);
            return failure;
          }}
        />
      ) : null}
      {reporting ? (
        <ReportIssueDialog
          orderNumber={reporting.orderNumber}
          onCancel={() => setReporting(null)}
          onSubmit={async (reason) => {
            const failure = await board.runAction(reporting, "report-issue", { reason });
            if (!failure) setReporting(null);
            return failure;
          }}
        />
      ) : null}
    </div>
  );
}
