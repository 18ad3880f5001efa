import { type EditTeamRegistration, TEAM_REGISTRATION_MESSAGES as M } from "@site/contract";
import type { AppContext } from "../../context.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { tournamentRef } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import { teamRegistrationRefusal, teamRegistrationRefusalCoded } from "../teams/team-membership.service.js";
import { logTournamentAction, logWords } from "../access/tournament-access.service.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";
import {
  checkPrimaryFree,
  checkSecondary,
  type Db,
  type Ev,
  membersOf,
  notifyLeaders,
  placeTeam,
  requireTeamAdmin,
  requireTeamModerator,
  type Status,
  syncRows,
  write,
} from "./team-registration-rules.js";
import * as repo from "./team-registrations.repository.js";
import { fillTeamPlaces } from "./team-waitlist.service.js";

/**
 * What staff do with team registrations (001 §4, §7 Moves, Edit registrations, Manual
 * registration): moves and edits (registration moderators), manual registration (administrators).
 */

// Moves, edit, manual registration (001 §4, §7 Moves, Edit registrations, Manual registration)
// ---------------------------------------------------------------------------------------

/** The code (#21) of the 404 of a team registration that does not exist. */
const REGISTRATION_NOT_FOUND = { code: "registration.not_found" };

/**
 * Moves a registration to `status` inside `trx`, with its log line and the leaders' notices.
 * Registered → registered verifies it (001 §4); withdrawn or rejected → registered re-registers
 * it (verified, its secondary checked again). False when there was nothing to do (already
 * verified, already in `status`). Shared by the Move call, the edit page and the bulk actions.
 */
export async function applyStatus(trx: Db, ctx: AppContext, actor: Actor, ev: Ev, reg: repo.TeamRegRow, status: Status, teamName: string) {
  if (status === "registered" && reg.status === "registered") {
    if (reg.verified >= 1) return false;
    await repo.updateTeamRegistration(trx, ev.id, reg.team_id, { verified: 1 });
    await logTournamentAction(trx, ev, actor, "team.verify", {
      summary: `Verified ${teamName}`,
      summaryKey: "team.verified",
      summaryParams: { team: teamName },
      before: "Unverified",
      after: "Verified",
      ...logWords("verification.unverified", "verification.verified"),
    });
    await notifyLeaders(trx, [reg.team_id, reg.secondary_team_id], "success", {
      key: "team_registration.verified",
      params: { team: teamName, tournament: tournamentRef(ev) },
    });
    return true;
  }
  if (reg.status === status) return false;
  if (status === "registered") {
    const used = (await repo.registrationsUsing(trx, ev.id, [reg.team_id])).filter(
      (r) => r.status === "registered" && r.team_id !== reg.team_id,
    );
    if (used.length)
      throw badRequest("This team is already registered with another team in this tournament.", { code: "registration.team_paired" });
    await repo.updateTeamRegistration(trx, ev.id, reg.team_id, { status, verified: 1, waitlist_position: null });
    await syncRows(trx, ev, reg.team_id, await membersOf(trx, ev, reg.team_id, reg.secondary_team_id), Date.now());
  } else {
    await repo.updateTeamRegistration(trx, ev.id, reg.team_id, { status, waitlist_position: null });
    await repo.setMemberStatus(trx, ev.id, reg.team_id, status);
    // A place freed by staff goes to the first waiting team that qualifies (issue #22 §1).
    if (reg.status === "registered") await fillTeamPlaces(trx, ev, actor);
  }
  await logTournamentAction(trx, ev, actor, "team.move", {
    summary: `Moved ${teamName}`,
    summaryKey: "team.moved",
    summaryParams: { team: teamName },
    before: reg.status,
    after: status,
    ...logWords(`status.${reg.status}`, `status.${status}`),
  });
  await notifyLeaders(trx, [reg.team_id, reg.secondary_team_id], "warning", {
    key: "team_registration.moved",
    params: { team: teamName, status, tournament: tournamentRef(ev) },
  });
  return true;
}

/** `POST /api/events/{id}/move_team {status, team_id}` (registration moderators; all three statuses). */
export async function moveTeam(ctx: AppContext, actor: Actor, id: number, status: Status, teamId: number) {
  const ev = await requireTeamModerator(ctx, actor, id);
  const reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
  const team = await repo.findTeam(ctx.db, teamId);
  if (!reg || !team) throw notFound("Registration not found.", REGISTRATION_NOT_FOUND);
  const changed = await write(ctx, (trx) => applyStatus(trx, ctx, actor, ev, reg, status, team.team_name));
  if (!changed)
    throw badRequest(status === "registered" ? "This team is already registered and verified." : `This team is already ${status}.`, {
      code: "registration.team_already",
      params: { status },
    });
  return { status: "ok" as const };
}

