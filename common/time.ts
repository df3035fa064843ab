/** Timestamps are UTC ISO-8601 strings in the database and on the wire. */
export const nowIso = () => new Date().toISOString();
