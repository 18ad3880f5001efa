import { EVENT_FORMAT, PROPOSAL_LIMITS, type Proposal, type ProposalBody } from "@site/contract";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { iso } from "../../lib/dates.js";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { consumeOrRefuse, type LimitSpec } from "../../lib/limiter.js";
import { logTournamentAction } from "../access/tournament-access.service.js";
import { notify, tournamentRef } from "../notifications/notifications.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import { gameOfMode, isGameMode } from "../reference/labels.js";
import * as repo from "./tournament-proposals.repository.js";
import * as tournaments from "./tournaments.repository.js";

/**
 * Player-hosted tournaments (issue #22 §5).
 *
 * - Propose: a signed-in account with a registry profile (403 without one); one pending
 *   proposal per player (409; the partial unique index `tournament_proposals_one_pending` holds
 *   it under concurrent submits) and at most PROPOSAL_LIMITS.perDay proposals per account in 24
 *   hours, counted in the shared limiter (`ctx.limits`: memory on SQLite, the PostgreSQL store
 *   shared by every node otherwise; 429 past it). The tournament is created unpublished, registrations closed, outside
 *   any series; the proposer sees it (per-tournament role "proposer") but may not change it.
 * - Approve / decline: `tournaments.review_proposals` (event administrators, moderators,
 *   administrators). Approval publishes the tournament and makes the proposer its administrator
 *   (`tournament_admins`, honoured by every check of `features/access`); decline needs a reason.
 *   Both are logged on the tournament's log and notify the proposer. A decided proposal is 409.
 */

/** The proposals rate limit: PROPOSAL_LIMITS.perDay per account in a fixed 24-hour window. */
export const PROPOSAL_RATE: LimitSpec = { name: "proposals", points: PROPOSAL_LIMITS.perDay, durationSec: 86_400 };
const conflict = (m: string, code?: string) => new AppError("CONFLICT", m, code ? { code } : undefined);

function toProposal(r: repo.ProposalRow): Proposal {
  return {
    id: r.id,
    tournament_id: r.tournament_id,
    tournament_title: r.title,
    game_mode: r.game_mode,
    event_format: r.event_format,
    start_date: iso(r.start_date),
    player_id: r.player_id,
    player_name: r.display_name,
    status: r.status as Proposal["status"],
    reason: r.reason,
    created_at: iso(r.created_at)!,
  };
}

function parseUtc(value: string): number | null {
  const withZone = /[zZ]|[+-]\d{2}:\d{2}$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(withZone);
  return Number.isNaN(ms) ? null : ms;
}

/** `POST /api/tournaments/proposals`: creates the unpublished tournament and its pending proposal. */
export async function propose(
  ctx: AppContext,
  actor: Actor,
  body: ProposalBody,
  now = Date.now(),
): Promise<{ status: "ok"; message: string; id: number }> {
  if (actor.userId === null) throw unauthorized();
  if (actor.playerId === null || actor.state === "banned")
    throw forbidden("Create your player profile before proposing a tournament.", { code: "tournaments.proposal_no_profile" });
  if (!isGameMode(body.game_mode)) throw badRequest("Unknown game mode.", { code: "tournaments.unknown_game_mode" });
  const start = parseUtc(body.start_date);
  const end = parseUtc(body.end_date);
  if (start === null) throw badRequest("Start date is required.", { code: "tournaments.start_required" });
  if (end === null) throw badRequest("End date is required.", { code: "tournaments.end_required" });
  if (end < start) throw badRequest("The end date must be after the start date.", { code: "tournaments.end_before_start" });
  if (start < now) throw badRequest("The start date must be in the future.", { code: "tournaments.start_in_past" });
  const format = Number(body.registration_format);
  const solo = format === EVENT_FORMAT.solo;
  const min = solo ? 1 : body.minimum_players;
  const max = solo ? 1 : format === EVENT_FORMAT.team ? 99 : body.maximum_players;
  if (min > max) throw badRequest("Minimum players may not be more than maximum players.", { code: "tournaments.min_over_max" });
  if (await repo.hasPending(ctx.db, actor.playerId))
    throw conflict("You already have a proposal waiting for approval.", "tournaments.proposal_pending");
  // Counted only once the proposal is valid, so a form error does not use up the day's budget.
  await consumeOrRefuse(ctx.limits, PROPOSAL_RATE, actor.userId, `You may propose at most ${PROPOSAL_LIMITS.perDay} tournaments a day.`);
  const userId = actor.userId;
  const playerId = actor.playerId;
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      const tid = await tournaments.insertTournament(
        trx,
        {
          title: body.tournament_title,
          start_date: start,
          end_date: end,
          organizer: "affiliate",
          tournament_series_id: null,
          game: gameOfMode(body.game_mode)!,
          game_mode: body.game_mode,
          event_format: format,
          minimum_team_size: min,
          maximum_team_size: max,
          description: body.event_description,
          verification_required: body.verification_required ? 1 : 0,
          published: 0,
          registrations_open: 0,
        },
        now,
      );
      await repo.insertProposal(trx, { tournament_id: tid, user_id: userId, player_id: playerId, created_at: now });
      await logTournamentAction(trx, { id: tid }, actor, "tournament.propose", { after: body.tournament_title, now });
      return tid;
    });
    invalidateAfter(ctx.cache, "seriesRoles");
    invalidateAfter(ctx.cache, "tournament");
    return { status: "ok", message: "Your tournament was sent for approval.", id };
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict("You already have a proposal waiting for approval.", "tournaments.proposal_pending");
    throw e;
  }
}

