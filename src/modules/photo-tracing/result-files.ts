import { mkdir, open, readdir, rename, stat, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { embeddedDatabasePath } from "../../../db/client";

/**
 * Finished scan results as files beside an embedded database, written and served as the worker's
 * JSON bytes. A result is ~1.5 MB (the preview PNG as a data URL); stored in scan_runs it cost the
 * event loop a synchronous SQLite write with fsync (4-45 ms measured while two scans ran), WAL
 * checkpoints of those pages later, and a parse plus stringify per GET. Here the write and its
 * fsync run on the I/O thread pool, the row stays small, and GET result is a file response.
 *
 * A remote database (libsql://) may serve instances without a shared disk: there the result stays
 * in the row (resultDirFor answers null).
 */
export function resultDirFor(databaseUrl: string): string | null {
  const path = embeddedDatabasePath(databaseUrl);
  return path ? join(dirname(path), "scan-results") : null;
}

/** Run ids are UUIDs; anything else never becomes a path. */
const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.json$/;

export const resultFileName = (runId: string) => {
  const name = `${runId}.json`;
  if (!FILE_NAME.test(name)) throw new Error(`Not a scan run id: ${runId.slice(0, 40)}`);
  return name;
};

async function syncPath(path: string, flags: string) {
  const handle = await open(path, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes the bytes under a temporary name, fsyncs, renames and fsyncs the folder: once this
 * resolves the file survives a kill or a power cut, and a reader never sees half a file.
 */
export async function writeResultFile(dir: string, runId: string, bytes: Uint8Array): Promise<string> {
  const name = resultFileName(runId);
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `${name}.${process.pid}.tmp`);
  const handle = await open(temporary, "w");
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, join(dir, name));
  await syncPath(dir, "r");
  return name;
}

/** The stored JSON as the HTTP answer; null when the file is gone (swept with its run). */
export async function resultFileResponse(dir: string, name: string): Promise<Response | null> {
  if (!FILE_NAME.test(name)) return null;
  const file = Bun.file(join(dir, name));
  if (!(await file.exists())) return null;
  return new Response(file, { headers: { "content-type": "application/json" } });
}

/** Files older than the runs purgeOldRuns keeps (and leftovers of a write cut short) go. */
export async function sweepResultFiles(dir: string, olderThanHours = 24): Promise<number> {
  const cutoff = Date.now() - olderThanHours * 3600 * 1000;
  let removed = 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.endsWith(".json") && !name.endsWith(".tmp")) continue;
    try {
      const path = join(dir, name);
      if ((await stat(path)).mtimeMs < cutoff) {
        await unlink(path);
        removed++;
      }
    } catch {
      // removed by another instance meanwhile
    }
  }
  return removed;
}
