import { type DragEvent, useState } from "react";
import { Badge, Button, type BadgeTone } from "../../../components/ui";
import { labelOf, ORDER_TYPES } from "../../../../common/order-constants";
import { formatDateTime, formatRelative } from "../../../lib/format";
import { PRODUCTION_COLUMNS, productionStatusOf } from "../shared/production";
import type { OperatorCard as Card } from "../types";
import type { OperatorAction } from "./use-operator-board";

const PRIORITY_TONES: Record<string, BadgeTone> = { normal: "neutral", high: "warning", urgent: "danger" };
const FILE_TONES: Record<string, BadgeTone> = { ready: "success", needs_generation: "warning", generating: "info", error: "danger", not_required: "neutral" };
const FILE_LABELS: Record<string, string> = { ready: "File ready", needs_generation: "Needs file", generating: "Generating…", error: "File error", not_required: "No file needed" };
const UNAPPROVED = new Set(["draft", "quoted"]);

/**
 * Production rules (issue 14), mirrored from the server: Start needs an approved order and a ready
 * (or not required) file, and is never offered on a running or completed card; an admin may start
 * an unapproved order with a reason instead.
 */
export function startRule(card: Card): "start" | "override" | null {
  const status = productionStatusOf(card.productionStatus);
  const fileStatus = card.fileStatus ?? "needs_generation";
  if (status === "in_progress" || status === "completed") return null;
  if (card.status === "cancelled" || card.status === "fulfilled") return null;
  if (fileStatus !== "ready" && fileStatus !== "not_required") return null;
  if (card.canStart === true) return "start";
  if (card.status && UNAPPROVED.has(card.status)) return "override";
  return card.canStart === false ? null : "start";
}

export const CARD_MIME = "application/x-foam-order";

/**
 * Laser and CNC software read DXF; SVG suits laser cutters' own tools; PDF is the 1:1 template;
 * STL is the insert as a solid for 3D CAM or printing. (A multi-layer insert's per-layer DXFs are
 * `?format=dxf-layer-N`; the default DXF is the top layer.)
 */
export const CUTTING_FORMATS = [
  { value: "dxf", label: "DXF" },
  { value: "svg", label: "SVG" },
  { value: "pdf", label: "PDF" },
  { value: "stl", label: "STL (3D)" },
] as const;
export type CuttingFormat = (typeof CUTTING_FORMATS)[number]["value"];

