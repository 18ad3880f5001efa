/**
 * Dialect knowledge about database errors, so services can map a lost race on a unique index
 * to the rule's own message instead of a 500.
 *
 * `true` when `err` is a unique-constraint violation: PostgreSQL SQLSTATE 23505, or SQLite's
 * 'UNIQUE constraint failed' (better-sqlite3 reports it in the message and as
 * SQLITE_CONSTRAINT_UNIQUE).
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null | undefined;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/**
 * `true` when the database refused a value rather than failed: a number outside its column's
 * range (PostgreSQL 22003) or text it cannot store (22021, e.g. U+0000). The request carried
 * bad input, so it is a 400, never a 500. SQLite stores both.
 */
export function isRefusedValue(err: unknown): boolean {
  const code = (err as { code?: string } | null | undefined)?.code;
  return code === "22003" || code === "22021" || code === "22P05";
}
