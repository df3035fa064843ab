/**
 * Badge: a small status label, e.g. an order status or 'Verified'.
 *
 *   <Badge tone="success">Completed</Badge>   <Badge tone="danger">Requires Attention</Badge>
 *
 * tone: "neutral" (default) | "info" | "success" | "warning" | "danger". Colour is never the only
 * signal: always put the status word inside.
 */
import type { HTMLAttributes } from "react";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

export function Badge({ tone = "neutral", className, children, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span {...rest} className={["badge", `badge-${tone}`, className ?? ""].filter(Boolean).join(" ")}>
      {children}
    </span>
  );
}
