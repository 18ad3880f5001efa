import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.js";

/**
 * Every query of the doctor (`npm run doctor`, checks in `doctor.checks.ts`): reads only. Each
 * returns the rows that break one rule (or, where a rule is easier to judge in code, the rows
 * the rule reads), on both dialects. Booleans are the integers 0/1 of the schema.
 */
type Db = Kysely<DB>;

// ---------------------------------------------------------------------------------------
// Registrations (solo, squad and team rows)
// ---------------------------------------------------------------------------------------

/** (tournament, player) pairs with more than one registration row. */
export function duplicateRegistrations(db: Db) {
  return db
    .selectFrom("registrations")
    .select(["tournament_id", "player_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["tournament_id", "player_id"])
    .having((eb) => eb.fn.countAll(), ">", 1)
    .orderBy("tournament_id")
    .orderBy("player_id")
    .execute();
}

/** Registration rows whose status is none of `statuses`. */
export function registrationsWithStatusOutside(db: Db, statuses: readonly string[]) {
  return db
    .selectFrom("registrations")
    .select(["id", "tournament_id", "player_id", "status"])
    .where("status", "not in", statuses)
    .orderBy("id")
    .execute();
}

/**
 * Registration rows that do not fit their tournament's format: solo rows with a squad or team,
 * squad rows without a squad of the same tournament (or with a team), team rows without a team
 * (or with a squad). `format` holds the EVENT_FORMAT numbers.
 */
export function registrationsOffFormat(db: Db, format: { team: number; solo: number; squad: number }) {
  return db
    .selectFrom("registrations as r")
    .innerJoin("tournaments as t", "t.id", "r.tournament_id")
    .leftJoin("squads as s", "s.id", "r.squad_id")
    .select([
      "r.id",
      "r.tournament_id",
      "r.player_id",
      "r.squad_id",
      "r.team_id",
      "t.event_format",
      "s.tournament_id as squad_tournament_id",
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb("t.event_format", "=", format.solo), eb.or([eb("r.squad_id", "is not", null), eb("r.team_id", "is not", null)])]),
        eb.and([
          eb("t.event_format", "=", format.squad),
          eb.or([eb("r.squad_id", "is", null), eb("r.team_id", "is not", null), eb("s.tournament_id", "!=", eb.ref("r.tournament_id"))]),
        ]),
        eb.and([eb("t.event_format", "=", format.team), eb.or([eb("r.team_id", "is", null), eb("r.squad_id", "is not", null)])]),
        eb.and([eb("t.event_format", "not in", [format.team, format.solo, format.squad])]),
      ]),
    )
    .orderBy("r.id")
    .execute();
}

/**
 * Rows with a flag of another kind of registration: a captain outside a squad, a representative
 * or an opted-out player outside a team, a check-in withdrawal mark on a row that is not
 * withdrawn or is a team row.
 */
export function registrationsWithStrayFlags(db: Db) {
  return db
    .selectFrom("registrations")
    .select([
      "id",
      "tournament_id",
      "player_id",
      "status",
      "squad_id",
      "team_id",
      "is_captain",
      "is_representative",
      "opted_out",
      "withdrawn_at_checkin",
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb("is_captain", "=", 1), eb("squad_id", "is", null)]),
        eb.and([eb.or([eb("is_representative", "=", 1), eb("opted_out", "=", 1)]), eb("team_id", "is", null)]),
        eb.and([eb("withdrawn_at_checkin", "=", 1), eb.or([eb("status", "!=", "withdrawn"), eb("team_id", "is not", null)])]),
      ]),
    )
    .orderBy("id")
    .execute();
}

// ---------------------------------------------------------------------------------------
// Squads and squad invitations
// ---------------------------------------------------------------------------------------

/** Squads whose tournament is not a squad tournament. */
export function squadsOutsideSquadTournaments(db: Db, squadFormat: number) {
  return db
    .selectFrom("squads as s")
    .innerJoin("tournaments as t", "t.id", "s.tournament_id")
    .select(["s.id", "s.tournament_id", "t.event_format"])
    .where("t.event_format", "!=", squadFormat)
    .orderBy("s.id")
    .execute();
}

