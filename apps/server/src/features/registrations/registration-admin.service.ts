import type { AppContext } from "../../context.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { notify, notifyMany, tournamentRef } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import { logTournamentAction, logWords, type Tournament } from "../access/tournament-access.service.js";
import {
  type Db,
  isActive,
  isSoloTournament,
  isSquadTournament,
  placeRegistration,
  requireSoloSquadAdmin,
  requireSoloSquadModerator,
  type Status,
  userIdsOf,
  validateFields,
  write,
} from "./registration-rules.js";
import * as repo from "./registrations.repository.js";
import { fillPlaces } from "./waitlist.service.js";

/**
 * What staff do in the registration tables of solo and squad tournaments (001 §2, §4, §7):
 * moves (registration moderators, 000 §6), manual registration (administrators) and the
 * registration edit pages (registration moderators).
 */

// ---------------------------------------------------------------------------------------
// Moves (001 §4: the lists move only to withdrawn or rejected; posting registered verifies).
// Registration moderators (000 §6) may move and verify: both are the tables' Move/Verify actions.
// ---------------------------------------------------------------------------------------

const ONLY_OUT = "Registrations can only be moved to Withdrawn or Rejected from the lists.";
const ONLY_OUT_CODE = { code: "registration.only_out" };
/** Translation codes (#21) of the staff pages' refusals of a missing squad, registration or player. */
const SQUAD_NOT_FOUND = { code: "registration.squad_not_found" };
const REGISTRATION_NOT_FOUND = { code: "registration.not_found" };
const PLAYER_NOT_FOUND = { code: "players.not_found" };

/** Why a move left an entrant alone: verifying one that is not registered, or moving it where it already is. */
export const NOT_REGISTERED = "not registered";
const already = (status: Status) => `already ${status}`;

export async function moveSquad(ctx: AppContext, actor: Actor, id: number, status: Status, squadId: number) {
  const ev = await requireSoloSquadModerator(ctx, actor, id);
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!squad) throw notFound("Squad not found.", SQUAD_NOT_FOUND);
  const skip = await write(ctx, (trx) => applySquadMove(trx, ev, actor, squad, status));
  if (skip === NOT_REGISTERED) throw badRequest(ONLY_OUT, ONLY_OUT_CODE);
  if (skip) throw badRequest(`This squad is ${skip}.`, { code: "registration.squad_already", params: { status } });
  return { status: "ok" as const };
}

/**
 * Verifies (`registered`) or moves a squad and its registered members inside `trx`, with its
 * log line and notifications. Answers why it did nothing (NOT_REGISTERED, 'already withdrawn'),
 * or null once done. Shared by the Move/Verify call and the bulk actions (issue #22 §2).
 */
export async function applySquadMove(
  trx: Db,
  ev: Tournament,
  actor: Actor,
  squad: repo.SquadRowDb,
  status: Status,
): Promise<string | null> {
  const squadId = squad.id;
  const members = (await repo.squadMembers(trx, squadId)).filter((m) => isActive(m.status));
  if (status === "registered") {
    if (squad.status !== "registered") return NOT_REGISTERED;
    await repo.updateSquad(trx, squadId, { verified: 1 });
    for (const m of members) await repo.updateRegistration(trx, ev.id, m.player_id, { verified: 1 });
    await logTournamentAction(trx, ev, actor, "registration.verify", {
      summary: `Verified squad ${squad.squad_name}`,
      summaryKey: "squad.verified",
      summaryParams: { squad: squad.squad_name },
      before: "Unverified",
      after: "Verified",
      ...logWords("verification.unverified", "verification.verified"),
    });
    await notifyMany(trx, userIdsOf(members), "success", {
      key: "squad.verified",
      params: { squad: squad.squad_name, tournament: tournamentRef(ev) },
    });
    return null;
  }
  if (squad.status === status) return already(status);
  await repo.updateSquad(trx, squadId, { status });
  await repo.withdrawSquadMembers(trx, squadId, status);
  await repo.deleteInvitationsOfSquad(trx, squadId);
  await logTournamentAction(trx, ev, actor, "registration.move", {
    summary: `Moved squad ${squad.squad_name}`,
    summaryKey: "squad.moved",
    summaryParams: { squad: squad.squad_name },
    before: squad.status,
    after: status,
    ...logWords(`status.${squad.status}`, `status.${status}`),
  });
  await notifyMany(trx, userIdsOf(members), "warning", {
    key: "squad.moved",
    params: { squad: squad.squad_name, status, tournament: tournamentRef(ev) },
  });
  // A registered squad moved out frees its place for the waitlist (issue #22).
  if (squad.status === "registered") await fillPlaces(trx, ev.id, actor);
  return null;
}

