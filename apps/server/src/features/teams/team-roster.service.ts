/**
 * The team roster (000 §7 team calls; 000 §4 one team per category): invitations, join
 * requests, leaving, removal by leaders and managers, and roles. Membership changes go through
 * the core's `joinTeam` and `endMembership` (`team-membership.service.ts`).
 */
import type { JoinResponse, TeamOk } from "@site/contract";
import type { AppContext } from "../../context.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { AppError, badRequest, forbidden, notFound } from "../../lib/errors.js";
import { ACTION_LIMITS, consumeOrRefuse, TOO_MANY_INVITATIONS, TOO_MANY_REMOVALS } from "../../lib/limiter.js";
import { linkTo, notify, notifyMany } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import {
  confirmLeave,
  endMembership,
  isAdmin,
  isEstablished,
  joinTeam,
  loadTeam,
  coded,
  MESSAGES,
  membershipOf,
  ref,
  requireAccount,
  requirePlayer,
  takesMembers,
  teamPath,
  guardPending,
} from "./team-membership.service.js";
import { webhookTransfer } from "../webhooks/webhook-events.service.js";
import * as repo from "./teams.repository.js";

// --- invitations, join requests, leaving, removal, roles ---------------------------------------

/**
 * A join's answer to the one-team-per-category rule (000 §4): `leaveCurrent` is the player's
 * yes to the confirm_leave question (the request's `leave_current`).
 */
export type JoinOptions = { leaveCurrent: boolean };

/** Leaders, managers (and administrators) manage a roster; returns the actor's role there. */
async function requireRosterManager(ctx: AppContext, actor: Actor, teamId: number) {
  requireAccount(actor);
  const m = await membershipOf(ctx.db, actor, teamId);
  const admin = isAdmin(actor);
  if (!admin && !(m && (m.is_leader || m.is_manager))) throw forbidden(MESSAGES.notManager, coded("notManager"));
  return { leader: admin || m?.is_leader === 1, admin };
}

/** `POST /api/registry/teams/{id}/invite` (leaders, managers, administrators). */
export async function invite(ctx: AppContext, actor: Actor, id: number, playerId: number): Promise<TeamOk> {
  await requireRosterManager(ctx, actor, id);
  const team = await loadTeam(ctx.db, id);
  if (!takesMembers(team)) throw badRequest(MESSAGES.closedToMembers, coded("closedToMembers"));
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!p) throw notFound("Player not found.", { code: "teams.player_not_found" });
  if (p.is_shadow || p.user_id === null) throw badRequest("Shadow players cannot be invited.", { code: "teams.invite_shadow" });
  if (p.is_banned) throw badRequest("Banned players cannot be invited.", { code: "teams.invite_banned" });
  if (await repo.activeMembership(ctx.db, id, playerId))
    throw badRequest(`${p.display_name} is already on this team.`, { code: "teams.already_on_team", params: { name: p.display_name } });
  // Each invitation notifies the player: a bounded number per sender (issue #15 §4).
  await consumeOrRefuse(ctx.limits, ACTION_LIMITS.invitations, actor.userId!, TOO_MANY_INVITATIONS);
  if (await repo.pendingOfPlayer(ctx.db, id, playerId, "invited"))
    throw badRequest(`${p.display_name} has already been invited.`, { code: "teams.already_invited", params: { name: p.display_name } });
  if (await repo.pendingOfPlayer(ctx.db, id, playerId, "requested")) {
    throw badRequest(`${p.display_name} has asked to join this team: accept the request instead.`, {
      code: "teams.asked_already",
      params: { name: p.display_name },
    });
  }
  const now = Date.now();
  await guardPending(
    ctx.db.transaction().execute(async (trx) => {
      await repo.insertTransfer(trx, {
        player_id: playerId,
        from_team_id: null,
        to_team_id: id,
        category: team.category,
        status: "invited",
        created_at: now,
        decided_at: null,
      });
      await notify(trx, p.user_id, "info", { key: "team.invited", params: { team: linkTo(teamPath(id), team.team_name) } });
    }),
    `${p.display_name} has already been invited.`,
    { code: "teams.already_invited", params: { name: p.display_name } },
  );
  invalidateAfter(ctx.cache, "registry");
  return { status: "ok", message: `${p.display_name} was invited.` };
}

/**
 * `POST /api/registry/teams/invitations/{id}/{accept|decline|cancel}`. Accept runs the join in
 * one transaction (see `joinTeam`): answering confirm_leave leaves everything unchanged.
 */
