import { type Kysely, sql } from "kysely";
import type { Dialect } from "../../db/database.js";
import type { DB } from "../../db/schema.js";

/**
 * All SQL of team registration (001 §2–§7 for teams): `team_registrations` (one row per primary
 * team and tournament, with its secondary team), the members' `registrations` rows (team_id =
 * the registration's primary team; opted_out, is_representative) and the rosters they read.
 */
type Db = Kysely<DB>;

/**
 * Holds the team's row lock until the transaction ends (PostgreSQL; SQLite serializes write
 * transactions on its one connection), so a check on how the team is used stays true.
 */
export async function lockTeam(db: Db, dialect: Dialect, teamId: number): Promise<void> {
  if (dialect !== "postgres") return;
  await db.selectFrom("teams").select("id").where("id", "=", teamId).forNoKeyUpdate().execute();
}

/**
 * The team row registration reads (`TeamLite`: name, tag, colour, category, its primary team and
 * registry state for the refusal rule), of a team aliased `t`; the waitlist's query selects it too.
 */
export const TEAM_LITE_COLUMNS = [
  "t.id",
  "t.team_name",
  "t.team_tag",
  "t.team_color",
  "t.category",
  "t.primary_team_id",
  "t.team_status",
  "t.is_historical",
  "t.is_shadow",
] as const;

/** A team's `TeamLite` row, or undefined. */
export function findTeam(db: Db, id: number) {
  return db.selectFrom("teams as t").select(TEAM_LITE_COLUMNS).where("t.id", "=", id).executeTakeFirst();
}
export type TeamLite = NonNullable<Awaited<ReturnType<typeof findTeam>>>;

/** Teams whose primary team is `teamId` (its secondary teams), not disapproved. */
export function secondaryTeamsOf(db: Db, teamIds: number[]) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("teams as t")
    .select(TEAM_LITE_COLUMNS)
    .where("t.primary_team_id", "in", teamIds)
    .orderBy(sql`lower(t.team_name)`)
    .orderBy("t.id")
    .execute();
}

/** Teams of `category` the player leads or manages now. */
export function managedTeams(db: Db, playerId: number, category: string) {
  return db
    .selectFrom("team_memberships as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select(TEAM_LITE_COLUMNS)
    .where("m.player_id", "=", playerId)
    .where("m.left_at", "is", null)
    .where((eb) => eb.or([eb("m.is_leader", "=", 1), eb("m.is_manager", "=", 1)]))
    .where("t.category", "=", category)
    .orderBy(sql`lower(t.team_name)`)
    .execute();
}

/** The player's active membership of the team with its roles, or undefined. */
export function membership(db: Db, teamId: number, playerId: number) {
  return db
    .selectFrom("team_memberships")
    .select(["id", "is_leader", "is_manager", "joined_at"])
    .where("team_id", "=", teamId)
    .where("player_id", "=", playerId)
    .where("left_at", "is", null)
    .executeTakeFirst();
}

/** The player's active memberships (team ids), for finding the registration they play for. */
export function activeTeamIds(db: Db, playerId: number) {
  return db
    .selectFrom("team_memberships")
    .select(["team_id", "joined_at"])
    .where("player_id", "=", playerId)
    .where("left_at", "is", null)
    .execute();
}

/**
 * Candidates of a registration: current members of the given teams with their roles, joins and
 * their registration row in this tournament (if any). Eligibility is decided by the service.
 */
export function candidates(db: Db, tournamentId: number, teamIds: number[]) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("team_memberships as m")
    .innerJoin("players as p", "p.id", "m.player_id")
    .leftJoin("registrations as r", (j) => j.onRef("r.player_id", "=", "m.player_id").on("r.tournament_id", "=", tournamentId))
    .select([
      "m.team_id",
      "m.player_id",
      "m.is_leader",
      "m.is_manager",
      "m.joined_at",
      "p.display_name",
      "p.country_code",
      "p.user_id",
      "p.is_hidden",
      "r.id as reg_id",
      "r.team_id as reg_team_id",
      "r.status as reg_status",
      "r.opted_out",
      "r.is_representative",
      "r.custom_field",
      "r.registered_at as reg_registered_at",
    ])
    .where("m.team_id", "in", teamIds)
    .where("m.left_at", "is", null)
    .execute();
}
export type CandidateRow = Awaited<ReturnType<typeof candidates>>[number];

