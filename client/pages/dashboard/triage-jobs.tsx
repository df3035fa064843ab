import { useEffect, useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { LoadingText } from "../../components/ui/spinner";
import { apiRequest, ApiError } from "../../lib/api";
import { formatDate } from "../../lib/format";
import type { ScannerJobAnswer } from "../../../common/api/scanner-jobs";

/** The fields of the server's job answer (common/api/scanner-jobs.ts) this list shows. */
type TriageJob = Pick<ScannerJobAnswer, "id" | "status" | "user_email" | "order_number" | "project_reference" | "captured_at" | "calibration_payload">;

/** Technician's home: scanner jobs still in triage (pending or queued), newest first. */
export function TriageJobs() {
  const [jobs, setJobs] = useState<TriageJob[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    Promise.all(["pending", "queued"].map((status) => apiRequest<{ results: TriageJob[] }>("/scanner/jobs", { query: { status, per_page: 50 }, signal: controller.signal })))
      .then((pages) => setJobs(pages.flatMap((page) => page.results).sort((a, b) => b.id - a.id)))
      .catch((failure) => {
        if (!controller.signal.aborted) setError(failure instanceof ApiError ? failure.message : "Request failed");
      });
    return () => controller.abort();
  }, []);
  return (
    <section className="role-home card" aria-labelledby="triage-title" data-testid="triage-jobs">
      <h2 id="triage-title">Scanner jobs in triage</h2>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {jobs === null ? (
        error ? null : <LoadingText>Loading scanner jobs…</LoadingText>
      ) : jobs.length === 0 ? (
        <p>No scanner jobs waiting.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Status</th>
                <th scope="col">Customer</th>
                <th scope="col">Project / order</th>
                <th scope="col">Accuracy</th>
                <th scope="col">Captured</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => {
                const accuracy = Number(job.calibration_payload?.accuracy_mm);
                return (
                  <tr key={job.id}>
                    <td>#{job.id}</td>
                    <td>
                      <Badge tone={job.status === "pending" ? "warning" : "info"}>{job.status}</Badge>
                    </td>
                    <td>{job.user_email ?? "—"}</td>
                    <td>
                      {job.project_reference ?? "—"} {job.order_number ? `· ${job.order_number}` : ""}
                    </td>
                    <td>{Number.isFinite(accuracy) && accuracy > 0 ? `±${accuracy.toFixed(1)} mm` : "—"}</td>
                    <td>{formatDate(job.captured_at)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
