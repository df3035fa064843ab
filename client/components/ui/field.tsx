/**
 * Field: a label, one control, an optional hint and an error, with ids wired for screen readers.
 *
 *   <Field label="E-mail" error={errors.email} hint="We never share it." required>
 *     <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
 *   </Field>
 *
 * The single child (input, select or textarea) gets id, aria-describedby, aria-invalid and
 * required injected; pass `id` to Field to choose the id yourself (else one is generated).
 * The error text is rendered with role="alert" so it is announced when it appears.
 * For check boxes use <Checkbox> instead.
 */
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from "react";

export type FieldProps = {
  label: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  id?: string;
  error?: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
};

export function Field({ label, children, id, error, hint, required, className }: FieldProps) {
  const generated = useId();
  const controlId = id ?? (children.props.id as string | undefined) ?? `field${generated.replace(/:/g, "")}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [children.props["aria-describedby"] as string | undefined, hintId, errorId].filter(Boolean).join(" ") || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: controlId,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        required: required ?? children.props.required,
        className: ["field-control", children.props.className as string | undefined].filter(Boolean).join(" "),
      })
    : children;
  return (
    <div className={["field", error ? "field-has-error" : "", className ?? ""].filter(Boolean).join(" ")}>
      <label className="field-label" htmlFor={controlId}>
        {label}
        {required ? <span className="field-required" aria-hidden="true"> *</span> : null}
      </label>
      {control}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
