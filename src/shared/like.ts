import { sql, type SQL, type Column } from "drizzle-orm";

/** Case-insensitive "contains" that treats %, _ and \ in the user's text literally. */
export function containsInsensitive(column: Column | SQL, text: string): SQL {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  return sql`lower(${column}) like ${`%${escaped}%`} escape '\\'`;
}
