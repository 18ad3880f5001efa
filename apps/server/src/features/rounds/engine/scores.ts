/**
 * A room's score table (issue #19 "Score entry"): racer totals in the three entry modes
 * (per race, per GP, totals), the per-race placement grid, the room total check and side
 * totals. Pure functions; points tables come from the contract.
 */
import { expectedRoomTotal, pointsForPosition, type PointsTableLike } from "@site/contract";

export interface RacerScore {
  player_id: number;
  /** The side (entrant) the racer plays for. */
  entrant_id: number;
  /** Per-race points; null entry = disconnected for that race (scores nothing, not counted as racing). */
  races: Array<number | null> | null;
  /** GP subtotals (4 races each), when the table was entered per GP. */
  gp: number[] | null;
  /** Total, when the table was entered as totals only. */
  total_override: number | null;
  /** Points subtracted (e.g. 15 for a track repick), ≥ 0. */
  penalty: number;
}

/**
 * A racer's total: the sum of `races` (disconnected races count 0) when present, else the sum
 * of `gp`, else `total_override` (0 when absent); minus `penalty`. May be negative.
 */
export function racerTotal(r: RacerScore): number {
  return rawPoints(r) - r.penalty;
}

/** Points scored before penalties. */
function rawPoints(r: RacerScore): number {
  if (r.races) return r.races.reduce<number>((sum, p) => sum + (p ?? 0), 0);
  if (r.gp) return r.gp.reduce((sum, p) => sum + p, 0);
  return r.total_override ?? 0;
}

/**
 * Per-race placement grid → points. `positions[race][racer]` = the racer's 1-based finishing
 * position in that race, or null when the racer did not finish it (disconnected / absent).
 * Every race row must have one cell per racer (the first row's length), and its positions
 * must be distinct integers forming exactly 1..k, k = racers with a position in that race; the
 * table must have a row for k racers.
 * Returns `points[race][racer]` (the same shape as `positions`; null where the position was
 * null), or the first invalid race as `{ ok: false, race (1-based), message }`; the message
 * does not repeat the race number (callers show "Race {race}: {message}").
 */
export function gridToPoints(
  table: PointsTableLike,
  positions: Array<Array<number | null>>,
): { ok: true; points: Array<Array<number | null>> } | { ok: false; race: number; message: string } {
  const racers = positions[0]?.length ?? 0;
  const points: Array<Array<number | null>> = [];
  for (let r = 0; r < positions.length; r++) {
    const row = positions[r]!;
    const race = r + 1;
    if (row.length !== racers) return { ok: false, race, message: `expected ${racers} racers, got ${row.length}.` };
    const given = row.filter((p): p is number => p !== null);
    const k = given.length;
    const seen = new Set<number>();
    for (const p of given) {
      if (!Number.isInteger(p) || p < 1 || p > k) {
        return { ok: false, race, message: `position ${p} is not between 1 and ${k} (${k} racers finished).` };
      }
      if (seen.has(p)) return { ok: false, race, message: `position ${p} is given twice.` };
      seen.add(p);
    }
    if (k > 0 && !table.points[k]) return { ok: false, race, message: `the points table has no row for ${k} racers.` };
    points.push(row.map((p) => (p === null ? null : pointsForPosition(table, k, p))));
  }
  return { ok: true, points };
}

/**
 * The room total check (issue #19: "the total is checked against points-per-race × races minus
 * penalties"). expected = Σ over races of pointsPerRace(table, racers who raced it): a racer
 * with a `races` array raced race i when `races[i]` is a number; a racer entered per GP or by
 * total is assumed to have raced every race. actual = Σ (racerTotal + penalty), i.e. points
 * before penalties. mismatch = actual ≠ expected (a warning the organiser confirms, not an error).
 */
export function checkRoomTotal(
  table: PointsTableLike,
  races: number,
  racers: RacerScore[],
): { expected: number; actual: number; mismatch: boolean } {
  const perRace = Array.from({ length: races }, (_, i) => racers.filter((r) => (r.races ? typeof r.races[i] === "number" : true)).length);
  const expected = expectedRoomTotal(table, perRace);
  const actual = racers.reduce((sum, r) => sum + rawPoints(r), 0);
  return { expected, actual, mismatch: actual !== expected };
}

export interface SideTotal {
  entrant_id: number;
  /** Σ racerTotal of the side's racers (penalties subtracted). */
  total: number;
  /** The side's best racerTotal (penalty subtracted): the tiebreak's "top individual score". */
  top_individual: number;
}

/** Groups racers by side: one SideTotal per entrant_id, in order of first appearance. */
export function sideTotals(racers: RacerScore[]): SideTotal[] {
  const sides = new Map<number, SideTotal>();
  for (const r of racers) {
    const t = racerTotal(r);
    const side = sides.get(r.entrant_id);
    if (side) {
      side.total += t;
      side.top_individual = Math.max(side.top_individual, t);
    } else sides.set(r.entrant_id, { entrant_id: r.entrant_id, total: t, top_individual: t });
  }
  return [...sides.values()];
}