/** Every squad with its status, its tournament's maximum size and the counts of its rows (all, registered, captains). */
export function squadRowCounts(db: Db) {
  return db
    .selectFrom("squads as s")
    .innerJoin("tournaments as t", "t.id", "s.tournament_id")
    .leftJoin("registrations as r", "r.squad_id", "s.id")
    .select([
      "s.id",
      "s.tournament_id",
      "s.status",
      "t.maximum_team_size",
      (eb) => eb.fn.count<number>("r.id").as("rows"),
      sql<number>`coalesce(sum(case when r.status = 'registered' then 1 else 0 end), 0)`.as("registered"),
      sql<number>`coalesce(sum(case when r.is_captain = 1 then 1 else 0 end), 0)`.as("captains"),
    ])
    .groupBy(["s.id", "s.tournament_id", "s.status", "t.maximum_team_size"])
    .orderBy("s.id")
    .execute();
}

/** Registered rows whose squad is not registered (withdrawing, rejecting a squad moves its members). */
export function registeredRowsOfInactiveSquads(db: Db) {
  return db
    .selectFrom("registrations as r")
    .innerJoin("squads as s", "s.id", "r.squad_id")
    .select(["r.id", "r.tournament_id", "r.player_id", "r.squad_id", "s.status as squad_status"])
    .where("r.status", "=", "registered")
    .where("s.status", "!=", "registered")
    .orderBy("r.id")
    .execute();
}

/**
 * Squad invitations that should be gone: their squad is of another tournament or not registered,
 * or the invited player is registered in the tournament.
 */
export function staleSquadInvitations(db: Db) {
  return db
    .selectFrom("squad_invitations as i")
    .leftJoin("squads as s", "s.id", "i.squad_id")
    .leftJoin("registrations as r", (j) => j.onRef("r.tournament_id", "=", "i.tournament_id").onRef("r.player_id", "=", "i.player_id"))
    .select([
      "i.id",
      "i.tournament_id",
      "i.squad_id",
      "i.player_id",
      "s.tournament_id as squad_tournament_id",
      "s.status as squad_status",
      "r.status as player_status",
    ])
    .where((eb) =>
      eb.or([
        eb("s.id", "is", null),
        eb("s.tournament_id", "!=", eb.ref("i.tournament_id")),
        // A waitlisted squad keeps inviting (issue #22); a waiting player is as taken as a registered one.
        eb("s.status", "not in", ["registered", "waitlisted"]),
        eb("r.status", "in", ["registered", "waitlisted"]),
      ]),
    )
    .orderBy("i.id")
    .execute();
}

// ---------------------------------------------------------------------------------------
// Team registrations, member rows and representatives
// ---------------------------------------------------------------------------------------

/** Team registrations outside team tournaments, with their own team as secondary, or with an unknown status. */
export function teamRegistrationsOffFormat(db: Db, teamFormat: number, statuses: readonly string[]) {
  return db
    .selectFrom("team_registrations as tr")
    .innerJoin("tournaments as t", "t.id", "tr.tournament_id")
    .select(["tr.id", "tr.tournament_id", "tr.team_id", "tr.secondary_team_id", "tr.status", "t.event_format"])
    .where((eb) =>
      eb.or([
        eb("t.event_format", "!=", teamFormat),
        eb("tr.secondary_team_id", "=", eb.ref("tr.team_id")),
        eb("tr.status", "not in", statuses),
      ]),
    )
    .orderBy("tr.id")
    .execute();
}

/** Registered team registrations (primary and secondary teams), by tournament. */
export function registeredTeamRegistrations(db: Db) {
  return db
    .selectFrom("team_registrations")
    .select(["id", "tournament_id", "team_id", "secondary_team_id"])
    .where("status", "=", "registered")
    .orderBy("tournament_id")
    .orderBy("id")
    .execute();
}

/**
 * Member rows (registrations with a team) without the team registration of their team in their
 * tournament, or registered while that team registration is not.
 */
export function orphanTeamMemberRows(db: Db) {
  return db
    .selectFrom("registrations as r")
    .leftJoin("team_registrations as tr", (j) => j.onRef("tr.tournament_id", "=", "r.tournament_id").onRef("tr.team_id", "=", "r.team_id"))
    .select(["r.id", "r.tournament_id", "r.player_id", "r.team_id", "r.status", "tr.status as team_status"])
    .where("r.team_id", "is not", null)
    .where((eb) => eb.or([eb("tr.id", "is", null), eb.and([eb("r.status", "=", "registered"), eb("tr.status", "!=", "registered")])]))
    .orderBy("r.id")
    .execute();
}

