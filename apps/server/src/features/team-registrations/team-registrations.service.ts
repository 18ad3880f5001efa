import {
  type EditTeamRegistration,
  type EligiblePlayers,
  EligiblePlayersSchema,
  gameModeTitle,
  notEnoughMembers,
  REGISTRATION_MESSAGES as RM,
  representativeRule,
  TEAM_REGISTRATION_MESSAGES as M,
  type TeamMoveStatus,
  type TeamRegisterStatus,
  type TeamRegisterTeam,
  type TeamRegistrationList,
  TeamRegistrationListSchema,
} from "@site/contract";
import type { Kysely } from "kysely";
import type { AppContext } from "../../context.js";
import type { DB } from "../../db/schema.js";
import type { RawJson } from "../../lib/cache.js";
import { DAY_MS, dateHuman } from "../../lib/dates.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { escapeHtml, link, notifyMany } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { canManageSeriesContent, canModerateRegistrations, canSeeUnpublished } from "../series/series-access.service.js";
import { teamRegistrationRefusal } from "../teams/team-membership.service.js";
import { logTournamentAction } from "../tournament-logs/tournament-logs.service.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";
import * as repo from "./team-registrations.repository.js";

/**
 * Team registration (001 §2, §4, §5, §7 for event_format 0).
 *
 * Model: one `team_registrations` row per primary team and tournament (with its optional
 * secondary team). A member's participation is a `registrations` row with `team_id` = the
 * registration's primary team, written when the team registers (and when an opt-in/out or a
 * representative change touches a member who joined later). Eligibility is read from the
 * rosters: on the primary or secondary roster now, joined by the end of the transfer-deadline
 * day (23:59:59.999 UTC), and not claimed by another registered team's row. UNIQUE(tournament_id,
 * player_id) on `registrations` keeps a player on one team per tournament.
 */

type Db = Kysely<DB>;
type Ev = repo.TeamEventRow;

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

async function membersOf(db: Db, ev: Ev, key: number, secondaryId: number | null): Promise<Member[]> {
  const rows = await repo.candidates(db, ev.id, secondaryId ? [key, secondaryId] : [key]);
  return eligibleMembers(rows, key, deadlineEnd(ev.transfer_deadline));
}

// ---------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------

/** `true` when the tournament exists and uses team registration (the shared routes dispatch on it). */
export async function isTeamEvent(ctx: AppContext, id: number): Promise<boolean> {
  const f = await ctx.cache.get(`tournaments:team-reg-format:${id}`, () => repo.eventFormat(ctx.db, id));
  return f?.event_format === 0;
}

/**
 * The team tournament, visible to the actor (unpublished → 404 unless allowed). Public reads pass
 * `cached`: the row then comes from the micro-cache (every tournament save clears `tournaments:`),
 * so a cached list costs no query; writes always read it fresh.
 */
async function loadEvent(ctx: AppContext, actor: Actor, id: number, cached = false): Promise<Ev> {
  const ev = cached
    ? await ctx.cache.get(`tournaments:team-reg-event:${id}`, () => repo.findEvent(ctx.db, id))
    : await repo.findEvent(ctx.db, id);
  if (!ev || (ev.published !== 1 && !(await canSeeUnpublished(ctx, actor, ev.tournament_series_id))))
    throw notFound("Tournament not found.");
  if (ev.event_format !== 0) throw badRequest("This tournament does not use team registration.");
  return ev;
}

/** Tournament administrators (001 §6): event administrators and the series' administrators and organizers. */
function isAdministrator(ctx: AppContext, actor: Actor, ev: Ev): Promise<boolean> {
  if (actor.userId === null) return Promise.resolve(false);
  return canManageSeriesContent(ctx, actor, ev.tournament_series_id);
}

/**
 * Registration moderators (000 §6 canEventModerate): tournament administrators and event
 * moderators, by the predicate shared with solo and squad registration. They may use what the
 * team table offers (withdrawn/rejected lists, Move, Edit), not manual registration, opt-in or
 * representative controls.
 */
function isModerator(ctx: AppContext, actor: Actor, ev: Ev): Promise<boolean> {
  return canModerateRegistrations(ctx, actor, ev.tournament_series_id);
}

