/**
 * The tiebreak chain of a room (issue #19 "Tiebreaks"; MKT-bot's table.py): room rank → total
 * score → the side with a host → the higher top individual score → previous round's score →
 * registration order. In "staff" mode registration order is not used: sides still equal after
 * the previous round's score are a tie that staff decide (a tiebreak race), recorded as an
 * ordered list of entrant ids.
 */

export interface RankInput {
  entrant_id: number;
  /** Side total, penalties subtracted. */
  total: number;
  /** The side hosted the room. */
  has_host: boolean;
  /** The side's best racer total. */
  top_individual: number;
  /** The side's score in the previous round; null in round 1 (counts below any score). */
  previous_score: number | null;
  /** Registration time, ms since epoch (ties on it fall back to entrant_id, the insertion order). */
  registered_at: number;
}

/** chain: registration order is the last automatic step (never a tie); staff: it is not, equal sides are a tie for staff. */
export type TieMode = "chain" | "staff";

export type DecidedBy = "total" | "host" | "top_individual" | "previous_score" | "registration" | "staff";

export interface Ranked extends RankInput {
  /** 1-based room rank; distinct except for unresolved ties, which share the group's best rank (1, 2, 2, 4). */
  rank: number;
  /** The step that separated this side from the one ranked just after it; null for the last and inside an unresolved tie. */
  decided_by: DecidedBy | null;
  /** Unresolved: shares its rank with others until staff decide. */
  tied: boolean;
}

type Step = { name: Exclude<DecidedBy, "staff">; compare: (a: RankInput, b: RankInput) => number };

/** Descending, null below any number. */
function descNullsLast(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return b - a;
}

const STEPS: Step[] = [
  { name: "total", compare: (a, b) => b.total - a.total },
  { name: "host", compare: (a, b) => Number(b.has_host) - Number(a.has_host) },
  { name: "top_individual", compare: (a, b) => b.top_individual - a.top_individual },
  { name: "previous_score", compare: (a, b) => descNullsLast(a.previous_score, b.previous_score) },
  { name: "registration", compare: (a, b) => a.registered_at - b.registered_at || a.entrant_id - b.entrant_id },
];

/** The first step of the chain that orders a and b: [comparison, step], or [0, null] when they are tied. */
export function decidingStep(a: RankInput, b: RankInput, mode: TieMode): [number, Exclude<DecidedBy, "staff"> | null] {
  for (const step of STEPS) {
    if (step.name === "registration" && mode === "staff") break;
    const c = step.compare(a, b);
    if (c !== 0) return [c, step.name];
  }
  return [0, null];
}

/** A run of items the comparison cannot separate, after staff decisions were applied. */
export interface TieGroup<T> {
  members: T[];
  /** A group of 2+ ordered by a staff decision. */
  decided: boolean;
  /** A group of 2+ with no decision covering it. */
  tied: boolean;
}

/**
 * Sorts items by `compare`, groups the runs it leaves equal, and orders each run of 2+ by the
 * first decision (ids best first) that contains every member (extra ids in a decision are
 * ignored, so a decision recorded for a wider group still applies). Undecided runs keep
 * entrant_id order and are marked tied.
 */
export function groupWithDecisions<T extends { entrant_id: number }>(
  items: readonly T[],
  compare: (a: T, b: T) => number,
  decisions: number[][] = [],
): TieGroup<T>[] {
  const sorted = items.slice().sort((a, b) => compare(a, b) || a.entrant_id - b.entrant_id);
  const groups: TieGroup<T>[] = [];
  for (const item of sorted) {
    const last = groups[groups.length - 1];
    if (last && compare(last.members[0]!, item) === 0) last.members.push(item);
    else groups.push({ members: [item], decided: false, tied: false });
  }
  for (const g of groups) {
    if (g.members.length < 2) continue;
    const decision = decisions.find((d) => g.members.every((m) => d.includes(m.entrant_id)));
    if (decision) {
      g.members.sort((a, b) => decision.indexOf(a.entrant_id) - decision.indexOf(b.entrant_id));
      g.decided = true;
    } else g.tied = true;
  }
  return groups;
}

/**
 * Ranks one room's sides by the chain (see module doc), best first. `decisions` = staff orders
 * for tied groups (entrant ids best first), applied to any group of sides equal on every step
 * of the mode when the decision lists all of them. In "chain" mode nothing is left tied.
 */
export function rankRoom(sides: readonly RankInput[], mode: TieMode, decisions: number[][] = []): Ranked[] {
  const groups = groupWithDecisions(sides, (a, b) => decidingStep(a, b, mode)[0], decisions);
  const out: Ranked[] = [];
  let position = 0;
  for (const g of groups) {
    const groupRank = position + 1;
    g.members.forEach((m, i) => {
      position++;
      const lastOfGroup = i === g.members.length - 1;
      out.push({
        ...m,
        rank: g.tied ? groupRank : position,
        decided_by: lastOfGroup ? null : g.decided ? "staff" : null,
        tied: g.tied,
      });
    });
  }
  // The last member of each group is separated from the next group's first by the chain.
  for (let i = 0; i < out.length - 1; i++) {
    if (out[i]!.decided_by === null && out[i + 1]!.rank !== out[i]!.rank) out[i]!.decided_by = decidingStep(out[i]!, out[i + 1]!, mode)[1];
  }
  return out;
}

/**
 * Compares ranked sides of different rooms (wildcards): room rank asc, then the same chain as
 * inside a room (registration only in "chain" mode). Negative = a is better; 0 = tied.
 */
export function compareAcrossRooms(a: Ranked, b: Ranked, mode: TieMode): number {
  return a.rank - b.rank || decidingStep(a, b, mode)[0];
}