export function findTeamRegistration(db: Db, tournamentId: number, teamId: number) {
  return db
    .selectFrom("team_registrations")
    .selectAll()
    .where("tournament_id", "=", tournamentId)
    .where("team_id", "=", teamId)
    .executeTakeFirst();
}
export type TeamRegRow = NonNullable<Awaited<ReturnType<typeof findTeamRegistration>>>;

/** Registrations of the tournament using any of the teams, as primary or secondary. */
export function registrationsUsing(db: Db, tournamentId: number, teamIds: number[]) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("team_registrations")
    .selectAll()
    .where("tournament_id", "=", tournamentId)
    .where((eb) => eb.or([eb("team_id", "in", teamIds), eb("secondary_team_id", "in", teamIds)]))
    .execute();
}

/** What a new or re-activated registration is: registered, or waiting at `waitlistPosition` (issue #22 §1). */
export interface TeamPlacement {
  tournamentId: number;
  teamId: number;
  secondaryId: number | null;
  verified: number;
  now: number;
  status?: "registered" | "waitlisted";
  waitlistPosition?: number | null;
}

export async function insertTeamRegistration(db: Db, v: TeamPlacement) {
  await db
    .insertInto("team_registrations")
    .values({
      tournament_id: v.tournamentId,
      team_id: v.teamId,
      secondary_team_id: v.secondaryId,
      status: v.status ?? "registered",
      waitlist_position: v.waitlistPosition ?? null,
      verified: v.verified,
      registered_at: v.now,
    })
    .execute();
}

/** Re-activates a withdrawn registration in place; false when it was not withdrawn any more (a race lost). */
export async function reRegisterTeam(db: Db, v: TeamPlacement): Promise<boolean> {
  const r = await db
    .updateTable("team_registrations")
    .set({
      status: v.status ?? "registered",
      waitlist_position: v.waitlistPosition ?? null,
      secondary_team_id: v.secondaryId,
      verified: v.verified,
      registered_at: v.now,
    })
    .where("tournament_id", "=", v.tournamentId)
    .where("team_id", "=", v.teamId)
    .where("status", "=", "withdrawn")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function updateTeamRegistration(
  db: Db,
  tournamentId: number,
  teamId: number,
  v: Partial<{ status: string; verified: number; secondary_team_id: number | null; waitlist_position: number | null }>,
) {
  return db.updateTable("team_registrations").set(v).where("tournament_id", "=", tournamentId).where("team_id", "=", teamId).execute();
}

/** Moves every member row of the registration to `status`. */
export function setMemberStatus(db: Db, tournamentId: number, teamId: number, status: string) {
  return db.updateTable("registrations").set({ status }).where("tournament_id", "=", tournamentId).where("team_id", "=", teamId).execute();
}

/** Member rows of the registration (any status). */
export function memberRows(db: Db, tournamentId: number, teamId: number) {
  return db
    .selectFrom("registrations")
    .select(["player_id", "status", "opted_out", "is_representative"])
    .where("tournament_id", "=", tournamentId)
    .where("team_id", "=", teamId)
    .execute();
}

export function findRegistration(db: Db, tournamentId: number, playerId: number) {
  return db
    .selectFrom("registrations")
    .select(["id", "player_id", "team_id", "status", "opted_out", "is_representative", "registered_at"])
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
}

/** Writes a member's row for the registration of `teamId` (insert, or take over a row not registered elsewhere). */
export async function upsertMember(
  db: Db,
  v: {
    tournamentId: number;
    playerId: number;
    teamId: number;
    representative?: boolean;
    optedOut?: boolean;
    now: number;
    /** `waitlisted` for the members of a waiting team (issue #22 §1). */
    status?: "registered" | "waitlisted";
  },
) {
  const status = v.status ?? "registered";
  const existing = await findRegistration(db, v.tournamentId, v.playerId);
  const flags = {
    ...(v.representative === undefined ? {} : { is_representative: v.representative ? 1 : 0 }),
    ...(v.optedOut === undefined ? {} : { opted_out: v.optedOut ? 1 : 0 }),
  };
  if (!existing) {
    await db
      .insertInto("registrations")
      .values({
        tournament_id: v.tournamentId,
        player_id: v.playerId,
        team_id: v.teamId,
        status,
        is_representative: v.representative ? 1 : 0,
        opted_out: v.optedOut ? 1 : 0,
        verified: 1,
        registered_at: v.now,
      })
      .execute();
    return;
  }
  // A row of another team (withdrawn or rejected there) starts afresh; the team's own row keeps
  // its representative and opt-out flags when the team comes back (moved back to registered).
  const takeOver = existing.team_id !== v.teamId;
  await db
    .updateTable("registrations")
    .set({
      team_id: v.teamId,
      status,
      squad_id: null,
      ...(takeOver ? { is_representative: 0, opted_out: 0, registered_at: v.now } : {}),
      ...flags,
    })
    .where("id", "=", existing.id)
    .execute();
}

/** A member no longer eligible: the row is withdrawn and loses its representative flag. */
export function withdrawMemberRow(db: Db, tournamentId: number, playerId: number) {
  return db
    .updateTable("registrations")
    .set({ is_representative: 0, status: "withdrawn" })
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId)
    .execute();
}

