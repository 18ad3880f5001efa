import type { Kysely } from "kysely";
import type { Database } from "../database.js";

/**
 * Capacity and waitlist (issue #22 §1).
 *
 * - `tournaments.max_entrants`: the cap on registered entrants — players (solo), squads (squad)
 *   or teams (team); null is no cap.
 * - A waitlisted entrant is a row with status `waitlisted` (registrations of a solo player,
 *   a squad and its members, a team registration and its members), so every list, count,
 *   placement editor, FFA sheet and rounds draw that reads `status = 'registered'` leaves it
 *   out without change. Its place in the queue is `waitlist_position` on the entrant's row
 *   (solo registration, squad, team registration): increasing, gaps allowed, null once the
 *   entrant leaves the waitlist.
 */
export async function up(db: Kysely<unknown>, _dialect: Database["dialect"]): Promise<void> {
  await db.schema.alterTable("tournaments").addColumn("max_entrants", "integer").execute();
  for (const table of ["registrations", "squads", "team_registrations"]) {
    await db.schema.alterTable(table).addColumn("waitlist_position", "integer").execute();
  }
  await db.schema.createIndex("squads_waitlist").on("squads").columns(["tournament_id", "status", "waitlist_position"]).execute();
  await db.schema
    .createIndex("team_registrations_waitlist")
    .on("team_registrations")
    .columns(["tournament_id", "status", "waitlist_position"])
    .execute();
}
