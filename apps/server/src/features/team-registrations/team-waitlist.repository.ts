import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import { TEAM_LITE_COLUMNS } from "./team-registrations.repository.js";

type Db = Kysely<DB>;

/**
 * SQL of the waitlist of team tournaments (issue #22 §1). A waiting team is a
 * `team_registrations` row with status `waitlisted` (its members' rows wait with it); its order is
 * `waitlist_position` (increasing, gaps allowed, null once it leaves the queue). The queries every
 * queue shares (the registered count, the next position, the place shown) are
 * `db/waitlist-queue.repository.ts`'s.
 */

/** Waiting teams in queue order, with their team rows (name, tag, registry state for the refusal rule). */
export function waitlistedTeams(db: Db, tournamentId: number) {
  return db
    .selectFrom("team_registrations as r")
    .innerJoin("teams as t", "t.id", "r.team_id")
    .select(["r.team_id as entrant_id", "r.secondary_team_id", "r.waitlist_position", "r.registered_at", ...TEAM_LITE_COLUMNS])
    .where("r.tournament_id", "=", tournamentId)
    .where("r.status", "=", "waitlisted")
    .orderBy("r.waitlist_position")
    .orderBy("r.id")
    .execute();
}
export type WaitingTeamRow = Awaited<ReturnType<typeof waitlistedTeams>>[number];

/** Registers a waiting team (its member rows are written by the caller); false when it no longer waited. */
export async function promoteTeam(db: Db, tournamentId: number, teamId: number): Promise<boolean> {
  const r = await db
    .updateTable("team_registrations")
    .set({ status: "registered", waitlist_position: null })
    .where("tournament_id", "=", tournamentId)
    .where("team_id", "=", teamId)
    .where("status", "=", "waitlisted")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Sets a waiting team's position. */
export function setTeamPosition(db: Db, tournamentId: number, teamId: number, position: number) {
  return db
    .updateTable("team_registrations")
    .set({ waitlist_position: position })
    .where("tournament_id", "=", tournamentId)
    .where("team_id", "=", teamId)
    .execute();
}

/** Takes a waiting team and its waiting members off the waitlist (withdrawn). */
export async function withdrawWaitingTeam(db: Db, tournamentId: number, teamId: number): Promise<void> {
  await db
    .updateTable("team_registrations")
    .set({ status: "withdrawn", waitlist_position: null })
    .where("tournament_id", "=", tournamentId)
    .where("team_id", "=", teamId)
    .where("status", "=", "waitlisted")
    .execute();
  await db
    .updateTable("registrations")
    .set({ status: "withdrawn", is_representative: 0 })
    .where("tournament_id", "=", tournamentId)
    .where("team_id", "=", teamId)
    .where("status", "=", "waitlisted")
    .execute();
}

/** Accounts of the teams' current leaders and managers (the promotion notice). */
export async function staffUserIds(db: Db, teamIds: number[]): Promise<number[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom("team_memberships as m")
    .innerJoin("players as p", "p.id", "m.player_id")
    .select("p.user_id")
    .where("m.team_id", "in", teamIds)
    .where("m.left_at", "is", null)
    .where((eb) => eb.or([eb("m.is_leader", "=", 1), eb("m.is_manager", "=", 1)]))
    .where("p.user_id", "is not", null)
    .execute();
  return [...new Set(rows.map((r) => r.user_id!))];
}
