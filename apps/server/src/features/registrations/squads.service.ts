import { type InvitablePlayers, type InvitedPlayers, REGISTRATION_MESSAGES as M, type SquadView } from "@site/contract";
import type { AppContext } from "../../context.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { linkTo, notify, notifyMany, tournamentRef } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import {
  isRegistrationModerator,
  isTournamentAdmin,
  logTournamentAction,
  requireRegistrationsOpenIn,
} from "../access/tournament-access.service.js";
import {
  type Body,
  hostOf,
  ignOf,
  isActive,
  loadSoloSquad,
  placeRegistration,
  requireRegistrant,
  requireSoloSquadAdmin,
  validateFields,
  write,
} from "./registration-rules.js";
import { splitOrder } from "../../lib/sort-order.js";
import { ACTION_LIMITS, consumeOrRefuse, TOO_MANY_INVITATIONS, TOO_MANY_REMOVALS } from "../../lib/limiter.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";
import * as repo from "./registrations.repository.js";
import { fillPlaces } from "./waitlist.service.js";

/**
 * Squads of a squad tournament (001 §3 Squad view, §4 Squad invitations, §7 Squad management):
 * the squad page, invitations (invite, accept, decline, cancel), kicks and captain changes.
 * The captain manages the squad while registrations are open; tournament administrators always.
 */

// ---------------------------------------------------------------------------------------
// Squads: view, invitations, captain, kick (001 §3 Squad view, §4 Squad invitations)
// ---------------------------------------------------------------------------------------

/** The code (#21) of the 404 of a missing squad, or one the viewer may not open. */
const SQUAD_NOT_FOUND = { code: "registration.squad_not_found" };

async function loadSquad(ctx: AppContext, actor: Actor, id: number, squadId: number) {
  const ev = await loadSoloSquad(ctx, actor, id);
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!squad) throw notFound("Squad not found.", SQUAD_NOT_FOUND);
  const [admin, moderator] = await Promise.all([isTournamentAdmin(ctx, actor, ev), isRegistrationModerator(ctx, actor, ev)]);
  let captain = false;
  let member = false;
  if (actor.userId !== null) {
    const me = await repo.findPlayerOfUser(ctx.db, actor.userId);
    const reg = me ? await repo.findRegistration(ctx.db, ev.id, me.id) : undefined;
    member = reg?.squad_id === squadId;
    // A banned captain keeps the title but may no longer manage the squad.
    const banned = actor.state === "banned" || me?.is_banned === 1;
    captain = member && reg!.is_captain === 1 && isActive(reg!.status) && !banned;
  }
  // Withdrawn and rejected squads are for their own members and staff, like the lists that show
  // them; a waitlisted squad is public like a registered one (its invitees open it).
  if (!isActive(squad.status) && !moderator && !member) throw notFound("Squad not found.", SQUAD_NOT_FOUND);
  return { ev, squad, admin, moderator, captain };
}

async function requireManager(ctx: AppContext, actor: Actor, id: number, squadId: number) {
  if (actor.userId === null) throw unauthorized();
  const s = await loadSquad(ctx, actor, id, squadId);
  if (!s.admin && !s.captain)
    throw forbidden("Only the squad captain or a tournament administrator may do that.", { code: "registration.not_captain" });
  if (!s.admin && s.ev.registrations_open !== 1) throw badRequest(M.closed, { code: "registration.closed" });
  return s;
}

/** The refusal for a squad that is no longer in the tournament (001 §8 wording), with its code (#21). */
const squadGone = (status: string | undefined) =>
  status === "rejected"
    ? badRequest(M.squadRejected, { code: "registration.squad_rejected" })
    : badRequest(M.squadWithdrawn, { code: "registration.squad_withdrawn" });
const NOT_IN_SQUAD = { code: "registration.not_in_squad" };

