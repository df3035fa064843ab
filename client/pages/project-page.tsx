import { useCallback, useEffect, useState } from "react";
import { Alert } from "../components/ui/alert";
import { Badge, type BadgeTone } from "../components/ui/badge";
import { Button, ButtonLink } from "../components/ui/button";
import { LoadingText } from "../components/ui/spinner";
import { API_BASE, apiRequest, ApiError } from "../lib/api";
import { formatDateTime, formatMoney } from "../lib/format";
import { getToken } from "../lib/session";
import { useSession } from "../lib/session-context";
import { href } from "../routes";

type Pt = [number, number];
export type ProjectView = {
  id: number;
  reference_code: string;
  name: string | null;
  status: string;
  status_label: string;
  order: {
    id: number;
    order_number: string;
    order_type: string;
    status: string;
    status_label: string;
    production_status_label: string;
    file_status: string;
    currency: string;
    total_amount: string;
    calculator_payload: Record<string, unknown> | null;
  } | null;
  lines: { kind: string | null; description: string; quantity: number; unit_price: string; total_price: string }[];
  layout: { foam: { width_mm: number; depth_mm: number; thickness_mm: number; label?: string | null }; pockets: { name: string; points: Pt[]; area_mm2: number; perimeter_mm: number }[] } | null;
  scan_accuracy_mm: number | null;
  timeline: { event_type: string; label: string; created_at: string }[];
  can_accept: boolean;
  can_decline: boolean;
};

const TONES: Record<string, BadgeTone> = { draft: "neutral", quoted: "info", approved: "info", in_production: "warning", fulfilled: "success", cancelled: "danger" };

export const projectIdFromSearch = (search: string): number | null => {
  const raw = new URLSearchParams(search).get("id");
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
};

