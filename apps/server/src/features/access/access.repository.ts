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

/**
 * The next instant (ms since the epoch) after `now` at which a published tournament list can
 * change by the clock alone (issue #16: lists kept until a write or until then): a start (it
 * moves from upcoming to ongoing), an end passing (ongoing to past; `end_date >= now` is still
 * ongoing, so the end plus 1 ms), or a scheduled registration close (its card's open state).
 * Null when no such instant lies ahead. Published, non-historical rows by their date indexes;
 * the registration close over every row (a scan, paid only when a list is computed).
 */
export async function nextListChange(db: Db, now: number): Promise<number | null> {
  const min = (column: "start_date" | "end_date", op: ">" | ">=") =>
    db
      .selectFrom("tournaments")
      .select((eb) => eb.fn.min(column).as("at"))
      .where("is_historical", "=", 0)
      .where("published", "=", 1)
      .where(column, op, now)
      .executeTakeFirst();
  const [start, end, close] = await Promise.all([
    min("start_date", ">"),
    min("end_date", ">="),
    db
      .selectFrom("tournaments")
      .select((eb) => eb.fn.min("registrations_close_at").as("at"))
      .where("registrations_close_at", ">", now)
      .executeTakeFirst(),
  ]);
  const times = [start?.at, end?.at === null || end?.at === undefined ? null : Number(end.at) + 1, close?.at]
    .filter((t) => t !== null && t !== undefined)
    .map(Number);
  return times.length > 0 ? Math.min(...times) : null;
}
