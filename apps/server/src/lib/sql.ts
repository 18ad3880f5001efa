import { type RawBuilder, sql } from "kysely";

/**
 * `lower(column) LIKE '%term%'` with the term's own % and _ escaped, on both dialects
 * (SQLite and PostgreSQL both honour an explicit ESCAPE). `column` is a trusted reference
 * such as "t.title", never user input.
 */
export function containsInsensitive(column: string, term: string): RawBuilder<boolean> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