const MEMBER_SORT: Record<string, (m: SquadView["members"][number]) => string | number> = {
  N: (m) => m.display_name.toLowerCase(),
  P: (m) => m.display_name.toLowerCase(),
  M: (m) => (m.mii_name ?? "").toLowerCase(),
  H: (m) => (m.can_host ? 1 : 0),
  CH: (m) => (m.checked_in ? 1 : 0),
};

/**
 * The squad page (001 §3 Squad view). Hidden players (issue 15 C) are listed to the tournament's
 * registration moderators and to moderators and administrators only.
 */
export async function viewSquad(ctx: AppContext, actor: Actor, id: number, squadId: number, order: string): Promise<SquadView> {
  const { ev, squad, admin, moderator, captain } = await loadSquad(ctx, actor, id, squadId);
  const showHidden = moderator || seesHiddenPlayers(actor);
  const rows = (await repo.squadMembers(ctx.db, squadId)).filter(
    (m) => (m.status === squad.status || m.status === "registered") && (showHidden || m.is_hidden !== 1),
  );
  const [field, d] = splitOrder(order);
  const members = rows
    .sort((a, b) => a.registered_at - b.registered_at)
    .map((m) => ({
      player_id: m.player_id,
      display_name: m.display_name,
      country: m.country_code,
      team_leader: m.is_captain === 1,
      mii_name: m.mii_name,
      custom_field: m.custom_field,
      can_host: m.can_host === 1,
      checked_in: m.checked_in === 1,
      status: m.status,
    }));
  const key = MEMBER_SORT[field];
  if (key) members.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (d === "A" ? 1 : -1));
  else if (d === "D") members.reverse();
  return {
    squad_id: squad.id,
    squad_name: squad.squad_name,
    squad_tag: squad.squad_tag,
    squad_color: squad.squad_color,
    status: squad.status,
    verified: squad.verified,
    mii_name_active: ev.player_mii_name_required === 1,
    members,
    can_manage: admin || captain,
    can_administrate: admin,
    can_moderate: moderator,
  };
}

export async function invitedPlayers(ctx: AppContext, actor: Actor, id: number, squadId: number): Promise<InvitedPlayers> {
  await loadSquad(ctx, actor, id, squadId);
  const rows = await repo.invitations(ctx.db, squadId);
  return {
    members: rows.map((r) => ({ player_id: r.player_id, display_name: r.display_name, country_code: r.country_code })),
    member_count: rows.length,
  };
}

export async function invitablePlayers(
  ctx: AppContext,
  actor: Actor,
  id: number,
  squadId: number,
  search: string,
): Promise<InvitablePlayers> {
  const { ev } = await requireManager(ctx, actor, id, squadId);
  return { data: await repo.invitable(ctx.db, ev.id, squadId, search, 50) };
}

export async function invite(ctx: AppContext, actor: Actor, id: number, squadId: number, playerId: number) {
  const { ev, squad } = await requireManager(ctx, actor, id, squadId);
  if (!isActive(squad.status)) throw squadGone(squad.status);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!p || p.user_id === null || p.is_banned === 1)
    throw badRequest("This player cannot be invited.", { code: "registration.cannot_invite" });
  // Each invitation notifies the player: a bounded number per sender (issue #15 §4).
  await consumeOrRefuse(ctx.limits, ACTION_LIMITS.invitations, actor.userId!, TOO_MANY_INVITATIONS);
  const me = await repo.findPlayerOfUser(ctx.db, actor.userId!);
  await write(ctx, async (trx) => {
    const reg = await repo.findRegistration(trx, ev.id, playerId);
    if (isActive(reg?.status))
      throw badRequest("This player is already registered for this tournament.", { code: "registration.player_already_registered" });
    if (reg?.status === "rejected")
      throw badRequest("This player has been removed from this tournament by staff.", { code: "registration.player_rejected" });
    await repo.lockSquad(trx, ctx.dialect, squadId);
    if (await repo.findInvitation(trx, squadId, playerId))
      throw badRequest("This player has already been invited to this squad.", { code: "registration.already_invited" });
    const c = await repo.squadCounts(trx, squadId);
    if (c.members + c.invited >= ev.maximum_team_size) throw badRequest(M.maxInvited, { code: "registration.max_invited" });
    await repo.insertInvitation(trx, { tournamentId: ev.id, squadId, playerId, invitedBy: me?.id ?? null, now: Date.now() });
    await logTournamentAction(trx, ev, actor, "squad.invite", {
      summary: `Invited ${p.display_name} to squad ${squad.squad_name}`,
      summaryKey: "squad.invited",
      summaryParams: { player: p.display_name, squad: squad.squad_name },
    });
    await notify(trx, p.user_id, "info", {
      key: "squad.invited",
      params: { squad: squad.squad_name, tournament: linkTo(`/tournaments/${ev.id}/register`, ev.title) },
    });
  });
  return { status: "ok" as const, message: "Player invited." };
}

