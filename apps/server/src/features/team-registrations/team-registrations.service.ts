import {
  gameModeTitle,
  notEnoughMembers,
  REGISTRATION_MESSAGES as RM,
  representativeRule,
  TEAM_REGISTRATION_MESSAGES as M,
  type TeamRegisterStatus,
  type TeamRegisterTeam,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { tournamentRef } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import { teamRegistrationRefusal, teamRegistrationRefusalCoded } from "../teams/team-membership.service.js";
import {
  isRegistrationModerator,
  isTournamentAdmin,
  logTournamentAction,
  logWords,
  requireRegistrationsOpenIn,
} from "../access/tournament-access.service.js";
import {
  accountStatus,
  checkPrimaryFree,
  checkSecondary,
  type Ev,
  loadTeamEvent,
  type Member,
  membersOf,
  notifyLeaders,
  option,
  type OwnStatus,
  ownRegistration,
  placeTeam,
  requireTeamAdmin,
  requireTeamStaff,
  teamStatus,
  write,
} from "./team-registration-rules.js";
import * as repo from "./team-registrations.repository.js";
import { admitTeam, fillTeamPlaces, teamRankOf } from "./team-waitlist.service.js";

/**
 * A team's own registration (001 §3 Team register status response, §4 Opt-in and opt-out,
 * §5 Team self-registration): status, register, withdraw, opt in/out, representatives.
 * Shared rules: `team-registration-rules.ts`.
 */

// ---------------------------------------------------------------------------------------
// Register status, register, withdraw (001 §3 Team register status response, §5)
// ---------------------------------------------------------------------------------------

/** `GET /api/events/{id}/register` for a team tournament. */
export async function registerStatus(ctx: AppContext, actor: Actor, id: number): Promise<TeamRegisterStatus> {
  const ev = await loadTeamEvent(ctx, actor, id);
  const [admin, moderator] = await Promise.all([isTournamentAdmin(ctx, actor, ev), isRegistrationModerator(ctx, actor, ev)]);
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
      waitlist_position: ownReg?.status === "waitlisted" ? await teamRankOf(ctx.db, ev.id, ownReg.waitlist_position) : null,
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
  const ev = await loadTeamEvent(ctx, actor, id);
  const { player, team } = await requireTeamStaff(ctx, actor, ev, b.team_id);
  if (ev.registrations_open !== 1 && !(await isTournamentAdmin(ctx, actor, ev)))
    throw badRequest(RM.closed, { code: "registration.closed" });
  if (team.category !== ev.game_mode)
    throw badRequest(`This team is not a ${gameModeTitle(ev.game_mode)} team.`, {
      code: "registration.team_wrong_mode",
      params: { mode: gameModeTitle(ev.game_mode) },
    });
  const refusal = teamRegistrationRefusalCoded(team);
  if (refusal) throw badRequest(refusal.message, { code: refusal.code });
  const existing = await checkPrimaryFree(ctx.db, ev, team.id);
  const second = b.team2_id ? await checkSecondary(ctx.db, ev, team, b.team2_id, true) : null;

  const members = await membersOf(ctx.db, ev, team.id, second?.id ?? null);
  if (members.length < ev.minimum_team_size)
    throw badRequest(notEnoughMembers(members.length, ev.minimum_team_size, second !== null), {
      code: second !== null ? "registration.team_not_enough_combined" : "registration.team_not_enough",
      params: { count: members.length, minimum: ev.minimum_team_size },
    });
  const leaders = members.filter((m) => m.leader).length;
  const rule = representativeRule(leaders);
  const picked = [b.rep1, b.rep2, b.rep3];
  const reps: number[] = [];
  rule.forEach((r, i) => {
    const v = picked[i];
    if (v && !r.shown)
      throw badRequest(`Representative ${i + 1} is not needed for this team.`, {
        code: "registration.rep_not_needed",
        params: { n: i + 1 },
      });
    if (!v && r.required)
      throw badRequest(`Please choose representative ${i + 1}.`, { code: "registration.rep_required", params: { n: i + 1 } });
    if (v) {
      const m = members.find((x) => x.player_id === v);
      if (!m || m.leader)
        throw badRequest(`Representative ${i + 1} must be an eligible member who is not a leader.`, {
          code: "registration.rep_not_member",
          params: { n: i + 1 },
        });
      if (reps.includes(v)) throw badRequest("Each representative must be a different player.", { code: "registration.rep_twice" });
      reps.push(v);
    }
  });

  const now = Date.now();
  const rank = await write(ctx, async (trx) => {
    await requireRegistrationsOpenIn(ctx, trx, actor, ev);
    // Past the cap the team waits (issue #22 §1); counted under the tournament's lock.
    const { waitlistPosition } = await admitTeam(trx, ev.id);
    await placeTeam(trx, ev, {
      teamId: team.id,
      secondaryId: second?.id ?? null,
      verified: 0,
      reps,
      existing,
      now,
      dialect: ctx.dialect,
      waitlistPosition,
    });
    const name = second ? `${team.team_name} with ${second.team_name}` : team.team_name;
    const place = await teamRankOf(trx, ev.id, waitlistPosition);
    await logTournamentAction(trx, ev, actor, "team.register", {
      summary: `${player.display_name} registered ${name}${place === null ? "" : ` (waitlist, position ${place})`}`,
      summaryKey: `team.registered${second ? "_pair" : ""}${place === null ? "" : "_waitlist"}`,
      summaryParams: {
        player: player.display_name,
        team: team.team_name,
        ...(second ? { second: second.team_name } : {}),
        ...(place === null ? {} : { place }),
      },
    });
    await notifyLeaders(
      trx,
      [team.id, second?.id ?? null],
      place === null ? "success" : "info",
      place === null
        ? { key: "team_registration.registered", params: { team: team.team_name, tournament: tournamentRef(ev) } }
        : { key: "team_registration.waitlisted", params: { team: team.team_name, tournament: tournamentRef(ev), position: place } },
    );
    return place;
  });
  if (rank !== null)
    return {
      status: "ok" as const,
      message: `The tournament is full: your team is on the waitlist (position ${rank}).`,
      waitlist_position: rank,
    };
  return { status: "ok" as const, message: "Your team has been registered.", waitlist_position: null };
}

/** `POST /api/events/{id}/withdraw {team_id}`: a leader or manager withdraws the team (while open; staff exempt). */
export async function withdraw(ctx: AppContext, actor: Actor, id: number, teamId: number | undefined) {
  const ev = await loadTeamEvent(ctx, actor, id);
  const { player, team } = await requireTeamStaff(ctx, actor, ev, teamId);
  if (ev.registrations_open !== 1 && !(await isTournamentAdmin(ctx, actor, ev)))
    throw badRequest(RM.closed, { code: "registration.closed" });
  const reg = await repo.findTeamRegistration(ctx.db, ev.id, team.id);
  if (!reg || (reg.status !== "registered" && reg.status !== "waitlisted"))
    throw badRequest("This team is not registered for this tournament.", { code: "registration.team_not_registered" });
  await write(ctx, async (trx) => {
    await repo.updateTeamRegistration(trx, ev.id, team.id, { status: "withdrawn", waitlist_position: null });
    await repo.setMemberStatus(trx, ev.id, team.id, "withdrawn");
    await logTournamentAction(trx, ev, actor, "team.withdraw", {
      summary: `${player.display_name} withdrew ${team.team_name}`,
      summaryKey: "team.withdrew",
      summaryParams: { player: player.display_name, team: team.team_name },
    });
    // The freed place goes to the first waiting team that qualifies, in this transaction.
    if (reg.status === "registered") await fillTeamPlaces(trx, ev, actor);
    await notifyLeaders(trx, [team.id, reg.secondary_team_id], "warning", {
      key: "team_registration.withdrawn",
      params: { team: team.team_name, tournament: tournamentRef(ev) },
    });
  });
  return { status: "ok" as const, message: "Your team has withdrawn from this tournament." };
}

// ---------------------------------------------------------------------------------------
// Opt in / opt out (001 §4 Opt-in and opt-out)
// ---------------------------------------------------------------------------------------

async function setOptOut(
  ctx: AppContext,
  actor: Actor,
  ev: Ev,
  reg: repo.TeamRegRow,
  m: Member,
  { optOut, self }: { optOut: boolean; self: boolean },
) {
  if ((m.row?.opted_out ?? false) === optOut)
    throw optOut
      ? badRequest("This player has already opted out.", { code: "registration.already_opted_out" })
      : badRequest("This player is not opted out.", { code: "registration.not_opted_out" });
  const team = await repo.findTeam(ctx.db, reg.team_id);
  await write(ctx, async (trx) => {
    await repo.upsertMember(trx, { tournamentId: ev.id, playerId: m.player_id, teamId: reg.team_id, optedOut: optOut, now: Date.now() });
    if (optOut) await repo.setMemberFlags(trx, ev.id, m.player_id, { is_representative: 0 });
    const who = self ? `${m.display_name} opted ${optOut ? "out" : "in"}` : `${optOut ? "Withdrew" : "Re-registered"} ${m.display_name}`;
    await logTournamentAction(trx, ev, actor, optOut ? "team.optout" : "team.optin", {
      summary: `${who} (${team?.team_name ?? reg.team_id})`,
      summaryKey: self ? "team.member_opted" : optOut ? "team.member_withdrawn" : "team.member_reregistered",
      summaryParams: {
        player: m.display_name,
        team: team?.team_name ?? String(reg.team_id),
        ...(self ? { direction: optOut ? "out" : "in" } : {}),
      },
    });
    await notifyLeaders(
      trx,
      [reg.team_id, reg.secondary_team_id],
      optOut ? "warning" : "info",
      {
        key: self
          ? optOut
            ? "team_registration.opted_out"
            : "team_registration.opted_in"
          : optOut
            ? "team_registration.admin_withdrew"
            : "team_registration.admin_reregistered",
        params: { player: m.display_name, tournament: tournamentRef(ev) },
      },
      self ? [] : [m.user_id],
    );
  });
  return { status: "ok" as const };
}

/**
 * `POST player_optout` / `player_optin` (self): a member of a registered team, before the
 * registration deadline (staff exempt). A banned player may opt out but not back in (issue 15 B;
 * 001 §5 blocking message 'banned', 403).
 */
export async function selfOpt(ctx: AppContext, actor: Actor, id: number, { optOut }: { optOut: boolean }) {
  const ev = await loadTeamEvent(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  const { status, player } = await accountStatus(ctx.db, actor);
  if (!optOut && status === "banned") throw forbidden(RM.banned, { code: "registration.banned" });
  if (!player) throw badRequest(RM.no_profile_team, { code: "registration.no_profile_team" });
  if (ev.registrations_open !== 1 && !(await isTournamentAdmin(ctx, actor, ev)))
    throw badRequest(RM.closed, { code: "registration.closed" });
  const { reg } = await ownRegistration(ctx.db, ev, player.id);
  if (!reg || reg.status !== "registered")
    throw badRequest("You are not on a team registered for this tournament.", { code: "registration.no_registered_team" });
  const m = (await membersOf(ctx.db, ev, reg.team_id, reg.secondary_team_id)).find((x) => x.player_id === player.id);
  if (!m) throw badRequest("You are not eligible to play for this team.", { code: "registration.not_eligible" });
  return setOptOut(ctx, actor, ev, reg, m, { optOut, self: true });
}

async function adminMember(ctx: AppContext, actor: Actor, id: number, teamId: number | null, playerId: number) {
  const ev = await requireTeamAdmin(ctx, actor, id);
  let reg: repo.TeamRegRow | undefined;
  if (teamId !== null) reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
  else reg = (await ownRegistration(ctx.db, ev, playerId)).reg;
  if (!reg || reg.status !== "registered") throw notFound("Registration not found.", { code: "registration.not_found" });
  const m = (await membersOf(ctx.db, ev, reg.team_id, reg.secondary_team_id)).find((x) => x.player_id === playerId);
  if (!m) throw badRequest("This player is not an eligible member of this team.", { code: "registration.not_eligible_member" });
  return { ev, reg, m };
}

/** `POST player_optout/{teamId}/{playerId}` (Withdraw Player) and `player_optin/…` (Re-Register Player): administrators. */
export async function adminOpt(
  ctx: AppContext,
  actor: Actor,
  id: number,
  teamId: number,
  playerId: number,
  { optOut }: { optOut: boolean },
) {
  const { ev, reg, m } = await adminMember(ctx, actor, id, teamId, playerId);
  return setOptOut(ctx, actor, ev, reg, m, { optOut, self: false });
}

/** `POST add_representative/{playerId}` and `remove_representative/{playerId}`: administrators; never the leader; at most 3. */
export async function setRepresentative(ctx: AppContext, actor: Actor, id: number, playerId: number, { on }: { on: boolean }) {
  const { ev, reg, m } = await adminMember(ctx, actor, id, null, playerId);
  if (m.leader) throw badRequest(M.leaderNotRepresentative, { code: "registration.rep_leader" });
  if (on && m.row?.representative) throw badRequest("This player is already a representative.", { code: "registration.rep_already" });
  if (!on && !m.row?.representative) throw badRequest("This player is not a representative.", { code: "registration.rep_not" });
  if (on && m.row?.opted_out) throw badRequest("An opted-out player cannot be a representative.", { code: "registration.rep_opted_out" });
  if (on) {
    const reps = (await repo.memberRows(ctx.db, ev.id, reg.team_id)).filter((r) => r.status === "registered" && r.is_representative === 1);
    if (reps.length >= 3) throw badRequest(M.maxRepresentatives, { code: "registration.rep_max", params: { max: 3 } });
  }
  await write(ctx, async (trx) => {
    await repo.upsertMember(trx, { tournamentId: ev.id, playerId, teamId: reg.team_id, representative: on, now: Date.now() });
    await logTournamentAction(trx, ev, actor, "team.representative", {
      summary: `${on ? "Set" : "Removed"} ${m.display_name} as representative`,
      summaryKey: "team.representative",
      summaryParams: { player: m.display_name, change: on ? "set" : "removed" },
      before: on ? "No" : "Yes",
      after: on ? "Yes" : "No",
      ...logWords(on ? "no" : "yes", on ? "yes" : "no"),
    });
    await notifyLeaders(
      trx,
      [reg.team_id],
      "info",
      {
        key: on ? "team_registration.representative_on" : "team_registration.representative_off",
        params: { player: m.display_name, tournament: tournamentRef(ev) },
      },
      [m.user_id],
    );
  });
  return { status: "ok" as const };
}
