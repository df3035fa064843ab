/**
 * Alert: an inline message box.
 *
 *   <Alert tone="error">Failed to load orders. Check server connection.</Alert>
 *   <Alert tone="success" title="Saved" onClose={() => setMessage(null)}>Changes saved.</Alert>
 *
 * tone: "info" (default) | "success" | "warning" | "error". Errors use role="alert" (announced
 * at once); the others role="status" (polite). `onClose` adds a Close button.
 */
import type { ReactNode } from "react";

export type AlertTone = "info" | "success" | "warning" | "error";

export function Alert({
  tone = "info",
  title,
  children,
  onClose,
  className,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  onClose?: () => void;
  className?: string;
}) {
  return (
    <div className={["alert", `alert-${tone}`, className ?? ""].filter(Boolean).join(" ")} role={tone === "error" ? "alert" : "status"}>
      <div className="alert-body">
        {title ? <p className="alert-title">{title}</p> : null}
        {children}
      </div>
      {onClose ? (
        <button type="button" className="alert-close" onClick={onClose}>
          Close
        </button>
      ) : null}
    </div>
  );
}
