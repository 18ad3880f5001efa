import type { PointsRule, StandingsRow, TieRule } from "@site/contract";
import type { MessageCode } from "../../lib/errors.js";

/**
 * Pure standings arithmetic of issue #22 §4 (no I/O; `series-points.service.ts` feeds it).
 *
 * - A place earns the points of the range containing it, 0 outside every range.
 * - A tie over places lo..hi (placement 3, upper bound 4) earns by the tie rule: `best` the
 *   points of lo, `worst` those of hi, `average` the mean over lo..hi.
 * - A disqualified result earns 0 (it still shows in the breakdown).
 * - A tournament's multiplier (default 1) scales the result's points.
 * - `best_n`: only the N highest results of an entrant count; the others are marked dropped
 *   (ties between equal results drop the later tournament).
 * - Total = counted results + adjustments, rounded to 2 decimals; rows are ordered by total,
 *   then name, and equal totals share a rank (1, 2, 2, 4).
 */

/** Points of one place under the rule's ranges (0 when no range covers it). */
export function pointsForPlace(rule: Pick<PointsRule, "ranges">, place: number): number {
  for (const r of rule.ranges) if (place >= r.from && place <= r.to) return r.points;
  return 0;
}

/** Points of a placement spanning places lo..hi (hi = lo when not tied) under `tie`. */
export function pointsForPlacement(rule: Pick<PointsRule, "ranges">, tie: TieRule, lo: number, hi: number): number {
  const top = Math.min(lo, hi);
  const bottom = Math.max(lo, hi);
  if (tie === "best") return pointsForPlace(rule, top);
  if (tie === "worst") return pointsForPlace(rule, bottom);
  let sum = 0;
  for (let p = top; p <= bottom; p++) sum += pointsForPlace(rule, p);
  return sum / (bottom - top + 1);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** One placed result credited to a standings key. */
export interface ResultInput {
  key: number | string;
  tournament_id: number;
  /** Tournament order (earlier first) for the breakdown and for dropping equal results. */
  order: number;
  placement: number | null;
  placement_upper_bound: number | null;
  dq: boolean;
}

/**
 * The ranked standings. `names` maps every key (results' and adjustments') to its display name;
 * keys without a name are left out (hidden or deleted players). `adjustments` maps a key to the
 * sum of its adjustments.
 */
export function computeStandings(
  rule: PointsRule,
  results: ResultInput[],
  adjustments: Map<number | string, number>,
  names: Map<number | string, string>,
): StandingsRow[] {
  const byKey = new Map<number | string, Array<ResultInput & { points: number }>>();
  for (const r of results) {
    let points = 0;
    if (!r.dq && r.placement !== null) {
      const lo = r.placement;
      const hi = r.placement_upper_bound ?? r.placement;
      points = pointsForPlacement(rule, rule.tie_rule, lo, hi) * (rule.multipliers[String(r.tournament_id)] ?? 1);
    }
    const list = byKey.get(r.key);
    const row = { ...r, points: round2(points) };
    if (list) list.push(row);
    else byKey.set(r.key, [row]);
  }
  for (const k of adjustments.keys()) if (!byKey.has(k)) byKey.set(k, []);

  const rows: Omit<StandingsRow, "rank">[] = [];
  for (const [key, list] of byKey) {
    const name = names.get(key);
    if (name === undefined) continue;
    list.sort((a, b) => a.order - b.order);
    const counted = new Set<ResultInput & { points: number }>();
    const best = [...list].sort((a, b) => b.points - a.points || a.order - b.order);
    for (const r of rule.best_n === null ? best : best.slice(0, rule.best_n)) counted.add(r);
    const adj = adjustments.get(key) ?? 0;
    const total = round2([...counted].reduce((s, r) => s + r.points, 0) + adj);
    rows.push({
      key,
      name,
      total,
      adjustments: adj,
      results: list.map((r) => ({
        tournament_id: r.tournament_id,
        placement: r.placement === null ? null : Math.min(r.placement, r.placement_upper_bound ?? r.placement),
        placement_upper_bound:
          r.placement_upper_bound === null || r.placement === null ? null : Math.max(r.placement, r.placement_upper_bound),
        points: r.points,
        counted: counted.has(r),
      })),
    });
  }
  const collator = new Intl.Collator("en", { sensitivity: "base" });
  rows.sort((a, b) => b.total - a.total || collator.compare(a.name, b.name));
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1]!.total !== r.total) rank = i + 1;
    return { rank, ...r };
  });
}

/** A refusal of `parsePointsCsv`: the English message and its catalogue code (#21). */
export class PointsCsvError extends Error {
  constructor(
    message: string,
    readonly messageCode: MessageCode,
  ) {
    super(message);
  }
}

/**
 * Parses `id,points` CSV text (an optional `id,points` header; blank lines skipped). Ids are
 * positive integers, points whole numbers (may be negative). Throws an Error naming the first
 * bad line (1-based) so the service can answer 400 with it.
 */
export function parsePointsCsv(text: string, maxRows: number): Array<{ id: number; points: number }> {
  const out: Array<{ id: number; points: number }> = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    if (i === 0 && /^"?id"?\s*,\s*"?points"?$/i.test(line)) continue;
    const m = /^"?(\d+)"?\s*,\s*"?(-?\d+)"?$/.exec(line);
    if (!m) throw new PointsCsvError(`Line ${i + 1} is not "id,points".`, { code: "series.csv_bad_line", params: { line: i + 1 } });
    out.push({ id: Number(m[1]), points: Number(m[2]) });
    if (out.length > maxRows)
      throw new PointsCsvError(`At most ${maxRows} rows may be imported at once.`, {
        code: "series.csv_too_many",
        params: { max: maxRows },
      });
  }
  if (out.length === 0) throw new PointsCsvError("The CSV has no rows.", { code: "series.csv_empty" });
  return out;
}
