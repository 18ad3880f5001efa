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
 * the registration format and its settings, check-in state and the schedule (migration 0028;
 * the service applies it, `tournament-schedule.ts`), the transfer deadline (ms, UTC
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
      "registrations_close_at",
      "checkin_opens_at",
      "checkin_closes_at",
      "custom_field_name",
      "transfer_deadline",
      "total_registrations_override",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** A tournament as access checks and registration rules see it. */
export type TournamentAccessRow = NonNullable<Awaited<ReturnType<typeof findTournamentAccessRow>>>;

/**
 * The per-tournament rights of an account (issue #22 §5): tournaments it administrates
 * (`tournament_admins`, the approved proposer) and tournaments it proposed (any status).
 */
export async function tournamentRolesOfUser(db: Db, userId: number): Promise<Array<{ tournament_id: number; role: "admin" | "proposer" }>> {
  const [admins, proposed] = await Promise.all([
    db.selectFrom("tournament_admins").select("tournament_id").where("user_id", "=", userId).execute(),
    db.selectFrom("tournament_proposals").select("tournament_id").where("user_id", "=", userId).execute(),
  ]);
  return [
    ...proposed.map((r) => ({ tournament_id: r.tournament_id, role: "proposer" as const })),
    ...admins.map((r) => ({ tournament_id: r.tournament_id, role: "admin" as const })),
  ];
}
