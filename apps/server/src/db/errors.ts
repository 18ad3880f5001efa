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
