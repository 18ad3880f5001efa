import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/**
 * SQL of the capacity and waitlist of solo and squad tournaments (issue #22 §1). A waitlisted
 * entrant is a solo registration or a squad (with its members' registrations) whose status is
 * `waitlisted`; its order is `waitlist_position` (increasing, gaps allowed). The queries every
 * queue shares (the registered count, the next position, the place shown) are
 * `db/waitlist-queue.repository.ts`'s.
 */

/**
 * Reads the tournament's capacity settings and, on PostgreSQL, holds its row lock
 * (`SELECT … FOR NO KEY UPDATE`) until the transaction ends, so the count taken next cannot be
 * passed by a concurrent registration and waitlist positions are handed out one at a time.
 * NO KEY UPDATE, not UPDATE: every row inserted with a foreign key to the tournament (a log
 * line, a registration) takes FOR KEY SHARE on it, which FOR UPDATE conflicts with; a write
 * that logged first and locked next deadlocked with another doing the same (the mixed bench's
 * withdrawals on PostgreSQL, #16). NO KEY UPDATE still excludes every other holder of this lock.
 * The other row locks (squad, team, player) are taken the same way for the same reason. SQLite needs
 * no lock: its one connection runs one transaction at a time. The dialect is read from `db`
 * itself, so every write path (moves, bulk actions, the controls' check-in close) can call it
 * with only its transaction.
 */
export function lockCapacity(db: Db, tournamentId: number) {
  const q = capacityQuery(db, tournamentId);
  return (db.getExecutor().adapter instanceof PostgresAdapter ? q.forNoKeyUpdate() : q).executeTakeFirst();
}

/** The same settings without a lock (reads outside a write). */
export function readCapacity(db: Db, tournamentId: number) {
  return capacityQuery(db, tournamentId).executeTakeFirst();
}

function capacityQuery(db: Db, tournamentId: number) {
  return db
    .selectFrom("tournaments")
    .select([
      "id",
      "title",
      "event_format",
      "max_entrants",
      "minimum_team_size",
      "checkin_required",
      "checkin_status",
      "checkin_minimum",
      "registrations_open",
      "registrations_close_at",
      "checkin_opens_at",
      "checkin_closes_at",
    ])
    .where("id", "=", tournamentId);
}
export type CapacityRow = NonNullable<Awaited<ReturnType<typeof lockCapacity>>>;

/** Waitlisted solo players in order, with what promotion checks (ban, check-in). */
export function waitlistedPlayers(db: Db, tournamentId: number) {
  return db
    .selectFrom("registrations as r")
    .innerJoin("players as p", "p.id", "r.player_id")
    .leftJoin("users as u", "u.id", "p.user_id")
    .select([
      "r.player_id as entrant_id",
      "r.waitlist_position",
      "r.registered_at",
      "r.checked_in",
      "p.display_name",
      "p.country_code",
      "p.user_id",
      sql<number>`case when p.is_banned = 1 or u.state = 'banned' then 1 else 0 end`.as("banned"),
    ])
    .where("r.tournament_id", "=", tournamentId)
    .where("r.status", "=", "waitlisted")
    .where("r.squad_id", "is", null)
    .where("r.team_id", "is", null)
    .orderBy("r.waitlist_position")
    .orderBy("r.id")
    .execute();
}

/** Waitlisted squads in order, with their waiting members, check-ins and whether the captain is banned. */
export function waitlistedSquads(db: Db, tournamentId: number) {
  return db
    .selectFrom("squads as s")
    .leftJoin("registrations as r", (j) => j.onRef("r.squad_id", "=", "s.id").on("r.status", "=", "waitlisted"))
    .leftJoin("players as p", "p.id", "r.player_id")
    .leftJoin("users as u", "u.id", "p.user_id")
    .select([
      "s.id as entrant_id",
      "s.squad_name",
      "s.squad_tag",
      "s.waitlist_position",
      "s.created_at",
      sql<number>`count(r.id)`.as("members"),
      sql<number>`coalesce(sum(r.checked_in), 0)`.as("checkins"),
      sql<number>`max(case when r.is_captain = 1 and (p.is_banned = 1 or u.state = 'banned') then 1 else 0 end)`.as("captain_banned"),
    ])
    .where("s.tournament_id", "=", tournamentId)
    .where("s.status", "=", "waitlisted")
    .groupBy(["s.id", "s.squad_name", "s.squad_tag", "s.waitlist_position", "s.created_at"])
    .orderBy("s.waitlist_position")
    .orderBy("s.id")
    .execute();
}

/** Account ids of a squad's waiting or registered members (notifications). */
export async function squadUserIds(db: Db, squadId: number): Promise<Array<number | null>> {
  const rows = await db
    .selectFrom("registrations as r")
    .innerJoin("players as p", "p.id", "r.player_id")
    .select("p.user_id")
    .where("r.squad_id", "=", squadId)
    .where("r.status", "in", ["registered", "waitlisted"])
    .execute();
  return rows.map((r) => r.user_id);
}

/** Gives a waitlisted solo player their place (keeps their check-in); false when they no longer wait. */
export async function promotePlayer(db: Db, tournamentId: number, playerId: number): Promise<boolean> {
  const r = await db
    .updateTable("registrations")
    .set({ status: "registered", waitlist_position: null, withdrawn_at_checkin: 0 })
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId)
    .where("status", "=", "waitlisted")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives a waitlisted squad and its waiting members their place; false when it no longer waits. */
export async function promoteSquad(db: Db, squadId: number): Promise<boolean> {
  const r = await db
    .updateTable("squads")
    .set({ status: "registered", waitlist_position: null })
    .where("id", "=", squadId)
    .where("status", "=", "waitlisted")
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await db
    .updateTable("registrations")
    .set({ status: "registered", waitlist_position: null, withdrawn_at_checkin: 0 })
    .where("squad_id", "=", squadId)
    .where("status", "=", "waitlisted")
    .execute();
  return true;
}

/** Sets a solo player's waitlist position. */
export function setPlayerPosition(db: Db, tournamentId: number, playerId: number, position: number) {
  return db
    .updateTable("registrations")
    .set({ waitlist_position: position })
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId)
    .execute();
}

/** Sets a squad's waitlist position. */
export function setSquadPosition(db: Db, squadId: number, position: number) {
  return db.updateTable("squads").set({ waitlist_position: position }).where("id", "=", squadId).execute();
}

/** Takes a waiting solo player off the waitlist (withdrawn). */
export function withdrawPlayer(db: Db, tournamentId: number, playerId: number) {
  return db
    .updateTable("registrations")
    .set({ status: "withdrawn", waitlist_position: null, checked_in: 0 })
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId)
    .where("status", "=", "waitlisted")
    .execute();
}

/** Takes a waiting squad and its members off the waitlist (withdrawn); its invitations go. */
export async function withdrawSquad(db: Db, squadId: number): Promise<void> {
  await db.updateTable("squads").set({ status: "withdrawn", waitlist_position: null }).where("id", "=", squadId).execute();
  await db
    .updateTable("registrations")
    .set({ status: "withdrawn", waitlist_position: null, checked_in: 0 })
    .where("squad_id", "=", squadId)
    .where("status", "=", "waitlisted")
    .execute();
  await db.deleteFrom("squad_invitations").where("squad_id", "=", squadId).execute();
}
