import {
  type TeamMoveStatus,
  TEAM_REGISTRATION_MESSAGES as M,
  REGISTRATION_MESSAGES as RM,
  type TeamRegisterStatus,
  type TeamRegisterTeam,
} from "@site/contract";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { Dialect } from "../../db/database.js";
import type { DB } from "../../db/schema.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { DAY_MS } from "../../lib/dates.js";
import { badRequest, forbidden, type MessageCode, unauthorized } from "../../lib/errors.js";
import { type NotificationMessage, notifyMany } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import { teamRegistrationRefusalCoded } from "../teams/team-membership.service.js";
import {
  assertTeamRegistration,
  type LoadOptions,
  loadVisibleTournament,
  requireRegistrationModerator,
  requireTournamentAdmin,
  type Tournament,
} from "../access/tournament-access.service.js";
import * as repo from "./team-registrations.repository.js";

/**
 * Team registration (001 §2, §4, §5, §7 for event_format 0): the rules its services share.
 *
 * Model: one `team_registrations` row per primary team and tournament (with its optional
 * secondary team). A member's participation is a `registrations` row with `team_id` = the
 * registration's primary team, written when the team registers (and when an opt-in/out or a
 * representative change touches a member who joined later). Eligibility is read from the
 * rosters: on the primary or secondary roster now, joined by the end of the transfer-deadline
 * day (23:59:59.999 UTC), and not claimed by another registered team's row. UNIQUE(tournament_id,
 * player_id) on `registrations` keeps a player on one team per tournament.
 *
 * Services: `team-registrations.service.ts` (status, register, withdraw, opt in/out,
 * representatives), `team-registration-lists.service.ts` (lists, eligible players),
 * `team-registration-admin.service.ts` (moves, edits, manual registration).
 */

export type Db = Kysely<DB>;
export type Ev = Tournament;
export type Status = TeamMoveStatus;
/** The code of 'This team is already registered for this tournament.' (#21). */
const TEAM_ALREADY = { code: "registration.team_already_registered" };

/** A team tournament visible to the actor (404 invisible; 400 for a solo or squad tournament). */
export async function loadTeamEvent(ctx: AppContext, actor: Actor, id: number, opts: LoadOptions = {}): Promise<Ev> {
  return assertTeamRegistration(await loadVisibleTournament(ctx, actor, id, opts));
}

/** A team tournament the actor administrates (404 / 400 / 401 / 403). */
export async function requireTeamAdmin(ctx: AppContext, actor: Actor, id: number): Promise<Ev> {
  return assertTeamRegistration(await requireTournamentAdmin(ctx, actor, id));
}

/**
 * A team tournament whose registrations the actor moderates (404 / 400 / 401 / 403). Moderators
 * may use what the team table offers (withdrawn/rejected lists, Move, Edit), not manual
 * registration, opt-in or representative controls.
 */
export async function requireTeamModerator(ctx: AppContext, actor: Actor, id: number): Promise<Ev> {
  return assertTeamRegistration(await requireRegistrationModerator(ctx, actor, id));
}

// ---------------------------------------------------------------------------------------
// Eligibility (issue #8 §4; decisions.md "#8 team registration")
// ---------------------------------------------------------------------------------------

/**
 * The last millisecond a join counts for the tournament: the transfer deadline is a date shown
 * as ending 23:59:59 UTC (001 §2, §9), stored as 00:00 UTC of that date. No deadline: no limit.
 */
export function deadlineEnd(transferDeadline: number | null): number {
  if (transferDeadline === null) return Number.MAX_SAFE_INTEGER;
  return Math.floor(transferDeadline / DAY_MS) * DAY_MS + DAY_MS - 1;
}