export function setMemberFlags(
  db: Db,
  tournamentId: number,
  playerId: number,
  v: Partial<{ opted_out: number; is_representative: number }>,
) {
  return db.updateTable("registrations").set(v).where("tournament_id", "=", tournamentId).where("player_id", "=", playerId).execute();
}

/** Team registrations of a tournament in one status, with team names. */
export function teamRegistrationList(db: Db, tournamentId: number, status: string) {
  return db
    .selectFrom("team_registrations as r")
    .innerJoin("teams as t", "t.id", "r.team_id")
    .leftJoin("teams as s", "s.id", "r.secondary_team_id")
    .select([
      "r.team_id",
      "r.secondary_team_id",
      "r.status",
      "r.verified",
      "r.registered_at",
      "t.team_name",
      "t.team_tag",
      "t.team_color",
      "s.team_name as secondary_team_name",
    ])
    .where("r.tournament_id", "=", tournamentId)
    .where("r.status", "=", status)
    .execute();
}

/**
 * Eligible, not opted-out players of every registration of the list (001 §3 player_count), in
 * one grouped query: members of the primary or secondary roster, joined by `deadlineEnd`, whose
 * row (if any) is not a registered row of another team, and not opted out of this one.
 */
export function listCounts(db: Db, tournamentId: number, status: string, deadlineEnd: number) {
  return db
    .selectFrom("team_registrations as tr")
    .innerJoin("team_memberships as m", (j) =>
      j.on((eb) => eb.or([eb("m.team_id", "=", eb.ref("tr.team_id")), eb("m.team_id", "=", eb.ref("tr.secondary_team_id"))])),
    )
    .leftJoin("registrations as r", (j) => j.onRef("r.player_id", "=", "m.player_id").on("r.tournament_id", "=", tournamentId))
    .select(["tr.team_id", sql<number>`count(distinct m.player_id)`.as("n")])
    .where("tr.tournament_id", "=", tournamentId)
    .where("tr.status", "=", status)
    .where("m.left_at", "is", null)
    .where("m.joined_at", "<=", deadlineEnd)
    .where(
      sql<boolean>`(r.id is null or (coalesce(r.team_id, -1) = tr.team_id and r.opted_out = 0) or (coalesce(r.team_id, -1) <> tr.team_id and r.status <> 'registered'))`,
    )
    .groupBy("tr.team_id")
    .execute();
}

/** Inserts a shadow team (manual registration, 001 §5: name ≤ 30, tag ≤ 5): approved, no members, closed. */
export async function insertShadowTeam(db: Db, v: { name: string; tag: string; category: string; primaryId: number | null; now: number }) {
  const r = await db
    .insertInto("teams")
    .values({
      team_name: v.name,
      team_tag: v.tag,
      category: v.category,
      primary_team_id: v.primaryId,
      team_status: "approved",
      recruitment_status: "closed",
      is_shadow: 1,
      created_at: v.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Accounts of the teams' current leaders (notifications, 001 §7 rule: every action notifies the leaders). */
export async function leaderUserIds(db: Db, teamIds: number[]): Promise<number[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom("team_memberships as m")
    .innerJoin("players as p", "p.id", "m.player_id")
    .select("p.user_id")
    .where("m.team_id", "in", teamIds)
    .where("m.left_at", "is", null)
    .where("m.is_leader", "=", 1)
    .where("p.user_id", "is not", null)
    .execute();
  return [...new Set(rows.map((r) => r.user_id!))];
}

export function findPlayerOfUser(db: Db, userId: number) {
  return db.selectFrom("players").select(["id", "user_id", "display_name", "is_banned"]).where("user_id", "=", userId).executeTakeFirst();
}

export function findPlayer(db: Db, id: number) {
  return db.selectFrom("players").select(["id", "user_id", "display_name"]).where("id", "=", id).executeTakeFirst();
}

export function userState(db: Db, userId: number) {
  return db.selectFrom("users").select(["state"]).where("id", "=", userId).executeTakeFirst();
}
