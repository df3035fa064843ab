/**
 * EmptyState: the muted box shown when a list has nothing in it.
 *
 *   <EmptyState title="No projects yet" action={<ButtonLink href={href("/scanner")}>Scan a tool</ButtonLink>}>
 *     Scanned layouts and quotes appear here.
 *   </EmptyState>
 *
 * `title` is the main line (use the exact SPEC text there), children the explanation, `action` any button.
 */
import type { ReactNode } from "react";

export function EmptyState({
  title,
  children,
  action,
  className,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={["empty-state", className ?? ""].filter(Boolean).join(" ")}>
      <p className="empty-state-title">{title}</p>
      {children ? <div className="empty-state-text">{children}</div> : null}
      {action ? <div className="empty-state-action">{action}</div> : null}
    </div>
  );
}
