import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** The series roles (series_admin, series_mod) an account holds, one row per series and role. */
export function seriesRolesOfUser(db: Db, userId: number) {
  return db.selectFrom("series_roles").select(["series_id", "role"]).where("user_id", "=", userId).execute();
}

/**
 * The one projection of a tournament that access checks and the registration, team
 * registration and placement rules read: visibility (`published`, `tournament_series_id`),
 * the registration format and its settings, check-in state, the transfer deadline (ms, UTC
 * midnight of the date) and the placements override. The tournament page reads its own, wider
 * row (`tournaments.repository.ts findTournament`).
 */
export function findTournamentAccessRow(db: Db, id: number) {
  return db
    .selectFrom("tournaments")
    .select([
      "id",
      "title",
      "published",
      "tournament_series_id",
      "event_format",
      "game",
      "game_mode",
      "minimum_team_size",
      "maximum_team_size",
      "team_name_required",
      "team_tag_required",
      "player_host_required",
      "player_mii_name_required",
      "player_mii_name_max_length",
      "checkin_required",
      "checkin_status",
      "checkin_minimum",
      "verification_required",
      "registrations_open",
      "custom_field_name",
      "transfer_deadline",
      "total_registrations_override",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A tournament as access checks and registration rules see it. */
export type TournamentAccessRow = NonNullable<Awaited<ReturnType<typeof findTournamentAccessRow>>>;
