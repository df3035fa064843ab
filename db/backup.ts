import type { Client } from "@libsql/client";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

/**
 * A consistent copy of a live embedded database: VACUUM INTO reads one snapshot (WAL keeps writers
 * going meanwhile) and writes a compact, self-contained file.
 */
export async function backupDatabase(client: Client, target: string): Promise<string> {
  const path = resolve(target);
  if (existsSync(path)) throw new Error(`Refusing to overwrite ${path}: choose a new file name.`);
  mkdirSync(dirname(path), { recursive: true });
  await client.execute({ sql: "VACUUM INTO ?", args: [path] });
  return path;
}
