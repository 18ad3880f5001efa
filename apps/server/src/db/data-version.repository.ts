import { type Kysely, sql } from "kysely";
import type { Dialect } from "./database.js";
import type { DB } from "./schema.js";

/**
 * The database's data version (issue #16, `TtlCache.keepJsonAt`): a short text that changes
 * whenever a write is committed, whoever wrote it (a service, a script, a hand-run statement,
 * another node), so an answer computed at one version is still right while the version is the
 * same. One tiny statement, no table read.
 *
 * - SQLite: `total_changes()` (rows this connection has inserted, updated or deleted since it
 *   opened: the server's one connection does every write of the process) with `data_version`
 *   (moves when another connection, say a CLI, commits to the file).
 * - PostgreSQL: `pg_current_wal_lsn()`, the end of the write-ahead log, which every committed
 *   write moves forward (other databases of the server and maintenance move it too: that only
 *   costs a recomputation, never a stale answer).
 */
export async function dataVersion(db: Kysely<DB>, dialect: Dialect): Promise<string> {
  if (dialect === "postgres") {
    const r = await sql<{ v: string }>`select pg_current_wal_lsn()::text as v`.execute(db);
    return r.rows[0]!.v;
  }
  const r = await sql<{ c: number; v: number }>`select total_changes() as c, data_version as v from pragma_data_version`.execute(db);
  return `${r.rows[0]!.c}:${r.rows[0]!.v}`;
}