/** Moves one player (a squad member with `squad`, else a solo player). */
export async function movePlayer(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: Status,
  playerId: number,
  { inSquad: squad }: { inSquad: boolean },
) {
  const ev = await requireSoloSquadModerator(ctx, actor, id);
  const p = await repo.findPlayer(ctx.db, playerId);
  const reg = await repo.findRegistration(ctx.db, ev.id, playerId);
  if (!p || !reg || (squad ? reg.squad_id === null : reg.squad_id !== null))
    throw notFound("Registration not found.", REGISTRATION_NOT_FOUND);
  const skip = await write(ctx, (trx) => applyPlayerMove(trx, ev, actor, p, reg, status));
  if (skip === NOT_REGISTERED) throw badRequest(ONLY_OUT, ONLY_OUT_CODE);
  if (skip) throw badRequest(`This player is ${skip}.`, { code: "registration.player_already", params: { status } });
  return { status: "ok" as const };
}

/**
 * Verifies (`registered`) or moves one registration (solo, or a squad member: a moved captain
 * hands the squad to its longest-registered member) inside `trx`, with log lines and
 * notifications. Answers why it did nothing, or null once done (see `applySquadMove`).
 */
export async function applyPlayerMove(
  trx: Db,
  ev: Tournament,
  actor: Actor,
  p: NonNullable<Awaited<ReturnType<typeof repo.findPlayer>>>,
  reg: NonNullable<Awaited<ReturnType<typeof repo.findRegistration>>>,
  status: Status,
): Promise<string | null> {
  const playerId = p.id;
  const squad = reg.squad_id !== null;
  if (status === "registered") {
    if (reg.status !== "registered") return NOT_REGISTERED;
    await repo.updateRegistration(trx, ev.id, playerId, { verified: 1 });
    await logTournamentAction(trx, ev, actor, "registration.verify", {
      summary: `Verified ${p.display_name}`,
      summaryKey: "player.verified",
      summaryParams: { player: p.display_name },
      before: "Unverified",
      after: "Verified",
      ...logWords("verification.unverified", "verification.verified"),
    });
    await notify(trx, p.user_id, "success", { key: "registration.approved", params: { tournament: tournamentRef(ev) } });
    return null;
  }
  if (reg.status === status) return already(status);
  const wasCaptain = squad && reg.is_captain === 1 && isActive(reg.status);
  await repo.updateRegistration(trx, ev.id, playerId, { status, checked_in: 0, ...(wasCaptain ? { is_captain: 0 } : {}) });
  await logTournamentAction(trx, ev, actor, "registration.move", {
    summary: `Moved ${p.display_name}`,
    summaryKey: "player.moved",
    summaryParams: { player: p.display_name },
    before: reg.status,
    after: status,
    ...logWords(`status.${reg.status}`, `status.${status}`),
  });
  // A registered squad always has a captain: the longest-registered member takes over.
  if (wasCaptain) {
    const next = (await repo.squadMembers(trx, reg.squad_id!))
      .filter((m) => isActive(m.status) && m.player_id !== playerId)
      .sort((a, b) => a.registered_at - b.registered_at)[0];
    if (next) {
      await repo.updateRegistration(trx, ev.id, next.player_id, { is_captain: 1 });
      await logTournamentAction(trx, ev, actor, "squad.change_captain", {
        summary: `${next.display_name} became captain after ${p.display_name} was moved`,
        summaryKey: "squad.captain_after_move",
        summaryParams: { captain: next.display_name, player: p.display_name },
        before: p.display_name,
        after: next.display_name,
      });
      await notify(trx, next.user_id, "info", { key: "squad.captain_you", params: { tournament: tournamentRef(ev) } });
    }
  }
  await notify(trx, p.user_id, "warning", { key: "registration.moved", params: { status, tournament: tournamentRef(ev) } });
  // A registered solo player moved out frees a place for the waitlist (issue #22).
  if (!squad && reg.status === "registered") await fillPlaces(trx, ev.id, actor);
  return null;
}

// ---------------------------------------------------------------------------------------
// Manual registration (001 §4, §7)
// ---------------------------------------------------------------------------------------

interface AdminRegisterBody {
  player_id: number;
  squad_name: string;
  squad_tag: string;
  squad_color: number;
  can_host: boolean;
  mii_name: string;
}