export interface Member {
  player_id: number;
  display_name: string;
  country_code: string;
  user_id: number | null;
  /** Hidden from the public by an administrator (shown to moderators and administrators only). */
  hidden: boolean;
  leader: boolean;
  manager: boolean;
  joined_at: number;
  /** This registration's row of the player, when written. */
  row: { opted_out: boolean; representative: boolean; custom_field: string | null; registered_at: number } | null;
}

/**
 * The eligible members of the registration keyed by `key` (its primary team) from the roster
 * rows of its teams: joined by the deadline, not claimed by another team's registered row.
 * A player on both rosters appears once (roles merged). Sorted by name, case-insensitively.
 */
export function eligibleMembers(rows: repo.CandidateRow[], key: number, end: number): Member[] {
  const byPlayer = new Map<number, Member>();
  for (const r of rows) {
    if (r.joined_at > end) continue;
    if (r.reg_id !== null && r.reg_status === "registered" && r.reg_team_id !== key) continue;
    const mine = r.reg_id !== null && r.reg_team_id === key && r.reg_status === "registered";
    const m = byPlayer.get(r.player_id);
    if (m) {
      m.leader ||= r.is_leader === 1;
      m.manager ||= r.is_manager === 1;
      m.joined_at = Math.min(m.joined_at, r.joined_at);
      continue;
    }
    byPlayer.set(r.player_id, {
      player_id: r.player_id,
      display_name: r.display_name,
      country_code: r.country_code,
      user_id: r.user_id,
      hidden: r.is_hidden === 1,
      leader: r.is_leader === 1,
      manager: r.is_manager === 1,
      joined_at: r.joined_at,
      row: mine
        ? {
            opted_out: r.opted_out === 1,
            representative: r.is_representative === 1,
            custom_field: r.custom_field ?? null,
            registered_at: r.reg_registered_at ?? r.joined_at,
          }
        : null,
    });
  }
  return [...byPlayer.values()].sort(
    (a, b) => a.display_name.toLowerCase().localeCompare(b.display_name.toLowerCase()) || a.player_id - b.player_id,
  );
}

export async function membersOf(db: Db, ev: Ev, key: number, secondaryId: number | null): Promise<Member[]> {
  const rows = await repo.candidates(db, ev.id, secondaryId ? [key, secondaryId] : [key]);
  return eligibleMembers(rows, key, deadlineEnd(ev.transfer_deadline));
}

/** Notifies the leaders of the registration's teams (issue #8 rule: every action notifies them). */
export async function notifyLeaders(
  db: Db,
  teamIds: Array<number | null>,
  level: "info" | "success" | "warning",
  message: NotificationMessage,
  extra: Array<number | null> = [],
) {
  const ids = await repo.leaderUserIds(
    db,
    teamIds.filter((t): t is number => t !== null),
  );
  await notifyMany(db, [...new Set([...ids, ...extra.filter((x): x is number => x !== null)])], level, message);
}

/**
 * A write transaction; every team registration write clears the `tournaments:` micro-cache. A
 * unique violation (a concurrent registration of the same team) is refused with `unique`'s
 * message and code (#21), by default 'This team is already registered for this tournament.'.
 */
export async function write<T>(
  ctx: AppContext,
  fn: (trx: Db) => Promise<T>,
  unique: { message: string; code: MessageCode } = { message: M.alreadyRegistered, code: TEAM_ALREADY },
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(fn);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(unique.message, unique.code);
    throw err;
  } finally {
    invalidateAfter(ctx.cache, "registration");
  }
}

export type OwnStatus = TeamRegisterStatus["status"];

/** The account-level blocking status (001 §5 Blocking messages), before any team is looked at. */
export async function accountStatus(db: Db, actor: Actor) {
  if (actor.userId === null) return { status: "anonymous" as OwnStatus, player: undefined };
  const state = actor.state ?? (await repo.userState(db, actor.userId))?.state ?? "active";
  const player = await repo.findPlayerOfUser(db, actor.userId);
  let status: OwnStatus | null = null;
  if (state === "banned" || player?.is_banned === 1) status = "banned";
  else if (state === "pending_email") status = "pending_email";
  else if (state === "inactive") status = "user_invalid";
  else if (!player) status = "no_profile";
  return { status, player };
}

