/**
 * Undo/redo over diffs, after tldraw's HistoryManager: single actions record one entry each; a
 * gesture marks on pointer-down and commits once on pointer-up, so a whole drag is one entry;
 * bailing returns to the mark. Diffs (not snapshots) let changes that are deliberately not
 * recorded, such as tools arriving from the scanner meanwhile, survive an undo.
 */
export type DiffAdapter<T, D> = {
  diff(before: T, after: T): D | null;
  apply(doc: T, diff: D): T;
  invert(diff: D): D;
};

type Entry<D> = { label: string; diff: D };

export class HistoryManager<T, D> {
  private undos: Entry<D>[] = [];
  private redos: Entry<D>[] = [];
  private pending: { label: string; doc: T } | null = null;

  constructor(
    private readonly adapter: DiffAdapter<T, D>,
    private readonly limit = 200,
  ) {}

  get isMarked(): boolean {
    return this.pending !== null;
  }

  get canUndo(): boolean {
    return this.undos.length > 0;
  }

  get canRedo(): boolean {
    return this.redos.length > 0;
  }

  get undoLabel(): string | null {
    return this.undos.at(-1)?.label ?? null;
  }

  get redoLabel(): string | null {
    return this.redos.at(-1)?.label ?? null;
  }

  /** Records one finished change; inside a gesture the commit records it instead. */
  record(before: T, after: T, label: string): boolean {
    if (this.pending) return false;
    return this.push(before, after, label);
  }

  mark(doc: T, label: string): void {
    this.pending = { label, doc };
  }

  /** Ends a gesture; returns whether it changed anything (and so became an undo step). */
  commit(doc: T): boolean {
    const pending = this.pending;
    this.pending = null;
    return pending ? this.push(pending.doc, doc, pending.label) : false;
  }

  /** Ends a gesture by reverting what it changed; returns the restored document. */
  bail(doc: T): T {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return doc;
    const diff = this.adapter.diff(pending.doc, doc);
    return diff ? this.adapter.apply(doc, this.adapter.invert(diff)) : doc;
  }

  undo(doc: T): T | null {
    const base = this.bail(doc);
    const entry = this.undos.pop();
    if (!entry) return base === doc ? null : base;
    this.redos.push(entry);
    return this.adapter.apply(base, this.adapter.invert(entry.diff));
  }

  redo(doc: T): T | null {
    const base = this.bail(doc);
    const entry = this.redos.pop();
    if (!entry) return base === doc ? null : base;
    this.undos.push(entry);
    return this.adapter.apply(base, entry.diff);
  }

  clear(): void {
    this.undos = [];
    this.redos = [];
    this.pending = null;
  }

  private push(before: T, after: T, label: string): boolean {
    const diff = this.adapter.diff(before, after);
    if (!diff) return false;
    this.undos.push({ label, diff });
    if (this.undos.length > this.limit) this.undos.shift();
    this.redos = [];
    return true;
  }
}
