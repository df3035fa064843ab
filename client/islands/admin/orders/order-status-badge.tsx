import { Badge, type BadgeTone } from "../../../components/ui";

const ORDER_TONES: Record<string, BadgeTone> = {
  draft: "neutral",
  quoted: "info",
  approved: "info",
  in_production: "warning",
  fulfilled: "success",
  cancelled: "danger",
};

const PRODUCTION_TONES: Record<string, BadgeTone> = {
  pending: "neutral",
  preparing: "info",
  in_progress: "warning",
  completed: "success",
  issue: "danger",
};

export function OrderStatusBadge({ status, label }: { status: string; label?: string | null }) {
  return <Badge tone={ORDER_TONES[status] ?? "neutral"}>{label || status}</Badge>;
}

export function ProductionStatusBadge({ status, label }: { status: string | null | undefined; label: string }) {
  return <Badge tone={PRODUCTION_TONES[status ?? "pending"] ?? "neutral"}>{label}</Badge>;
}