/** The registration the player plays for: their row's team, else a registered team they joined by the deadline. */
export async function ownRegistration(db: Db, ev: Ev, playerId: number) {
  const row = await repo.findRegistration(db, ev.id, playerId);
  if (row && row.team_id !== null) {
    const reg = await repo.findTeamRegistration(db, ev.id, row.team_id);
    if (reg) return { row, reg };
  }
  if (row && row.status === "registered") return { row, reg: undefined };
  const end = deadlineEnd(ev.transfer_deadline);
  const teams = (await repo.activeTeamIds(db, playerId)).filter((m) => m.joined_at <= end).map((m) => m.team_id);
  const regs = (await repo.registrationsUsing(db, ev.id, teams)).filter((r) => r.status === "registered");
  regs.sort((a, b) => a.registered_at - b.registered_at || a.id - b.id);
  return { row, reg: regs[0] };
}

export function teamStatus(regs: repo.TeamRegRow[], teamId: number): { status: TeamRegisterTeam["status"]; reg?: repo.TeamRegRow } {
  const own = regs.find((r) => r.team_id === teamId);
  if (own) return { status: own.status as TeamMoveStatus, reg: own };
  const asSecondary = regs.find((r) => r.secondary_team_id === teamId && r.status === "registered");
  if (asSecondary) return { status: "registered", reg: asSecondary };
  return { status: "unregistered" };
}

export const option = (m: Member) => ({ id: m.player_id, name: m.display_name, leader: m.leader });

/** The player acting for a team: signed in, no blocking state, leader or manager of the team. */
export async function requireTeamStaff(ctx: AppContext, actor: Actor, ev: Ev, teamId: number | undefined) {
  if (actor.userId === null) throw unauthorized();
  const { status, player } = await accountStatus(ctx.db, actor);
  if (status === "banned") throw forbidden(RM.banned, { code: "registration.banned" });
  if (status === "pending_email") throw forbidden(RM.pending_email, { code: "registration.pending_email" });
  if (status === "user_invalid") throw forbidden(RM.user_invalid, { code: "registration.user_invalid" });
  if (!player) throw badRequest(RM.no_profile_team, { code: "registration.no_profile_team" });
  if (!teamId) throw badRequest(M.primaryRequired, { code: "registration.primary_required" });
  const team = await repo.findTeam(ctx.db, teamId);
  if (!team) throw badRequest("Team not found.", { code: "teams.not_found" });
  const m = await repo.membership(ctx.db, teamId, player.id);
  if (!m || (m.is_leader !== 1 && m.is_manager !== 1)) throw forbidden(M.onlyLeaders, { code: "registration.only_leaders" });
  return { player, team };
}

/** Rules shared by self and manual registration for a secondary team. */
export async function checkSecondary(db: Db, ev: Ev, primary: repo.TeamLite, secondaryId: number, linked: boolean) {
  if (secondaryId === primary.id)
    throw badRequest("The secondary team must differ from the primary team.", { code: "registration.secondary_same" });
  const s = await repo.findTeam(db, secondaryId);
  if (!s) throw badRequest("Secondary team not found.", { code: "registration.secondary_not_found" });
  if (linked && s.primary_team_id !== primary.id)
    throw badRequest("The secondary team must be a secondary team of the primary team.", { code: "registration.secondary_not_linked" });
  const refusal = teamRegistrationRefusalCoded(s);
  if (refusal) throw badRequest(refusal.message, { code: refusal.code });
  const used = (await repo.registrationsUsing(db, ev.id, [s.id])).filter((r) => r.status === "registered" && r.team_id !== primary.id);
  if (used.length)
    throw badRequest("The secondary team is already registered for this tournament.", { code: "registration.secondary_registered" });
  return s;
}