export async function adminRegisterSquad(ctx: AppContext, actor: Actor, id: number, b: AdminRegisterBody) {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  if (!isSquadTournament(ev)) throw badRequest("This tournament is not a squad tournament.", { code: "registration.not_squad_tournament" });
  await validateFields(ctx.db, ev, b, { squad: true, player: b.player_id !== -1, lenient: true });
  const p = b.player_id === -1 ? null : await repo.findPlayer(ctx.db, b.player_id);
  if (b.player_id !== -1 && !p) throw badRequest("Player not found.", PLAYER_NOT_FOUND);
  const name = b.squad_name || p?.display_name || "Shadow Squad";
  const now = Date.now();
  await write(ctx, async (trx) => {
    const squadId = await repo.insertSquad(trx, { tournamentId: ev.id, name, tag: b.squad_tag, color: b.squad_color, now });
    await repo.updateSquad(trx, squadId, { verified: 1 });
    if (p) {
      await placeRegistration(trx, {
        tournamentId: ev.id,
        playerId: p.id,
        squadId,
        isCaptain: true,
        canHost: b.can_host,
        miiName: b.mii_name || null,
        now,
      });
      await repo.updateRegistration(trx, ev.id, p.id, { verified: 1 });
      await notify(trx, p.user_id, "info", {
        key: "registration.admin_registered_squad",
        params: { squad: name, tournament: tournamentRef(ev) },
      });
    }
    await logTournamentAction(trx, ev, actor, "registration.manual", {
      summary: p ? `Manually registered squad ${name} with ${p.display_name}` : `Manually registered shadow squad ${name}`,
      summaryKey: p ? "squad.manual" : "squad.manual_shadow",
      summaryParams: p ? { squad: name, player: p.display_name } : { squad: name },
    });
  });
  return { status: "ok", message: "Squad registered." };
}

export async function adminRegisterPlayer(
  ctx: AppContext,
  actor: Actor,
  id: number,
  b: { player_id: number; can_host: boolean; mii_name: string },
  squadId?: number,
) {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  if (squadId === undefined && !isSoloTournament(ev))
    throw badRequest("This tournament is not a solo tournament.", { code: "registration.not_solo_tournament" });
  await validateFields(ctx.db, ev, b, { squad: false, player: true, lenient: true });
  const p = await repo.findPlayer(ctx.db, b.player_id);
  if (!p) throw badRequest("Player not found.", PLAYER_NOT_FOUND);
  const squad = squadId === undefined ? undefined : await repo.findSquad(ctx.db, ev.id, squadId);
  if (squadId !== undefined && (!squad || !isActive(squad.status))) throw badRequest("Squad not found.", SQUAD_NOT_FOUND);
  await write(ctx, async (trx) => {
    // Said about the player, not the administrator (placeRegistration's texts speak to the registrant).
    const reg = await repo.findRegistration(trx, ev.id, p.id);
    if (isActive(reg?.status))
      throw badRequest("This player is already registered for this tournament.", { code: "registration.player_already_registered" });
    if (squadId !== undefined) await repo.lockSquad(trx, ctx.dialect, squadId);
    if (squadId !== undefined && (await repo.squadCounts(trx, squadId)).members >= ev.maximum_team_size)
      throw badRequest("This squad is full.", { code: "registration.squad_full" });
    await placeRegistration(trx, {
      tournamentId: ev.id,
      playerId: p.id,
      squadId: squadId ?? null,
      isCaptain: false,
      canHost: b.can_host,
      miiName: b.mii_name || null,
      now: Date.now(),
      // Added to a waiting squad, the player waits with it; manual solo registration takes a
      // place even past the cap (staff decide, docs/decisions.md "#22 capacity and waitlist").
      status: squad?.status === "waitlisted" ? "waitlisted" : "registered",
    });
    await repo.updateRegistration(trx, ev.id, p.id, { verified: 1 });
    if (squad?.status === "waitlisted") await fillPlaces(trx, ev.id, actor);
    await logTournamentAction(trx, ev, actor, "registration.manual", {
      summary: squad ? `Manually added ${p.display_name} to squad ${squad.squad_name}` : `Manually registered ${p.display_name}`,
      summaryKey: squad ? "squad.manual_member" : "player.manual",
      summaryParams: squad ? { player: p.display_name, squad: squad.squad_name } : { player: p.display_name },
    });
    await notify(trx, p.user_id, "info", { key: "registration.admin_registered", params: { tournament: tournamentRef(ev) } });
  });
  return { status: "ok", message: "Player registered." };
}

// ---------------------------------------------------------------------------------------
// Edit registrations (001 §2, §3 edit responses, §7): the tables' Edit action, so registration
// moderators (000 §6) may open and save them.
// ---------------------------------------------------------------------------------------

