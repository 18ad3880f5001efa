import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

export async function insertLog(
  db: Db,
  row: { tournamentId: number; userId: number | null; action: string; details: string; now: number },
): Promise<void> {
  await db
    .insertInto("tournament_logs")
    .values({ tournament_id: row.tournamentId, user_id: row.userId, action: row.action, details: row.details, created_at: row.now })
    .execute();
}

/** One page of a tournament's log, newest first (index tournament_logs_tournament), one extra row for has_next_page. */
export function listLogs(db: Db, tournamentId: number, limit: number, offset: number) {
  return db
    .selectFrom("tournament_logs as l")
    .leftJoin("players as p", "p.user_id", "l.user_id")
    .select(["l.id", "l.user_id", "l.action", "l.details", "l.created_at", "p.id as player_id", "p.display_name"])
    .where("l.tournament_id", "=", tournamentId)
    .orderBy("l.created_at", "desc")
    .orderBy("l.id", "desc")
    .limit(limit + 1)
    .offset(offset)
    .execute();
}
