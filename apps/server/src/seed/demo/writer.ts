import { type Insertable, type Kysely, sql } from "kysely";
import type { Database } from "../../db/database.js";
import type { DB } from "../../db/schema.js";

export type TableName = keyof DB & string;

// FK order: a flush writes parents before children so one buffer can hold both.
// prettier-ignore
export const WRITE_ORDER: TableName[] = [
  "users", "user_roles", "players", "friend_code_history", "player_bans", "name_history", "teams", "team_memberships",
  "transfers", "team_claims", "profile_changes", "tournament_series", "series_roles", "templates", "tournaments", "squads",
  "team_registrations", "registrations", "squad_invitations", "placements", "news_posts", "media_items", "notifications",
];

/**
 * Buffers rows per table and inserts them as multi-row INSERTs. Chunks stay under SQLite's
 * 32766 and PostgreSQL's 65535 bound-parameter limits (at most 500 rows, 30000 values).
 * Every row of a table must carry the same keys: Kysely would otherwise emit DEFAULT, which
 * SQLite's VALUES does not accept.
 */
export class Writer {
  private buffers = new Map<TableName, object[]>();
  private pending = 0;
  readonly counts = new Map<TableName, number>();
  constructor(private db: Kysely<DB>) {}

  add<T extends TableName>(table: T, row: Insertable<DB[T]>): void {
    let buf = this.buffers.get(table);
    if (!buf) this.buffers.set(table, (buf = []));
    buf.push(row);
    this.pending++;
  }

  /** Flushes once enough rows are waiting, to bound memory at the large scale. */
  async flushIfFull(limit = 20_000): Promise<void> {
    if (this.pending >= limit) await this.flush();
  }

  async flush(): Promise<void> {
    for (const table of WRITE_ORDER) {
      const rows = this.buffers.get(table);
      if (!rows || rows.length === 0) continue;
      const columns = Object.keys(rows[0]!).length;
      const size = Math.max(1, Math.min(500, Math.floor(30_000 / columns)));
      for (let i = 0; i < rows.length; i += size) {
        // The rows were type-checked by add(); a generic table name defeats Kysely's inference.
        await this.db
          .insertInto(table)
          .values(rows.slice(i, i + size) as never)
          .execute();
      }
      this.counts.set(table, (this.counts.get(table) ?? 0) + rows.length);
      rows.length = 0;
    }
    this.pending = 0;
  }
}

/** Moves each serial sequence past the explicit ids we inserted, so app inserts do not collide. */
export async function resetSequences(database: Database): Promise<void> {
  for (const table of WRITE_ORDER) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
      database.db,
    );
  }
}

/** PostgreSQL: gathers planner statistics for every table (ANALYZE), as a bulk load leaves none. */
export async function analyzeDatabase(database: Database): Promise<void> {
  await sql`ANALYZE`.execute(database.db);
}
