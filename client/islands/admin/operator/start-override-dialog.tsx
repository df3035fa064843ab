import { ReasonDialog } from "./reason-dialog";

type Props = { orderNumber: string; onCancel: () => void; onSubmit: (reason: string) => Promise<string | null> };

/** An admin starts an order the customer has not approved: the reason is required and recorded (approval_overridden event). */
export function StartOverrideDialog({ orderNumber, ...rest }: Props) {
  return (
    <ReasonDialog
      {...rest}
      text={{
        formId: "adm-start-override",
        title: `Start ${orderNumber} without approval`,
        missing: "Give the reason for starting without approval.",
        label: "Override reason",
        hint: "The customer has not accepted the quote. This is recorded on the order.",
        submit: "Start with override",
        busy: "Starting…",
        testId: "operator-override",
      }}
    />
  );
}
