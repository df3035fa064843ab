type ValueErrorLike = { path?: string; message?: string; schema?: { error?: unknown; title?: string }; value?: unknown };

const MESSAGES: [RegExp, (field: string, raw: string) => string][] = [
  [/required property/i, (field) => `${field} is required.`],
  [/Expected (string|number|integer|boolean|array|object)$/i, (field, raw) => `${field} must be a${/^[aeiou]/i.test(raw.split(" ").pop() ?? "") ? "n" : ""} ${raw.split(" ").pop()}.`],
  [/length less or equal to (\d+)/i, (field, raw) => `${field} must be at most ${raw.match(/(\d+)/)?.[1]} characters.`],
  [/length greater or equal to (\d+)/i, (field, raw) => `${field} must be at least ${raw.match(/(\d+)/)?.[1]} characters.`],
  [/greater or equal to (-?[\d.]+)/i, (field, raw) => `${field} must be at least ${raw.match(/(-?[\d.]+)$/)?.[1]}.`],
  [/less or equal to (-?[\d.]+)/i, (field, raw) => `${field} must be at most ${raw.match(/(-?[\d.]+)$/)?.[1]}.`],
  [/'email' format/i, (field) => `${field} must be a valid e-mail address.`],
  [/Unexpected property/i, (field) => `${field} is not a known field.`],
];

/** Turns TypeBox errors into one human sentence that names the field (the first error wins). */
export function validationDetail(errors: ValueErrorLike[] | undefined, where: string): string {
  const first = errors?.[0];
  if (!first) return `Invalid ${where}.`;
  const custom = first.schema?.error;
  if (typeof custom === "string") return custom;
  const field = (first.path ?? "").replace(/^\//, "").replace(/\//g, ".") || where;
  const raw = first.message ?? "is invalid";
  for (const [pattern, render] of MESSAGES) if (pattern.test(raw)) return render(field, raw);
  return `${field}: ${raw}.`;
}