export async function answerInvitation(
  ctx: AppContext,
  actor: Actor,
  transferId: number,
  action: "accept" | "decline" | "cancel",
  { leaveCurrent }: JoinOptions,
): Promise<JoinResponse> {
  requireAccount(actor);
  const x = await repo.findTransfer(ctx.db, transferId);
  if (!x || x.to_team_id === null || (x.status !== "invited" && x.player_id !== actor.playerId))
    throw notFound("Invitation not found.", { code: "teams.invitation_not_found" });
  if (x.status !== "invited") throw new AppError("CONFLICT", MESSAGES.noLongerOpen, coded("noLongerOpen"));
  const team = await loadTeam(ctx.db, x.to_team_id);
  const now = Date.now();

  if (action === "cancel") {
    await requireRosterManager(ctx, actor, team.id);
    if (!(await repo.decideTransfer(ctx.db, x.id, "invited", { status: "cancelled", decided_at: now }))) {
      throw new AppError("CONFLICT", MESSAGES.noLongerOpen, coded("noLongerOpen"));
    }
    invalidateAfter(ctx.cache, "registry");
    return { status: "ok", message: "The invitation was cancelled.", team_id: team.id, current_team: null };
  }

  const player = await requirePlayer(ctx, actor);
  if (x.player_id !== player.id) throw forbidden("This invitation is for another player.", { code: "teams.invitation_other" });
  if (action === "decline") {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.decideTransfer(trx, x.id, "invited", { status: "declined", decided_at: now }))) {
        throw new AppError("CONFLICT", MESSAGES.noLongerOpen, coded("noLongerOpen"));
      }
      await notifyMany(trx, await repo.staffUserIds(trx, team.id, true), "info", {
        key: "team.invitation_declined",
        params: { player: player.display_name, team: linkTo(teamPath(team.id), team.team_name) },
      });
    });
    invalidateAfter(ctx.cache, "registry");
    return { status: "ok", message: "The invitation was declined.", team_id: team.id, current_team: null };
  }

  if (!takesMembers(team)) throw badRequest(MESSAGES.closedToMembers, coded("closedToMembers"));
  const r = await ctx.db.transaction().execute(async (trx) => {
    const out = await joinTeam(ctx, trx, { player, team, asLeader: false, leaveCurrent, pending: { id: x.id, status: "invited" }, now });
    if (out.status === "ok") {
      await notifyMany(trx, await repo.staffUserIds(trx, team.id, true), "success", {
        key: "team.invitation_accepted",
        params: { player: player.display_name, team: linkTo(teamPath(team.id), team.team_name) },
      });
    }
    return out;
  });
  if (r.status === "confirm_leave") return confirmLeave(team.id, r.current);
  invalidateAfter(ctx.cache, "registry");
  return { status: "ok", message: `You joined ${team.team_name}.`, team_id: team.id, current_team: null };
}

/**
 * `POST /api/registry/teams/{id}/join_request`: a player asks to join a recruiting team. On an
 * established team of the category, the call first answers confirm_leave; repeating it with
 * leave_current records on the request (`leave_team_id`, migration 0009) that the player agreed
 * to leave that team when the request is accepted. A pending request whose consent does not
 * cover the player's current established team (it was unapproved when they asked) takes the
 * consent the same way: asking again answers confirm_leave, then records it.
 */
export async function requestJoin(ctx: AppContext, actor: Actor, id: number, { leaveCurrent }: JoinOptions): Promise<JoinResponse> {
  const player = await requirePlayer(ctx, actor);
  const team = await loadTeam(ctx.db, id);
  if (!takesMembers(team)) throw badRequest(MESSAGES.closedToMembers, coded("closedToMembers"));
  if (team.recruitment_status !== "recruiting") throw badRequest(MESSAGES.notRecruiting, coded("notRecruiting"));
  if (await repo.activeMembership(ctx.db, id, player.id))
    throw badRequest("You are already on this team.", { code: "teams.you_are_on_team" });
  await consumeOrRefuse(ctx.limits, ACTION_LIMITS.invitations, actor.userId!, TOO_MANY_INVITATIONS);
  const est = (await repo.membershipsInCategory(ctx.db, player.id, team.category)).find((m) => isEstablished(m.team_status));
  const asked = await repo.pendingOfPlayer(ctx.db, id, player.id, "requested");
  if (asked) {
    if (!est || asked.leave_team_id === est.team_id)
      throw badRequest("You have already asked to join this team.", { code: "teams.already_asked" });
    if (!leaveCurrent) return confirmLeave(id, ref(est));
    if (!(await repo.setLeaveConsent(ctx.db, asked.id, est.team_id)))
      throw new AppError("CONFLICT", MESSAGES.noLongerOpen, coded("noLongerOpen"));
    invalidateAfter(ctx.cache, "registry");
    return {
      status: "ok",
      message: `Your join request now says you will leave ${est.team_name} when it is accepted.`,
      team_id: id,
      current_team: null,
    };
  }
  if (await repo.pendingOfPlayer(ctx.db, id, player.id, "invited")) {
    throw badRequest("You have been invited to this team: accept the invitation instead.", { code: "teams.invited_already" });
  }
  if (est && !leaveCurrent) return confirmLeave(id, ref(est));
  const now = Date.now();
  await guardPending(
    ctx.db.transaction().execute(async (trx) => {
      await repo.insertTransfer(trx, {
        player_id: player.id,
        from_team_id: null,
        to_team_id: id,
        category: team.category,
        status: "requested",
        created_at: now,
        decided_at: null,
        // The player's yes to confirm_leave, kept for the accept (null: they agreed to leave nothing).
        leave_team_id: est ? est.team_id : null,
      });
      await notifyMany(trx, await repo.staffUserIds(trx, id, true), "info", {
        key: "team.join_requested",
        params: { player: linkTo(`/registry/players/${player.id}`, player.display_name), team: linkTo(teamPath(id), team.team_name) },
      });
    }),
    "You have already asked to join this team.",
    { code: "teams.already_asked" },
  );
  invalidateAfter(ctx.cache, "registry");
  return { status: "ok", message: "Your request to join was sent to the team's leaders.", team_id: id, current_team: null };
}

