import { useEffect, useState, type KeyboardEvent } from "react";

type CommitFieldProps = {
  label: string;
  value: number | null;
  placeholder?: string;
  min: number;
  max: number;
  step?: number;
  testId: string;
  /** null when the field is cleared (back to the default). */
  onCommit: (value: number | null) => void;
  disabled?: boolean;
};

/**
 * A number typed freely and applied on Enter or leaving the field, so one edit is one undo step
 * rather than one per keystroke; undo/redo rewrites what it shows.
 */
export function CommitField({ label, value, placeholder, min, max, step = 0.5, testId, onCommit, disabled }: CommitFieldProps) {
  const [text, setText] = useState(value === null ? "" : String(value));
  useEffect(() => setText(value === null ? "" : String(value)), [value]);
  const commit = () => {
    const trimmed = text.trim();
    if (trimmed === "") return value === null ? undefined : onCommit(null);
    const number = Number(trimmed);
    if (!Number.isFinite(number)) return setText(value === null ? "" : String(value));
    if (number !== value) onCommit(number);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") commit();
    if (event.key === "Escape") setText(value === null ? "" : String(value));
  };
  return (
    <label className="fe-field fe-field-inline">
      <span>{label}</span>
      <input
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        data-testid={testId}
      />
    </label>
  );
}
