import { useCallback, useEffect, useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { LoadingText } from "../../components/ui/spinner";
import { apiRequest, ApiError } from "../../lib/api";
import { formatDate, formatMoney } from "../../lib/format";
import { href } from "../../routes";

type Line = { kind: string | null; description: string; quantity: number; unit_price: string; total_price: string };
export type ReviewQuote = {
  order_id: number;
  order_number: string;
  order_type: string;
  customer_email: string;
  project_id: number | null;
  reference_code: string | null;
  total_amount: string;
  created_at: string;
  sent: boolean;
  lines: Line[];
};

/** Sales' home: quotes awaiting review — adjust the price lines (each save is an order event), then send. */
export function SalesQuotes() {
  const [quotes, setQuotes] = useState<ReviewQuote[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; lines: Line[] } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setQuotes((await apiRequest<{ results: ReviewQuote[] }>("/quotes/review")).results);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Request failed");
    }
  }, []);
  useEffect(() => void load(), [load]);

  const save = async () => {
    if (!editing) return;
    setBusy(editing.id);
    try {
      const lines = editing.lines.filter((line) => line.kind !== "markup").map((line) => ({ kind: line.kind ?? "adjustment", description: line.description, quantity: Number(line.quantity), unit_price: line.unit_price }));
      const markup = editing.lines.find((line) => line.kind === "markup");
      const percent = markup ? Number(/(\d+(?:\.\d+)?)\s*%/.exec(markup.description)?.[1] ?? 25) : undefined;
      await apiRequest(`/quotes/${editing.id}/lines`, { method: "PUT", body: { lines, ...(percent !== undefined ? { markup_percent: percent } : {}) } });
      setEditing(null);
      await load();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Request failed");
    } finally {
      setBusy(null);
    }
  };

  const send = async (id: number) => {
    setBusy(id);
    try {
      await apiRequest(`/quotes/${id}/send`, { method: "POST", body: {} });
      await load();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "Request failed");
    } finally {
      setBusy(null);
    }
  };

  const setLine = (index: number, patch: Partial<Line>) =>
    setEditing((current) => (current ? { ...current, lines: current.lines.map((line, i) => (i === index ? { ...line, ...patch } : line)) } : current));

  return (
    <section className="role-home card" aria-labelledby="sales-quotes-title" data-testid="sales-quotes">
      <h2 id="sales-quotes-title">Quotes awaiting review</h2>
      {error ? (
        <Alert tone="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {quotes === null ? (
        <LoadingText>Loading quotes…</LoadingText>
      ) : quotes.length === 0 ? (
        <p>No quotes awaiting review.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Quote</th>
                <th scope="col">Customer</th>
                <th scope="col">Lines</th>
                <th scope="col">Total</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {quotes.map((quote) => (
                <tr key={quote.order_id} data-testid="sales-quote-row">
                  <td>
                    {quote.project_id ? <a href={`${href("/project")}?id=${quote.project_id}`}>{quote.reference_code ?? quote.order_number}</a> : quote.order_number}
                    <br />
                    <small>
                      {quote.order_type} · {formatDate(quote.created_at)}
                    </small>{" "}
                    {quote.sent ? <Badge tone="success">Sent</Badge> : <Badge tone="info">To review</Badge>}
                  </td>
                  <td>{quote.customer_email}</td>
                  <td>
                    {editing?.id === quote.order_id ? (
                      <div className="quote-lines-editor">
                        {editing.lines.map((line, index) => (
                          <div className="quote-line" key={index}>
                            <input aria-label={`Line ${index + 1} description`} value={line.description} onChange={(event) => setLine(index, { description: event.target.value })} disabled={line.kind === "markup"} />
                            <input aria-label={`Line ${index + 1} quantity`} type="number" min={1} step={1} value={line.quantity} onChange={(event) => setLine(index, { quantity: Number(event.target.value) })} disabled={line.kind === "markup"} />
                            <input aria-label={`Line ${index + 1} unit price`} type="number" min={0} step={0.01} value={line.unit_price} onChange={(event) => setLine(index, { unit_price: event.target.value })} disabled={line.kind === "markup"} />
                            <span>{line.kind === "markup" ? "recomputed" : ""}</span>
                          </div>
                        ))}
                      </div>
                    ) : (
                      <ul>
                        {quote.lines.map((line, index) => (
                          <li key={index}>
                            {line.description}: {formatMoney(line.total_price)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{formatMoney(quote.total_amount)}</td>
                  <td>
                    {editing?.id === quote.order_id ? (
                      <>
                        <Button size="sm" variant="primary" busy={busy === quote.order_id} onClick={() => void save()}>
                          Save lines
                        </Button>{" "}
                        <Button size="sm" onClick={() => setEditing(null)}>
                          Cancel
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button size="sm" onClick={() => setEditing({ id: quote.order_id, lines: quote.lines.map((line) => ({ ...line })) })}>
                          Adjust
                        </Button>{" "}
                        <Button size="sm" variant="primary" busy={busy === quote.order_id} disabled={quote.sent} onClick={() => void send(quote.order_id)}>
                          Send
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
