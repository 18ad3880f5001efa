import { type BulkAction, type BulkActionBody, type BulkResult, type BulkSkip, bulkResult } from "@site/contract";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../lib/errors.js";
import { notify, notifyMany, tournamentRef } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import { logTournamentAction, type Tournament } from "../access/tournament-access.service.js";
import { applyPlayerMove, applySquadMove, NOT_REGISTERED } from "./registration-admin.service.js";
import { type Db, isSquadTournament, requireSoloSquadAdmin, type Status, write } from "./registration-rules.js";
import * as bulkRepo from "./bulk.repository.js";
import * as repo from "./registrations.repository.js";

/**
 * Bulk actions of the solo and squad registration tables (issue #22 §2): one action on many
 * selected players or squads, for tournament administrators. The whole selection is one
 * transaction; each entrant gets the same log line and notification as the single action
 * (Verify, Move, Check In/Out), and rows the action does not apply to are skipped with a reason
 * rather than failing the batch (an organiser selecting a page of 20 with 2 already checked in
 * wants 18 checked in, not an error).
 */

/** The move a bulk action stands for; undefined for check-ins. */
const MOVE: Partial<Record<BulkAction, Status>> = { verify: "registered", withdraw: "withdrawn", reject: "rejected" };

/** Refuses check-in actions where the tournament has no check-ins (400), as the single call does. */
function assertActionFits(ev: Tournament, action: BulkAction) {
  if ((action === "checkin" || action === "checkout") && ev.checkin_required !== 1)
    throw badRequest("Check-ins are not active for this tournament.", { code: "registration.checkin_inactive" });
}

/**
 * `POST /api/events/{id}/registrations/players/bulk {action, ids}` (tournament administrators;
 * ids are player ids). Solo tournaments: every action. Squad tournaments: a player is verified
 * with their squad (400 for `verify`); moves take the one member out of their squad (a captain
 * hands over as in the single move); check-ins are per player. Skips: not in this tournament,
 * not registered, already verified / withdrawn / rejected / checked in, not checked in.
 */
export async function bulkPlayers(ctx: AppContext, actor: Actor, id: number, body: BulkActionBody): Promise<BulkResult> {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  assertActionFits(ev, body.action);
  if (body.action === "verify" && isSquadTournament(ev))
    throw badRequest("Squad players are verified with their squad: use the squad table.", { code: "registration.verify_with_squad" });
  const skipped: BulkSkip[] = [];
  let done = 0;
  await write(ctx, async (trx) => {
    for (const playerId of body.ids) {
      const [p, reg] = await Promise.all([repo.findPlayer(trx, playerId), repo.findRegistration(trx, ev.id, playerId)]);
      if (!p || !reg) {
        skipped.push({ id: playerId, name: p?.display_name ?? `#${playerId}`, reason: "not in this tournament" });
        continue;
      }
      const reason = await playerAction(trx, ev, actor, body.action, p, reg);
      if (reason) skipped.push({ id: playerId, name: p.display_name, reason });
      else done++;
    }
  });
  return bulkResult(body.action, done, skipped);
}

async function playerAction(
  trx: Db,
  ev: Tournament,
  actor: Actor,
  action: BulkAction,
  p: NonNullable<Awaited<ReturnType<typeof repo.findPlayer>>>,
  reg: repo.RegistrationRow,
): Promise<string | null> {
  const move = MOVE[action];
  if (move) {
    if (action === "verify" && reg.status === "registered" && reg.verified >= 1) return "already verified";
    return applyPlayerMove(trx, ev, actor, p, reg, move);
  }
  const on = action === "checkin";
  if (reg.status !== "registered") return NOT_REGISTERED;
  if ((reg.checked_in === 1) === on) return on ? "already checked in" : "not checked in";
  await bulkRepo.setCheckedIn(trx, ev.id, [p.id], on);
  // The single Check In/Out's log line and notification (registrations.service adminCheckin).
  await logTournamentAction(trx, ev, actor, on ? "registration.checkin" : "registration.checkout", {
    summary: `Checked ${p.display_name} ${on ? "in" : "out"}`,
    summaryKey: "checkin.staff_player",
    summaryParams: { player: p.display_name, direction: on ? "in" : "out" },
  });
  await notify(trx, p.user_id, "info", {
    key: on ? "checkin.admin_checked_in" : "checkin.admin_checked_out",
    params: { tournament: tournamentRef(ev) },
  });
  return null;
}

/**
 * `POST /api/events/{id}/registrations/squads/bulk {action, ids}` (tournament administrators of
 * a squad tournament; ids are squad ids). Verify and moves are the squad's Verify/Move; check
 * in (out) checks in (out) every registered member not yet so, one log line per squad. Skips:
 * not in this tournament, not registered, already verified / withdrawn / rejected, every member
 * already checked in (out).
 */
export async function bulkSquads(ctx: AppContext, actor: Actor, id: number, body: BulkActionBody): Promise<BulkResult> {
  const ev = await requireSoloSquadAdmin(ctx, actor, id);
  if (!isSquadTournament(ev)) throw badRequest("This tournament has no squads.", { code: "registration.no_squads" });
  assertActionFits(ev, body.action);
  const skipped: BulkSkip[] = [];
  let done = 0;
  await write(ctx, async (trx) => {
    for (const squadId of body.ids) {
      const squad = await repo.findSquad(trx, ev.id, squadId);
      if (!squad) {
        skipped.push({ id: squadId, name: `#${squadId}`, reason: "not in this tournament" });
        continue;
      }
      const reason = await squadAction(trx, ev, actor, body.action, squad);
      if (reason) skipped.push({ id: squadId, name: squad.squad_name, reason });
      else done++;
    }
  });
  return bulkResult(body.action, done, skipped);
}

async function squadAction(trx: Db, ev: Tournament, actor: Actor, action: BulkAction, squad: repo.SquadRowDb): Promise<string | null> {
  const move = MOVE[action];
  if (move) {
    if (action === "verify" && squad.status === "registered" && squad.verified >= 1) return "already verified";
    return applySquadMove(trx, ev, actor, squad, move);
  }
  if (squad.status !== "registered") return NOT_REGISTERED;
  const on = action === "checkin";
  const members = (await bulkRepo.registeredMembers(trx, squad.id)).filter((m) => (m.checked_in === 1) !== on);
  if (members.length === 0) return on ? "already checked in" : "not checked in";
  await bulkRepo.setCheckedIn(
    trx,
    ev.id,
    members.map((m) => m.player_id),
    on,
  );
  await logTournamentAction(trx, ev, actor, on ? "registration.checkin" : "registration.checkout", {
    summary: `Checked ${on ? "in" : "out"} squad ${squad.squad_name} (${members.map((m) => m.display_name).join(", ")})`,
    summaryKey: "checkin.staff_squad",
    summaryParams: { squad: squad.squad_name, players: members.map((m) => m.display_name).join(", "), direction: on ? "in" : "out" },
  });
  await notifyMany(
    trx,
    members.map((m) => m.user_id),
    "info",
    {
      key: on ? "checkin.admin_checked_in_squad" : "checkin.admin_checked_out_squad",
      params: { squad: squad.squad_name, tournament: tournamentRef(ev) },
    },
  );
  return null;
}
