/**
 * Spinner and LoadingText.
 *
 *   <Spinner />                          decorative (aria-hidden) rotating ring
 *   <LoadingText>Loading catalog…</LoadingText>   spinner + text in a role="status" live region
 *
 * Spinner size: "sm" | "md" (default). The animation stops under prefers-reduced-motion.
 */
import type { ReactNode } from "react";

export function Spinner({ size = "md", className }: { size?: "sm" | "md"; className?: string }) {
  return <span className={["spinner", size === "sm" ? "spinner-sm" : "", className ?? ""].filter(Boolean).join(" ")} aria-hidden="true" />;
}

export function LoadingText({ children = "Loading…", className }: { children?: ReactNode; className?: string }) {
  return (
    <p className={["loading-text", className ?? ""].filter(Boolean).join(" ")} role="status" aria-live="polite">
      <Spinner size="sm" />
      <span>{children}</span>
    </p>
  );
}
