import type { EditorAction } from "./actions";
import { DEFAULT_MIN_WALL_MM } from "./constants";
import { docDiffAdapter, type DocDiff } from "./doc-diff";
import { DEFAULT_FOAM } from "./foam";
import { HistoryManager } from "./history";
import type { EditorDoc, EditorState } from "./types";
import { INITIAL_VIEWPORT } from "./viewport";

export function initialEditorState(): EditorState {
  return {
    doc: { foam: DEFAULT_FOAM, tools: [] },
    session: {
      loaded: false,
      selectedId: null,
      viewport: INITIAL_VIEWPORT,
      showGrid: true,
      snapToGrid: false,
      minWallMm: DEFAULT_MIN_WALL_MM,
      history: { canUndo: false, canRedo: false, undoLabel: null, redoLabel: null },
    },
  };
}

type Listener = () => void;

/**
 * The DOM-free document store: one immutable state, changed only by actions, with history for
 * the recorded ones. `onCommit` fires once per finished change (never mid-drag), which is when
 * the page persists the layout.
 */
export class EditorStore {
  private state: EditorState;
  private readonly history = new HistoryManager<EditorDoc, DocDiff>(docDiffAdapter);
  private readonly listeners = new Set<Listener>();
  private readonly commitListeners = new Set<(doc: EditorDoc) => void>();

  constructor(initial: EditorState = initialEditorState()) {
    this.state = initial;
    this.settled = initial;
  }

  getState = (): EditorState => this.state;

  private settled: EditorState;

  /**
   * The state as of the last finished change: during a gesture (a drag) it stays put, so the
   * sidebar, the layout check and persistence do not redo their work on every pointer move;
   * only the canvas follows getState().
   */
  getSettledState = (): EditorState => {
    if (!this.history.isMarked) this.settled = this.state;
    return this.settled;
  };

  get isGesturing(): boolean {
    return this.history.isMarked;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onCommit(listener: (doc: EditorDoc) => void): () => void {
    this.commitListeners.add(listener);
    return () => this.commitListeners.delete(listener);
  }

  dispatch<A>(action: EditorAction<A>, args: A): void {
    const before = this.state;
    const next = action.perform(before, args);
    if (next === before) return;
    let committed = false;
    if (next.doc !== before.doc) {
      if (action.recorded) committed = this.history.record(before.doc, next.doc, action.label);
      else if (action.clearsHistory) this.history.clear();
    }
    this.setState(next);
    if (committed) this.emitCommit();
  }

  /** Starts a gesture (pointer-down): changes until commit or bail form one undo step. */
  mark(label: string): void {
    this.history.mark(this.state.doc, label);
  }

  commit(): void {
    const changed = this.history.commit(this.state.doc);
    this.setState(this.state);
    // Settled readers skipped the gesture's states: tell them it is over even if nothing else changed.
    this.notify();
    if (changed) this.emitCommit();
  }

  /** Escape during a gesture: back to the mark, nothing recorded. */
  bail(): void {
    const doc = this.history.bail(this.state.doc);
    this.setState(this.withDoc(doc));
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  undo(): void {
    const doc = this.history.undo(this.state.doc);
    if (!doc) return;
    this.setState(this.withDoc(doc));
    this.emitCommit();
  }

  redo(): void {
    const doc = this.history.redo(this.state.doc);
    if (!doc) return;
    this.setState(this.withDoc(doc));
    this.emitCommit();
  }

  private withDoc(doc: EditorDoc): EditorState {
    if (doc === this.state.doc) return this.state;
    const selected = doc.tools.find((tool) => tool.id === this.state.session.selectedId);
    const selectedId = selected?.placement ? selected.id : null;
    return { doc, session: { ...this.state.session, selectedId } };
  }

  /** Publishes the state, refreshing the history flags the toolbar reads. */
  private setState(next: EditorState): void {
    const h = this.history;
    const old = next.session.history;
    const history =
      old.canUndo === h.canUndo && old.canRedo === h.canRedo && old.undoLabel === h.undoLabel && old.redoLabel === h.redoLabel
        ? old
        : { canUndo: h.canUndo, canRedo: h.canRedo, undoLabel: h.undoLabel, redoLabel: h.redoLabel };
    const state = history === old ? next : { ...next, session: { ...next.session, history } };
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  private emitCommit(): void {
    for (const listener of this.commitListeners) listener(this.state.doc);
  }
}

export function createEditorStore(initial?: EditorState): EditorStore {
  return new EditorStore(initial);
}
