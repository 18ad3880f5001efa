import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import { cardQuery } from "./tournaments.repository.js";

type Db = Kysely<DB>;

/** The player of an account (none: the account has no registry profile yet). */
export function playerOfUser(db: Db, userId: number) {
  return db.selectFrom("players").select(["id"]).where("user_id", "=", userId).executeTakeFirst();
}

/**
 * The player's registered or waitlisted rows (solo, squad member or team member), each with its
 * tournament's card columns, its squad or team and that entry's own status, verification and
 * waitlist position (issue #22 §1). Uses the `registrations_player` index; a squad or team entry
 * that is neither registered nor waiting is left out.
 */
export function registeredRows(db: Db, playerId: number) {
  return cardQuery(db)
    .innerJoin("registrations as r", "r.tournament_id", "t.id")
    .leftJoin("squads as q", "q.id", "r.squad_id")
    .leftJoin("team_registrations as tr", (j) => j.onRef("tr.tournament_id", "=", "t.id").onRef("tr.team_id", "=", "r.team_id"))
    .leftJoin("teams as tm", "tm.id", "r.team_id")
    .select([
      "t.verification_required",
      "r.verified as reg_verified",
      "r.opted_out",
      "r.squad_id",
      "q.squad_name",
      "q.squad_tag",
      "q.verified as squad_verified",
      "r.team_id",
      "tm.team_name",
      "tm.team_tag",
      "tr.verified as team_verified",
      "r.status as reg_status",
      "r.waitlist_position as reg_waitlist_position",
      "q.waitlist_position as squad_waitlist_position",
      "tr.waitlist_position as team_waitlist_position",
    ])
    .where("r.player_id", "=", playerId)
    .where("r.status", "in", ["registered", "waitlisted"])
    .where((eb) => eb.or([eb("r.squad_id", "is", null), eb("q.status", "in", ["registered", "waitlisted"])]))
    .where((eb) => eb.or([eb("r.team_id", "is", null), eb("tr.status", "in", ["registered", "waitlisted"])]))
    .execute();
}
export type RegisteredRow = Awaited<ReturnType<typeof registeredRows>>[number];

/**
 * Registered team entries of a team the player is on now (primary or secondary roster) in
 * tournaments where the player has no row of their own yet (a member who joined after the team
 * registered plays for it once the join counts by the transfer deadline; the service decides
 * that with `joined_at` and `transfer_deadline`).
 */
export function teamEntriesWithoutRow(db: Db, playerId: number) {
  return cardQuery(db)
    .innerJoin("team_registrations as tr", "tr.tournament_id", "t.id")
    .innerJoin("team_memberships as m", (j) =>
      j.on((eb) => eb.or([eb("m.team_id", "=", eb.ref("tr.team_id")), eb("m.team_id", "=", eb.ref("tr.secondary_team_id"))])),
    )
    .innerJoin("teams as tm", "tm.id", "tr.team_id")
    .select([
      "t.verification_required",
      "t.transfer_deadline",
      "tr.team_id",
      "tr.registered_at",
      "tr.verified as team_verified",
      "tm.team_name",
      "tm.team_tag",
      "m.joined_at",
    ])
    .where("m.player_id", "=", playerId)
    .where("m.left_at", "is", null)
    .where("tr.status", "=", "registered")
    .where("t.event_format", "=", 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("registrations as r2")
            .select("r2.id")
            .whereRef("r2.tournament_id", "=", "t.id")
            .where("r2.player_id", "=", playerId),
        ),
      ),
    )
    .execute();
}
export type TeamEntryRow = Awaited<ReturnType<typeof teamEntriesWithoutRow>>[number];