export async function getSquadEdit(ctx: AppContext, actor: Actor, id: number, squadId: number) {
  const ev = await requireSoloSquadModerator(ctx, actor, id);
  const s = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!s) throw notFound("Squad not found.", SQUAD_NOT_FOUND);
  return {
    registration_details: { squad_tag: s.squad_tag, squad_name: s.squad_name, color_number: s.squad_color },
    squad_status: s.status,
  };
}

export async function saveSquadEdit(
  ctx: AppContext,
  actor: Actor,
  id: number,
  squadId: number,
  b: { squad_name?: string; squad_tag?: string; squad_color?: number },
) {
  const ev = await requireSoloSquadModerator(ctx, actor, id);
  const s = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!s) throw notFound("Squad not found.", SQUAD_NOT_FOUND);
  await validateFields(ctx.db, ev, b, { squad: true, player: false });
  const v: Parameters<typeof repo.updateSquad>[2] = {};
  if (ev.team_name_required === 1) v.squad_name = b.squad_name!;
  if (ev.team_tag_required === 1) Object.assign(v, { squad_tag: b.squad_tag!, squad_color: b.squad_color ?? s.squad_color });
  await write(ctx, async (trx) => {
    if (Object.keys(v).length) await repo.updateSquad(trx, squadId, v);
    await logTournamentAction(trx, ev, actor, "registration.edit", {
      summary: `Edited squad ${s.squad_name}`,
      summaryKey: "squad.edited",
      summaryParams: { squad: s.squad_name },
      before: `${s.squad_tag} ${s.squad_name}`,
      after: `${v.squad_tag ?? s.squad_tag} ${v.squad_name ?? s.squad_name}`,
    });
    const members = (await repo.squadMembers(trx, squadId)).filter((m) => isActive(m.status));
    await notifyMany(trx, userIdsOf(members), "info", { key: "squad.staff_edited", params: { tournament: tournamentRef(ev) } });
  });
  return { status: "ok", message: "Registration updated." };
}

export async function getPlayerEdit(ctx: AppContext, actor: Actor, id: number, playerId: number) {
  const ev = await requireSoloSquadModerator(ctx, actor, id);
  const reg = await repo.findRegistration(ctx.db, ev.id, playerId);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!reg || !p) throw notFound("Registration not found.", REGISTRATION_NOT_FOUND);
  return {
    status: reg.status,
    player_name: p.display_name,
    squad_id: reg.squad_id,
    registration_details: { can_host: reg.can_host === 1, ign: reg.mii_name ?? "" },
  };
}

/** Edit a squad player's (can host, in-game name) or a solo player's (also status) registration. */
export async function savePlayerEdit(
  ctx: AppContext,
  actor: Actor,
  id: number,
  playerId: number,
  b: { status?: Status | undefined; can_host?: boolean | undefined; ign?: string | undefined },
  { inSquad: squad }: { inSquad: boolean },
) {
  const ev = await requireSoloSquadModerator(ctx, actor, id);
  const reg = await repo.findRegistration(ctx.db, ev.id, playerId);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!reg || !p || (squad ? reg.squad_id === null : reg.squad_id !== null))
    throw notFound("Registration not found.", REGISTRATION_NOT_FOUND);
  await validateFields(ctx.db, ev, { can_host: b.can_host, mii_name: b.ign }, { squad: false, player: true });
  const v: Parameters<typeof repo.updateRegistration>[3] = {};
  if (ev.player_host_required === 1) v.can_host = b.can_host ? 1 : 0;
  if (ev.player_mii_name_required === 1) v.mii_name = b.ign || null;
  if (!squad && b.status && b.status !== reg.status) {
    v.status = b.status;
    if (b.status === "registered") v.verified = 1;
    else v.checked_in = 0;
  }
  await write(ctx, async (trx) => {
    // A form with nothing to change (the tournament asks neither host nor in-game name) writes only the log.
    if (Object.keys(v).length) await repo.updateRegistration(trx, ev.id, playerId, v);
    await logTournamentAction(trx, ev, actor, "registration.edit", {
      summary: `Edited the registration of ${p.display_name}`,
      summaryKey: "player.edited",
      summaryParams: { player: p.display_name },
      before: reg.status,
      after: v.status ?? reg.status,
      ...logWords(`status.${reg.status}`, `status.${v.status ?? reg.status}`),
    });
    await notify(trx, p.user_id, "info", { key: "registration.staff_edited", params: { tournament: tournamentRef(ev) } });
    // A registered solo player edited out of the tournament frees a place (issue #22).
    if (reg.status === "registered" && v.status !== undefined && v.status !== "registered") await fillPlaces(trx, ev.id, actor);
  });
  return { status: "ok", message: "Registration updated." };
}