async function requireAdmin(ctx: AppContext, actor: Actor, id: number): Promise<Ev> {
  const ev = await loadEvent(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  if (!(await isAdministrator(ctx, actor, ev))) throw forbidden("You do not have permission to administrate this tournament.");
  return ev;
}

/** The team tournament, for a registration moderator (401 anonymous, 403 otherwise). */
async function requireModerator(ctx: AppContext, actor: Actor, id: number): Promise<Ev> {
  const ev = await loadEvent(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  if (!(await isModerator(ctx, actor, ev))) throw forbidden("You do not have permission to moderate this tournament.");
  return ev;
}

const tlink = (ev: Ev) => link(`/tournaments/${ev.id}`, ev.title);

function log(db: Db, ev: Ev, actor: Actor, action: string, summary: string, before?: string | null, after?: string | null) {
  return logTournamentAction(db, {
    tournamentId: ev.id,
    userId: actor.userId,
    action,
    summary,
    before: before ?? null,
    after: after ?? null,
  });
}

/** Notifies the leaders of the registration's teams (issue #8 rule: every action notifies them). */
async function notifyLeaders(
  db: Db,
  teamIds: Array<number | null>,
  level: "info" | "success" | "warning",
  html: string,
  extra: Array<number | null> = [],
) {
  const ids = await repo.leaderUserIds(
    db,
    teamIds.filter((t): t is number => t !== null),
  );
  await notifyMany(db, [...new Set([...ids, ...extra.filter((x): x is number => x !== null)])], level, html);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "23505" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/** A write transaction; every team registration write clears the `tournaments:` micro-cache. */
async function write<T>(ctx: AppContext, fn: (trx: Db) => Promise<T>, uniqueMessage: string = M.alreadyRegistered): Promise<T> {
  try {
    return await ctx.db.transaction().execute(fn);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(uniqueMessage);
    throw err;
  } finally {
    ctx.cache.invalidate("tournaments:");
  }
}

type OwnStatus = TeamRegisterStatus["status"];

/** The account-level blocking status (001 §5 Blocking messages), before any team is looked at. */
async function accountStatus(db: Db, actor: Actor) {
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
async function ownRegistration(db: Db, ev: Ev, playerId: number) {
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

function teamStatus(regs: repo.TeamRegRow[], teamId: number): { status: TeamRegisterTeam["status"]; reg?: repo.TeamRegRow } {
  const own = regs.find((r) => r.team_id === teamId);
  if (own) return { status: own.status as TeamMoveStatus, reg: own };
  const asSecondary = regs.find((r) => r.secondary_team_id === teamId && r.status === "registered");
  if (asSecondary) return { status: "registered", reg: asSecondary };
  return { status: "unregistered" };
}

const option = (m: Member) => ({ id: m.player_id, name: m.display_name, leader: m.leader });

// ---------------------------------------------------------------------------------------
// Register status, register, withdraw (001 §3 Team register status response, §5)
// ---------------------------------------------------------------------------------------

/** `GET /api/events/{id}/register` for a team tournament. */
export async function registerStatus(ctx: AppContext, actor: Actor, id: number): Promise<TeamRegisterStatus> {
  const ev = await loadEvent(ctx, actor, id);
  const [admin, moderator] = await Promise.all([isAdministrator(ctx, actor, ev), isModerator(ctx, actor, ev)]);
  const { status: blocking, player } = await accountStatus(ctx.db, actor);
  const base = {
    my_team_id: null,
    my_team_name: null,
    my_team_verified: null,
    opted_out: false,
    rejected: false,
    can_administrate: admin,
    can_moderate: moderator,
  };
  if (blocking || !player) return { status: blocking ?? "no_profile", teams: [], ...base };

  const managed = (await repo.managedTeams(ctx.db, player.id, ev.game_mode)).filter((t) => teamRegistrationRefusal(t) === null);
  const seconds = (
    await repo.secondaryTeamsOf(
      ctx.db,
      managed.map((t) => t.id),
    )
  ).filter((t) => teamRegistrationRefusal(t) === null);
  const regs = await repo.registrationsUsing(ctx.db, ev.id, [...managed.map((t) => t.id), ...seconds.map((t) => t.id)]);
  const teams: TeamRegisterTeam[] = [];
  for (const t of managed) {
    const st = teamStatus(regs, t.id);
    const members = await membersOf(ctx.db, ev, t.id, null);
    const secondaries = [];
    for (const s of seconds.filter((x) => x.primary_team_id === t.id)) {
      const sm = await membersOf(ctx.db, ev, t.id, s.id);
      const only = sm.filter((m) => !members.some((p) => p.player_id === m.player_id));
      secondaries.push({
        team_id: s.id,
        team_name: s.team_name,
        status: teamStatus(regs, s.id).status,
        team_leader_count: only.filter((m) => m.leader).length,
        team_size: only.length,
        team_members: only.map(option),
      });
    }
    const ownReg = st.reg?.team_id === t.id ? st.reg : undefined;
    const secondName = ownReg?.secondary_team_id ? ((await repo.findTeam(ctx.db, ownReg.secondary_team_id))?.team_name ?? null) : null;
    teams.push({
      team_id: t.id,
      team_name: t.team_name,
      team_tag: t.team_tag,
      team_color: t.team_color,
      status: st.status,
      primary_team_id: t.primary_team_id,
      secondary_team_id: ownReg?.secondary_team_id ?? null,
      secondary_team_name: secondName,
      registered_with: st.reg && st.reg.team_id !== t.id ? st.reg.team_id : null,
      verified: st.reg?.verified ?? 0,
      team_leader_count: members.filter((m) => m.leader).length,
      team_size: members.length,
      team_members: members.map(option),
      secondary_teams: secondaries,
    });
  }

  const { row, reg } = await ownRegistration(ctx.db, ev, player.id);
  const registered = reg?.status === "registered";
  const rejectedRow = row?.status === "rejected" || reg?.status === "rejected";
  // 'You have been removed…' blocks only a player with no team of their own to enter: a leader
  // of a rejected team sees the team-level messages instead (decisions.md).
  const status: OwnStatus = registered ? "registered" : rejectedRow && teams.length === 0 ? "rejected" : "not_registered";
  const myTeam = reg ? await repo.findTeam(ctx.db, reg.team_id) : undefined;
  return {
    status,
    teams,
    my_team_id: reg?.team_id ?? null,
    my_team_name: myTeam?.team_name ?? null,
    my_team_verified: reg?.verified ?? null,
    opted_out: registered && row?.team_id === reg.team_id && row.opted_out === 1,
    rejected: rejectedRow,
    can_administrate: admin,
    can_moderate: moderator,
  };
}

/** The player acting for a team: signed in, no blocking state, leader or manager of the team. */
async function requireTeamStaff(ctx: AppContext, actor: Actor, ev: Ev, teamId: number | undefined) {
  if (actor.userId === null) throw unauthorized();
  const { status, player } = await accountStatus(ctx.db, actor);
  if (status === "banned") throw forbidden(RM.banned);
  if (status === "pending_email") throw forbidden(RM.pending_email);
  if (status === "user_invalid") throw forbidden(RM.user_invalid);
  if (!player) throw badRequest(RM.no_profile_team);
  if (!teamId) throw badRequest(M.primaryRequired);
  const team = await repo.findTeam(ctx.db, teamId);
  if (!team) throw badRequest("Team not found.");
  const m = await repo.membership(ctx.db, teamId, player.id);
  if (!m || (m.is_leader !== 1 && m.is_manager !== 1)) throw forbidden(M.onlyLeaders);
  return { player, team };
}

/** Rules shared by self and manual registration for a secondary team. */
async function checkSecondary(db: Db, ev: Ev, primary: repo.TeamLite, secondaryId: number, linked: boolean) {
  if (secondaryId === primary.id) throw badRequest("The secondary team must differ from the primary team.");
  const s = await repo.findTeam(db, secondaryId);
  if (!s) throw badRequest("Secondary team not found.");
  if (linked && s.primary_team_id !== primary.id) throw badRequest("The secondary team must be a secondary team of the primary team.");
  const refusal = teamRegistrationRefusal(s);
  if (refusal) throw badRequest(refusal);
  const used = (await repo.registrationsUsing(db, ev.id, [s.id])).filter((r) => r.status === "registered" && r.team_id !== primary.id);
  if (used.length) throw badRequest("The secondary team is already registered for this tournament.");
  return s;
}

async function checkPrimaryFree(db: Db, ev: Ev, teamId: number) {
  const regs = await repo.registrationsUsing(db, ev.id, [teamId]);
  const own = regs.find((r) => r.team_id === teamId);
  if (own?.status === "registered") throw badRequest(M.alreadyRegistered);
  if (own?.status === "rejected") throw badRequest(M.teamRejected);
  if (regs.some((r) => r.secondary_team_id === teamId && r.status === "registered")) throw badRequest(M.alreadyRegistered);
  return own;
}

/** Inserts or re-activates the team registration and writes its members' rows. */
async function placeTeam(
  trx: Db,
  ev: Ev,
  v: { teamId: number; secondaryId: number | null; verified: number; reps: number[]; existing: repo.TeamRegRow | undefined; now: number },
) {
  const r = { tournamentId: ev.id, teamId: v.teamId, secondaryId: v.secondaryId, verified: v.verified, now: v.now };
  if (v.existing) {
    if (!(await repo.reRegisterTeam(trx, r))) throw badRequest(M.alreadyRegistered);
  } else await repo.insertTeamRegistration(trx, r);
  // Re-read inside the transaction so a player claimed meanwhile by another team is left out.
  const members = await membersOf(trx, ev, v.teamId, v.secondaryId);
  await syncRows(trx, ev, v.teamId, members, v.now, v.reps);
  return members;
}

/** Writes rows for the current eligible members; rows of players no longer eligible are withdrawn. */
async function syncRows(trx: Db, ev: Ev, teamId: number, members: Member[], now: number, reps?: number[]) {
  const ids = new Set(members.map((m) => m.player_id));
  for (const m of members)
    await repo.upsertMember(trx, {
      tournamentId: ev.id,
      playerId: m.player_id,
      teamId,
      now,
      ...(reps ? { representative: reps.includes(m.player_id) } : {}),
    });
  for (const row of await repo.memberRows(trx, ev.id, teamId))
    if (!ids.has(row.player_id) && row.status === "registered")
      await repo
        .setMemberFlags(trx, ev.id, row.player_id, { is_representative: 0 })
        .then(() =>
          trx
            .updateTable("registrations")
            .set({ status: "withdrawn" })
            .where("tournament_id", "=", ev.id)
            .where("player_id", "=", row.player_id)
            .execute(),
        );
}

/**
 * `POST /api/events/{id}/register {team_id, team2_id, rep1, rep2, rep3}` (001 §5 Team
 * self-registration). Leaders and managers of the primary team only; registrations open (staff
 * exempt); the team not registered or rejected; the secondary one of the primary's unregistered
 * secondary teams; the combined eligible members at least minimum_team_size; the representatives
 * the leader-count rule asks for, each an eligible non-leader member.
 */
export async function register(
  ctx: AppContext,
  actor: Actor,
  id: number,
  b: {
    team_id?: number | undefined;
    team2_id?: number | undefined;
    rep1?: number | undefined;
    rep2?: number | undefined;
    rep3?: number | undefined;
  },
) {
  const ev = await loadEvent(ctx, actor, id);
  const { player, team } = await requireTeamStaff(ctx, actor, ev, b.team_id);
  if (ev.registrations_open !== 1 && !(await isAdministrator(ctx, actor, ev))) throw badRequest(RM.closed);
  if (team.category !== ev.game_mode) throw badRequest(`This team is not a ${gameModeTitle(ev.game_mode)} team.`);
  const refusal = teamRegistrationRefusal(team);
  if (refusal) throw badRequest(refusal);
  const existing = await checkPrimaryFree(ctx.db, ev, team.id);
  const second = b.team2_id ? await checkSecondary(ctx.db, ev, team, b.team2_id, true) : null;

  const members = await membersOf(ctx.db, ev, team.id, second?.id ?? null);
  if (members.length < ev.minimum_team_size) throw badRequest(notEnoughMembers(members.length, ev.minimum_team_size, second !== null));
  const leaders = members.filter((m) => m.leader).length;
  const rule = representativeRule(leaders);
  const picked = [b.rep1, b.rep2, b.rep3];
  const reps: number[] = [];
  rule.forEach((r, i) => {
    const v = picked[i];
    if (v && !r.shown) throw badRequest(`Representative ${i + 1} is not needed for this team.`);
    if (!v && r.required) throw badRequest(`Please choose representative ${i + 1}.`);
    if (v) {
      const m = members.find((x) => x.player_id === v);
      if (!m || m.leader) throw badRequest(`Representative ${i + 1} must be an eligible member who is not a leader.`);
      if (reps.includes(v)) throw badRequest("Each representative must be a different player.");
      reps.push(v);
    }
  });

  const now = Date.now();
  await write(ctx, async (trx) => {
    await placeTeam(trx, ev, { teamId: team.id, secondaryId: second?.id ?? null, verified: 0, reps, existing, now });
    const name = second ? `${team.team_name} with ${second.team_name}` : team.team_name;
    await log(trx, ev, actor, "team.register", `${player.display_name} registered ${name}`);
    await notifyLeaders(
      trx,
      [team.id, second?.id ?? null],
      "success",
      `${escapeHtml(team.team_name)} has been registered for ${tlink(ev)}.`,
    );
  });
  return { status: "ok" as const, message: "Your team has been registered." };
}

/** `POST /api/events/{id}/withdraw {team_id}`: a leader or manager withdraws the team (while open; staff exempt). */
export async function withdraw(ctx: AppContext, actor: Actor, id: number, teamId: number | undefined) {
  const ev = await loadEvent(ctx, actor, id);
  const { player, team } = await requireTeamStaff(ctx, actor, ev, teamId);
  if (ev.registrations_open !== 1 && !(await isAdministrator(ctx, actor, ev))) throw badRequest(RM.closed);
  const reg = await repo.findTeamRegistration(ctx.db, ev.id, team.id);
  if (!reg || reg.status !== "registered") throw badRequest("This team is not registered for this tournament.");
  await write(ctx, async (trx) => {
    await repo.updateTeamRegistration(trx, ev.id, team.id, { status: "withdrawn" });
    await repo.setMemberStatus(trx, ev.id, team.id, "withdrawn");
    await log(trx, ev, actor, "team.withdraw", `${player.display_name} withdrew ${team.team_name}`);
    await notifyLeaders(trx, [team.id, reg.secondary_team_id], "warning", `${escapeHtml(team.team_name)} has withdrawn from ${tlink(ev)}.`);
  });
  return { status: "ok" as const, message: "Your team has withdrawn from this tournament." };
}

// ---------------------------------------------------------------------------------------
// Opt in / opt out (001 §4 Opt-in and opt-out)
// ---------------------------------------------------------------------------------------

async function setOptOut(ctx: AppContext, actor: Actor, ev: Ev, reg: repo.TeamRegRow, m: Member, optOut: boolean, self: boolean) {
  if ((m.row?.opted_out ?? false) === optOut)
    throw badRequest(optOut ? "This player has already opted out." : "This player is not opted out.");
  const team = await repo.findTeam(ctx.db, reg.team_id);
  await write(ctx, async (trx) => {
    await repo.upsertMember(trx, { tournamentId: ev.id, playerId: m.player_id, teamId: reg.team_id, optedOut: optOut, now: Date.now() });
    if (optOut) await repo.setMemberFlags(trx, ev.id, m.player_id, { is_representative: 0 });
    const who = self ? `${m.display_name} opted ${optOut ? "out" : "in"}` : `${optOut ? "Withdrew" : "Re-registered"} ${m.display_name}`;
    await log(trx, ev, actor, optOut ? "team.optout" : "team.optin", `${who} (${team?.team_name ?? reg.team_id})`);
    await notifyLeaders(
      trx,
      [reg.team_id, reg.secondary_team_id],
      optOut ? "warning" : "info",
      self
        ? `${escapeHtml(m.display_name)} has opted ${optOut ? "out of" : "in to"} ${tlink(ev)}.`
        : `A tournament administrator ${optOut ? "withdrew" : "re-registered"} ${escapeHtml(m.display_name)} in ${tlink(ev)}.`,
      self ? [] : [m.user_id],
    );
  });
  return { status: "ok" as const };
}

/** `POST player_optout` / `player_optin` (self): a member of a registered team, before the registration deadline (staff exempt). */
export async function selfOpt(ctx: AppContext, actor: Actor, id: number, optOut: boolean) {
  const ev = await loadEvent(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  const player = await repo.findPlayerOfUser(ctx.db, actor.userId);
  if (!player) throw badRequest(RM.no_profile_team);
  if (ev.registrations_open !== 1 && !(await isAdministrator(ctx, actor, ev))) throw badRequest(RM.closed);
  const { reg } = await ownRegistration(ctx.db, ev, player.id);
  if (!reg || reg.status !== "registered") throw badRequest("You are not on a team registered for this tournament.");
  const m = (await membersOf(ctx.db, ev, reg.team_id, reg.secondary_team_id)).find((x) => x.player_id === player.id);
  if (!m) throw badRequest("You are not eligible to play for this team.");
  return setOptOut(ctx, actor, ev, reg, m, optOut, true);
}

async function adminMember(ctx: AppContext, actor: Actor, id: number, teamId: number | null, playerId: number) {
  const ev = await requireAdmin(ctx, actor, id);
  let reg: repo.TeamRegRow | undefined;
  if (teamId !== null) reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
  else reg = (await ownRegistration(ctx.db, ev, playerId)).reg;
  if (!reg || reg.status !== "registered") throw notFound("Registration not found.");
  const m = (await membersOf(ctx.db, ev, reg.team_id, reg.secondary_team_id)).find((x) => x.player_id === playerId);
  if (!m) throw badRequest("This player is not an eligible member of this team.");
  return { ev, reg, m };
}

/** `POST player_optout/{teamId}/{playerId}` (Withdraw Player) and `player_optin/…` (Re-Register Player): administrators. */
export async function adminOpt(ctx: AppContext, actor: Actor, id: number, teamId: number, playerId: number, optOut: boolean) {
  const { ev, reg, m } = await adminMember(ctx, actor, id, teamId, playerId);
  return setOptOut(ctx, actor, ev, reg, m, optOut, false);
}

/** `POST add_representative/{playerId}` and `remove_representative/{playerId}`: administrators; never the leader; at most 3. */
export async function setRepresentative(ctx: AppContext, actor: Actor, id: number, playerId: number, on: boolean) {
  const { ev, reg, m } = await adminMember(ctx, actor, id, null, playerId);
  if (m.leader) throw badRequest(M.leaderNotRepresentative);
  if (on && m.row?.representative) throw badRequest("This player is already a representative.");
  if (!on && !m.row?.representative) throw badRequest("This player is not a representative.");
  if (on && m.row?.opted_out) throw badRequest("An opted-out player cannot be a representative.");
  if (on) {
    const reps = (await repo.memberRows(ctx.db, ev.id, reg.team_id)).filter((r) => r.status === "registered" && r.is_representative === 1);
    if (reps.length >= 3) throw badRequest(M.maxRepresentatives);
  }
  await write(ctx, async (trx) => {
    await repo.upsertMember(trx, { tournamentId: ev.id, playerId, teamId: reg.team_id, representative: on, now: Date.now() });
    await log(
      trx,
      ev,
      actor,
      "team.representative",
      `${on ? "Set" : "Removed"} ${m.display_name} as representative`,
      on ? "No" : "Yes",
      on ? "Yes" : "No",
    );
    await notifyLeaders(
      trx,
      [reg.team_id],
      "info",
      `${escapeHtml(m.display_name)} is ${on ? "now" : "no longer"} a representative of your team in ${tlink(ev)}.`,
      [m.user_id],
    );
  });
  return { status: "ok" as const };
}

// ---------------------------------------------------------------------------------------
// Lists and eligible players (001 §2 Team registrations, Team eligible players)
// ---------------------------------------------------------------------------------------

type Status = TeamMoveStatus;
const splitOrder = (order: string): [string, "A" | "D"] => [order.slice(0, -1), order.slice(-1) as "A" | "D"];

async function computeList(ctx: AppContext, ev: Ev, status: Status, order: string): Promise<TeamRegistrationList> {
  const [rows, countRows] = await Promise.all([
    repo.teamRegistrationList(ctx.db, ev.id, status),
    repo.listCounts(ctx.db, ev.id, status, deadlineEnd(ev.transfer_deadline)),
  ]);
  const counts = new Map(countRows.map((c) => [c.team_id, Number(c.n)]));
  const data = rows.map((r) => ({
    team_id: r.team_id,
    team_name: r.team_name,
    team_tag: r.team_tag,
    team_color: r.team_color,
    secondary_team_id: r.secondary_team_id,
    secondary_team_name: r.secondary_team_name,
    player_count: counts.get(r.team_id) ?? 0,
    status: r.status as Status,
    verified: r.verified,
    registered_at: r.registered_at,
    registered_at_human: dateHuman(r.registered_at),
  }));
  const [field, d] = splitOrder(order);
  const sign = d === "A" ? 1 : -1;
  const key: (x: (typeof data)[number]) => string | number =
    field === "N" ? (x) => x.team_name.toLowerCase() : field === "C" || field === "E" ? (x) => x.player_count : (x) => x.registered_at;
  data.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return (ka < kb ? -1 : ka > kb ? 1 : 0) * sign || (a.team_id - b.team_id) * sign;
  });
  return { data };
}

/** `GET /api/events/{id}/registrations[/withdrawn|/rejected]?order` for teams; withdrawn and rejected are for registration moderators. */
export async function listTeams(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: Status,
  order: string,
): Promise<TeamRegistrationList | RawJson> {
  const ev = status === "registered" ? await loadEvent(ctx, actor, id, true) : await requireModerator(ctx, actor, id);
  if (status === "registered")
    return ctx.cache.json(`tournaments:reg:${id}:teams:${order}`, TeamRegistrationListSchema, () => computeList(ctx, ev, status, order));
  return computeList(ctx, ev, status, order);
}

async function computeEligible(ctx: AppContext, ev: Ev, reg: repo.TeamRegRow, order: string): Promise<EligiblePlayers> {
  const [team, second, members] = await Promise.all([
    repo.findTeam(ctx.db, reg.team_id),
    reg.secondary_team_id ? repo.findTeam(ctx.db, reg.secondary_team_id) : Promise.resolve(undefined),
    membersOf(ctx.db, ev, reg.team_id, reg.secondary_team_id),
  ]);
  const since = (m: Member) => m.row?.registered_at ?? Math.max(m.joined_at, reg.registered_at);
  const [field, d] = splitOrder(order);
  const sign = d === "A" ? 1 : -1;
  const sorted = [...members];
  if (field === "N" || field === "P")
    sorted.sort((a, b) => a.display_name.toLowerCase().localeCompare(b.display_name.toLowerCase()) * sign);
  else if (field === "R") sorted.sort((a, b) => (since(a) - since(b)) * sign || a.player_id - b.player_id);
  // Default: leaders, managers, then by name (the order of a roster).
  if (order === "RA") sorted.sort((a, b) => Number(b.leader) - Number(a.leader) || Number(b.manager) - Number(a.manager));
  return {
    team_id: reg.team_id,
    team_name: team?.team_name ?? "",
    team_tag: team?.team_tag ?? "",
    secondary_team_id: reg.secondary_team_id,
    secondary_team_name: second?.team_name ?? null,
    status: reg.status as Status,
    verified: reg.verified,
    custom_field_name: null,
    members: sorted.map((m) => ({
      player_id: m.player_id,
      display_name: m.display_name,
      country_code: m.country_code,
      country_name: countryName(m.country_code),
      opted_out: m.row?.opted_out ?? false,
      team_manager: m.manager,
      team_leader: m.leader,
      team_representative: m.row?.representative ?? false,
      custom_field: m.row?.custom_field ?? null,
      registered_since_human: dateHuman(since(m)),
    })),
  };
}

/** `GET /api/events/{id}/teams/{teamId}/eligible_players?order`: public, shared through the micro-cache. */
export async function eligiblePlayers(
  ctx: AppContext,
  actor: Actor,
  id: number,
  teamId: number,
  order: string,
): Promise<EligiblePlayers | RawJson> {
  const ev = await loadEvent(ctx, actor, id, true);
  return ctx.cache.json(`tournaments:reg:${id}:eligible:${teamId}:${order}`, EligiblePlayersSchema, async () => {
    const reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
    if (!reg) throw notFound("This team is not registered for this tournament.");
    return computeEligible(ctx, ev, reg, order);
  });
}

// ---------------------------------------------------------------------------------------
// Moves, edit, manual registration (001 §4, §7 Moves, Edit registrations, Manual registration)
// ---------------------------------------------------------------------------------------

/**
 * Moves a registration to `status`. Registered → registered verifies it (001 §4); withdrawn or
 * rejected → registered re-registers it (verified, its secondary checked again).
 */
async function applyStatus(trx: Db, ctx: AppContext, actor: Actor, ev: Ev, reg: repo.TeamRegRow, status: Status, teamName: string) {
  if (status === "registered" && reg.status === "registered") {
    if (reg.verified >= 1) return false;
    await repo.updateTeamRegistration(trx, ev.id, reg.team_id, { verified: 1 });
    await log(trx, ev, actor, "team.verify", `Verified ${teamName}`, "Unverified", "Verified");
    await notifyLeaders(
      trx,
      [reg.team_id, reg.secondary_team_id],
      "success",
      `${escapeHtml(teamName)} has been verified for ${tlink(ev)}.`,
    );
    return true;
  }
  if (reg.status === status) return false;
  if (status === "registered") {
    const used = (await repo.registrationsUsing(trx, ev.id, [reg.team_id])).filter(
      (r) => r.status === "registered" && r.team_id !== reg.team_id,
    );
    if (used.length) throw badRequest("This team is already registered with another team in this tournament.");
    await repo.updateTeamRegistration(trx, ev.id, reg.team_id, { status, verified: 1 });
    await syncRows(trx, ev, reg.team_id, await membersOf(trx, ev, reg.team_id, reg.secondary_team_id), Date.now());
  } else {
    await repo.updateTeamRegistration(trx, ev.id, reg.team_id, { status });
    await repo.setMemberStatus(trx, ev.id, reg.team_id, status);
  }
  await log(trx, ev, actor, "team.move", `Moved ${teamName}`, reg.status, status);
  await notifyLeaders(
    trx,
    [reg.team_id, reg.secondary_team_id],
    "warning",
    `${escapeHtml(teamName)} was moved to ${status} in ${tlink(ev)}.`,
  );
  return true;
}

/** `POST /api/events/{id}/move_team {status, team_id}` (registration moderators; all three statuses). */
export async function moveTeam(ctx: AppContext, actor: Actor, id: number, status: Status, teamId: number) {
  const ev = await requireModerator(ctx, actor, id);
  const reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
  const team = await repo.findTeam(ctx.db, teamId);
  if (!reg || !team) throw notFound("Registration not found.");
  const changed = await write(ctx, (trx) => applyStatus(trx, ctx, actor, ev, reg, status, team.team_name));
  if (!changed)
    throw badRequest(status === "registered" ? "This team is already registered and verified." : `This team is already ${status}.`);
  return { status: "ok" as const };
}

export async function getTeamEdit(ctx: AppContext, actor: Actor, id: number, teamId: number): Promise<EditTeamRegistration> {
  const ev = await requireModerator(ctx, actor, id);
  const reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
  const team = await repo.findTeam(ctx.db, teamId);
  if (!reg || !team) throw notFound("Registration not found.");
  const second = reg.secondary_team_id ? await repo.findTeam(ctx.db, reg.secondary_team_id) : undefined;
  const options = (await repo.secondaryTeamsOf(ctx.db, [teamId])).filter((t) => teamRegistrationRefusal(t) === null);
  if (second && !options.some((o) => o.id === second.id)) options.unshift(second);
  return {
    team_name: team.team_name,
    status: reg.status as Status,
    team2_id: reg.secondary_team_id,
    team2_name: second?.team_name ?? null,
    secondary_options: options.map((o) => ({ team_id: o.id, team_name: o.team_name })),
  };
}

/** `POST …/registrations/teams/{teamId}/edit {status, team2_id}` (registration moderators; 0 = no secondary team). */
export async function saveTeamEdit(
  ctx: AppContext,
  actor: Actor,
  id: number,
  teamId: number,
  b: { status: Status; team2_id?: number | undefined },
) {
  const ev = await requireModerator(ctx, actor, id);
  const reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
  const team = await repo.findTeam(ctx.db, teamId);
  if (!reg || !team) throw notFound("Registration not found.");
  const nextSecond = b.team2_id ? b.team2_id : null;
  if (nextSecond !== null && nextSecond !== reg.secondary_team_id) await checkSecondary(ctx.db, ev, team, nextSecond, false);
  await write(ctx, async (trx) => {
    if (nextSecond !== reg.secondary_team_id) {
      await repo.updateTeamRegistration(trx, ev.id, teamId, { secondary_team_id: nextSecond });
      const names = await Promise.all(
        [reg.secondary_team_id, nextSecond].map(async (x) => (x ? ((await repo.findTeam(trx, x))?.team_name ?? "") : "None")),
      );
      await log(trx, ev, actor, "team.edit", `Edited the secondary team of ${team.team_name}`, names[0], names[1]);
      if (reg.status === "registered") await syncRows(trx, ev, teamId, await membersOf(trx, ev, teamId, nextSecond), Date.now());
    }
    await applyStatus(trx, ctx, actor, ev, { ...reg, secondary_team_id: nextSecond }, b.status, team.team_name);
    await notifyLeaders(
      trx,
      [teamId, nextSecond],
      "info",
      `A tournament staff member edited the registration of ${escapeHtml(team.team_name)} in ${tlink(ev)}.`,
    );
  });
  return { status: "ok", message: "Registration updated." };
}

interface AdminRegisterTeam {
  register_mode: "existing" | "shadow";
  register_mode2: "none" | "existing" | "shadow";
  team_id?: number | undefined;
  team_id2?: number | undefined;
  shadow_name: string;
  shadow_tag: string;
  shadow_name2: string;
  shadow_tag2: string;
}

/**
 * `POST /api/events/{id}/admin_register_team` (administrators): primary existing or a new shadow
 * team; secondary none, existing or a new shadow team (created as a secondary of the primary).
 * The minimum size does not apply; the registration is verified.
 */
export async function adminRegisterTeam(ctx: AppContext, actor: Actor, id: number, b: AdminRegisterTeam) {
  const ev = await requireAdmin(ctx, actor, id);
  const shadowFields = (name: string, tag: string) => {
    if (!name) throw badRequest("Team Name is required.");
    if (!tag) throw badRequest("Team Tag is required.");
  };
  if (b.register_mode === "shadow") shadowFields(b.shadow_name, b.shadow_tag);
  if (b.register_mode2 === "shadow") shadowFields(b.shadow_name2, b.shadow_tag2);
  await assertAllowed(ctx.db, {
    "team name": b.register_mode === "shadow" ? b.shadow_name : undefined,
    "team tag": b.register_mode === "shadow" ? b.shadow_tag : undefined,
    "secondary team name": b.register_mode2 === "shadow" ? b.shadow_name2 : undefined,
    "secondary team tag": b.register_mode2 === "shadow" ? b.shadow_tag2 : undefined,
  });
  let primary: repo.TeamLite | undefined;
  let existing: repo.TeamRegRow | undefined;
  if (b.register_mode === "existing") {
    if (!b.team_id) throw badRequest(M.primaryRequired);
    primary = await repo.findTeam(ctx.db, b.team_id);
    if (!primary) throw badRequest("Team not found.");
    const refusal = teamRegistrationRefusal(primary);
    if (refusal) throw badRequest(refusal);
    existing = await checkPrimaryFree(ctx.db, ev, primary.id).catch((e: unknown) => {
      // An administrator may register a team they rejected earlier: only 'registered' blocks.
      if (e instanceof Error && e.message === M.teamRejected) return repo.findTeamRegistration(ctx.db, ev.id, primary!.id);
      throw e;
    });
  }
  if (b.register_mode2 === "existing") {
    if (!b.team_id2) throw badRequest("Choose the secondary team.");
    if (primary) await checkSecondary(ctx.db, ev, primary, b.team_id2, false);
    else {
      const s = await repo.findTeam(ctx.db, b.team_id2);
      if (!s) throw badRequest("Secondary team not found.");
      if ((await repo.registrationsUsing(ctx.db, ev.id, [s.id])).some((r) => r.status === "registered"))
        throw badRequest("The secondary team is already registered for this tournament.");
    }
  }
  const now = Date.now();
  const name = await write(ctx, async (trx) => {
    const teamId =
      primary?.id ??
      (await repo.insertShadowTeam(trx, { name: b.shadow_name, tag: b.shadow_tag, category: ev.game_mode, primaryId: null, now }));
    const primaryName = primary?.team_name ?? b.shadow_name;
    let secondId: number | null = null;
    if (b.register_mode2 === "existing") secondId = b.team_id2!;
    if (b.register_mode2 === "shadow")
      secondId = await repo.insertShadowTeam(trx, {
        name: b.shadow_name2,
        tag: b.shadow_tag2,
        category: ev.game_mode,
        primaryId: teamId,
        now,
      });
    if (existing && existing.status !== "withdrawn") {
      await repo.updateTeamRegistration(trx, ev.id, teamId, { status: "withdrawn" });
      existing = { ...existing, status: "withdrawn" };
    }
    await placeTeam(trx, ev, { teamId, secondaryId: secondId, verified: 1, reps: [], existing, now });
    const label = secondId
      ? `${primaryName} with ${b.register_mode2 === "shadow" ? b.shadow_name2 : ((await repo.findTeam(trx, secondId))?.team_name ?? "")}`
      : primaryName;
    await log(trx, ev, actor, "team.manual", `Manually registered ${label}`);
    await notifyLeaders(
      trx,
      [teamId, secondId],
      "info",
      `A tournament administrator registered ${escapeHtml(primaryName)} for ${tlink(ev)}.`,
    );
    return label;
  });
  return { status: "ok", message: `${name} has been registered.` };
}
