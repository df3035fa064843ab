import type { EditorTool } from "../core/types";
import { SidebarSection } from "./sidebar-section";

type PlacedListProps = {
  tools: EditorTool[];
  selectedId: string | null;
  flagged: ReadonlySet<string>;
  onSelect: (id: string) => void;
};

/** Keyboard route to every pocket on the canvas: select here, then use the actions or arrows. */
export function PlacedList({ tools, selectedId, flagged, onSelect }: PlacedListProps) {
  if (tools.length === 0) return null;
  return (
    <SidebarSection title="Placed" id="fe-placed">
      <ul className="fe-chip-list" aria-label="Placed tools">
        {tools.map((tool) => (
          <li key={tool.id}>
            <button
              type="button"
              className={`fe-chip${flagged.has(tool.id) ? " fe-chip-problem" : ""}`}
              aria-pressed={tool.id === selectedId}
              onClick={() => onSelect(tool.id)}
              data-testid={`fe-placed-${tool.id}`}
            >
              {tool.name}
              {flagged.has(tool.id) && <span className="fe-visually-hidden"> (has a problem)</span>}
            </button>
          </li>
        ))}
      </ul>
    </SidebarSection>
  );
}