/** Team registrations with more than `max` registered representatives. */
export function representativeCounts(db: Db, max: number) {
  return db
    .selectFrom("registrations")
    .select(["tournament_id", "team_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("is_representative", "=", 1)
    .where("status", "=", "registered")
    .where("team_id", "is not", null)
    .groupBy(["tournament_id", "team_id"])
    .having((eb) => eb.fn.countAll(), ">", max)
    .orderBy("tournament_id")
    .orderBy("team_id")
    .execute();
}

/** Representative rows whose player currently leads the registration's primary or secondary team. */
export function representativesWhoLead(db: Db) {
  return db
    .selectFrom("registrations as r")
    .innerJoin("team_registrations as tr", (j) => j.onRef("tr.tournament_id", "=", "r.tournament_id").onRef("tr.team_id", "=", "r.team_id"))
    .innerJoin("team_memberships as m", (j) =>
      j
        .onRef("m.player_id", "=", "r.player_id")
        .on("m.left_at", "is", null)
        .on("m.is_leader", "=", 1)
        .on((eb) => eb.or([eb("m.team_id", "=", eb.ref("tr.team_id")), eb("m.team_id", "=", eb.ref("tr.secondary_team_id"))])),
    )
    .select(["r.id", "r.tournament_id", "r.player_id", "r.team_id", "r.status", "m.team_id as led_team_id"])
    .where("r.is_representative", "=", 1)
    .orderBy("r.id")
    .execute();
}

/**
 * Representative rows in a state the services never leave them in: opted out, or not registered
 * while their team registration is (a member who stops being eligible loses the flag).
 */
export function representativesOutOfPlace(db: Db) {
  return db
    .selectFrom("registrations as r")
    .leftJoin("team_registrations as tr", (j) => j.onRef("tr.tournament_id", "=", "r.tournament_id").onRef("tr.team_id", "=", "r.team_id"))
    .select(["r.id", "r.tournament_id", "r.player_id", "r.team_id", "r.status", "r.opted_out", "tr.status as team_status"])
    .where("r.is_representative", "=", 1)
    .where((eb) => eb.or([eb("r.opted_out", "=", 1), eb.and([eb("r.status", "!=", "registered"), eb("tr.status", "=", "registered")])]))
    .orderBy("r.id")
    .execute();
}

// ---------------------------------------------------------------------------------------
// Placements
// ---------------------------------------------------------------------------------------

/** Every placement row with its tournament's format and historical flag, by tournament in the list's order. */
export function placementRows(db: Db) {
  return db
    .selectFrom("placements as p")
    .innerJoin("tournaments as t", "t.id", "p.tournament_id")
    .select([
      "p.id",
      "p.tournament_id",
      "p.entrant_type",
      "p.entrant_id",
      "p.placement",
      "p.placement_upper_bound",
      "p.dq",
      "p.title",
      "t.event_format",
    ])
    .orderBy("p.tournament_id")
    .orderBy("p.dq")
    .orderBy("p.placement")
    .orderBy("p.id")
    .execute();
}

/**
 * Placements that name no entrant of their tournament: for a player, no solo registration row
 * (invitations are not entrants); for a squad, no squad of the tournament; for a team, no team
 * registration. Historical tournaments (results kept without registrations) only need the player
 * or team to exist.
 */
export function placementsWithoutEntrant(db: Db) {
  return db
    .selectFrom("placements as p")
    .innerJoin("tournaments as t", "t.id", "p.tournament_id")
    .leftJoin("registrations as r", (j) =>
      j.onRef("r.tournament_id", "=", "p.tournament_id").onRef("r.player_id", "=", "p.entrant_id").on("p.entrant_type", "=", "player"),
    )
    .leftJoin("squads as s", (j) =>
      j.onRef("s.id", "=", "p.entrant_id").onRef("s.tournament_id", "=", "p.tournament_id").on("p.entrant_type", "=", "squad"),
    )
    .leftJoin("team_registrations as tr", (j) =>
      j.onRef("tr.tournament_id", "=", "p.tournament_id").onRef("tr.team_id", "=", "p.entrant_id").on("p.entrant_type", "=", "team"),
    )
    .leftJoin("players as pl", (j) => j.onRef("pl.id", "=", "p.entrant_id").on("p.entrant_type", "=", "player"))
    .leftJoin("teams as tm", (j) => j.onRef("tm.id", "=", "p.entrant_id").on("p.entrant_type", "=", "team"))
    .select(["p.id", "p.tournament_id", "p.entrant_type", "p.entrant_id", "t.is_historical"])
    .where((eb) =>
      eb.or([
        eb.and([eb("p.entrant_type", "=", "squad"), eb("s.id", "is", null)]),
        eb.and([
          eb("t.is_historical", "=", 0),
          eb.or([
            eb.and([
              eb("p.entrant_type", "=", "player"),
              eb.or([
                eb("r.id", "is", null),
                eb("r.squad_id", "is not", null),
                eb("r.team_id", "is not", null),
                eb("r.status", "=", "invited"),
              ]),
            ]),
            eb.and([eb("p.entrant_type", "=", "team"), eb("tr.id", "is", null)]),
          ]),
        ]),
        eb.and([
          eb("t.is_historical", "!=", 0),
          eb.or([
            eb.and([eb("p.entrant_type", "=", "player"), eb("pl.id", "is", null)]),
            eb.and([eb("p.entrant_type", "=", "team"), eb("tm.id", "is", null)]),
          ]),
        ]),
      ]),
    )
    .orderBy("p.id")
    .execute();
}

// ---------------------------------------------------------------------------------------
// Teams, memberships and transfers
// ---------------------------------------------------------------------------------------

/** Every membership with its team's category, by player, category and join time (overlaps are found in code). */
export function membershipsByPlayer(db: Db) {
  return db
    .selectFrom("team_memberships as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select(["m.id", "m.player_id", "m.team_id", "t.category", "m.joined_at", "m.left_at"])
    .orderBy("m.player_id")
    .orderBy("t.category")
    .orderBy("m.joined_at")
    .orderBy("m.id")
    .execute();
}

/** Memberships flagged both leader and manager. */
export function leadersWhoManage(db: Db) {
  return db
    .selectFrom("team_memberships")
    .select(["id", "team_id", "player_id"])
    .where("is_leader", "=", 1)
    .where("is_manager", "=", 1)
    .orderBy("id")
    .execute();
}

/** Teams with active members of which none leads. */
export function teamsWithoutActiveLeader(db: Db) {
  return db
    .selectFrom("team_memberships")
    .select(["team_id", (eb) => eb.fn.countAll<number>().as("members")])
    .where("left_at", "is", null)
    .groupBy("team_id")
    .having((eb) => eb.fn.sum("is_leader"), "=", 0)
    .orderBy("team_id")
    .execute();
}

/** Accepted transfers with no membership that starts (to) or ends (from) at the transfer's time. */
export function transfersWithoutMembership(db: Db) {
  return db
    .selectFrom("transfers as x")
    .select(["x.id", "x.player_id", "x.from_team_id", "x.to_team_id", "x.created_at"])
    .where("x.status", "=", "accepted")
    .where((eb) =>
      eb.or([
        eb.and([
          eb("x.from_team_id", "is not", null),
          eb.not(
            eb.exists(
              eb
                .selectFrom("team_memberships as m")
                .select("m.id")
                .whereRef("m.player_id", "=", "x.player_id")
                .whereRef("m.team_id", "=", "x.from_team_id")
                .whereRef("m.left_at", "=", "x.created_at"),
            ),
          ),
        ]),
        eb.and([
          eb("x.to_team_id", "is not", null),
          eb.not(
            eb.exists(
              eb
                .selectFrom("team_memberships as m")
                .select("m.id")
                .whereRef("m.player_id", "=", "x.player_id")
                .whereRef("m.team_id", "=", "x.to_team_id")
                .whereRef("m.joined_at", "=", "x.created_at"),
            ),
          ),
        ]),
      ]),
    )
    .orderBy("x.id")
    .execute();
}

/** Transfers with an unknown status, an open one with a decision date, a decided one without, or an invitation/request to no team. */
export function transfersInBadState(db: Db, open: readonly string[], decided: readonly string[]) {
  return db
    .selectFrom("transfers")
    .select(["id", "player_id", "from_team_id", "to_team_id", "status", "decided_at"])
    .where((eb) =>
      eb.or([
        eb("status", "not in", [...open, ...decided]),
        eb.and([eb("status", "in", open), eb.or([eb("decided_at", "is not", null), eb("to_team_id", "is", null)])]),
        eb.and([eb("status", "in", decided), eb("decided_at", "is", null)]),
      ]),
    )
    .orderBy("id")
    .execute();
}

// ---------------------------------------------------------------------------------------
// Moderation state: bans, profile changes, claims
// ---------------------------------------------------------------------------------------

/** Players whose banned flag, open bans and account state disagree. */
export function banMismatches(db: Db) {
  return db
    .selectFrom("players as p")
    .leftJoin("users as u", "u.id", "p.user_id")
    .select([
      "p.id",
      "p.user_id",
      "p.is_banned",
      "u.state",
      (eb) =>
        eb
          .selectFrom("player_bans as b")
          .select((b) => b.fn.countAll<number>().as("n"))
          .whereRef("b.player_id", "=", "p.id")
          .where("b.lifted_at", "is", null)
          .as("open_bans"),
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb("p.is_banned", "=", 1), eb("u.id", "is not", null), eb("u.state", "!=", "banned")]),
        eb.and([eb("p.is_banned", "=", 0), eb("u.state", "=", "banned")]),
        eb.and([
          eb("p.is_banned", "=", 1),
          eb.not(
            eb.exists(
              eb.selectFrom("player_bans as b").select("b.id").whereRef("b.player_id", "=", "p.id").where("b.lifted_at", "is", null),
            ),
          ),
        ]),
        eb.and([
          eb("p.is_banned", "=", 0),
          eb.exists(eb.selectFrom("player_bans as b").select("b.id").whereRef("b.player_id", "=", "p.id").where("b.lifted_at", "is", null)),
        ]),
      ]),
    )
    .orderBy("p.id")
    .execute();
}