/** Kicks a member, or cancels an invitation (001 §7 Squad management: kick also cancels an invitation). */
export async function kick(ctx: AppContext, actor: Actor, id: number, squadId: number, playerId: number) {
  const { ev, squad } = await requireManager(ctx, actor, id, squadId);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!p) throw notFound("Player not found.", { code: "players.not_found" });
  await consumeOrRefuse(ctx.limits, ACTION_LIMITS.removals, actor.userId!, TOO_MANY_REMOVALS);
  await write(ctx, async (trx) => {
    if (await repo.deleteInvitation(trx, squadId, playerId)) {
      await logTournamentAction(trx, ev, actor, "squad.cancel_invite", {
        summary: `Cancelled the invitation of ${p.display_name} to squad ${squad.squad_name}`,
        summaryKey: "squad.invitation_cancelled",
        summaryParams: { player: p.display_name, squad: squad.squad_name },
      });
      await notify(trx, p.user_id, "info", {
        key: "squad.invitation_cancelled",
        params: { squad: squad.squad_name, tournament: tournamentRef(ev) },
      });
      return;
    }
    const reg = await repo.findRegistration(trx, ev.id, playerId);
    if (!reg || reg.squad_id !== squadId || !isActive(reg.status)) throw badRequest("This player is not in this squad.", NOT_IN_SQUAD);
    if (reg.is_captain === 1) throw badRequest("The captain cannot be kicked from the squad.", { code: "registration.kick_captain" });
    await repo.updateRegistration(trx, ev.id, playerId, { status: "withdrawn", checked_in: 0 });
    await logTournamentAction(trx, ev, actor, "squad.kick", {
      summary: `Kicked ${p.display_name} from squad ${squad.squad_name}`,
      summaryKey: "squad.kicked",
      summaryParams: { player: p.display_name, squad: squad.squad_name },
    });
    await notify(trx, p.user_id, "warning", { key: "squad.removed", params: { squad: squad.squad_name, tournament: tournamentRef(ev) } });
  });
  return { status: "ok" as const };
}

export async function changeCaptain(ctx: AppContext, actor: Actor, id: number, squadId: number, playerId: number) {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!squad) throw notFound("Squad not found.", SQUAD_NOT_FOUND);
  await write(ctx, async (trx) => {
    const members = await repo.squadMembers(trx, squadId);
    const next = members.find((m) => m.player_id === playerId && isActive(m.status));
    if (!next) throw badRequest("This player is not in this squad.", NOT_IN_SQUAD);
    const old = members.find((m) => m.is_captain === 1);
    if (old) await repo.updateRegistration(trx, ev.id, old.player_id, { is_captain: 0 });
    await repo.updateRegistration(trx, ev.id, playerId, { is_captain: 1 });
    await logTournamentAction(trx, ev, actor, "squad.change_captain", {
      summary: `Changed the captain of squad ${squad.squad_name}`,
      summaryKey: "squad.captain_changed",
      summaryParams: { squad: squad.squad_name },
      before: old?.display_name ?? null,
      after: next.display_name,
    });
    await notifyMany(trx, [next.user_id, old?.user_id ?? null], "info", {
      key: "squad.new_captain",
      params: { player: next.display_name, squad: squad.squad_name, tournament: tournamentRef(ev) },
    });
  });
  return { status: "ok" as const };
}

