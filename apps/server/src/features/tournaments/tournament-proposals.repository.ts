import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** SQL of player-hosted tournaments (issue #22 §5). */

export function proposalQuery(db: Db) {
  return db
    .selectFrom("tournament_proposals as p")
    .innerJoin("tournaments as t", "t.id", "p.tournament_id")
    .innerJoin("players as pl", "pl.id", "p.player_id")
    .select([
      "p.id",
      "p.tournament_id",
      "p.user_id",
      "p.player_id",
      "p.status",
      "p.reason",
      "p.created_at",
      "t.title",
      "t.game_mode",
      "t.event_format",
      "t.start_date",
      "pl.display_name",
    ]);
}
export type ProposalRow = Awaited<ReturnType<ReturnType<typeof proposalQuery>["execute"]>>[number];

export function proposalsByStatus(db: Db, status: string) {
  return proposalQuery(db).where("p.status", "=", status).orderBy("p.created_at", "asc").orderBy("p.id", "asc").limit(500).execute();
}

export function proposalsOfUser(db: Db, userId: number) {
  return proposalQuery(db).where("p.user_id", "=", userId).orderBy("p.id", "desc").execute();
}

export function findProposal(db: Db, id: number) {
  return proposalQuery(db).where("p.id", "=", id).executeTakeFirst();
}

export async function hasPending(db: Db, playerId: number): Promise<boolean> {
  return !!(await db
    .selectFrom("tournament_proposals")
    .select("id")
    .where("player_id", "=", playerId)
    .where("status", "=", "pending")
    .executeTakeFirst());
}

export async function insertProposal(
  db: Db,
  row: { tournament_id: number; user_id: number; player_id: number; created_at: number },
): Promise<number> {
  return (await db.insertInto("tournament_proposals").values(row).returning("id").executeTakeFirstOrThrow()).id;
}

/** Moves a pending proposal to `status`; false when it was no longer pending (a concurrent decision). */
export async function decide(db: Db, id: number, status: string, reason: string | null, userId: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable("tournament_proposals")
    .set({ status, reason, decided_by: userId, decided_at: now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function addTournamentAdmin(db: Db, tournamentId: number, userId: number, now: number): Promise<void> {
  await db.insertInto("tournament_admins").values({ tournament_id: tournamentId, user_id: userId, created_at: now }).execute();
}

/** Publishes the tournament; it now shows in public calendars, so its `calendar_sequence` rises (issue #20 §4). */
export async function publishTournament(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable("tournaments")
    .set({ published: 1, calendar_sequence: sql<number>`calendar_sequence + 1`, calendar_modified_at: now })
    .where("id", "=", id)
    .execute();
}
