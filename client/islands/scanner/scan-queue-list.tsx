import { Button, ButtonLink, EmptyState } from "../../components/ui";
import { formatNumber } from "../../lib/format";
import { isPlaced, removeFromQueue, type ScannedTool } from "../../lib/scanner-queue";
import { href } from "../../routes";

export function formatArea(area: unknown): string {
  const text = formatNumber(area, 1);
  return text === "-" ? "-" : `${text} mm²`;
}

/** Saved scans (SPEC 2: queue list with area and Delete); it lives in localStorage, so it survives reloads. */
export function ScanQueueList({ tools, ready }: { tools: ScannedTool[]; ready: boolean }) {
  const visible = tools.filter((tool) => !tool.position?.deleted);
  return (
    <section className="sc-queue" aria-labelledby="sc-queue-title" data-testid="sc-queue">
      <div className="sc-queue-header">
        <h2 id="sc-queue-title">Saved scans {ready ? <span className="sc-count">({visible.length})</span> : null}</h2>
        {visible.length > 0 ? (
          <ButtonLink href={href("/scanner-layout")} size="sm" variant="primary" data-testid="sc-queue-finish">
            Finish and Place
          </ButtonLink>
        ) : null}
      </div>
      {!ready ? null : visible.length === 0 ? (
        <EmptyState title="No saved scans yet">Scan a tool and choose Save to Queue to keep it here.</EmptyState>
      ) : (
        <ul className="sc-queue-list">
          {visible.map((tool) => (
            <li key={tool.id} className="sc-queue-item" data-testid="sc-queue-item">
              {tool.previewUrl ? <img className="sc-queue-thumb" src={tool.previewUrl} alt="" loading="lazy" /> : <span className="sc-queue-thumb" />}
              <div className="sc-queue-text">
                <span className="sc-queue-name">{tool.name}</span>
                <span className="sc-queue-meta">
                  {formatArea(tool.parameters?.contour_area_mm)}
                  {isPlaced(tool) ? " · placed" : ""}
                </span>
              </div>
              <Button size="sm" variant="danger" aria-label={`Delete ${tool.name}`} onClick={() => removeFromQueue(tool.id)}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
