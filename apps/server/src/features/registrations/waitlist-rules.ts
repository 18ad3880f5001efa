import { CHECKIN_STATUS } from "@site/contract";

/**
 * Who on a waitlist may take a free place (issue #22 §1), as pure rules: no I/O, so the service
 * and its tests share one reading.
 */

/** The capacity settings promotion reads (a tournament row). */
export interface CapacitySettings {
  max_entrants: number | null;
  minimum_team_size: number;
  checkin_required: number;
  checkin_status: number;
  checkin_minimum: number;
}

/** A waiting entrant as promotion sees it: members (1 for a solo player), check-ins and a ban. */
export interface WaitingEntrant {
  members: number;
  checkins: number;
  banned: boolean;
  squad: boolean;
}

/** Places still free under the cap (Infinity without one; never below 0). */
export function freePlaces(t: Pick<CapacitySettings, "max_entrants">, registered: number): number {
  return t.max_entrants === null ? Number.POSITIVE_INFINITY : Math.max(0, t.max_entrants - registered);
}

/**
 * The promotion order both queues follow (solo and squad here, teams in team-registrations): up to
 * `free` places (Infinity without a cap) go to the waiting entrants in queue order; one that does
 * not `qualify` is passed over and keeps its position; `promote` registers one (logging and
 * notifying as its queue does) and answers false when it no longer waited, which leaves its
 * place to the next. Returns how many were promoted.
 */
export async function promoteInOrder<W>(
  free: number,
  queue: readonly W[],
  qualifies: (w: W) => boolean,
  promote: (w: W) => Promise<boolean>,
): Promise<number> {
  let promoted = 0;
  for (const w of queue) {
    if (promoted >= free) break;
    if (qualifies(w) && (await promote(w))) promoted++;
  }
  return promoted;
}

/**
 * Why a waiting entrant may not be promoted now, or null when it may:
 * - a banned player (or a squad whose captain is banned) never is;
 * - a squad needs at least the minimum team size in members (001 §5 Squad rules: "eligible");
 * - once check-ins have closed (status 2) the check-in rule applies as it did to those
 *   registered: a solo player must be checked in, a squad must have its minimum check-ins
 *   (checkin_minimum, else the minimum team size). While the window is open or not yet open,
 *   a promoted entrant checks in like everyone else.
 */
export function promotionBlocker(t: CapacitySettings, e: WaitingEntrant): string | null {
  return promotionBlock(t, e)?.message ?? null;
}

/** A promotion blocker: the English reason, and its code and params for translation (#21). */
export interface Blocker {
  message: string;
  code: string;
  params: Record<string, number>;
}

/**
 * `promotionBlocker` with its code (`registration.waitlist.<reason>`: `captain_banned`,
 * `player_banned`, `needs_members` `{count}`, `checkins` `{count, needed}`, `not_checked_in`).
 */
export function promotionBlock(t: CapacitySettings, e: WaitingEntrant): Blocker | null {
  const b = (message: string, reason: string, params: Record<string, number> = {}): Blocker => ({
    message,
    code: `registration.waitlist.${reason}`,
    params,
  });
  if (e.banned) return e.squad ? b("The captain is banned.", "captain_banned") : b("The player is banned.", "player_banned");
  if (e.squad && e.members < t.minimum_team_size) {
    const n = t.minimum_team_size - e.members;
    return b(`Needs ${n} more member(s).`, "needs_members", { count: n });
  }
  if (t.checkin_required === 1 && t.checkin_status === CHECKIN_STATUS.CLOSED) {
    const needed = e.squad ? Math.max(1, t.checkin_minimum || t.minimum_team_size) : 1;
    if (e.checkins < needed)
      return e.squad
        ? b(`Has ${e.checkins} of ${needed} check-ins.`, "checkins", { count: e.checkins, needed })
        : b("Did not check in.", "not_checked_in");
  }
  return null;
}
