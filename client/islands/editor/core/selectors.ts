import { UNCATEGORISED } from "./constants";
import type { LayoutProblem } from "./problems";
import type { EditorDoc, EditorTool } from "./types";

export type LayoutCounts = { unplaced: number; placed: number; ready: number };

/** Ready: placed pockets that are not part of any overlap or thin-wall problem. */
export function layoutCounts(doc: EditorDoc, problems: LayoutProblem[]): LayoutCounts {
  const flagged = new Set(problems.flatMap((problem) => problem.toolIds));
  const placed = doc.tools.filter((tool) => tool.placement);
  return {
    unplaced: doc.tools.length - placed.length,
    placed: placed.length,
    ready: placed.filter((tool) => !flagged.has(tool.id)).length,
  };
}

export function placedTools(doc: EditorDoc): EditorTool[] {
  return doc.tools.filter((tool) => tool.placement);
}

/** Categories of the tools, sorted, with tools lacking one grouped last. */
export function toolCategories(doc: EditorDoc): string[] {
  const names = [...new Set(doc.tools.map((tool) => tool.category))];
  return names.sort((a, b) => (a === UNCATEGORISED ? 1 : b === UNCATEGORISED ? -1 : a.localeCompare(b)));
}

export function filterUnplaced(doc: EditorDoc, search: string, category: string): EditorTool[] {
  const needle = search.trim().toLowerCase();
  return doc.tools.filter(
    (tool) =>
      !tool.placement &&
      (!category || tool.category === category) &&
      (!needle || tool.name.toLowerCase().includes(needle) || tool.category.toLowerCase().includes(needle)),
  );
}
