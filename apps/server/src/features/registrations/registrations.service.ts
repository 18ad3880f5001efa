import { REGISTRATION_MESSAGES as M, type OwnStatus, type RegisterStatus, waitlistMessage } from "@site/contract";
import type { AppContext } from "../../context.js";
import { badRequest, forbidden, unauthorized } from "../../lib/errors.js";
import { notify, notifyMany, tournamentRef } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import {
  findTournamentIn,
  isRegistrationModerator,
  isTournamentAdmin,
  logTournamentAction,
  requireRegistrationsOpenIn,
} from "../access/tournament-access.service.js";
import {
  type Body,
  blockingStatus,
  hostOf,
  ignOf,
  isActive,
  isSquadTournament,
  loadSoloSquad,
  placeRegistration,
  requireRegistrant,
  requireSoloSquadAdmin,
  userIdsOf,
  validateFields,
  write,
} from "./registration-rules.js";
import * as repo from "./registrations.repository.js";
import { admit, fillPlaces, rankOf } from "./waitlist.service.js";

/**
 * A player's own solo or squad registration (001 §4 Own registration status, §5, §7): status,
 * register, edit, withdraw, and check-ins (self and by administrators). Squads and their
 * invitations are `squads.service.ts`; lists `registration-lists.service.ts`; staff moves,
 * manual registration and edits `registration-admin.service.ts`.
 */

// ---------------------------------------------------------------------------------------
// Own status, register, edit, withdraw (001 §4 Own registration status)
// ---------------------------------------------------------------------------------------

export async function registerStatus(ctx: AppContext, actor: Actor, id: number): Promise<RegisterStatus> {
  const ev = await loadSoloSquad(ctx, actor, id);
  const { status, player, reg } = await blockingStatus(ctx.db, actor, ev);
  let details: RegisterStatus["registration_details"] = null;
  if (reg && reg.status !== "rejected") {
    const squad = reg.squad_id ? await repo.findSquad(ctx.db, ev.id, reg.squad_id) : undefined;
    const counts = reg.squad_id ? await repo.squadCounts(ctx.db, reg.squad_id) : { members: 1, checkins: reg.checked_in, invited: 0 };
    details = {
      status: reg.status,
      checked_in: reg.checked_in === 1,
      verified: squad ? squad.verified : reg.verified,
      squad_id: reg.squad_id,
      squad_name: squad?.squad_name ?? null,
      squad_tag: squad?.squad_tag ?? null,
      squad_color: squad?.squad_color ?? null,
      squad_status: squad?.status ?? null,
      is_captain: reg.is_captain === 1,
      register_count: counts.members,
      checkin_count: counts.checkins,
      can_host: reg.can_host === 1,
      ign: reg.mii_name,
      withdrawn_at_checkin: reg.status === "withdrawn" && reg.withdrawn_at_checkin === 1,
      waitlist_position:
        reg.status === "waitlisted" ? await rankOf(ctx.db, ev, squad ? squad.waitlist_position : reg.waitlist_position) : null,
    };
  }
  const own: OwnStatus =
    status ?? (reg?.status === "registered" ? "registered" : reg?.status === "waitlisted" ? "waitlisted" : "not_registered");
  const invitations =
    player && isSquadTournament(ev) && own === "not_registered" ? await repo.invitationsOfPlayer(ctx.db, ev.id, player.id) : [];
  return {
    status: own,
    registration_details: details,
    invitations,
    discord_tag: player?.discord_tag ?? null,
    required_fields: {
      squad_name: isSquadTournament(ev) && ev.team_name_required === 1,
      squad_tag: isSquadTournament(ev) && ev.team_tag_required === 1,
      can_host: ev.player_host_required === 1,
      mii_name: ev.player_mii_name_required === 1,
      mii_name_max_length: ev.player_mii_name_max_length,
    },
    can_administrate: await isTournamentAdmin(ctx, actor, ev),
    can_moderate: await isRegistrationModerator(ctx, actor, ev),
  };
}

