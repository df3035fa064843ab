import type { MigrationSource } from "../db/migrate";

/**
 * What a compiled binary carries inside itself. In development everything is read from disk and
 * these are null; `npm run build:exe` (scripts/build-exe.ts) replaces this module with one that
 * embeds the client bundles, the static assets and the migrations.
 */
export const EMBEDDED: {
  /** Path under /app/assets/ → path of the embedded file ($bunfs). */
  assets: Record<string, string> | null;
  migrations: MigrationSource[] | null;
} = { assets: null, migrations: null };
