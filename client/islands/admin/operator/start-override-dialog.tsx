import { useRef, useState, type FormEvent } from "react";
import { Alert, Button, Field, Modal } from "../../../components/ui";

const FORM_ID = "adm-start-override";

/** An admin starts an order the customer has not approved: the reason is required and recorded (approval_overridden event). */
export function StartOverrideDialog({
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
      setError("Give the reason for starting without approval.");
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
      title={`Start ${orderNumber} without approval`}
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" type="submit" form={FORM_ID} busy={busy} data-testid="operator-override-submit">
            {busy ? "Starting…" : "Start with override"}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit}>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label="Override reason" hint="The customer has not accepted the quote. This is recorded on the order." required error={error ?? undefined}>
          <textarea
            ref={reasonRef}
            rows={4}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            data-autofocus
            data-testid="operator-override-reason"
          />
        </Field>
      </form>
    </Modal>
  );
}