/** `POST /api/events/{id}/register`: solo, or a new squad with the registrant as captain. */
export async function register(ctx: AppContext, actor: Actor, id: number, b: Body) {
  const ev = await loadSoloSquad(ctx, actor, id);
  const player = await requireRegistrant(ctx, actor, ev);
  const squad = isSquadTournament(ev);
  await validateFields(ctx.db, ev, b, { squad, player: true });
  const now = Date.now();
  const placed = await write(ctx, async (trx) => {
    // First: the capacity lock, so the count and the queue position hold until commit (issue #22).
    const admission = await admit(trx, ev.id);
    // Again under the lock, as the clock stands now: no registration lands after the close time (issue #17).
    await requireRegistrationsOpenIn(ctx, trx, actor, ev);
    const waits = admission.status === "waitlisted";
    let squadId: number | null = null;
    if (squad) {
      squadId = await repo.insertSquad(trx, {
        tournamentId: ev.id,
        name: ev.team_name_required === 1 ? b.squad_name! : b.squad_name || player.display_name,
        tag: ev.team_tag_required === 1 ? b.squad_tag! : "",
        color: ev.team_tag_required === 1 ? b.squad_color : 1,
        now,
        waitlistPosition: admission.waitlistPosition,
      });
    }
    await placeRegistration(trx, {
      tournamentId: ev.id,
      playerId: player.id,
      squadId,
      isCaptain: squad,
      canHost: hostOf(ev, b),
      miiName: ignOf(ev, b),
      now,
      status: admission.status,
      // Squad members wait with their squad; a solo player holds the position.
      waitlistPosition: squad ? null : admission.waitlistPosition,
    });
    const who = squad ? `squad ${b.squad_name || player.display_name}` : player.display_name;
    await logTournamentAction(trx, ev, actor, waits ? "registration.waitlist" : "registration.register", {
      summary: waits ? `Put ${who} on the waitlist (the tournament is full)` : `Registered ${who}`,
      summaryKey: `${waits ? "registration.waitlisted" : "registration.registered"}${squad ? "_squad" : ""}`,
      summaryParams: squad ? { squad: b.squad_name || player.display_name } : { player: player.display_name },
    });
    return waits ? await rankOf(trx, ev, admission.waitlistPosition) : null;
  });
  if (placed !== null) return { status: "ok" as const, message: waitlistMessage(placed) };
  return { status: "ok" as const, message: "You have registered for this tournament." };
}

/** `POST update_registration`: the registrant edits can host / in-game name (and the captain the squad) while open. */
export async function updateOwnRegistration(ctx: AppContext, actor: Actor, id: number, b: Body) {
  const ev = await loadSoloSquad(ctx, actor, id);
  const player = await requireRegistrant(ctx, actor, ev);
  const reg = await repo.findRegistration(ctx.db, ev.id, player.id);
  if (!reg || !isActive(reg.status))
    throw badRequest("You are not registered for this tournament.", { code: "registration.not_registered" });
  const captain = reg.is_captain === 1 && reg.squad_id !== null;
  await validateFields(ctx.db, ev, b, { squad: captain, player: true });
  await write(ctx, async (trx) => {
    await repo.updateRegistration(trx, ev.id, player.id, { can_host: hostOf(ev, b) ? 1 : 0, mii_name: ignOf(ev, b) });
    if (captain) {
      const v: Parameters<typeof repo.updateSquad>[2] = {};
      if (ev.team_name_required === 1) v.squad_name = b.squad_name!;
      if (ev.team_tag_required === 1) Object.assign(v, { squad_tag: b.squad_tag!, squad_color: b.squad_color });
      if (Object.keys(v).length) await repo.updateSquad(trx, reg.squad_id!, v);
    }
    await logTournamentAction(trx, ev, actor, "registration.edit", {
      summary: `${player.display_name} edited their registration`,
      summaryKey: "registration.edited_own",
      summaryParams: { player: player.display_name },
    });
  });
  return { status: "ok" as const, message: "Registration updated." };
}

