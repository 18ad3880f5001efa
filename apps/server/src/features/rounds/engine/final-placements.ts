/**
 * Final placements of an FFA event from its rounds (issue #19 "Final placements"): by the round
 * reached, then room rank within the last round played; sides eliminated in the same round with
 * the same room rank share a placement range ("5–8"), written in the placements table's
 * convention (contract placements.ts: placement = the worse end, placement_upper_bound = the
 * better end, null for a single place).
 */

export interface FinalInput {
  entrant_id: number;
  /** Number of the last round the side played. */
  round_reached: number;
  /** Its rank in its room of that round. */
  room_rank: number;
  /** Its total in that round (orders the final's sides of equal rank, e.g. from different rooms). */
  total: number;
  /** Knocked out in round_reached. Informational: the order depends on round_reached only. */
  eliminated: boolean;
}

/**
 * Orders every side: round_reached desc. Sides of the last round of the event (the highest
 * round_reached, the final) are ordered by room rank asc then total desc, sides equal on both
 * sharing a range; sides of an earlier round are ordered by room rank asc, and those with the
 * same rank share a range whatever their totals (their rooms played different races).
 * E.g. 48 solo racers, 4 rooms → 2 → final of 12: 1…12 single places, semifinal 7ths 13–14, …,
 * 12ths 23–24; round 1 7ths 25–28, …, 12ths 45–48. Within a range, rows come by total desc then
 * entrant_id. Returns rows best first.
 */
export function finalPlacements(
  inputs: readonly FinalInput[],
): Array<{ entrant_id: number; placement: number; placement_upper_bound: number | null }> {
  const lastRound = Math.max(...inputs.map((i) => i.round_reached));
  const key = (i: FinalInput) => [-i.round_reached, i.room_rank, i.round_reached === lastRound ? -i.total : 0];
  const compareKeys = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  const sorted = inputs.slice().sort((a, b) => compareKeys(key(a), key(b)) || b.total - a.total || a.entrant_id - b.entrant_id);
  const out: Array<{ entrant_id: number; placement: number; placement_upper_bound: number | null }> = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i + 1;
    while (j < sorted.length && compareKeys(key(sorted[i]!), key(sorted[j]!)) === 0) j++;
    const best = i + 1;
    const worst = j;
    for (let k = i; k < j; k++)
      out.push({ entrant_id: sorted[k]!.entrant_id, placement: worst, placement_upper_bound: worst === best ? null : best });
    i = j;
  }
  return out;
}
