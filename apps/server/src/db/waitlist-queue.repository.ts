import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import type { DB } from "./schema.js";

type Db = Kysely<DB>;

/**
 * SQL every waitlist queue shares (issue #22 §1): the count the cap measures, the next place at
 * the end of the queue and the place shown to a waiting entrant. Below the features, because
 * two of them keep a queue (registrations: solo players and squads; team-registrations: teams)
 * and neither may import the other's repository.
 *
 * A queue is the table of its entrants: `registrations` (solo players), `squads` or
 * `team_registrations`. Each has `tournament_id`, `status` (registered, waitlisted, …) and
 * `waitlist_position` (increasing, gaps allowed, null once the entrant leaves the queue), and
 * only these columns are read here, so one query serves all three.
 */
export type QueueTable = "registrations" | "squads" | "team_registrations";

/**
 * The tournament's rows of the queue's table. On `registrations` only solo players' rows count
 * as entrants: squad and team members' rows wait with their squad's or team's own row.
 */
function entrants(db: Db, table: QueueTable, tournamentId: number) {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's own "nothing selected yet"
  const from: SelectQueryBuilder<DB, QueueTable, {}> =
    table === "registrations"
      ? db.selectFrom("registrations").where("squad_id", "is", null).where("team_id", "is", null)
      : db.selectFrom(table);
  return from.where("tournament_id", "=", tournamentId);
}

/** Registered entrants of the tournament's queue (the count the cap measures). */
export async function registeredCount(db: Db, table: QueueTable, tournamentId: number): Promise<number> {
  const r = await entrants(db, table, tournamentId)
    .select(sql<number>`count(*)`.as("n"))
    .where("status", "=", "registered")
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The position after the last waiting entrant (1 when none wait). Read over every waiting row of
 * the table (on `registrations`, squad and team members' too), as it always was: a position
 * only orders the queue, so a gap it may leave is harmless.
 */
export async function nextPosition(db: Db, table: QueueTable, tournamentId: number): Promise<number> {
  const r = await db
    .selectFrom(table)
    .select(sql<number | null>`max(waitlist_position)`.as("p"))
    .where("tournament_id", "=", tournamentId)
    .where("status", "=", "waitlisted")
    .executeTakeFirstOrThrow();
  return Number(r.p ?? 0) + 1;
}

/** How many waiting entrants are ahead of or at `position` (the 1-based place shown). */
export async function rank(db: Db, table: QueueTable, tournamentId: number, position: number): Promise<number> {
  const r = await entrants(db, table, tournamentId)
    .select(sql<number>`count(*)`.as("n"))
    .where("status", "=", "waitlisted")
    .where("waitlist_position", "<=", position)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
