import { useState, type DragEvent } from "react";
import { filterUnplaced, toolCategories } from "../core/selectors";
import type { EditorDoc } from "../core/types";
import { SidebarSection } from "./sidebar-section";
import { ToolThumbnail } from "./tool-thumbnail";

/** Carries a tool id from the list to the canvas in a drag. */
export const TOOL_DRAG_TYPE = "application/x-foam-tool";

type UnplacedListProps = {
  doc: EditorDoc;
  onPlace: (id: string) => void;
  onDelete: (id: string) => void;
};

export function UnplacedList({ doc, onPlace, onDelete }: UnplacedListProps) {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState("");
  const categories = toolCategories(doc);
  const tools = filterUnplaced(doc, search, categories.includes(category) ? category : "");
  const anyUnplaced = doc.tools.some((tool) => !tool.placement);

  const onDragStart = (event: DragEvent<HTMLLIElement>, id: string) => {
    event.dataTransfer.setData(TOOL_DRAG_TYPE, id);
    event.dataTransfer.setData("text/plain", id);
    event.dataTransfer.effectAllowed = "move";
  };

  return (
    <SidebarSection title="Unplaced" id="fe-unplaced">
      <div className="fe-filters">
        <label className="fe-field">
          <span>Search</span>
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Tool name"
            data-testid="fe-search"
          />
        </label>
        <label className="fe-field">
          <span>Category</span>
          <select value={category} onChange={(event) => setCategory(event.target.value)} data-testid="fe-category">
            <option value="">All categories</option>
            {categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {tools.length === 0 ? (
        <p className="fe-muted" data-testid="fe-unplaced-empty">
          {anyUnplaced ? "No tools match the filter." : "All tools are on the foam."}
        </p>
      ) : (
        <ul className="fe-tool-list" aria-label="Unplaced tools">
          {tools.map((tool) => (
            <li
              key={tool.id}
              className="fe-tool-item"
              draggable
              onDragStart={(event) => onDragStart(event, tool.id)}
              data-testid={`fe-unplaced-${tool.id}`}
              title="Drag onto the foam, or press Place"
            >
              <ToolThumbnail outline={tool.outline} />
              <span className="fe-tool-text">
                <span className="fe-tool-name">{tool.name}</span>
                <span className="fe-tool-meta">
                  {tool.category} · {Math.round(tool.areaMm2).toLocaleString("en-US")} mm²
                </span>
              </span>
              <span className="fe-tool-actions">
                <button
                  type="button"
                  className="fe-button fe-button-small"
                  onClick={() => onPlace(tool.id)}
                  aria-label={`Place ${tool.name}`}
                  data-testid={`fe-place-${tool.id}`}
                >
                  Place
                </button>
                <button
                  type="button"
                  className="fe-button fe-button-small fe-button-danger"
                  onClick={() => onDelete(tool.id)}
                  aria-label={`Delete ${tool.name}`}
                  data-testid={`fe-remove-${tool.id}`}
                >
                  Delete
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </SidebarSection>
  );
}
