import type { Waitlist, WaitlistEntry } from "@site/contract";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../lib/errors.js";
import { notifyMany, tournamentRef } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import { freePlaces, lockCapacity, promoteInOrder, readCapacity } from "../registrations/waitlist.service.js";
import { teamRegistrationRefusalCoded } from "../teams/team-membership.service.js";
import { isTournamentAdmin, logTournamentAction, logWords } from "../access/tournament-access.service.js";
import { type Db, type Ev, membersOf, requireTeamAdmin, requireTeamModerator, syncRows, write } from "./team-registration-rules.js";
import * as queue from "../../db/waitlist-queue.repository.js";
import * as repo from "./team-waitlist.repository.js";
import * as teams from "./team-registrations.repository.js";

/**
 * Capacity and waitlist of team tournaments (issue #22 §1), the team counterpart of
 * `registrations/waitlist.service.ts`, sharing its lock (`lockCapacity`, the tournament row
 * `FOR NO KEY UPDATE` on PostgreSQL), `freePlaces` and `promoteInOrder`. `max_entrants` counts
 * registered teams; past it a team's self-registration waits (its `team_registrations` row and
 * its members' rows are `waitlisted`, in `waitlist_position` order). Every write that frees a place (the team's
 * withdrawal, a staff move to withdrawn or rejected, one or in bulk, a raised cap) calls
 * `fillTeamPlaces` in its own transaction, which registers the first waiting teams that still
 * qualify and notifies their leaders and managers.
 */

/** Where a new team goes: `waitlistPosition` null for a place, else its place at the end of the queue. */
export async function admitTeam(trx: Db, tournamentId: number): Promise<{ waitlistPosition: number | null }> {
  const t = await lockCapacity(trx, tournamentId);
  if (!t || t.max_entrants === null) return { waitlistPosition: null };
  if (freePlaces(t, await queue.registeredCount(trx, "team_registrations", t.id)) > 0) return { waitlistPosition: null };
  return { waitlistPosition: await queue.nextPosition(trx, "team_registrations", t.id) };
}

/** The 1-based place shown for a waiting team's stored position. */
export function teamRankOf(db: Db, tournamentId: number, position: number | null): Promise<number | null> {
  return position === null ? Promise.resolve(null) : queue.rank(db, "team_registrations", tournamentId, position);
}

interface WaitingTeam {
  row: repo.WaitingTeamRow;
  members: number;
  /** Why it may not be promoted now (with its code and params for translation, #21), or null. */
  blocker: string | null;
  block: { code: string; params: Record<string, number> } | null;
}

/**
 * The queue with each team's promotion blocker: a banned, disapproved or historical team (the
 * registry's refusal), a secondary team now registered with another team, or fewer eligible
 * members than the minimum team size (members re-read from the rosters, as at registration).
 */
async function waiting(db: Db, ev: Ev): Promise<WaitingTeam[]> {
  const out: WaitingTeam[] = [];
  for (const row of await repo.waitlistedTeams(db, ev.id)) {
    const members = (await membersOf(db, ev, row.entrant_id, row.secondary_team_id)).length;
    const refusal = teamRegistrationRefusalCoded(row);
    let blocker = refusal?.message ?? null;
    let block: WaitingTeam["block"] = refusal ? { code: refusal.code, params: {} } : null;
    if (!blocker && row.secondary_team_id !== null) {
      const used = await teams.registrationsUsing(db, ev.id, [row.secondary_team_id]);
      if (used.some((r) => r.status === "registered" && r.team_id !== row.entrant_id)) {
        blocker = "The secondary team is registered with another team.";
        block = { code: "registration.waitlist.secondary_taken", params: {} };
      }
    }
    if (!blocker && members < ev.minimum_team_size) {
      const count = ev.minimum_team_size - members;
      blocker = `Needs ${count} more eligible member(s).`;
      block = { code: "registration.waitlist.needs_eligible", params: { count } };
    }
    out.push({ row, members, blocker, block });
  }
  return out;
}

/** Registers a waiting team with its current eligible members, logs it and tells its leaders and managers. */
async function promote(
  trx: Db,
  ev: Ev,
  w: WaitingTeam,
  actor: Pick<Actor, "userId">,
  why: "a place opened" | "by staff",
): Promise<boolean> {
  const teamId = w.row.entrant_id;
  if (!(await repo.promoteTeam(trx, ev.id, teamId))) return false;
  await syncRows(trx, ev, teamId, await membersOf(trx, ev, teamId, w.row.secondary_team_id), Date.now());
  await logTournamentAction(trx, ev, actor, "team.waitlist_promote", {
    summary: `Promoted ${w.row.team_name} from the waitlist (${why})`,
    summaryKey: "team.waitlist_promoted",
    summaryParams: { team: w.row.team_name, reason: why === "by staff" ? "staff" : "opened" },
    before: "waitlisted",
    after: "registered",
    ...logWords("status.waitlisted", "status.registered"),
  });
  const users = await repo.staffUserIds(trx, [teamId, ...(w.row.secondary_team_id ? [w.row.secondary_team_id] : [])]);
  await notifyMany(trx, users, "success", {
    key: "team_waitlist.promoted",
    params: { team: w.row.team_name, tournament: tournamentRef(ev) },
  });
  return true;
}

/**
 * Gives every free place under the cap to the first waiting teams that qualify, in queue order,
 * inside the caller's transaction (the one that freed the place). Teams that do not qualify keep
 * their position. No cap (one just lifted): every waiting team that qualifies. Returns how many
 * were promoted.
 */
