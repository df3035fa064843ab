import { useState } from "react";
import { Button } from "../../../components/ui";
import type { Option } from "../types";

export function BulkStatusBar({
  count,
  statuses,
  busy,
  onApply,
  onClear,
}: {
  count: number;
  statuses: Option[];
  busy: boolean;
  onApply: (status: string) => void;
  onClear: () => void;
}) {
  const [status, setStatus] = useState("");
  if (count === 0) return null;
  return (
    <div className="adm-bulk" role="region" aria-label="Bulk status change" data-testid="orders-bulk-bar">
      <span className="adm-bulk-count" aria-live="polite">
        {count} selected
      </span>
      <label className="adm-inline-field">
        <span>Set status</span>
        <select value={status} onChange={(event) => setStatus(event.target.value)} data-testid="orders-bulk-status">
          <option value="">Choose…</option>
          {statuses.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <Button variant="primary" size="sm" disabled={!status} busy={busy} onClick={() => onApply(status)} data-testid="orders-bulk-apply">
        {busy ? "Applying…" : "Apply"}
      </Button>
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}