/** Banned accounts without a banned player (an account is banned only through its player). */
export function bannedAccountsWithoutBannedPlayer(db: Db) {
  return db
    .selectFrom("users as u")
    .leftJoin("players as p", "p.user_id", "u.id")
    .select(["u.id", "p.id as player_id"])
    .where("u.state", "=", "banned")
    .where("p.id", "is", null)
    .orderBy("u.id")
    .execute();
}

/** Profile changes with an unknown status, or whose decision date disagrees with the status. */
export function profileChangesInBadState(db: Db) {
  return db
    .selectFrom("profile_changes")
    .select(["id", "table_name", "row_id", "field_name", "status", "decided_at"])
    .where((eb) =>
      eb.or([
        eb("status", "not in", ["pending", "approved", "declined"]),
        eb.and([eb("status", "=", "pending"), eb("decided_at", "is not", null)]),
        eb.and([eb("status", "!=", "pending"), eb("decided_at", "is", null)]),
      ]),
    )
    .orderBy("id")
    .execute();
}

/** Rows (player or team) with more than one pending change of the same field. */
export function duplicatePendingChanges(db: Db) {
  return db
    .selectFrom("profile_changes")
    .select(["table_name", "row_id", "field_name", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "=", "pending")
    .groupBy(["table_name", "row_id", "field_name"])
    .having((eb) => eb.fn.countAll(), ">", 1)
    .orderBy("table_name")
    .orderBy("row_id")
    .execute();
}

/** (team, account) pairs with more than one pending claim. */
export function duplicatePendingClaims(db: Db) {
  return db
    .selectFrom("team_claims")
    .select(["team_id", "user_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("status", "=", "pending")
    .groupBy(["team_id", "user_id"])
    .having((eb) => eb.fn.countAll(), ">", 1)
    .orderBy("team_id")
    .orderBy("user_id")
    .execute();
}

// ---------------------------------------------------------------------------------------
// Tournaments
// ---------------------------------------------------------------------------------------

/** Every tournament's settings the save rules cover (sizes, dates, game and mode, check-in). */
export function tournamentSettings(db: Db) {
  return db
    .selectFrom("tournaments")
    .select([
      "id",
      "event_format",
      "minimum_team_size",
      "maximum_team_size",
      "start_date",
      "end_date",
      "game",
      "game_mode",
      "checkin_required",
      "checkin_status",
    ])
    .orderBy("id")
    .execute();
}

/** Whether the tables the checks read exist (a database the server never migrated has none); reads one row of each. */
export async function hasSchema(db: Db): Promise<boolean> {
  try {
    await db.selectFrom("registrations").select("id").limit(1).execute();
    await db.selectFrom("team_memberships").select("id").limit(1).execute();
    await db.selectFrom("placements").select("id").limit(1).execute();
    return true;
  } catch {
    return false;
  }
}