export async function checkPrimaryFree(db: Db, ev: Ev, teamId: number) {
  const regs = await repo.registrationsUsing(db, ev.id, [teamId]);
  const own = regs.find((r) => r.team_id === teamId);
  if (own?.status === "registered") throw badRequest(M.alreadyRegistered, TEAM_ALREADY);
  if (own?.status === "waitlisted") throw badRequest("This team is already on the waitlist.", { code: "registration.team_waitlisted" });
  if (own?.status === "rejected") throw badRequest(M.teamRejected, { code: "registration.team_rejected" });
  if (regs.some((r) => r.secondary_team_id === teamId && r.status === "registered")) throw badRequest(M.alreadyRegistered, TEAM_ALREADY);
  return own;
}

/** Inserts or re-activates the team registration and writes its members' rows. */
export async function placeTeam(
  trx: Db,
  ev: Ev,
  v: {
    teamId: number;
    secondaryId: number | null;
    verified: number;
    reps: number[];
    existing: repo.TeamRegRow | undefined;
    now: number;
    dialect: Dialect;
    /** Past the cap: the registration and its members' rows wait at this position (issue #22 §1). */
    waitlistPosition?: number | null;
  },
) {
  const status = v.waitlistPosition ? ("waitlisted" as const) : ("registered" as const);
  if (v.secondaryId !== null) {
    // Two primaries racing for one secondary team: hold its row, then look again (issue #15 §8).
    await repo.lockTeam(trx, v.dialect, v.secondaryId);
    const used = (await repo.registrationsUsing(trx, ev.id, [v.secondaryId])).filter(
      (x) => x.status === "registered" && x.team_id !== v.teamId,
    );
    if (used.length)
      throw badRequest("The secondary team is already registered for this tournament.", { code: "registration.secondary_registered" });
  }
  const r = {
    tournamentId: ev.id,
    teamId: v.teamId,
    secondaryId: v.secondaryId,
    verified: v.verified,
    now: v.now,
    status,
    waitlistPosition: v.waitlistPosition ?? null,
  };
  if (v.existing) {
    if (!(await repo.reRegisterTeam(trx, r))) throw badRequest(M.alreadyRegistered, TEAM_ALREADY);
  } else await repo.insertTeamRegistration(trx, r);
  // Re-read inside the transaction so a player claimed meanwhile by another team is left out.
  const members = await membersOf(trx, ev, v.teamId, v.secondaryId);
  await syncRows(trx, ev, v.teamId, members, v.now, v.reps, status);
  return members;
}

/**
 * Writes rows for the current eligible members (status `registered`, or `waitlisted` for a
 * waiting team); rows of players no longer eligible are withdrawn.
 */
export async function syncRows(
  trx: Db,
  ev: Ev,
  teamId: number,
  members: Member[],
  now: number,
  reps?: number[],
  status: "registered" | "waitlisted" = "registered",
) {
  const ids = new Set(members.map((m) => m.player_id));
  for (const m of members)
    await repo.upsertMember(trx, {
      tournamentId: ev.id,
      playerId: m.player_id,
      teamId,
      now,
      status,
      ...(reps ? { representative: reps.includes(m.player_id) } : {}),
    });
  for (const row of await repo.memberRows(trx, ev.id, teamId))
    if (!ids.has(row.player_id) && (row.status === "registered" || row.status === "waitlisted"))
      await repo.withdrawMemberRow(trx, ev.id, row.player_id);
}

/**
 * `POST /api/events/{id}/register {team_id, team2_id, rep1, rep2, rep3}` (001 §5 Team
 * self-registration). Leaders and managers of the primary team only; registrations open (staff
 * exempt); the team not registered or rejected; the secondary one of the primary's unregistered
 * secondary teams; the combined eligible members at least minimum_team_size; the representatives
 * the leader-count rule asks for, each an eligible non-leader member.
 */
