/**
 * Button and ButtonLink.
 *
 *   <Button variant="primary" onClick={save}>Save</Button>
 *   <Button variant="danger" size="sm" busy={deleting}>Delete</Button>
 *   <ButtonLink href={href("/calculator")} variant="secondary">Open Calculator</ButtonLink>
 *
 * variant: "primary" | "secondary" (default) | "danger" | "ghost"; size: "md" (default) | "sm".
 * Button defaults to type="button" so it never submits a form by accident; pass type="submit".
 * `busy` disables the button and sets aria-busy (show your own 'Saving…' text as children).
 * Every other prop (including ref, React 19) goes to the <button>/<a>.
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, Ref } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
export type ButtonSize = "md" | "sm";

export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md", extra?: string): string {
  return ["btn", `btn-${variant}`, size === "sm" ? "btn-sm" : "", extra ?? ""].filter(Boolean).join(" ");
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({ variant, size, busy, className, type = "button", disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {children}
    </button>
  );
}

export type ButtonLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  ref?: Ref<HTMLAnchorElement>;
};

export function ButtonLink({ variant, size, className, children, ...rest }: ButtonLinkProps) {
  return (
    <a {...rest} className={buttonClass(variant, size, className)}>
      {children}
    </a>
  );
}
