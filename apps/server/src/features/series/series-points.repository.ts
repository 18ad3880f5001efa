import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

/** SQL of series points (issue #22 §4): the rule, adjustments and the tournaments that count. */

export function findRule(db: Kysely<DB>, seriesId: number) {
  return db.selectFrom("series_points_rules").selectAll().where("series_id", "=", seriesId).executeTakeFirst();
}

/** Inserts or replaces the series' rule (one row per series). */
export async function upsertRule(
  db: Kysely<DB>,
  row: {
    series_id: number;
    ranges: string;
    tie_rule: string;
    best_n: number | null;
    multipliers: string;
    updated_by: number;
    updated_at: number;
  },
): Promise<void> {
  await db
    .insertInto("series_points_rules")
    .values(row)
    .onConflict((oc) =>
      oc.column("series_id").doUpdateSet({
        ranges: row.ranges,
        tie_rule: row.tie_rule,
        best_n: row.best_n,
        multipliers: row.multipliers,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Sum of adjustments per key (for standings). */
export function adjustmentSums(db: Kysely<DB>, seriesId: number) {
  return db
    .selectFrom("series_points_adjustments")
    .select(["entrant_key", (eb) => eb.fn.sum<number | string>("points").as("points")])
    .where("series_id", "=", seriesId)
    .groupBy("entrant_key")
    .execute();
}

/** Every adjustment of the series, newest first, with the display name of who made it. */
export function listAdjustments(db: Kysely<DB>, seriesId: number) {
  return db
    .selectFrom("series_points_adjustments as a")
    .leftJoin("players as p", "p.user_id", "a.created_by")
    .select(["a.id", "a.entrant_key", "a.points", "a.reason", "a.created_at", "p.display_name as created_by_name"])
    .where("a.series_id", "=", seriesId)
    .orderBy("a.id", "desc")
    .execute();
}

export async function insertAdjustments(
  db: Kysely<DB>,
  rows: Array<{ series_id: number; entrant_key: string; points: number; reason: string; created_by: number; created_at: number }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto("series_points_adjustments")
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Deletes one adjustment of the series; returns whether it existed. */
export async function deleteAdjustment(db: Kysely<DB>, seriesId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom("series_points_adjustments").where("series_id", "=", seriesId).where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** The series' published tournaments whose results count (series_stats_include), oldest first. */
export function countedTournaments(db: Kysely<DB>, seriesId: number) {
  return db
    .selectFrom("tournaments")
    .select(["id", "title", "start_date"])
    .where("tournament_series_id", "=", seriesId)
    .where("published", "=", 1)
    .where("series_stats_include", "=", 1)
    .orderBy("start_date", "asc")
    .orderBy("id", "asc")
    .execute();
}

/** Which of `ids` are players (existing rows). */
export async function existingPlayerIds(db: Kysely<DB>, ids: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("players")
      .select("id")
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/** Which of `ids` are teams (existing rows). */
export async function existingTeamIds(db: Kysely<DB>, ids: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("teams")
      .select("id")
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.add(r.id);
  }
  return out;
}
