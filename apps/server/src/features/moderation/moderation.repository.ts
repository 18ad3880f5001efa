import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** Pending name and tag changes, oldest first, with the player or team they concern (index profile_changes_status). */
export function pendingChanges(db: Db, limit: number) {
  return db
    .selectFrom("profile_changes as c")
    .leftJoin("players as p", (j) => j.onRef("p.id", "=", "c.row_id").on("c.table_name", "=", "players"))
    .leftJoin("teams as t", (j) => j.onRef("t.id", "=", "c.row_id").on("c.table_name", "=", "teams"))
    .select([
      "c.id",
      "c.table_name",
      "c.field_name",
      "c.row_id",
      "c.from_value",
      "c.to_value",
      "c.created_at",
      "p.id as player_id",
      "p.country_code",
      "t.id as team_id",
      "t.team_tag",
      "t.team_name",
      "t.team_color",
    ])
    .where("c.status", "=", "pending")
    .orderBy("c.created_at", "asc")
    .orderBy("c.id", "asc")
    .limit(limit)
    .execute();
}

export function findChange(db: Db, id: number) {
  return db.selectFrom("profile_changes").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Decides a change only while it is still pending: the conditional UPDATE is what makes two
 * moderators deciding at once leave one outcome. True when this call decided it.
 */
export async function decidePending(db: Db, id: number, status: "approved" | "declined", userId: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable("profile_changes")
    .set({ status, decided_by_user_id: userId, decided_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Applies an approved player name and logs it in the name history. */
export async function applyPlayerName(db: Db, playerId: number, from: string, to: string, now: number): Promise<void> {
  await db.updateTable("players").set({ display_name: to, name_changed_at: now }).where("id", "=", playerId).execute();
  await db
    .insertInto("name_history")
    .values({ table_name: "players", field_name: "display_name", row_id: playerId, from_value: from, to_value: to, changed_at: now })
    .execute();
}
