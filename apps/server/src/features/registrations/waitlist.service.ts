import { isTeamEvent, type Waitlist, type WaitlistEntry } from "@site/contract";
import type { AppContext } from "../../context.js";
import type { MessageParams } from "../../i18n/messages.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { notify, notifyMany, tournamentRef } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import { isTournamentAdmin, logTournamentAction, logWords } from "../access/tournament-access.service.js";
import { type Db, isSquadTournament, requireSoloSquadAdmin, requireSoloSquadModerator, write } from "./registration-rules.js";
import { withEffectiveSwitches } from "../access/tournament-schedule.js";
import * as repo from "./waitlist.repository.js";
import * as queue from "../../db/waitlist-queue.repository.js";
import { type CapacitySettings, freePlaces, promoteInOrder, promotionBlock, promotionBlocker } from "./waitlist-rules.js";

/**
 * Capacity and waitlist of solo and squad tournaments (issue #22 §1). A tournament's
 * `max_entrants` caps its registered players (solo) or squads (squad); past it a registration
 * is placed `waitlisted` at the end of the queue. Every write that frees a place calls
 * `fillPlaces` in its own transaction, which promotes the first waiting entrants that qualify
 * (`waitlist-rules.ts`). Counting happens under the tournament's row lock (`lockCapacity`), so
 * concurrent registrations never pass the cap. Team tournaments: `team-registrations`'s
 * waitlist, which takes `lockCapacity`/`freePlaces`/`promoteInOrder` from here. The counts and
 * positions of every queue: `db/waitlist-queue.repository.ts`.
 */

/** Where a new entrant goes: a place, or the waitlist at `waitlistPosition`. */
export interface Admission {
  status: "registered" | "waitlisted";
  waitlistPosition: number | null;
}

/** The code (#21) of the 404 of a missing tournament, as the access helpers send it. */
const TOURNAMENT_NOT_FOUND = { code: "tournaments.not_found" };

/** The table of the tournament's queue: squads in a squad tournament, else solo players' registrations. */
const queueOf = (t: { event_format: number }): queue.QueueTable => (isSquadTournament(t) ? "squads" : "registrations");

/**
 * Takes the tournament's capacity lock and decides where a new solo player or squad goes. Call
 * first inside the registration's transaction. Staff's manual registration does not call it:
 * staff may register past the cap (docs/decisions.md "#22 capacity and waitlist").
 */
export async function admit(trx: Db, tournamentId: number): Promise<Admission> {
  const t = await lockCapacity(trx, tournamentId);
  if (!t || t.max_entrants === null) return { status: "registered", waitlistPosition: null };
  if (freePlaces(t, await queue.registeredCount(trx, queueOf(t), t.id)) > 0) return { status: "registered", waitlistPosition: null };
  return { status: "waitlisted", waitlistPosition: await queue.nextPosition(trx, queueOf(t), t.id) };
}

/** The tournament's capacity row under its lock (team registrations share the lock). */
export async function lockCapacity(trx: Db, tournamentId: number) {
  const row = await repo.lockCapacity(trx, tournamentId);
  // Promotion reads the check-in status in force now (issue #17 schedule), not the stored switch.
  return row ? withEffectiveSwitches(row, Date.now()) : undefined;
}
/** The tournament's capacity row without a lock (reads outside a write: the team waitlist list). */
export async function readCapacity(db: Db, tournamentId: number) {
  const row = await repo.readCapacity(db, tournamentId);
  return row ? withEffectiveSwitches(row, Date.now()) : undefined;
}
export { freePlaces, promoteInOrder, promotionBlocker, type CapacitySettings } from "./waitlist-rules.js";

/** A waiting solo player or squad with what promotion checks, in queue order. */
interface Waiting {
  entrantId: number;
  position: number;
  name: string;
  tag: string | null;
  countryCode: string | null;
  members: number;
  checkins: number;
  banned: boolean;
  waitlistedAt: number;
  userId: number | null;
}

async function waiting(db: Db, t: { id: number; event_format: number }): Promise<Waiting[]> {
  if (isSquadTournament(t)) {
    return (await repo.waitlistedSquads(db, t.id)).map((s) => ({
      entrantId: s.entrant_id,
      position: s.waitlist_position ?? 0,
      name: s.squad_name,
      tag: s.squad_tag || null,
      countryCode: null,
      members: Number(s.members),
      checkins: Number(s.checkins),
      banned: Number(s.captain_banned) === 1,
      waitlistedAt: s.created_at,
      userId: null,
    }));
  }
  return (await repo.waitlistedPlayers(db, t.id)).map((p) => ({
    entrantId: p.entrant_id,
    position: p.waitlist_position ?? 0,
    name: p.display_name,
    tag: null,
    countryCode: p.country_code,
    members: 1,
    checkins: p.checked_in,
    banned: Number(p.banned) === 1,
    waitlistedAt: p.registered_at,
    userId: p.user_id,
  }));
}

