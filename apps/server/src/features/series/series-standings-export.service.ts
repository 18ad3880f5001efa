import type { AppContext } from "../../context.js";
import { type CsvCell, toCsv } from "../../lib/csv.js";
import type { Actor } from "../permissions/permissions.js";
import { getStandings } from "./series-points.service.js";

/**
 * The series standings download (issue #22 §3 with §4), visible exactly when the standings are
 * (404 for a hidden series): one row per entrant in rank order — Rank, ID (player or team id,
 * or the squad name the series aggregates by; the `id,points` import takes the same ids), Name,
 * one column per counted tournament (its title, `×2` for a multiplier; the points after the
 * multiplier, a result dropped by "best N of M" in brackets, empty without a result),
 * Adjustments and Total. A series without a rule answers the header only.
 */
export async function standingsCsv(ctx: AppContext, actor: Actor, seriesId: number): Promise<{ filename: string; body: string }> {
  const s = await getStandings(ctx, actor, seriesId);
  const header = [
    "Rank",
    "ID",
    "Name",
    ...s.tournaments.map((t) => (t.multiplier !== 1 ? `${t.title} (×${t.multiplier})` : t.title)),
    "Adjustments",
    "Total",
  ];
  const rows = s.rows.map((r): CsvCell[] => {
    const byTournament = new Map(r.results.map((x) => [x.tournament_id, x]));
    return [
      r.rank,
      r.key,
      r.name,
      ...s.tournaments.map((t) => {
        const x = byTournament.get(t.id);
        return x === undefined ? "" : x.counted ? x.points : `(${x.points})`;
      }),
      r.adjustments,
      r.total,
    ];
  });
  return { filename: `standings_${s.series_id}.csv`, body: toCsv(header, rows) };
}