export async function getTeamEdit(ctx: AppContext, actor: Actor, id: number, teamId: number): Promise<EditTeamRegistration> {
  const ev = await requireTeamModerator(ctx, actor, id);
  const reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
  const team = await repo.findTeam(ctx.db, teamId);
  if (!reg || !team) throw notFound("Registration not found.", REGISTRATION_NOT_FOUND);
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
  const ev = await requireTeamModerator(ctx, actor, id);
  const reg = await repo.findTeamRegistration(ctx.db, ev.id, teamId);
  const team = await repo.findTeam(ctx.db, teamId);
  if (!reg || !team) throw notFound("Registration not found.", REGISTRATION_NOT_FOUND);
  const nextSecond = b.team2_id ? b.team2_id : null;
  if (nextSecond !== null && nextSecond !== reg.secondary_team_id) await checkSecondary(ctx.db, ev, team, nextSecond, false);
  await write(ctx, async (trx) => {
    if (nextSecond !== reg.secondary_team_id) {
      await repo.updateTeamRegistration(trx, ev.id, teamId, { secondary_team_id: nextSecond });
      const names = await Promise.all(
        [reg.secondary_team_id, nextSecond].map(async (x) => (x ? ((await repo.findTeam(trx, x))?.team_name ?? "") : "None")),
      );
      await logTournamentAction(trx, ev, actor, "team.edit", {
        summary: `Edited the secondary team of ${team.team_name}`,
        summaryKey: "team.secondary_edited",
        summaryParams: { team: team.team_name },
        before: names[0],
        after: names[1],
      });
      if (reg.status === "registered") await syncRows(trx, ev, teamId, await membersOf(trx, ev, teamId, nextSecond), Date.now());
    }
    await applyStatus(trx, ctx, actor, ev, { ...reg, secondary_team_id: nextSecond }, b.status, team.team_name);
    await notifyLeaders(trx, [teamId, nextSecond], "info", {
      key: "team_registration.staff_edited",
      params: { team: team.team_name, tournament: tournamentRef(ev) },
    });
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
  const ev = await requireTeamAdmin(ctx, actor, id);
  const shadowFields = (name: string, tag: string) => {
    if (!name) throw badRequest("Team Name is required.", { code: "registration.team_name_required" });
    if (!tag) throw badRequest("Team Tag is required.", { code: "registration.team_tag_required" });
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
    if (!b.team_id) throw badRequest(M.primaryRequired, { code: "registration.primary_required" });
    primary = await repo.findTeam(ctx.db, b.team_id);
    if (!primary) throw badRequest("Team not found.", { code: "registration.team_not_found" });
    const refusal = teamRegistrationRefusalCoded(primary);
    if (refusal) throw badRequest(refusal.message, { code: refusal.code });
    existing = await checkPrimaryFree(ctx.db, ev, primary.id).catch((e: unknown) => {
      // An administrator may register a team they rejected earlier: only 'registered' blocks.
      if (e instanceof Error && e.message === M.teamRejected) return repo.findTeamRegistration(ctx.db, ev.id, primary!.id);
      throw e;
    });
  }
  if (b.register_mode2 === "existing") {
    if (!b.team_id2) throw badRequest("Choose the secondary team.", { code: "registration.secondary_required" });
    if (primary) await checkSecondary(ctx.db, ev, primary, b.team_id2, false);
    else {
      const s = await repo.findTeam(ctx.db, b.team_id2);
      if (!s) throw badRequest("Secondary team not found.", { code: "registration.secondary_not_found" });
      if ((await repo.registrationsUsing(ctx.db, ev.id, [s.id])).some((r) => r.status === "registered"))
        throw badRequest("The secondary team is already registered for this tournament.", { code: "registration.secondary_registered" });
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
    await placeTeam(trx, ev, { teamId, secondaryId: secondId, verified: 1, reps: [], existing, now, dialect: ctx.dialect });
    const secondName = secondId
      ? `${b.register_mode2 === "shadow" ? b.shadow_name2 : ((await repo.findTeam(trx, secondId))?.team_name ?? "")}`
      : null;
    const label = secondName !== null ? `${primaryName} with ${secondName}` : primaryName;
    await logTournamentAction(trx, ev, actor, "team.manual", {
      summary: `Manually registered ${label}`,
      summaryKey: secondName !== null ? "team.manual_pair" : "team.manual",
      summaryParams: { team: `${primaryName}`, ...(secondName !== null ? { second: secondName } : {}) },
    });
    await notifyLeaders(trx, [teamId, secondId], "info", {
      key: "team_registration.admin_registered",
      params: { team: primaryName, tournament: tournamentRef(ev) },
    });
    return label;
  });
  return { status: "ok", message: `${name} has been registered.` };
}
