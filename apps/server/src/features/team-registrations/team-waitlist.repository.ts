import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/**
 * SQL of the waitlist of team tournaments (issue #22 §1). A waiting team is a
 * `team_registrations` row with status `waitlisted` (its members' rows wait with it); its order is
 * `waitlist_position` (increasing, gaps allowed, null once it leaves the queue).
 */

/** Registered teams of a tournament (the count the cap measures). */
export async function registeredTeamCount(db: Db, tournamentId: number): Promise<number> {
  const r = await db
    .selectFrom("team_registrations")
    .select(sql<number>`count(*)`.as("n"))
    .where("tournament_id", "=", tournamentId)
    .where("status", "=", "registered")
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The position after the last waiting team (1 when none wait). */
export async function nextTeamPosition(db: Db, tournamentId: number): Promise<number> {
  const r = await db
    .selectFrom("team_registrations")
    .select(sql<number | null>`max(waitlist_position)`.as("p"))
    .where("tournament_id", "=", tournamentId)
    .where("status", "=", "waitlisted")
    .executeTakeFirstOrThrow();
  return Number(r.p ?? 0) + 1;
}

/** Waiting teams in queue order, with their team rows (name, tag, registry state for the refusal rule). */
export function waitlistedTeams(db: Db, tournamentId: number) {
  return db
    .selectFrom("team_registrations as r")
    .innerJoin("teams as t", "t.id", "r.team_id")
    .select([
      "r.team_id as entrant_id",
      "r.secondary_team_id",
      "r.waitlist_position",
      "r.registered_at",
      "t.id",
      "t.team_name",
      "t.team_tag",
      "t.team_color",
      "t.category",
      "t.primary_team_id",
      "t.team_status",
      "t.is_historical",
      "t.is_shadow",
    ])
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

/** How many waiting teams are ahead of or at `position` (the 1-based place shown). */
export async function teamRank(db: Db, tournamentId: number, position: number): Promise<number> {
  const r = await db
    .selectFrom("team_registrations")
    .select(sql<number>`count(*)`.as("n"))
    .where("tournament_id", "=", tournamentId)
    .where("status", "=", "waitlisted")
    .where("waitlist_position", "<=", position)
    .executeTakeFirstOrThrow();
  return Number(r.n);
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
