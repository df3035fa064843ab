import { useRef, useState, type FormEvent } from "react";
import { Alert, Button } from "../../../components/ui";
import { apiRequest, ApiError } from "../../../lib/api";

/**
 * Admin: attach a layout to any order from a DXF or SVG of closed pocket outlines in millimetres
 * (POST /admin/orders/{id}/layout). An outline around all others is the foam; the server checks the
 * layout like a submitted one and answers 422 naming the problem, changing nothing.
 */
export function AttachLayout({ orderId, fileStatus, onAttached }: { orderId: number; fileStatus?: string | null; onAttached: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = inputRef.current?.files?.[0];
    if (!file) {
      setMessage({ tone: "error", text: "Choose a .dxf or .svg file." });
      return;
    }
    const form = new FormData();
    form.append("file", file);
    setBusy(true);
    setMessage(null);
    try {
      const answer = await apiRequest<{ layout: { pockets: unknown[] } }>(`/admin/orders/${orderId}/layout`, { method: "POST", formData: form });
      setMessage({ tone: "success", text: `Layout attached: ${answer.layout.pockets.length} pockets. Generate the cutting file on the operator board.` });
      onAttached();
    } catch (failure) {
      setMessage({ tone: "error", text: failure instanceof ApiError ? failure.message : "Upload failed." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="adm-detail-section" aria-labelledby={`adm-attach-${orderId}`}>
      <h3 id={`adm-attach-${orderId}`}>Layout</h3>
      <p className="adm-muted">
        {fileStatus === "not_required" ? "No layout: nothing to cut until one is attached. " : ""}
        Upload a DXF or SVG of closed pocket outlines in millimetres (an outline around the others is the foam).
      </p>
      {message ? (
        <Alert tone={message.tone} onClose={() => setMessage(null)}>
          <span data-testid="attach-layout-message">{message.text}</span>
        </Alert>
      ) : null}
      <form className="adm-inline-form" onSubmit={submit}>
        <input ref={inputRef} type="file" accept=".dxf,.svg,image/svg+xml,application/dxf" aria-label="Layout file (DXF or SVG)" data-testid="attach-layout-file" />
        <Button size="sm" type="submit" busy={busy} data-testid="attach-layout-submit">
          Attach layout
        </Button>
      </form>
    </section>
  );
}