/**
 * `POST /api/registry/teams/join_requests/{id}/{accept|reject|cancel}`. Accepting moves the
 * player off an established team of the category only when the request carries their consent to
 * leave that very team (`leave_team_id`, see `requestJoin`); otherwise the accept is refused
 * (409) and the player is told how to confirm.
 */
export async function answerJoinRequest(
  ctx: AppContext,
  actor: Actor,
  transferId: number,
  action: "accept" | "reject" | "cancel",
): Promise<JoinResponse> {
  requireAccount(actor);
  const x = await repo.findTransfer(ctx.db, transferId);
  if (!x || x.to_team_id === null || (x.status !== "requested" && x.player_id !== actor.playerId))
    throw notFound("Join request not found.", { code: "teams.request_not_found" });
  if (x.status !== "requested") throw new AppError("CONFLICT", MESSAGES.noLongerOpen, coded("noLongerOpen"));
  const team = await loadTeam(ctx.db, x.to_team_id);
  const now = Date.now();
  const done = (message: string): JoinResponse => {
    invalidateAfter(ctx.cache, "registry");
    return { status: "ok", message, team_id: team.id, current_team: null };
  };

  if (action === "cancel") {
    if (x.player_id !== actor.playerId)
      throw forbidden("Only the player who asked can cancel a join request.", { code: "teams.cancel_not_yours" });
    if (!(await repo.decideTransfer(ctx.db, x.id, "requested", { status: "cancelled", decided_at: now }))) {
      throw new AppError("CONFLICT", MESSAGES.noLongerOpen, coded("noLongerOpen"));
    }
    return done("Your join request was cancelled.");
  }
  await requireRosterManager(ctx, actor, team.id);
  const player = await repo.findPlayer(ctx.db, x.player_id);
  if (!player) throw notFound("Player not found.", { code: "teams.player_not_found" });
  if (action === "reject") {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.decideTransfer(trx, x.id, "requested", { status: "rejected", decided_at: now }))) {
        throw new AppError("CONFLICT", MESSAGES.noLongerOpen, coded("noLongerOpen"));
      }
      await notify(trx, player.user_id, "info", {
        key: "team.join_request_declined",
        params: { team: linkTo(teamPath(team.id), team.team_name) },
      });
    });
    return done("The join request was rejected.");
  }
  if (!takesMembers(team)) throw badRequest(MESSAGES.closedToMembers, coded("closedToMembers"));
  if (player.is_banned) throw badRequest("Banned players cannot join teams.", { code: "teams.join_banned" });
  const out = await ctx.db.transaction().execute(async (trx) => {
    // Only the team the player agreed to leave when asking (see requestJoin) may be left.
    const r = await joinTeam(ctx, trx, {
      player,
      team,
      asLeader: false,
      leaveCurrent: x.leave_team_id !== null,
      leaveOnly: x.leave_team_id,
      pending: { id: x.id, status: "requested" },
      now,
    });
    if (r.status === "ok") {
      await notify(trx, player.user_id, "success", {
        key: "team.join_request_accepted",
        params: { team: linkTo(teamPath(team.id), team.team_name) },
      });
    }
    return r;
  });
  if (out.status === "confirm_leave") {
    const current = out.current.team_name;
    await notify(ctx.db, player.user_id, "warning", {
      key: "team.join_request_needs_leave",
      params: { team: linkTo(teamPath(team.id), team.team_name), current },
    });
    throw new AppError(
      "CONFLICT",
      `${player.display_name} is on ${current} in this category and has not agreed to leave it. They were asked to confirm by sending the request again.`,
      { code: "teams.accept_needs_consent", params: { name: player.display_name, team: current } },
    );
  }
  return done(`${player.display_name} joined the team.`);
}