/** `POST withdraw`: the registrant leaves; a captain withdraws the whole squad. */
export async function withdraw(ctx: AppContext, actor: Actor, id: number) {
  const ev = await loadSoloSquad(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  const player = await repo.findPlayerOfUser(ctx.db, actor.userId);
  const reg = player ? await repo.findRegistration(ctx.db, ev.id, player.id) : undefined;
  if (!player || !reg || !isActive(reg.status))
    throw badRequest("You are not registered for this tournament.", { code: "registration.not_registered" });
  if (ev.registrations_open !== 1 && !(await isTournamentAdmin(ctx, actor, ev)))
    throw badRequest(M.closed, { code: "registration.closed" });
  await write(ctx, async (trx) => {
    if (reg.squad_id !== null && reg.is_captain === 1) {
      const members = await repo.squadMembers(trx, reg.squad_id);
      await repo.updateSquad(trx, reg.squad_id, { status: "withdrawn" });
      await repo.withdrawSquadMembers(trx, reg.squad_id, "withdrawn");
      await repo.deleteInvitationsOfSquad(trx, reg.squad_id);
      const others = members.filter((m) => m.player_id !== player.id && isActive(m.status));
      await notifyMany(trx, userIdsOf(others), "warning", {
        key: "registration.squad_withdrawn",
        params: { tournament: tournamentRef(ev) },
      });
      await logTournamentAction(trx, ev, actor, "registration.withdraw", {
        summary: `${player.display_name} withdrew their squad`,
        summaryKey: "registration.withdrew_squad",
        summaryParams: { player: player.display_name },
      });
    } else {
      await repo.updateRegistration(trx, ev.id, player.id, { status: "withdrawn", checked_in: 0 });
      if (reg.squad_id !== null) {
        const captain = (await repo.squadMembers(trx, reg.squad_id)).find((m) => m.is_captain === 1);
        await notify(trx, captain?.user_id ?? null, "info", {
          key: "registration.member_left",
          params: { player: player.display_name, tournament: tournamentRef(ev) },
        });
      }
      await logTournamentAction(trx, ev, actor, "registration.withdraw", {
        summary: `${player.display_name} withdrew`,
        summaryKey: "registration.withdrew",
        summaryParams: { player: player.display_name },
      });
    }
    // A registered solo player or squad leaving frees a place (issue #22); a member leaving does not.
    if (reg.status === "registered" && (reg.squad_id === null || reg.is_captain === 1)) await fillPlaces(trx, ev.id, actor);
  });
  return { status: "ok" as const, message: "You have withdrawn from this tournament." };
}

// ---------------------------------------------------------------------------------------
// Check-ins (001 §4 Check-in status)
// ---------------------------------------------------------------------------------------

/** `POST checkin` / `checkout`: a registered player checks themself in or out while check-ins are open. */
export async function selfCheckin(ctx: AppContext, actor: Actor, id: number, { checkedIn }: { checkedIn: boolean }) {
  const ev = await loadSoloSquad(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  if (ev.checkin_required !== 1 || ev.checkin_status !== 1)
    throw badRequest("Check-ins are not open for this tournament.", { code: "registration.checkin_closed" });
  const player = await repo.findPlayerOfUser(ctx.db, actor.userId);
  if (actor.state === "banned" || player?.is_banned === 1) throw forbidden(M.banned, { code: "registration.banned" });
  const reg = player ? await repo.findRegistration(ctx.db, ev.id, player.id) : undefined;
  // Waiting entrants check in too: once check-ins close, only those checked in may be promoted (issue #22).
  if (!player || !reg || !isActive(reg.status))
    throw badRequest("You are not registered for this tournament.", { code: "registration.not_registered" });
  await write(ctx, async (trx) => {
    // The window may have closed since the row was read (issue #17 schedule): read it again here.
    if ((await findTournamentIn(trx, ev.id))?.checkin_status !== 1)
      throw badRequest("Check-ins are not open for this tournament.", { code: "registration.checkin_closed" });
    await repo.updateRegistration(trx, ev.id, player.id, { checked_in: checkedIn ? 1 : 0 });
    await logTournamentAction(trx, ev, actor, checkedIn ? "registration.checkin" : "registration.checkout", {
      summary: `${player.display_name} checked ${checkedIn ? "in" : "out"}`,
      summaryKey: "checkin.self",
      summaryParams: { player: player.display_name, direction: checkedIn ? "in" : "out" },
    });
  });
  return { status: "ok" as const };
}

/** `POST checkin/{playerId}` / `checkout/{playerId}`: a tournament administrator checks a player in or out. */
export async function adminCheckin(ctx: AppContext, actor: Actor, id: number, playerId: number, { checkedIn }: { checkedIn: boolean }) {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  if (ev.checkin_required !== 1)
    throw badRequest("Check-ins are not active for this tournament.", { code: "registration.checkin_inactive" });
  const reg = await repo.findRegistration(ctx.db, ev.id, playerId);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!reg || !p || !isActive(reg.status))
    throw badRequest("This player is not registered for this tournament.", { code: "registration.player_not_registered" });
  await write(ctx, async (trx) => {
    await repo.updateRegistration(trx, ev.id, playerId, { checked_in: checkedIn ? 1 : 0 });
    await logTournamentAction(trx, ev, actor, checkedIn ? "registration.checkin" : "registration.checkout", {
      summary: `Checked ${p.display_name} ${checkedIn ? "in" : "out"}`,
      summaryKey: "checkin.staff_player",
      summaryParams: { player: p.display_name, direction: checkedIn ? "in" : "out" },
    });
    await notify(trx, p.user_id, "info", {
      key: checkedIn ? "checkin.admin_checked_in" : "checkin.admin_checked_out",
      params: { tournament: tournamentRef(ev) },
    });
    // After check-ins closed, a waiting entrant checked in by staff may now qualify for a free place.
    if (checkedIn && reg.status === "waitlisted") await fillPlaces(trx, ev.id, actor);
  });
  return { status: "ok" as const };
}