const blockerOf = (t: CapacitySettings & { event_format: number }, w: Waiting) =>
  promotionBlocker(t, { members: w.members, checkins: w.checkins, banned: w.banned, squad: isSquadTournament(t) });

/**
 * The promotion notice's check-in reminder as message parameters (#21 §3): `checkin` picks
 * none, 'Remember to check in.' alone, or with the scheduled window (issue #17 §2: opens,
 * closes, or both; `{time: ms}`, rendered in the reader's language).
 */
function checkinReminder(t: {
  checkin_required: number;
  checkin_status: number;
  checkin_opens_at?: number | null;
  checkin_closes_at?: number | null;
}): MessageParams {
  if (t.checkin_required !== 1 || t.checkin_status === 2) return { checkin: "none" };
  const opens = t.checkin_opens_at ?? null;
  const closes = t.checkin_closes_at ?? null;
  if (opens === null && closes === null) return { checkin: "remind" };
  if (opens === null) return { checkin: "closes", closes: { time: closes! } };
  return closes === null
    ? { checkin: "opens", opens: { time: opens } }
    : { checkin: "window", opens: { time: opens }, closes: { time: closes } };
}

/** Registers a waiting entrant, logs it and tells its members; false when it no longer waited. */
async function promote(
  trx: Db,
  t: {
    id: number;
    title: string;
    event_format: number;
    checkin_required: number;
    checkin_status: number;
    checkin_opens_at?: number | null;
    checkin_closes_at?: number | null;
  },
  w: Waiting,
  actor: Pick<Actor, "userId">,
  why: "a place opened" | "by staff",
): Promise<boolean> {
  const squad = isSquadTournament(t);
  const done = squad ? await repo.promoteSquad(trx, w.entrantId) : await repo.promotePlayer(trx, t.id, w.entrantId);
  if (!done) return false;
  await logTournamentAction(trx, t, actor, "registration.waitlist_promote", {
    summary: `Promoted ${squad ? "squad " : ""}${w.name} from the waitlist (${why})`,
    summaryKey: squad ? "waitlist.promoted_squad" : "waitlist.promoted",
    summaryParams: { name: w.name, reason: why === "by staff" ? "staff" : "opened" },
    before: "waitlisted",
    after: "registered",
    ...logWords("status.waitlisted", "status.registered"),
  });
  const params = { tournament: tournamentRef(t), ...checkinReminder(t) };
  if (squad)
    await notifyMany(trx, await repo.squadUserIds(trx, w.entrantId), "success", {
      key: "waitlist.promoted_squad",
      params: { ...params, squad: w.name },
    });
  else await notify(trx, w.userId, "success", { key: "waitlist.promoted", params });
  return true;
}

/**
 * Gives every free place under the cap to the first waiting entrants that qualify, in queue
 * order, inside the caller's transaction (which must be the one that freed the place).
 * Entrants that do not qualify keep their position. A tournament without a cap (one just
 * lifted) takes every waiting entrant that qualifies. `checkinStatus` stands in for the row's
 * when the caller changes it in the same transaction after this call (closing check-ins).
 * Returns how many were promoted.
 */
export async function fillPlaces(
  trx: Db,
  tournamentId: number,
  actor: Pick<Actor, "userId">,
  opts: { checkinStatus?: number } = {},
): Promise<number> {
  const row = await lockCapacity(trx, tournamentId);
  if (!row || isTeamEvent(row.event_format)) return 0;
  const t = opts.checkinStatus === undefined ? row : { ...row, checkin_status: opts.checkinStatus };
  const free = freePlaces(t, await queue.registeredCount(trx, queueOf(t), t.id));
  return promoteInOrder(
    free,
    await waiting(trx, t),
    (w) => blockerOf(t, w) === null,
    (w) => promote(trx, t, w, actor, "a place opened"),
  );
}

/** The 1-based place of a waiting solo player (by their registration) or squad, for the register call. */
export async function rankOf(db: Db, t: { id: number; event_format: number }, position: number | null): Promise<number | null> {
  if (position === null) return null;
  return queue.rank(db, queueOf(t), t.id, position);
}

// ---------------------------------------------------------------------------------------
// The organisers' waitlist (list: registration moderators; reorder, promote, remove: administrators)
// ---------------------------------------------------------------------------------------

