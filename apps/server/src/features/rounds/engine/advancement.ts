/**
 * Advancement (issue #19 "Advancement"; MKT-bot's advanceAlg.py): the top N sides of each room
 * advance, plus "wildcards" — the best of the rest across rooms — so that the next round's
 * rooms are exactly full. The planner lists the combinations, the organiser picks one, and
 * applyAdvancement marks who goes through.
 */
import { compareAcrossRooms, groupWithDecisions, type Ranked, type TieMode } from "./ranking.js";

export interface PlanOption {
  /** Top N of each room advance. */
  per_room: number;
  /** Best non-advancing sides across rooms added to fill the next rooms. */
  wildcards: number;
  /** The room rank wildcards are counted from (per_room + 1). */
  wildcard_from_rank: number;
  /** Sides in the next round. */
  advancing: number;
  /** Rooms in the next round (the last one partial only in the "(room of k)" final options). */
  next_rooms: number;
  /** "Top 2 + 4 best 3rds → 6 rooms", "Top 3 → 4 rooms", "Top 2 → 1 room (room of 5)". */
  label: string;
}

/** English ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

function label(perRoom: number, wildcards: number, nextRooms: number, partialRoom: number | null): string {
  const wild = wildcards > 0 ? ` + ${wildcards} best ${ordinal(perRoom + 1)}${wildcards > 1 ? "s" : ""}` : "";
  const rooms = `${nextRooms} room${nextRooms > 1 ? "s" : ""}`;
  return `Top ${perRoom}${wild} → ${rooms}${partialRoom === null ? "" : ` (room of ${partialRoom})`}`;
}

/**
 * The advancement plans that fill the next round's rooms exactly. `roomSides[r]` = sides in
 * room r this round; `nextSidesPerRoom` = sides per room next round.
 *
 * For each N from 1 to max(roomSides) − 1: base = Σ min(N, size); w = the smallest w ≥ 0 making
 * base + w a multiple of nextSidesPerRoom, and also w + nextSidesPerRoom. Wildcards are taken by
 * room rank first, so an option whose wildcards would include every (N+1)th-placed side is the
 * same set of sides as a "Top N+1 …" option: it is listed once, under that name (hence
 * w < the number of rooms with an (N+1)th; this also drops "everyone advances"). Every label
 * therefore reads "best (N+1)ths". Sorted by advancing desc, then fewer wildcards first.
 *
 * When no option fills even one room (a small field), it offers an incomplete final instead:
 * "Top N → 1 room (room of k)" for each N whose top N make k < nextSidesPerRoom sides.
 * Throws RangeError when nextSidesPerRoom < 1.
 */
export function planAdvancement(roomSides: readonly number[], nextSidesPerRoom: number): PlanOption[] {
  if (!Number.isInteger(nextSidesPerRoom) || nextSidesPerRoom < 1)
    throw new RangeError(`nextSidesPerRoom must be a positive integer, got ${nextSidesPerRoom}`);
  const max = Math.max(0, ...roomSides);
  const options: PlanOption[] = [];
  for (let n = 1; n < max; n++) {
    const base = roomSides.reduce((sum, size) => sum + Math.min(n, size), 0);
    const nextPlaced = roomSides.filter((size) => size > n).length;
    const w0 = (nextSidesPerRoom - (base % nextSidesPerRoom)) % nextSidesPerRoom;
    for (const w of [w0, w0 + nextSidesPerRoom]) {
      if (w >= nextPlaced && w > 0) continue;
      const advancing = base + w;
      const nextRooms = advancing / nextSidesPerRoom;
      if (nextRooms < 1) continue;
      options.push({
        per_room: n,
        wildcards: w,
        wildcard_from_rank: n + 1,
        advancing,
        next_rooms: nextRooms,
        label: label(n, w, nextRooms, null),
      });
    }
  }
  if (options.length === 0) {
    for (let n = 1; n < max; n++) {
      const advancing = roomSides.reduce((sum, size) => sum + Math.min(n, size), 0);
      if (advancing < nextSidesPerRoom) {
        options.push({ per_room: n, wildcards: 0, wildcard_from_rank: n + 1, advancing, next_rooms: 1, label: label(n, 0, 1, advancing) });
      }
    }
  }
  return options.sort((a, b) => b.advancing - a.advancing || a.wildcards - b.wildcards);
}

export interface RoomResult {
  room_number: number;
  /** The room's sides as rankRoom returned them. */
  ranked: Ranked[];
}

export type Advance = "yes" | "wildcard" | "no" | "tie";

/**
 * Applies a plan to a closed round's rooms:
 * - each room's sides ranked 1..per_room advance ("yes"); a tie group (shared rank) that
 *   straddles the cut — it starts at or above per_room and ends below — is "tie" (resolve it
 *   with rankRoom's decisions and apply again);
 * - `wildcards` more are the best of the other sides across rooms, by room rank asc, then total
 *   desc, host, top individual, previous score desc, then (chain mode) registration order
 *   (compareAcrossRooms); sides equal on all of that across the wildcard cut are "tie" unless a
 *   `wildcardDecisions` list (ids best first) containing all of them orders them;
 * - everyone else is "no".
 * `ties` lists each unresolved group (entrant ids) — closing the round waits for them. While a
 * room cut is tied, the wildcards are chosen among the sides below that tie, so the result is
 * provisional until the tie is decided.
 */
export function applyAdvancement(
  rooms: readonly RoomResult[],
  plan: { per_room: number; wildcards: number },
  mode: TieMode,
  wildcardDecisions: number[][] = [],
): { advance: Map<number, Advance>; ties: number[][] } {
  const advance = new Map<number, Advance>();
  const ties: number[][] = [];
  const pool: Ranked[] = [];
  for (const room of rooms) {
    const byRank = new Map<number, Ranked[]>();
    for (const side of room.ranked) byRank.set(side.rank, [...(byRank.get(side.rank) ?? []), side]);
    for (const [rank, group] of byRank) {
      const lastRank = rank + group.length - 1;
      if (lastRank <= plan.per_room) group.forEach((s) => advance.set(s.entrant_id, "yes"));
      else if (rank > plan.per_room) pool.push(...group);
      else {
        group.forEach((s) => advance.set(s.entrant_id, "tie"));
        ties.push(group.map((s) => s.entrant_id));
      }
    }
  }
  let left = plan.wildcards;
  for (const g of groupWithDecisions(pool, (a, b) => compareAcrossRooms(a, b, mode), wildcardDecisions)) {
    if (left <= 0) g.members.forEach((s) => advance.set(s.entrant_id, "no"));
    else if (!g.tied || g.members.length <= left) {
      // A decided group is in order; an undecided one that fits entirely needs no decision.
      g.members.forEach((s) => advance.set(s.entrant_id, left-- > 0 ? "wildcard" : "no"));
    } else {
      g.members.forEach((s) => advance.set(s.entrant_id, "tie"));
      ties.push(g.members.map((s) => s.entrant_id));
      left = 0;
    }
  }
  return { advance, ties };
}
