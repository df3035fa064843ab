import type { DiffAdapter } from "./history";
import type { EditorDoc, EditorTool, Foam } from "./types";

type ToolChange = { before: EditorTool | null; after: EditorTool | null; beforeIndex: number; afterIndex: number };
export type DocDiff = { foam: { before: Foam; after: Foam } | null; tools: Map<string, ToolChange> };

/** Documents are immutable, so an unchanged tool or foam keeps its object identity. */
export function diffDocs(before: EditorDoc, after: EditorDoc): DocDiff | null {
  const tools = new Map<string, ToolChange>();
  const beforeIndex = new Map(before.tools.map((tool, index) => [tool.id, index]));
  const afterIndex = new Map(after.tools.map((tool, index) => [tool.id, index]));
  for (const [id, index] of beforeIndex) {
    const old = before.tools[index];
    const next = afterIndex.has(id) ? after.tools[afterIndex.get(id)!] : null;
    if (old !== next) tools.set(id, { before: old, after: next, beforeIndex: index, afterIndex: afterIndex.get(id) ?? -1 });
  }
  for (const [id, index] of afterIndex) {
    if (!beforeIndex.has(id)) tools.set(id, { before: null, after: after.tools[index], beforeIndex: -1, afterIndex: index });
  }
  const foam = before.foam === after.foam ? null : { before: before.foam, after: after.foam };
  return foam || tools.size ? { foam, tools } : null;
}

export function invertDocDiff(diff: DocDiff): DocDiff {
  const tools = new Map<string, ToolChange>();
  for (const [id, change] of diff.tools) {
    tools.set(id, { before: change.after, after: change.before, beforeIndex: change.afterIndex, afterIndex: change.beforeIndex });
  }
  return { foam: diff.foam && { before: diff.foam.after, after: diff.foam.before }, tools };
}

export function applyDocDiff(doc: EditorDoc, diff: DocDiff): EditorDoc {
  let tools = doc.tools;
  if (diff.tools.size) {
    const removed = new Set([...diff.tools].filter(([, change]) => !change.after).map(([id]) => id));
    tools = doc.tools.filter((tool) => !removed.has(tool.id)).map((tool) => diff.tools.get(tool.id)?.after ?? tool);
    const present = new Set(tools.map((tool) => tool.id));
    // Restored tools go back where they stood so undoing a delete does not reorder the list.
    const inserts = [...diff.tools.values()]
      .filter((change) => change.after && !present.has(change.after.id))
      .sort((a, b) => a.afterIndex - b.afterIndex);
    if (inserts.length) {
      tools = [...tools];
      for (const change of inserts) tools.splice(Math.min(Math.max(change.afterIndex, 0), tools.length), 0, change.after!);
    }
  }
  return { foam: diff.foam ? diff.foam.after : doc.foam, tools };
}

export const docDiffAdapter: DiffAdapter<EditorDoc, DocDiff> = {
  diff: diffDocs,
  apply: applyDocDiff,
  invert: invertDocDiff,
};
