import { ReasonDialog } from "./reason-dialog";

type Props = { orderNumber: string; onCancel: () => void; onSubmit: (reason: string) => Promise<string | null> };

/** Asks the operator for the reason before an order is flagged (SPEC: operator issue report). */
export function ReportIssueDialog({ orderNumber, ...rest }: Props) {
  return (
    <ReasonDialog
      {...rest}
      text={{
        formId: "adm-report-issue",
        title: `Report an issue with ${orderNumber}`,
        missing: "Describe the issue.",
        label: "Reason",
        submit: "Report issue",
        busy: "Reporting…",
        testId: "operator-report",
      }}
    />
  );
}
