import type { LayoutCounts } from "../core/selectors";

export function LayoutCounters({ counts }: { counts: LayoutCounts }) {
  const items = [
    { key: "unplaced", label: "Unplaced", value: counts.unplaced, hint: "Tools not yet on the foam" },
    { key: "placed", label: "Placed", value: counts.placed, hint: "Tools on the foam" },
    { key: "ready", label: "Ready", value: counts.ready, hint: "Placed tools without overlaps or thin walls" },
  ];
  return (
    <dl className="fe-counters">
      {items.map((item) => (
        <div className="fe-counter" key={item.key} title={item.hint}>
          <dt>{item.label}</dt>
          <dd data-testid={`fe-count-${item.key}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
