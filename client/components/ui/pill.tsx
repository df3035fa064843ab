/**
 * Pill: a rounded outlined chip for a value such as the signed-in e-mail or a counter.
 *
 *   <Pill title={user.email}>{user.email}</Pill>
 *
 * Long text is truncated with an ellipsis; pass `title` so the full value stays readable.
 */
import type { HTMLAttributes } from "react";

export function Pill({ className, children, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span {...rest} className={["pill", className ?? ""].filter(Boolean).join(" ")}>
      {children}
    </span>
  );
}
