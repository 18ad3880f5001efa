import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/**
 * The queries of the organiser tools (issue #22 §2, §3): player look-ups for bulk add, the
 * rows of a bulk action, and the registrations export. Look-ups take every id, name or code of
 * a list at once.
 */

const PLAYER_COLUMNS = ["id", "user_id", "display_name", "country_code", "is_banned", "is_shadow"] as const;
export type LookupPlayer = {
  id: number;
  user_id: number | null;
  display_name: string;
  country_code: string;
  is_banned: number;
  is_shadow: number;
};

export async function playersByIds(db: Db, ids: number[]): Promise<LookupPlayer[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("players").select(PLAYER_COLUMNS).where("id", "in", ids).execute();
}

/** Players whose name equals one of `lowerNames` ignoring case (names already lower-cased and tidied). */
export async function playersByNames(db: Db, lowerNames: string[]): Promise<LookupPlayer[]> {
  if (lowerNames.length === 0) return [];
  return db
    .selectFrom("players")
    .select(PLAYER_COLUMNS)
    .where(sql<string>`lower(display_name)`, "in", lowerNames)
    .orderBy("id")
    .execute();
}

/** Players holding one of `codes` (normalized, no prefix) in any of the three friend-code fields, with the codes they hold. */
export async function playersByFriendCodes(db: Db, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .selectFrom("players")
    .select([...PLAYER_COLUMNS, "switch_fc", "fc_3ds", "mktour_fc"])
    .where((eb) => eb.or([eb("switch_fc", "in", codes), eb("fc_3ds", "in", codes), eb("mktour_fc", "in", codes)]))
    .orderBy("id")
    .execute();
}

/** The status of each of `playerIds`'s registrations in the tournament (players without one are absent). */
export async function registrationStatuses(db: Db, tournamentId: number, playerIds: number[]) {
  if (playerIds.length === 0) return [];
  return db
    .selectFrom("registrations")
    .select(["player_id", "status"])
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "in", playerIds)
    .execute();
}

/** The squad's registered members with check-in state and account (for bulk check-in of squads). */
export function registeredMembers(db: Db, squadId: number) {
  return db
    .selectFrom("registrations as r")
    .innerJoin("players as p", "p.id", "r.player_id")
    .select(["r.player_id", "r.checked_in", "p.user_id", "p.display_name"])
    .where("r.squad_id", "=", squadId)
    .where("r.status", "=", "registered")
    .execute();
}

/** Sets `checked_in` on the given players' registrations. */
export async function setCheckedIn(db: Db, tournamentId: number, playerIds: number[], checkedIn: boolean) {
  if (playerIds.length === 0) return;
  await db
    .updateTable("registrations")
    .set({ checked_in: checkedIn ? 1 : 0 })
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "in", playerIds)
    .execute();
}

/** Every player of a registrations list export with staff fields (status, verification, codes), ordered by squad then registration. */
export function exportRows(db: Db, tournamentId: number, status: string) {
  return db
    .selectFrom("registrations as r")
    .innerJoin("players as p", "p.id", "r.player_id")
    .leftJoin("squads as s", "s.id", "r.squad_id")
    .select([
      "r.player_id",
      "r.status",
      "r.verified",
      "r.checked_in",
      "r.can_host",
      "r.mii_name",
      "r.custom_field",
      "r.registered_at",
      "r.is_captain",
      "r.squad_id",
      "s.squad_tag",
      "s.squad_name",
      "s.verified as squad_verified",
      "p.display_name",
      "p.country_code",
      "p.discord_tag",
      "p.discord_privacy",
      "p.is_hidden",
      "p.switch_fc",
      "p.fc_3ds",
      "p.mktour_fc",
      "p.nnid",
    ])
    .where("r.tournament_id", "=", tournamentId)
    .where("r.status", "=", status)
    .orderBy("s.created_at")
    .orderBy("r.squad_id")
    .orderBy("r.registered_at")
    .orderBy("r.player_id")
    .execute();
}

/** Registered member count of each squad of the tournament (the tables' Eligible column). */
export function squadSizes(db: Db, tournamentId: number) {
  return db
    .selectFrom("registrations")
    .select(["squad_id", sql<number>`count(*)`.as("n")])
    .where("tournament_id", "=", tournamentId)
    .where("status", "=", "registered")
    .where("squad_id", "is not", null)
    .groupBy("squad_id")
    .execute();
}
