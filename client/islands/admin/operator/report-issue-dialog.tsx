import { useRef, useState, type FormEvent } from "react";
import { Alert, Button, Field, Modal } from "../../../components/ui";

const FORM_ID = "adm-report-issue";

/** Asks the operator for the reason before an order is flagged (SPEC: operator issue report). */
export function ReportIssueDialog({
  orderNumber,
  onCancel,
  onSubmit,
}: {
  orderNumber: string;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<string | null>;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError("Describe the issue.");
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    const message = await onSubmit(text);
    setFailure(message);
    setBusy(false);
    // The submit button was disabled while busy; put focus back so Escape and Tab keep working.
    if (message) requestAnimationFrame(() => reasonRef.current?.focus());
  };

  return (
    <Modal
      open
      size="sm"
      title={`Report an issue with ${orderNumber}`}
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" type="submit" form={FORM_ID} busy={busy} data-testid="operator-report-submit">
            {busy ? "Reporting…" : "Report issue"}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit}>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label="Reason" required error={error ?? undefined}>
          <textarea
            ref={reasonRef}
            rows={4}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            data-autofocus
            data-testid="operator-report-reason"
          />
        </Field>
      </form>
    </Modal>
  );
}
