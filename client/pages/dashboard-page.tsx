import { useEffect, useState } from "react";
import { Alert } from "../components/ui/alert";
import { Badge, type BadgeTone } from "../components/ui/badge";
import { ButtonLink } from "../components/ui/button";
import { EmptyState } from "../components/ui/empty-state";
import { LoadingText } from "../components/ui/spinner";
import { apiRequest, ApiError } from "../lib/api";
import { formatDate, formatRelative } from "../lib/format";
import { isAdminRole, isOperatorRole } from "../lib/session";
import { SalesQuotes } from "./dashboard/sales-quotes";
import { TriageJobs } from "./dashboard/triage-jobs";
import { useSession } from "../lib/session-context";
import { href } from "../routes";

export type DashboardProject = { id?: number; reference_code: string; status: string; updated_at: string | null; [key: string]: unknown };
export type DashboardSummary = { projects: DashboardProject[]; scanner_backlog: number };

const STATUS_TONES: Record<string, BadgeTone> = {
  draft: "neutral",
  quoted: "info",
  approved: "info",
  in_production: "warning",
  fulfilled: "success",
  cancelled: "danger",
};

export const statusLabel = (status: string) => (status ? status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, " ") : "—");

/** Rendered by the access gate only for signed-in users. */
export function DashboardPage() {
  const session = useSession();
  const [summary, setSummary] = useState<DashboardSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (session.status !== "signed-in") return;
    const controller = new AbortController();
    apiRequest<DashboardSummary>("/dashboard/summary", { signal: controller.signal })
      .then((data) =>
        setSummary({
          projects: Array.isArray(data?.projects) ? data.projects : [],
          scanner_backlog: Number.isFinite(Number(data?.scanner_backlog)) ? Number(data.scanner_backlog) : 0,
        }),
      )
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof ApiError ? failure.message : "Request failed");
      });
    return () => controller.abort();
  }, [session.status, session.token]);

  const name = session.user?.first_name?.trim() || session.user?.email || "";
  const role = session.user?.role ?? null;

  return (
    <div className="page dashboard-page">
      <header className="page-header">
        <h1>Dashboard</h1>
        <p className="welcome-line">Welcome back, {name}!</p>
      </header>

      {error ? <Alert tone="error">Failed to load the dashboard. {error}</Alert> : null}

      <div className="dashboard-layout">
        <section aria-labelledby="recent-projects" className="dashboard-projects">
          <h2 id="recent-projects">Recent projects</h2>
          {summary === null ? (
            error ? null : <LoadingText>Loading projects…</LoadingText>
          ) : summary.projects.length > 0 ? (
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">Reference</th>
                    <th scope="col">Status</th>
                    <th scope="col">Updated</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.projects.map((project, index) => (
                    <tr key={`${project.reference_code}-${index}`} data-testid="dashboard-project-row">
                      <td>
                        {typeof project.id === "number" ? (
                          <a className="project-link" href={`${href("/project")}?id=${project.id}`}>
                            {project.reference_code || "—"}
                          </a>
                        ) : (
                          project.reference_code || "—"
                        )}
                      </td>
                      <td>
                        <Badge tone={STATUS_TONES[project.status] ?? "neutral"}>{statusLabel(project.status)}</Badge>
                      </td>
                      <td>
                        <time dateTime={project.updated_at ?? undefined} title={formatRelative(project.updated_at)}>
                          {formatDate(project.updated_at)}
                        </time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <EmptyState title="No projects yet" action={<ButtonLink href={href("/scanner")}>Scan your first tools</ButtonLink>}>
              Quotes, orders and submitted layouts will appear here.
            </EmptyState>
          )}
        </section>

        <section aria-labelledby="quick-actions" className="dashboard-actions">
          <h2 id="quick-actions">Quick actions</h2>
          <div className="quick-actions">
            <div className="card quick-card">
              <h3 className="card-title">Foam calculator</h3>
              <p>Price a custom insert for your toolbox or case.</p>
              <ButtonLink href={href("/calculator")} variant="primary">
                Open calculator
              </ButtonLink>
            </div>
            <div className="card quick-card">
              <h3 className="card-title">Scanner queue</h3>
              <p data-testid="scanner-backlog">
                {summary ? (
                  <>
                    <strong className="backlog-count">{summary.scanner_backlog}</strong>{" "}
                    {summary.scanner_backlog === 1 ? "scan job" : "scan jobs"} in the backlog
                  </>
                ) : error ? (
                  "Backlog unavailable"
                ) : (
                  "Counting scan jobs…"
                )}
              </p>
              <ButtonLink href={href("/scanner")} variant="secondary">
                Open scanner
              </ButtonLink>
            </div>
            {role === "technician" ? (
              <div className="card quick-card">
                <h3 className="card-title">Scanner triage</h3>
                <p>Check new scans before they are quoted and cut.</p>
                <ButtonLink href="#triage-title" variant="secondary">
                  Jobs in triage
                </ButtonLink>
              </div>
            ) : null}
            {isOperatorRole(session.user?.role) ? (
              <div className="card quick-card">
                <h3 className="card-title">Production board</h3>
                <p>Generate cutting files, start and complete production, report issues.</p>
                <ButtonLink href={href("/operator")} variant="secondary">
                  Open production board
                </ButtonLink>
              </div>
            ) : null}
          </div>
        </section>
      </div>

      {/* Role homes (issue 14): each staff role starts its work from here. */}
      {role === "sales" || isAdminRole(role) ? <SalesQuotes /> : null}
      {role === "technician" ? <TriageJobs /> : null}
    </div>
  );
}
