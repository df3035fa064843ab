import { useEffect, useState } from "react";
import { apiRequest } from "../../lib/api";
import type { Metrics } from "./types";

const METRICS = [
  { key: "active_projects", label: "Active projects" },
  { key: "quotes_pending", label: "Quotes awaiting review" },
  { key: "scanner_queue", label: "Scanner jobs in triage" },
] as const;

/** Headline counters; a failed load is only logged (SPEC section 2) and the values stay '—'. */
export function MetricsStrip() {
  const [metrics, setMetrics] = useState<Metrics | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<Metrics>("/admin/metrics", { signal: controller.signal })
      .then(setMetrics)
      .catch((error) => {
        if (!controller.signal.aborted) console.warn("Failed to load admin metrics", error);
      });
    return () => controller.abort();
  }, []);

  return (
    <dl className="adm-metrics" aria-label="Key metrics" data-testid="admin-metrics">
      {METRICS.map((metric) => {
        const value = metrics?.[metric.key];
        return (
          <div key={metric.key} className="adm-metric" data-testid={`metric-${metric.key}`}>
            <dt className="adm-metric-label">{metric.label}</dt>
            <dd className="adm-metric-value">{typeof value === "number" ? value.toLocaleString("en-US") : "—"}</dd>
          </div>
        );
      })}
    </dl>
  );
}