export function OperatorCard({
  card,
  busy,
  onStatus,
  onAction,
  onDownloadFile,
  onDownloadCsv,
  onReportIssue,
  onOverrideStart,
  canOverride = false,
}: {
  card: Card;
  busy: boolean;
  onOverrideStart?: () => void;
  canOverride?: boolean;
  onStatus: (status: string) => void;
  onAction: (action: OperatorAction) => void;
  onDownloadFile: (format: CuttingFormat) => void;
  onDownloadCsv: () => void;
  onReportIssue: () => void;
}) {
  const status = productionStatusOf(card.productionStatus);
  const fileStatus = card.fileStatus ?? "needs_generation";
  const priority = card.priority ?? "normal";
  const minutes = typeof card.estimatedTime === "number" && Number.isFinite(card.estimatedTime) ? Math.round(card.estimatedTime) : null;
  const blocks = card.blocks ?? [];
  const selectId = `adm-card-status-${card.id}`;
  const [format, setFormat] = useState<CuttingFormat>("dxf");
  const start = startRule(card);

  const onDragStart = (event: DragEvent<HTMLElement>) => {
    event.dataTransfer.setData(CARD_MIME, String(card.id));
    event.dataTransfer.setData("text/plain", card.orderNumber);
    event.dataTransfer.effectAllowed = "move";
  };

  return (
    <article
      className={`adm-card adm-card-${priority}`}
      draggable={!busy}
      onDragStart={onDragStart}
      aria-busy={busy || undefined}
      aria-labelledby={`${selectId}-title`}
      data-testid="operator-card"
      data-order-id={card.id}
      data-order-number={card.orderNumber}
      data-status={status}
    >
      <header className="adm-card-head">
        <h4 className="adm-card-title" id={`${selectId}-title`}>
          {card.orderNumber}
        </h4>
        <Badge tone={PRIORITY_TONES[priority] ?? "neutral"}>{priority}</Badge>
      </header>
      <p className="adm-card-product">{card.productName || "Custom Order"}</p>
      <dl className="adm-card-facts">
        {card.orderType ? (
          <div>
            <dt>Type</dt>
            <dd>{labelOf(ORDER_TYPES, card.orderType)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Material</dt>
          <dd>{card.material || "—"}</dd>
        </div>
        <div>
          <dt>Size</dt>
          <dd>{card.dimensions || "—"}</dd>
        </div>
        <div>
          <dt>Est. time</dt>
          <dd>{minutes === null ? "—" : `${minutes} min`}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd title={formatDateTime(card.createdAt)}>{formatRelative(card.createdAt)}</dd>
        </div>
        {card.productionStartedAt ? (
          <div>
            <dt>Started</dt>
            <dd title={formatDateTime(card.productionStartedAt)}>{formatRelative(card.productionStartedAt)}</dd>
          </div>
        ) : null}
        {card.fulfilledAt ? (
          <div>
            <dt>Completed</dt>
            <dd title={formatDateTime(card.fulfilledAt)}>{formatRelative(card.fulfilledAt)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="adm-card-badges">
        <Badge tone={FILE_TONES[fileStatus] ?? "neutral"} data-testid="operator-card-file">
          {FILE_LABELS[fileStatus] ?? fileStatus}
        </Badge>
        {typeof card.scanAccuracyMm === "number" && card.scanAccuracyMm > 0 ? (
          <span className="adm-card-accuracy" data-testid="operator-card-accuracy">
            {" "}
            Scan accuracy ±{card.scanAccuracyMm.toFixed(1)} mm
          </span>
        ) : null}
      </p>
      {blocks.length > 0 ? (
        <ul className="adm-card-blocks" aria-label="Blocked by">
          {blocks.map((block) => (
            <li key={block}>{block}</li>
          ))}
        </ul>
      ) : null}
      {card.nextStep ? (
        <p className="adm-card-next" data-testid="operator-card-next">
          <strong>Next:</strong> {card.nextStep}
        </p>
      ) : null}
      <div className="adm-card-status">
        <label htmlFor={selectId}>Status</label>
        <select id={selectId} value={status} aria-busy={busy || undefined} onChange={(event) => onStatus(event.target.value)} data-testid="operator-card-status">
          {PRODUCTION_COLUMNS.map((column) => (
            <option key={column.value} value={column.value}>
              {column.label}
            </option>
          ))}
        </select>
      </div>
      <div className="adm-card-actions">
        {(fileStatus === "needs_generation" || fileStatus === "error") && status !== "completed" ? (
          <Button size="sm" variant="primary" busy={busy} onClick={() => onAction("generate-cutting-file")} data-testid="operator-generate">
            Generate File
          </Button>
        ) : null}
        {start === "start" ? (
          <Button size="sm" variant="primary" busy={busy} onClick={() => onAction("start-production")} data-testid="operator-start">
            Start
          </Button>
        ) : null}
        {start === "override" && canOverride && onOverrideStart ? (
          <Button size="sm" variant="danger" busy={busy} onClick={onOverrideStart} data-testid="operator-start-override">
            Start (override)
          </Button>
        ) : null}
        {status === "in_progress" ? (
          <Button size="sm" variant="primary" busy={busy} onClick={() => onAction("complete-production")} data-testid="operator-complete">
            Complete
          </Button>
        ) : null}
        {fileStatus === "ready" ? (
          <span className="adm-card-download">
            <Button size="sm" onClick={() => onDownloadFile(format)} data-testid="operator-download-file">
              Download File
            </Button>
            <select
              aria-label={`Cutting file format for ${card.orderNumber}`}
              value={format}
              onChange={(event) => setFormat(event.target.value as CuttingFormat)}
              data-testid="operator-file-format"
            >
              {CUTTING_FORMATS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        <Button size="sm" onClick={onDownloadCsv} data-testid="operator-download-csv">
          CSV
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onReportIssue} data-testid="operator-report">
          Report issue
        </Button>
      </div>
    </article>
  );
}
