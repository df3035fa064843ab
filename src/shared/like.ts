import { sql, type SQL, type Column } from "drizzle-orm";

/**
 * Case-insensitive "contains" that treats %, _ and \ in the user's text literally. SQLite's LIKE
 * already ignores ASCII case, so no lower() call per row (order numbers and e-mails are ASCII).
 */
export function containsInsensitive(column: Column | SQL, text: string): SQL {
  const escaped = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`${column} like ${`%${escaped}%`} escape '\\'`;
}
