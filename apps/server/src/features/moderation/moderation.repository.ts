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

// --- pending counts of the moderation queues (issue #17 §8) ----------------------------------
// Each is one COUNT on an index whose first column is the status filtered on, so the header
// menu can ask on every page without a scan.

async function countWhere<T extends "profile_changes" | "team_claims" | "tournament_proposals">(db: Db, table: T): Promise<number> {
  const row = await db
    .selectFrom(table as "profile_changes")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Pending name and tag changes (index profile_changes_status). */
export const countPendingChanges = (db: Db) => countWhere(db, "profile_changes");
/** Pending claims of historical teams (index team_claims_status). */
export const countPendingClaims = (db: Db) => countWhere(db, "team_claims");
/** Player-proposed tournaments waiting for review (index tournament_proposals_queue). */
export const countPendingProposals = (db: Db) => countWhere(db, "tournament_proposals");

/** Teams waiting for approval, as the Team Approvals list shows them (index teams_status_newest). */
export async function countUnapprovedTeams(db: Db): Promise<number> {
  const row = await db
    .selectFrom("teams")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("team_status", "=", "unapproved")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Accounts waiting for activation, as the Bans page lists them (index users_state, migration 0029). */
export async function countInactiveAccounts(db: Db): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("state", "=", "inactive")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