/** `GET /api/events/{id}/waitlist`: the queue in order with each entrant's promotion blocker. */
export async function listWaitlist(ctx: AppContext, actor: Actor, id: number): Promise<Waitlist> {
  const ev = await requireSoloSquadModerator(ctx, actor, id);
  const t = await readCapacity(ctx.db, ev.id);
  if (!t) throw notFound("Tournament not found.", TOURNAMENT_NOT_FOUND);
  const rows = await waiting(ctx.db, t);
  const data: WaitlistEntry[] = rows.map((w, i) => {
    const block = promotionBlock(t, { members: w.members, checkins: w.checkins, banned: w.banned, squad: isSquadTournament(t) });
    return {
      entrant_id: w.entrantId,
      position: i + 1,
      name: w.name,
      tag: w.tag,
      country_code: w.countryCode,
      member_count: w.members,
      checkin_count: w.checkins,
      qualifies: block === null,
      reason: block?.message ?? null,
      ...(block ? { reason_code: block.code, reason_params: block.params } : {}),
      waitlisted_at: w.waitlistedAt,
    };
  });
  return {
    data,
    max_entrants: t.max_entrants,
    registered_count: await queue.registeredCount(ctx.db, queueOf(t), t.id),
    can_manage: await isTournamentAdmin(ctx, actor, ev),
  };
}

async function findWaiting(trx: Db, id: number, entrantId: number) {
  const t = await lockCapacity(trx, id);
  if (!t) throw notFound("Tournament not found.", TOURNAMENT_NOT_FOUND);
  const rows = await waiting(trx, t);
  const i = rows.findIndex((w) => w.entrantId === entrantId);
  if (i < 0) throw badRequest("This entrant is not on the waitlist.", { code: "registration.not_waitlisted" });
  return { t, rows, i, w: rows[i]! };
}

/** `POST waitlist/move`: swaps a waiting entrant with its neighbour; one log line per move. */
export async function moveInWaitlist(ctx: AppContext, actor: Actor, id: number, entrantId: number, direction: "up" | "down") {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  await write(ctx, async (trx) => {
    const { t, rows, i, w } = await findWaiting(trx, ev.id, entrantId);
    const j = direction === "up" ? i - 1 : i + 1;
    const other = rows[j];
    if (!other)
      throw direction === "up"
        ? badRequest("This entrant is already first.", { code: "registration.waitlist_first" })
        : badRequest("This entrant is already last.", { code: "registration.waitlist_last" });
    // Positions may repeat only if written by hand; fall back to the list order then.
    const [a, b] = w.position === other.position ? [i + 1, j + 1] : [w.position, other.position];
    const set = isSquadTournament(t)
      ? (e: Waiting, p: number) => repo.setSquadPosition(trx, e.entrantId, p)
      : (e: Waiting, p: number) => repo.setPlayerPosition(trx, t.id, e.entrantId, p);
    await set(w, b);
    await set(other, a);
    await logTournamentAction(trx, t, actor, "registration.waitlist_move", {
      summary: `Moved ${w.name} ${direction} the waitlist`,
      summaryKey: "waitlist.moved",
      summaryParams: { name: w.name, direction },
      before: String(i + 1),
      after: String(j + 1),
    });
  });
  return { status: "ok" as const };
}

/** `POST waitlist/promote`: staff register a waiting entrant now, past the cap and its blockers if need be. */
export async function promoteFromWaitlist(ctx: AppContext, actor: Actor, id: number, entrantId: number) {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  await write(ctx, async (trx) => {
    const { t, w } = await findWaiting(trx, ev.id, entrantId);
    await promote(trx, t, w, actor, "by staff");
  });
  return { status: "ok" as const, message: "Promoted from the waitlist." };
}

/** `POST waitlist/remove`: staff take a waiting entrant off the waitlist (withdrawn). */
export async function removeFromWaitlist(ctx: AppContext, actor: Actor, id: number, entrantId: number) {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  await write(ctx, async (trx) => {
    const { t, w } = await findWaiting(trx, ev.id, entrantId);
    const squad = isSquadTournament(t);
    const users = squad ? await repo.squadUserIds(trx, w.entrantId) : [w.userId];
    if (squad) await repo.withdrawSquad(trx, w.entrantId);
    else await repo.withdrawPlayer(trx, t.id, w.entrantId);
    await logTournamentAction(trx, t, actor, "registration.waitlist_remove", {
      summary: `Removed ${squad ? "squad " : ""}${w.name} from the waitlist`,
      summaryKey: squad ? "waitlist.removed_squad" : "waitlist.removed",
      summaryParams: { name: w.name },
      before: "waitlisted",
      after: "withdrawn",
      ...logWords("status.waitlisted", "status.withdrawn"),
    });
    await notifyMany(trx, users, "warning", { key: "waitlist.removed", params: { tournament: tournamentRef(t) } });
  });
  return { status: "ok" as const, message: "Removed from the waitlist." };
}