/** The layout at true proportions: foam outline and numbered pockets, y down as in the editor. */
export function LayoutDrawing({ layout }: { layout: NonNullable<ProjectView["layout"]> }) {
  const { width_mm: width, depth_mm: depth } = layout.foam;
  return (
    <svg className="project-drawing" viewBox={`-2 -2 ${width + 4} ${depth + 4}`} role="img" aria-label={`Layout drawing, foam ${width} × ${depth} mm`} data-testid="project-drawing">
      <rect x={0} y={0} width={width} height={depth} fill="none" stroke="currentColor" strokeWidth={1} />
      {layout.pockets.map((pocket, index) => {
        const xs = pocket.points.map((p) => p[0]);
        const ys = pocket.points.map((p) => p[1]);
        const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
        const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
        return (
          <g key={index}>
            <path d={`M${pocket.points.map(([x, y]) => `${x} ${y}`).join(" L")} Z`} fill="var(--primary)" fillOpacity={0.15} stroke="var(--primary)" strokeWidth={1} />
            <text x={cx} y={cy} fontSize={Math.max(8, Math.min(width, depth) / 25)} textAnchor="middle" dominantBaseline="middle" fill="currentColor">
              {index + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

async function downloadQuotePdf(project: ProjectView) {
  const token = getToken();
  const response = await fetch(`${API_BASE}/projects/${project.id}/quote.pdf`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError("Failed to download the quote.", response.status, null);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = `${project.reference_code}-quote.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /project?id=…: the customer's project — drawing, pockets, price breakdown, timeline, Accept/Decline, quote PDF. */
export function ProjectPage() {
  const session = useSession();
  const [project, setProject] = useState<ProjectView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async (signal?: AbortSignal) => {
    const id = projectIdFromSearch(window.location.search);
    if (id === null) {
      setError("Project not found.");
      return;
    }
    try {
      setProject(await apiRequest<ProjectView>(`/projects/${id}`, { signal }));
      setError(null);
    } catch (failure) {
      if (signal?.aborted) return;
      setError(failure instanceof ApiError ? failure.message : "Request failed");
    }
  }, []);

  useEffect(() => {
    if (session.status !== "signed-in") return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [session.status, load]);

  const act = async (action: "accept" | "decline") => {
    if (!project) return;
    if (action === "decline" && !window.confirm("Decline this quote? The order will be cancelled.")) return;
    setBusy(action);
    setNotice(null);
    try {
      const next = await apiRequest<ProjectView>(`/projects/${project.id}/${action}`, { method: "POST", body: {} });
      setProject(next);
      setNotice(action === "accept" ? "Quote accepted: your order is approved for production." : "Quote declined: the order is cancelled.");
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Request failed");
    } finally {
      setBusy(null);
    }
  };

  const pdf = async () => {
    if (!project) return;
    setBusy("pdf");
    try {
      await downloadQuotePdf(project);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Request failed");
    } finally {
      setBusy(null);
    }
  };

  if (!project) {
    return (
      <div className="page project-page">
        <header className="page-header">
          <h1>Project</h1>
        </header>
        {error ? <Alert tone="error">{error}</Alert> : <LoadingText>Loading project…</LoadingText>}
        <ButtonLink href={href("/dashboard")}>Back to dashboard</ButtonLink>
      </div>
    );
  }

  const order = project.order;
  const currency = order?.currency ?? "USD";
  return (
    <div className="page project-page" data-testid="project-page">
      <header className="page-header">
        <h1>
          Project {project.reference_code}{" "}
          <Badge tone={TONES[project.status] ?? "neutral"} data-testid="project-status">
            {project.status_label}
          </Badge>
        </h1>
        <p>
          {project.name ?? ""}
          {order ? ` · Order ${order.order_number} · Production: ${order.production_status_label}` : ""}
        </p>
      </header>

      {error ? (
        <Alert tone="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {notice ? (
        <Alert tone="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}

      <div className="project-layout">
        <section aria-labelledby="project-drawing-title" className="card project-section">
          <h2 id="project-drawing-title">Layout</h2>
          {project.layout ? (
            <>
              <LayoutDrawing layout={project.layout} />
              <p className="project-muted">
                Foam {project.layout.foam.width_mm} × {project.layout.foam.depth_mm} mm, {project.layout.foam.thickness_mm} mm thick
                {project.scan_accuracy_mm ? <span data-testid="project-accuracy"> · Scan accuracy ±{project.scan_accuracy_mm.toFixed(1)} mm</span> : null}
              </p>
              <table className="table" data-testid="project-pockets">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Pocket</th>
                    <th scope="col">Area (mm²)</th>
                    <th scope="col">Perimeter (mm)</th>
                  </tr>
                </thead>
                <tbody>
                  {project.layout.pockets.map((pocket, index) => (
                    <tr key={index}>
                      <td>{index + 1}</td>
                      <td>{pocket.name}</td>
                      <td>{pocket.area_mm2.toLocaleString("en-US")}</td>
                      <td>{pocket.perimeter_mm.toLocaleString("en-US")}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : order?.calculator_payload ? (
            <p className="project-muted">
              Calculator quote: {String(order.calculator_payload.brand ?? "")} {String(order.calculator_payload.model ?? "")},{" "}
              {Array.isArray(order.calculator_payload.drawers) ? order.calculator_payload.drawers.length : 0} drawer(s), {String(order.calculator_payload.foam ?? "")}.
            </p>
          ) : (
            <p className="project-muted">No layout yet.</p>
          )}
        </section>

        <section aria-labelledby="project-price-title" className="card project-section">
          <h2 id="project-price-title">Price breakdown</h2>
          {project.lines.length ? (
            <table className="table" data-testid="project-lines">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Qty</th>
                  <th scope="col">Unit</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {project.lines.map((line, index) => (
                  <tr key={index} data-kind={line.kind ?? undefined}>
                    <td>{line.description}</td>
                    <td>{line.quantity}</td>
                    <td>{formatMoney(line.unit_price, currency)}</td>
                    <td>{formatMoney(line.total_price, currency)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    Total
                  </th>
                  <td data-testid="project-total">{formatMoney(order?.total_amount, currency)}</td>
                </tr>
              </tfoot>
            </table>
          ) : (
            <p className="project-muted">Not priced yet: submit the layout to get a quote.</p>
          )}
          <div className="project-actions">
            {project.can_accept ? (
              <Button variant="primary" busy={busy === "accept"} onClick={() => void act("accept")} data-testid="project-accept">
                Accept quote
              </Button>
            ) : null}
            {project.can_decline ? (
              <Button variant="danger" busy={busy === "decline"} onClick={() => void act("decline")} data-testid="project-decline">
                Decline
              </Button>
            ) : null}
            {project.lines.length ? (
              <Button busy={busy === "pdf"} onClick={() => void pdf()} data-testid="project-pdf">
                Quote PDF
              </Button>
            ) : null}
          </div>
        </section>

        <section aria-labelledby="project-timeline-title" className="card project-section">
          <h2 id="project-timeline-title">Status timeline</h2>
          <ol className="project-timeline" data-testid="project-timeline">
            {project.timeline.map((entry, index) => (
              <li key={index}>
                <strong>{entry.label}</strong> <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <ButtonLink href={href("/dashboard")}>Back to dashboard</ButtonLink>
    </div>
  );
}
