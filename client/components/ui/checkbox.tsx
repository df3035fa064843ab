/**
 * Checkbox: a labelled check box (the label is clickable and wraps the input).
 *
 *   <Checkbox label="Show contour" checked={show} onChange={(e) => setShow(e.target.checked)} />
 *
 * Every other prop goes to the <input type="checkbox">; `hint` adds muted text after the label.
 */
import type { InputHTMLAttributes, ReactNode } from "react";

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode; hint?: ReactNode };

export function Checkbox({ label, hint, className, ...rest }: CheckboxProps) {
  return (
    <label className={["checkbox", className ?? ""].filter(Boolean).join(" ")}>
      <input type="checkbox" {...rest} />
      <span className="checkbox-label">
        {label}
        {hint ? <span className="checkbox-hint"> {hint}</span> : null}
      </span>
    </label>
  );
}