/** `GET /api/tournaments/proposals/mine`: the account's proposals, newest first. */
export async function myProposals(ctx: AppContext, actor: Actor): Promise<{ data: Proposal[] }> {
  if (actor.userId === null) throw unauthorized();
  return { data: (await repo.proposalsOfUser(ctx.db, actor.userId)).map(toProposal) };
}

function requireReviewer(actor: Actor): number {
  if (actor.userId === null) throw unauthorized();
  if (!can(actor, "tournaments.review_proposals"))
    throw forbidden("Only event administrators and moderators can review proposed tournaments.", { code: "tournaments.review_forbidden" });
  return actor.userId;
}

/** `GET /api/moderation/tournament_proposals?status`: the queue (oldest first). */
export async function proposalQueue(ctx: AppContext, actor: Actor, status: string): Promise<{ data: Proposal[] }> {
  requireReviewer(actor);
  return { data: (await repo.proposalsByStatus(ctx.db, status)).map(toProposal) };
}

async function decideProposal(
  ctx: AppContext,
  actor: Actor,
  id: number,
  approve: boolean,
  reason: string | null,
): Promise<{ status: "ok"; message: string }> {
  const userId = requireReviewer(actor);
  const p = await repo.findProposal(ctx.db, id);
  if (!p) throw notFound("Proposal not found.", { code: "tournaments.proposal_not_found" });
  const now = Date.now();
  const t = { id: p.tournament_id, title: p.title };
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.decide(trx, id, approve ? "approved" : "declined", reason, userId, now)))
      throw conflict("This proposal has already been decided.", "tournaments.proposal_decided");
    if (approve) {
      await repo.publishTournament(trx, p.tournament_id, now);
      await repo.addTournamentAdmin(trx, p.tournament_id, p.user_id, now);
      await logTournamentAction(trx, t, actor, "tournament.proposal.approve", {
        summary: `Approved; ${p.display_name} administrates it`,
        summaryKey: "proposal.approved",
        summaryParams: { player: p.display_name },
        now,
      });
      await notify(trx, p.user_id, "success", { key: "tournament.proposal_approved", params: { tournament: tournamentRef(t) } });
    } else {
      await logTournamentAction(trx, t, actor, "tournament.proposal.decline", {
        summary: `Declined: ${reason}`,
        summaryKey: "proposal.declined",
        summaryParams: { reason: `${reason}` },
        now,
      });
      await notify(trx, p.user_id, "warning", {
        key: "tournament.proposal_declined",
        params: { title: p.title, reason: reason ?? "" },
      });
    }
  });
  invalidateAfter(ctx.cache, "seriesRoles");
  invalidateAfter(ctx.cache, "tournament");
  return { status: "ok", message: approve ? "Tournament approved." : "Proposal declined." };
}

/** `POST …/:id/approve`: publishes the tournament, its proposer becomes its administrator, notified. */
export function approveProposal(ctx: AppContext, actor: Actor, id: number) {
  return decideProposal(ctx, actor, id, true, null);
}

/** `POST …/:id/decline` with a reason: the proposer is notified with it; the tournament stays unpublished. */
export function declineProposal(ctx: AppContext, actor: Actor, id: number, reason: string) {
  return decideProposal(ctx, actor, id, false, reason);
}