/** `POST /api/registry/teams/{id}/leave`: the last leader of a team with other members must promote someone first. */
export async function leaveTeam(ctx: AppContext, actor: Actor, id: number): Promise<TeamOk> {
  const player = await requirePlayer(ctx, actor);
  const team = await loadTeam(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockTeam(trx, ctx.dialect, id);
    const m = await repo.activeMembership(trx, id, player.id);
    if (!m) throw badRequest(MESSAGES.youAreNotOnTeam, coded("youAreNotOnTeam"));
    if (m.is_leader && (await repo.countMembers(trx, id, true)) === 1 && (await repo.countMembers(trx, id)) > 1) {
      throw badRequest("You are the team's last leader. Promote another leader before you leave.", { code: "teams.last_leader" });
    }
    const now = Date.now();
    await endMembership(trx, m.id, player.id, team, now);
    await webhookTransfer(ctx, trx, { team, player, direction: "left", other: null, now });
    await notifyMany(trx, await repo.staffUserIds(trx, id, true), "info", {
      key: "team.member_left",
      params: { player: player.display_name, team: linkTo(teamPath(id), team.team_name) },
    });
  });
  invalidateAfter(ctx.cache, "registry");
  return { status: "ok", message: `You left ${team.team_name}.` };
}

/**
 * `POST /api/registry/teams/{id}/kick`: leaders (and administrators) remove anyone else,
 * managers remove plain members. A player not on the team cannot be removed.
 */
export async function kick(ctx: AppContext, actor: Actor, id: number, playerId: number): Promise<TeamOk> {
  const me = await requireRosterManager(ctx, actor, id);
  const team = await loadTeam(ctx.db, id);
  if (playerId === actor.playerId) throw badRequest("Use Leave to leave the team.", { code: "teams.use_leave" });
  await consumeOrRefuse(ctx.limits, ACTION_LIMITS.removals, actor.userId!, TOO_MANY_REMOVALS);
  const p = await repo.findPlayer(ctx.db, playerId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockTeam(trx, ctx.dialect, id);
    const m = await repo.activeMembership(trx, id, playerId);
    if (!m || !p) throw badRequest(MESSAGES.notOnTeam, coded("notOnTeam"));
    if (!me.leader && (m.is_leader || m.is_manager))
      throw forbidden("Managers can only remove members who are not leaders or managers.", { code: "teams.manager_kick" });
    if (m.is_leader && (await repo.countMembers(trx, id, true)) === 1 && (await repo.countMembers(trx, id)) > 1) {
      throw badRequest(MESSAGES.keepLeader, coded("keepLeader"));
    }
    const now = Date.now();
    await endMembership(trx, m.id, playerId, team, now);
    await webhookTransfer(ctx, trx, { team, player: { id: playerId }, direction: "left", other: null, now });
    await notify(trx, p.user_id, "warning", { key: "team.removed", params: { team: linkTo(teamPath(id), team.team_name) } });
  });
  invalidateAfter(ctx.cache, "registry");
  return { status: "ok", message: `${p!.display_name} was removed from the team.` };
}

/** `POST /api/registry/teams/{id}/role` (leaders, administrators): leader, manager or member; one leader always remains. */
export async function setRole(
  ctx: AppContext,
  actor: Actor,
  id: number,
  playerId: number,
  role: "leader" | "manager" | "member",
): Promise<TeamOk> {
  const me = await requireRosterManager(ctx, actor, id);
  if (!me.leader) throw forbidden("Only the team's leaders can promote or demote members.", { code: "teams.leaders_roles" });
  const team = await loadTeam(ctx.db, id);
  const p = await repo.findPlayer(ctx.db, playerId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockTeam(trx, ctx.dialect, id);
    const m = await repo.activeMembership(trx, id, playerId);
    if (!m || !p) throw badRequest(MESSAGES.notOnTeam, coded("notOnTeam"));
    if (m.is_leader && role !== "leader" && (await repo.countMembers(trx, id, true)) === 1)
      throw badRequest(MESSAGES.keepLeader, coded("keepLeader"));
    await repo.setRole(trx, m.id, role === "leader", role === "manager");
    // A leader is never a representative (001 §5): a new leader stops representing the team in
    // every tournament it is registered for (as primary or secondary team).
    if (role === "leader") await repo.dropRepresentativeOfTeam(trx, playerId, id);
    await notify(trx, p.user_id, "info", { key: "team.role_changed", params: { role, team: linkTo(teamPath(id), team.team_name) } });
  });
  invalidateAfter(ctx.cache, "registry");
  if (role === "leader") invalidateAfter(ctx.cache, "registration");
  return { status: "ok", message: `${p!.display_name} is now ${role === "member" ? "a member" : `a ${role}`}.` };
}
