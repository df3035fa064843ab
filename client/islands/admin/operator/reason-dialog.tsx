import { useRef, useState, type FormEvent } from "react";
import { Alert, Button, Field, Modal } from "../../../components/ui";

export type ReasonDialogText = {
  formId: string;
  title: string;
  missing: string;
  label: string;
  hint?: string;
  submit: string;
  busy: string;
  testId: string;
};

/** A required reason before an action on an order (an issue report, a start without approval). */
export function ReasonDialog({
  text,
  onCancel,
  onSubmit,
}: {
  text: ReasonDialogText;
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
    const value = reason.trim();
    if (!value) {
      setError(text.missing);
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    const message = await onSubmit(value);
    setFailure(message);
    setBusy(false);
    // The submit button was disabled while busy; put focus back so Escape and Tab keep working.
    if (message) requestAnimationFrame(() => reasonRef.current?.focus());
  };

  return (
    <Modal
      open
      size="sm"
      title={text.title}
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>Cancel</Button>
          <Button variant="danger" type="submit" form={text.formId} busy={busy} data-testid={`${text.testId}-submit`}>
            {busy ? text.busy : text.submit}
          </Button>
        </>
      }
    >
      <form id={text.formId} noValidate onSubmit={submit}>
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <Field label={text.label} hint={text.hint} required error={error ?? undefined}>
          <textarea
            ref={reasonRef}
            rows={4}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            data-autofocus
            data-testid={`${text.testId}-reason`}
          />
        </Field>
      </form>
    </Modal>
  );
}
