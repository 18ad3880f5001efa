import type { MyTournament } from "@site/contract";

/**
 * The pure rules of the viewer's own tournament list (`GET /api/tournaments/mine`): when a
 * tournament is, the viewer's status in it, and the order of the list. No I/O.
 */

export type When = MyTournament["when"];
export type MyStatus = MyTournament["status"];

/**
 * Upcoming (starts after `now`), past (ended before `now`, or a historical tournament), else
 * ongoing (started and not ended, or no date: 'Ongoing'). The same split as the listing's lists.
 * Times are epoch milliseconds.
 */
export function whenOf(t: { start_date: number | null; end_date: number | null; is_historical: number }, now: number): When {
  if (t.is_historical === 1) return "past";
  if (t.start_date !== null && t.start_date > now) return "upcoming";
  if (t.start_date !== null && t.end_date !== null && t.end_date < now) return "past";
  return "ongoing";
}

/**
 * OPTED OUT (a team member who opted out), PENDING APPROVAL (the entry's verification below the
 * tournament's verification_required, 001 §4), else REGISTERED.
 */
export function statusOf(verified: number, verificationRequired: number, optedOut = false): MyStatus {
  if (optedOut) return "opted_out";
  return verified < verificationRequired ? "pending_approval" : "registered";
}

const RANK: Record<When, number> = { ongoing: 0, upcoming: 1, past: 2 };

/**
 * Ongoing first, then upcoming (soonest start first), then past (latest end first); ties by
 * tournament id. `start`/`end` are epoch milliseconds or null (an undated tournament sorts first
 * among the ongoing ones).
 */
export function compareMine(
  a: { when: When; start: number | null; end: number | null; id: number },
  b: { when: When; start: number | null; end: number | null; id: number },
): number {
  if (a.when !== b.when) return RANK[a.when] - RANK[b.when];
  if (a.when === "past") return (b.end ?? b.start ?? 0) - (a.end ?? a.start ?? 0) || b.id - a.id;
  if (a.start !== b.start) {
    if (a.start === null) return -1;
    if (b.start === null) return 1;
    return a.start - b.start;
  }
  return a.id - b.id;
}
