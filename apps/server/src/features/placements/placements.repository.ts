import type { Kysely } from "kysely";
import type { EntrantType } from "@site/contract";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** Every placement of a tournament, ranked rows by placement then DQ rows (index placements_order). */
export function placementsOf(db: Db, tournamentId: number) {
  return db
    .selectFrom("placements")
    .select(["id", "tournament_id", "entrant_type", "entrant_id", "placement", "placement_upper_bound", "dq", "title"])
    .where("tournament_id", "=", tournamentId)
    .orderBy("dq", "asc")
    .orderBy("placement", "asc")
    .orderBy("id", "asc")
    .execute();
}
export type PlacementRecord = Awaited<ReturnType<typeof placementsOf>>[number];

/** One page of `placementsOf` (same order: placements_order, then the row id), and how many rows there are in all. */
export async function placementsPage(db: Db, tournamentId: number, limit: number, offset: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom("placements")
      .select(["id", "tournament_id", "entrant_type", "entrant_id", "placement", "placement_upper_bound", "dq", "title"])
      .where("tournament_id", "=", tournamentId)
      .orderBy("dq", "asc")
      .orderBy("placement", "asc")
      .orderBy("id", "asc")
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom("placements")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tournament_id", "=", tournamentId)
      .executeTakeFirst(),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One entrant's placement record in a tournament, if placed (the placements_unique index). */
export function placementOf(db: Db, tournamentId: number, type: EntrantType, entrantId: number) {
  return db
    .selectFrom("placements")
    .select(["id", "tournament_id", "entrant_type", "entrant_id", "placement", "placement_upper_bound", "dq", "title"])
    .where("tournament_id", "=", tournamentId)
    .where("entrant_type", "=", type)
    .where("entrant_id", "=", entrantId)
    .executeTakeFirst();
}

/** The number of registered entrants of the tournament's kind (players, squads or teams). */
export async function registeredCount(db: Db, tournamentId: number, type: EntrantType): Promise<number> {
  const n = (r: { n: number | string | bigint } | undefined) => Number(r?.n ?? 0);
  if (type === "squad") {
    return n(
      await db
        .selectFrom("squads")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tournament_id", "=", tournamentId)
        .where("status", "=", "registered")
        .executeTakeFirst(),
    );
  }
  if (type === "team") {
    return n(
      await db
        .selectFrom("team_registrations")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("tournament_id", "=", tournamentId)
        .where("status", "=", "registered")
        .executeTakeFirst(),
    );
  }
  return n(
    await db
      .selectFrom("registrations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("tournament_id", "=", tournamentId)
      .where("status", "=", "registered")
      .where("squad_id", "is", null)
      .where("team_id", "is", null)
      .executeTakeFirst(),
  );
}

/**
 * The entrants of a tournament with their registration status (registered, withdrawn,
 * rejected; invitations are not entrants): solo players, squads, or teams read straight from
 * team_registrations (the team-registration feature owns their writes).
 */
export async function entrantsOf(db: Db, tournamentId: number, type: EntrantType): Promise<Array<{ id: number; status: string }>> {
  if (type === "squad") {
    return db.selectFrom("squads").select(["id", "status"]).where("tournament_id", "=", tournamentId).execute();
  }
  if (type === "team") {
    return db.selectFrom("team_registrations").select(["team_id as id", "status"]).where("tournament_id", "=", tournamentId).execute();
  }
  return db
    .selectFrom("registrations")
    .select(["player_id as id", "status"])
    .where("tournament_id", "=", tournamentId)
    .where("squad_id", "is", null)
    .where("team_id", "is", null)
    .where("status", "!=", "invited")
    .execute();
}

/** The viewer's registration in a tournament (squad and team ids), if any. */
export function registrationOf(db: Db, tournamentId: number, playerId: number) {
  return db
    .selectFrom("registrations")
    .select(["squad_id", "team_id", "status"])
    .where("tournament_id", "=", tournamentId)
    .where("player_id", "=", playerId)
    .executeTakeFirst();
}

export function playerOfUser(db: Db, userId: number) {
  return db.selectFrom("players").select(["id"]).where("user_id", "=", userId).executeTakeFirst();
}

/** Replaces the placements and the override of a tournament; run inside the caller's transaction. */
export async function replacePlacements(
  trx: Db,
  tournamentId: number,
  type: EntrantType,
  rows: ReadonlyArray<{
    entrant_id: number;
    placement: number | null;
    placement_upper_bound: number | null;
    dq: boolean;
    title: string | null;
  }>,
  override: number | null,
): Promise<void> {
  await trx.deleteFrom("placements").where("tournament_id", "=", tournamentId).execute();
  // Chunks keep each INSERT under SQLite's bound-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto("placements")
      .values(
        rows.slice(i, i + 500).map((r) => ({
          tournament_id: tournamentId,
          entrant_type: type,
          entrant_id: r.entrant_id,
          placement: r.placement,
          placement_upper_bound: r.placement_upper_bound,
          dq: r.dq ? 1 : 0,
          title: r.title,
        })),
      )
      .execute();
  }
  await trx.updateTable("tournaments").set({ total_registrations_override: override }).where("id", "=", tournamentId).execute();
}