export async function acceptInvite(ctx: AppContext, actor: Actor, id: number, squadId: number, b: Body) {
  const ev = await loadSoloSquad(ctx, actor, id);
  const player = await requireRegistrant(ctx, actor, ev);
  await validateFields(ctx.db, ev, b, { squad: false, player: true });
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!squad) throw notFound("Squad not found.", SQUAD_NOT_FOUND);
  if (!isActive(squad.status)) throw squadGone(squad.status);
  await write(ctx, async (trx) => {
    await repo.lockSquad(trx, ctx.dialect, squadId);
    await requireRegistrationsOpenIn(ctx, trx, actor, ev);
    // Read again under the lock: the squad may have been promoted or withdrawn meanwhile.
    const now = await repo.findSquad(trx, ev.id, squadId);
    if (!now || !isActive(now.status)) throw squadGone(now?.status);
    const waits = now.status === "waitlisted";
    if (!(await repo.findInvitation(trx, squadId, player.id)))
      throw badRequest("You have not been invited to this squad.", { code: "registration.not_invited" });
    const c = await repo.squadCounts(trx, squadId);
    if (c.members >= ev.maximum_team_size) throw badRequest("This squad is full.", { code: "registration.squad_full" });
    await placeRegistration(trx, {
      tournamentId: ev.id,
      playerId: player.id,
      squadId,
      isCaptain: false,
      canHost: hostOf(ev, b),
      miiName: ignOf(ev, b),
      now: Date.now(),
      // A member of a waiting squad waits with it (issue #22).
      status: waits ? "waitlisted" : "registered",
    });
    const captain = (await repo.squadMembers(trx, squadId)).find((m) => m.is_captain === 1);
    await logTournamentAction(trx, ev, actor, "squad.accept", {
      summary: `${player.display_name} joined squad ${squad.squad_name}`,
      summaryKey: "squad.joined",
      summaryParams: { player: player.display_name, squad: squad.squad_name },
    });
    // A waiting squad that now has enough members may take a free place.
    if (waits) await fillPlaces(trx, ev.id, actor);
    await notify(trx, captain?.user_id ?? null, "success", {
      key: "squad.invitation_accepted",
      params: { player: player.display_name, squad: squad.squad_name, tournament: tournamentRef(ev) },
    });
  });
  return { status: "ok" as const, message: "You have joined the squad." };
}

export async function declineInvite(ctx: AppContext, actor: Actor, id: number, squadId: number) {
  const ev = await loadSoloSquad(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  const player = await repo.findPlayerOfUser(ctx.db, actor.userId);
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!player || !squad) throw notFound("Invitation not found.", { code: "registration.invitation_not_found" });
  await write(ctx, async (trx) => {
    if (!(await repo.deleteInvitation(trx, squadId, player.id)))
      throw badRequest("You have not been invited to this squad.", { code: "registration.not_invited" });
    const captain = (await repo.squadMembers(trx, squadId)).find((m) => m.is_captain === 1);
    await logTournamentAction(trx, ev, actor, "squad.decline", {
      summary: `${player.display_name} declined the invitation of squad ${squad.squad_name}`,
      summaryKey: "squad.invitation_declined",
      summaryParams: { player: player.display_name, squad: squad.squad_name },
    });
    await notify(trx, captain?.user_id ?? null, "info", {
      key: "squad.invitation_declined",
      params: { player: player.display_name, squad: squad.squad_name, tournament: tournamentRef(ev) },
    });
  });
  return { status: "ok" as const };
}
