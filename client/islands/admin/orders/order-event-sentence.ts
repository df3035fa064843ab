/**
 * One plain sentence per order event type for the detail timeline (issue 19, item 8), instead of the
 * payload's raw JSON. Payload shapes are the server's (src/modules/*\/service.ts appendEvent calls);
 * a type this list does not know still reads as a sentence built from its name and simple values.
 */
import { formatMoney } from "../../../lib/format";

type Payload = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : typeof value === "number" ? String(value) : null);
const words = (value: string) => value.replace(/_/g, " ");
const label = (value: unknown) => {
  const raw = text(value);
  return raw ? words(raw) : "—";
};
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const move = (payload: Payload) => (text(payload.from) ? `${label(payload.from)} → ${label(payload.to)}` : label(payload.to));
const withReason = (sentence: string, payload: Payload) => (text(payload.reason) ? `${sentence} Reason: ${text(payload.reason)}` : sentence);

type Money = (value: unknown) => string | null;

const SENTENCES: Record<string, (payload: Payload, money: Money) => string> = {
  created: (p, money) => {
    const source = text(p.source) ? ` from the ${label(p.source)}` : "";
    const project = text(p.project) ? ` for project ${text(p.project)}` : "";
    return `Order created${source}${project} as ${label(p.status)}.`;
  },
  updated: (p, money) => {
    const changes = p.changes && typeof p.changes === "object" ? Object.keys(p.changes as Payload) : [];
    return changes.length ? `Order edited: ${changes.map(words).join(", ")}.` : "Order edited.";
  },
  status_changed: (p, money) => withReason(`Status changed: ${move(p)}.`, p),
  production_status_changed: (p, money) => `Production status changed: ${move(p)}.`,
  production_started: () => "Production started.",
  production_completed: () => "Production completed.",
  approval_overridden: (p, money) => withReason(`Started without approval (order was ${label(p.from)}).`, p),
  issue_reported: (p, money) => withReason("Production issue reported.", p),
  quote_priced: (p, money) => (money(p.total_amount) ? `Quote priced at ${money(p.total_amount)}.` : "Quote priced."),
  quote_adjusted: (p, money) => {
    const change = money(p.from_total) && money(p.to_total) ? ` from ${money(p.from_total)} to ${money(p.to_total)}` : "";
    return `Quote adjusted${change}.${text(p.note) ? ` Note: ${text(p.note)}` : ""}`;
  },
  quote_sent: (p, money) => `Quote${money(p.total_amount) ? ` of ${money(p.total_amount)}` : ""} sent${text(p.to) ? ` to ${text(p.to)}` : ""}.`,
  quote_accepted: (p, money) => `Quote accepted by the customer${money(p.total_amount) ? ` at ${money(p.total_amount)}` : ""}.`,
  quote_declined: (p, money) => withReason("Quote declined by the customer.", p),
  layout_attached: (p, money) => {
    const pockets = typeof p.pockets === "number" ? ` with ${plural(p.pockets, "pocket")}` : "";
    return `Layout ${text(p.filename) ?? "file"} attached${pockets}${text(p.foam) ? ` on ${text(p.foam)} foam` : ""}.`;
  },
  layout_updated: (p, money) => {
    const outline = typeof p.points === "number" ? ` (${plural(p.points, "outline point")})` : "";
    const total = typeof p.pockets === "number" ? `; the layout has ${plural(p.pockets, "pocket")}` : "";
    return `Pocket ${text(p.pocket) ?? "outline"} added from scanner job #${label(p.job_id)}${outline}${total}.`;
  },
  submitted_for_processing: (p, money) => {
    const jobs = Array.isArray(p.job_ids) ? p.job_ids.length : 0;
    return `Layout submitted for processing${jobs ? ` (${plural(jobs, "scanner job")})` : ""}.`;
  },
  file_generated: (p, money) => {
    const formats = Array.isArray(p.formats) ? ` (${p.formats.map((entry) => String(entry).toUpperCase()).join(", ")})` : "";
    return `Cutting files generated${formats}.`;
  },
  file_generation_failed: (p, money) => `Cutting file generation failed${text(p.error) ? `: ${text(p.error)}` : "."}`,
};

export function eventSentence(eventType: string, payload: unknown, orderCurrency = "USD"): string {
  const record = payload && typeof payload === "object" && !Array.isArray(payload) ? (payload as Payload) : {};
  const known = SENTENCES[eventType];
  if (known) return known(record, (value) => (text(value) ? formatMoney(value, orderCurrency || "USD") : null));
  // An event type added on the server later: its name and its simple values, never JSON.
  const simple = Object.entries(record)
    .filter(([, value]) => text(value) !== null)
    .map(([key, value]) => `${words(key)} ${text(value)}`);
  const name = words(eventType);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${simple.length ? `: ${simple.join(", ")}` : ""}.`;
}