export async function fillTeamPlaces(trx: Db, ev: Ev, actor: Pick<Actor, "userId">): Promise<number> {
  const t = await lockCapacity(trx, ev.id);
  if (!t) return 0;
  const free = freePlaces(t, await queue.registeredCount(trx, "team_registrations", ev.id));
  return promoteInOrder(
    free,
    await waiting(trx, { ...ev, minimum_team_size: t.minimum_team_size }),
    (w) => w.blocker === null,
    (w) => promote(trx, ev, w, actor, "a place opened"),
  );
}

// ---------------------------------------------------------------------------------------
// The organisers' team waitlist (list: registration moderators; reorder, promote, remove: administrators)
// ---------------------------------------------------------------------------------------

/** `GET /api/events/{id}/waitlist` of a team tournament: the queue in order with each team's blocker. */
export async function listTeamWaitlist(ctx: AppContext, actor: Actor, id: number): Promise<Waitlist> {
  const ev = await requireTeamModerator(ctx, actor, id);
  const data: WaitlistEntry[] = (await waiting(ctx.db, ev)).map((w, i) => ({
    entrant_id: w.row.entrant_id,
    position: i + 1,
    name: w.row.team_name,
    tag: w.row.team_tag || null,
    country_code: null,
    member_count: w.members,
    checkin_count: 0,
    qualifies: w.blocker === null,
    reason: w.blocker,
    ...(w.block ? { reason_code: w.block.code, reason_params: w.block.params } : {}),
    waitlisted_at: w.row.registered_at,
  }));
  return {
    data,
    max_entrants: (await readCapacity(ctx.db, ev.id))?.max_entrants ?? null,
    registered_count: await queue.registeredCount(ctx.db, "team_registrations", ev.id),
    can_manage: await isTournamentAdmin(ctx, actor, ev),
  };
}

async function findWaiting(trx: Db, ev: Ev, teamId: number) {
  await lockCapacity(trx, ev.id);
  const rows = await waiting(trx, ev);
  const i = rows.findIndex((w) => w.row.entrant_id === teamId);
  if (i < 0) throw badRequest("This entrant is not on the waitlist.", { code: "registration.not_waitlisted" });
  return { rows, i, w: rows[i]! };
}

/** `POST waitlist/move` of a team tournament: swaps a waiting team with its neighbour; one log line. */
export async function moveTeamInWaitlist(ctx: AppContext, actor: Actor, id: number, teamId: number, direction: "up" | "down") {
  const ev = await requireTeamAdmin(ctx, actor, id);
  await write(ctx, async (trx) => {
    const { rows, i, w } = await findWaiting(trx, ev, teamId);
    const j = direction === "up" ? i - 1 : i + 1;
    const other = rows[j];
    if (!other)
      throw direction === "up"
        ? badRequest("This entrant is already first.", { code: "registration.waitlist_first" })
        : badRequest("This entrant is already last.", { code: "registration.waitlist_last" });
    const pa = w.row.waitlist_position ?? i + 1;
    const pb = other.row.waitlist_position ?? j + 1;
    const [a, b] = pa === pb ? [i + 1, j + 1] : [pa, pb];
    await repo.setTeamPosition(trx, ev.id, w.row.entrant_id, b);
    await repo.setTeamPosition(trx, ev.id, other.row.entrant_id, a);
    await logTournamentAction(trx, ev, actor, "team.waitlist_move", {
      summary: `Moved ${w.row.team_name} ${direction} the waitlist`,
      summaryKey: "team.waitlist_moved",
      summaryParams: { team: w.row.team_name, direction },
      before: String(i + 1),
      after: String(j + 1),
    });
  });
  return { status: "ok" as const };
}

/** `POST waitlist/promote` of a team tournament: staff register a waiting team now, past the cap and its blockers. */
export async function promoteTeamFromWaitlist(ctx: AppContext, actor: Actor, id: number, teamId: number) {
  const ev = await requireTeamAdmin(ctx, actor, id);
  await write(ctx, async (trx) => {
    const { w } = await findWaiting(trx, ev, teamId);
    await promote(trx, ev, w, actor, "by staff");
  });
  return { status: "ok" as const, message: "Promoted from the waitlist." };
}

/** `POST waitlist/remove` of a team tournament: staff take a waiting team off the waitlist (withdrawn). */
export async function removeTeamFromWaitlist(ctx: AppContext, actor: Actor, id: number, teamId: number) {
  const ev = await requireTeamAdmin(ctx, actor, id);
  await write(ctx, async (trx) => {
    const { w } = await findWaiting(trx, ev, teamId);
    await repo.withdrawWaitingTeam(trx, ev.id, teamId);
    await logTournamentAction(trx, ev, actor, "team.waitlist_remove", {
      summary: `Removed ${w.row.team_name} from the waitlist`,
      summaryKey: "team.waitlist_removed",
      summaryParams: { team: w.row.team_name },
      before: "waitlisted",
      after: "withdrawn",
      ...logWords("status.waitlisted", "status.withdrawn"),
    });
    const users = await repo.staffUserIds(trx, [teamId, ...(w.row.secondary_team_id ? [w.row.secondary_team_id] : [])]);
    await notifyMany(trx, users, "warning", {
      key: "team_waitlist.removed",
      params: { team: w.row.team_name, tournament: tournamentRef(ev) },
    });
  });
  return { status: "ok" as const, message: "Removed from the waitlist." };
}
