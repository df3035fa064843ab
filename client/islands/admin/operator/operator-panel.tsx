import { useEffect, useRef, useState } from "react";
import { Alert, Button, LoadingText } from "../../../components/ui";
import { download } from "../shared/download";
import { PRODUCTION_COLUMNS, productionStatusOf } from "../shared/production";
import type { OperatorCard as Card } from "../types";
import { KanbanColumn } from "./kanban-column";
import { OperatorCard } from "./operator-card";
import { ReportIssueDialog } from "./report-issue-dialog";
import { useOperatorBoard, type OperatorAction } from "./use-operator-board";

export function OperatorPanel() {
  const board = useOperatorBoard();
  const [actionError, setActionError] = useState<string | null>(null);
  const [reporting, setReporting] = useState<Card | null>(null);
  const boardRef = useRef<HTMLDivElement>(null);
  const refocusId = useRef<number | null>(null);

  // A card changed by its status select re-mounts in another column: keep keyboard focus on it.
  useEffect(() => {
    const id = refocusId.current;
    if (id === null) return;
    const select = boardRef.current?.querySelector<HTMLSelectElement>(`[data-order-id="${id}"] select`);
    if (select && document.activeElement !== select) {
      select.focus();
      refocusId.current = null;
    }
  });

  const changeStatus = async (card: Card, status: string, fromKeyboard: boolean) => {
    if (productionStatusOf(card.productionStatus) === status) return;
    if (fromKeyboard) refocusId.current = card.id;
    setActionError(null);
    const failure = await board.setStatus(card, status);
    if (failure) setActionError(failure);
  };

  const run = async (card: Card, action: OperatorAction, body?: unknown) => {
    setActionError(null);
    const failure = await board.runAction(card, action, body);
    if (failure) setActionError(failure);
    return failure;
  };

  const cards = board.cards ?? [];
  return (
    <div className="adm-panel" data-testid="operator-panel">
      <div className="adm-panel-head">
        <h2 className="adm-panel-title">Operator panel</h2>
        <div className="adm-panel-actions">
          <Button onClick={() => void board.reload()} busy={board.loading && board.cards !== null} data-testid="operator-refresh">
            {board.loading && board.cards !== null ? "Refreshing…" : "Refresh"}
          </Button>
        </div>
      </div>
      <p className="adm-muted adm-hint">Drag a card to another column, or use its Status selector. The board refreshes every 45 seconds.</p>
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
            return (
              <KanbanColumn
                key={column.value}
                status={column.value}
                label={column.label}
                count={inColumn.length}
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
                    onDownloadFile={() =>
                      void download(`/operator/orders/${card.id}/download-link`, { file: "cutting-file", format: "dxf" }, `/operator/orders/${card.id}/download-cutting-file`, {
                        format: "dxf",
                      })
                    }
                    onDownloadCsv={() =>
                      void download(`/operator/orders/${card.id}/download-link`, { file: "csv" }, `/operator/orders/${card.id}/download-original-csv`)
                    }
                    onReportIssue={() => setReporting(card)}
                  />
                ))}
              </KanbanColumn>
            );
          })}
        </div>
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
