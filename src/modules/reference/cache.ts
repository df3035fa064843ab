import type { Db } from "../../../db/client";
import { loadReferenceData } from "./service";

/**
 * The calculator and the shop ask for the same few kilobytes on every page view: serialise them
 * once and answer from memory (with an ETag, so a browser that has them gets a 304). Admin edits on
 * this instance drop the copy at once; other instances of a scaled-out deployment refresh within
 * MAX_AGE_MS, since a shared cache would cost the database round trip this avoids.
 */
const MAX_AGE_MS = 5_000;

type Entry = { body: string; etag: string; at: number };
type State = { cached: Entry | null; loading: Promise<Entry> | null; generation: number };

// Keyed by database: tests (and the CLI) may hold several in one process.
const states = new WeakMap<Db, State>();
const everyDb = new Set<WeakRef<Db>>();
const stateOf = (db: Db) => {
  let s = states.get(db);
  if (!s) {
    states.set(db, (s = { cached: null, loading: null, generation: 0 }));
    everyDb.add(new WeakRef(db));
  }
  return s;
};

/** Called by every write to materials or catalog boxes. */
export function invalidateReferenceData(): void {
  for (const ref of everyDb) {
    const db = ref.deref();
    if (!db) {
      everyDb.delete(ref);
      continue;
    }
    const s = stateOf(db);
    s.generation++;
    s.cached = null;
    s.loading = null;
  }
}

export async function cachedReferenceData(db: Db): Promise<Entry> {
  const s = stateOf(db);
  if (s.cached && Date.now() - s.cached.at < MAX_AGE_MS) return s.cached;
  if (!s.loading) {
    const started = s.generation;
    s.loading = loadReferenceData(db)
      .then((data) => {
        const body = JSON.stringify(data);
        const entry = { body, etag: `"${Bun.hash(body).toString(36)}"`, at: Date.now() };
        // An edit that landed while this was loading wins: do not keep what it replaced.
        if (started === s.generation) s.cached = entry;
        return entry;
      })
      .finally(() => {
        if (started === s.generation) s.loading = null;
      });
  }
  return s.loading;
}
