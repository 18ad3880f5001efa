/**
 * Claims of historical teams (000 §4 historical teams; 000 §7 claim calls): a player asks to
 * take a historical team over, moderators approve (the claimant joins as its leader through the
 * core's `joinTeam`) or decline. The pending-claim lists are reads (`teams.service.ts`).
 */
import type { TeamOk } from "@site/contract";
import type { AppContext } from "../../context.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { badRequest, forbidden, notFound } from "../../lib/errors.js";
import { linkTo, notify } from "../notifications/notifications.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import { audit } from "../audit/audit.service.js";
import { joinTeam, loadTeam, requireAccount, requirePlayer, teamPath } from "./team-membership.service.js";
import * as repo from "./teams.repository.js";

// --- claims ------------------------------------------------------------------------------------

/** `POST /api/registry/teams/claim/{teamId}`: ask to take over a historical team (moderators review it). */
export async function claimTeam(ctx: AppContext, actor: Actor, teamId: number): Promise<TeamOk> {
  await requirePlayer(ctx, actor);
  const team = await loadTeam(ctx.db, teamId);
  if (team.is_historical !== 1) throw badRequest("Only historical teams can be claimed.", { code: "teams.claim_not_historical" });
  if (await repo.pendingClaimOf(ctx.db, teamId, actor.userId!))
    throw badRequest("You have already claimed this team.", { code: "teams.already_claimed" });
  await repo.insertClaim(ctx.db, teamId, actor.userId!, Date.now());
  return { status: "ok", message: "Your claim was sent to the moderators." };
}

/**
 * `POST /api/registry/teams/claims/{id}/{approve|decline}` (moderators, administrators).
 * Approval makes the team active again with the claimant as its leader and declines the
 * team's other claims; a claimant on an established team of the category must leave it first.
 */
export async function decideClaim(ctx: AppContext, actor: Actor, claimId: number, action: "approve" | "decline"): Promise<TeamOk> {
  requireAccount(actor);
  if (!can(actor, "registry.teams.review_claims"))
    throw forbidden("Only moderators and administrators can review claims.", { code: "teams.review_claims_staff" });
  const claim = await repo.findClaim(ctx.db, claimId);
  if (!claim) throw notFound("Claim not found.", { code: "teams.claim_not_found" });
  if (claim.status !== "pending") throw badRequest("This claim has already been decided.", { code: "teams.claim_decided" });
  const team = await loadTeam(ctx.db, claim.team_id);
  const now = Date.now();
  if (action === "decline") {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.decideClaims(trx, [claim.id], "declined", now);
      await notify(trx, claim.user_id, "info", { key: "team.claim_declined", params: { team: linkTo(teamPath(team.id), team.team_name) } });
      await audit(trx, actor, { action: "team_claim.decline", targetType: "teams", targetId: team.id, after: { claim_id: claim.id } });
    });
    return { status: "ok", message: "The claim was declined." };
  }
  const player = await repo.playerOfUser(ctx.db, claim.user_id);
  if (!player) throw badRequest("The claimant has no registry profile.", { code: "teams.claimant_no_profile" });
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockTeam(trx, ctx.dialect, team.id);
    await repo.updateTeam(trx, team.id, { is_historical: 0, team_status: "approved" });
    const r = await joinTeam(ctx, trx, { player, team, asLeader: true, leaveCurrent: false, now });
    if (r.status === "confirm_leave") {
      throw badRequest(`The claimant is on ${r.current.team_name} in this category and must leave it first.`, {
        code: "teams.claimant_elsewhere",
        params: { team: r.current.team_name },
      });
    }
    await repo.decideClaims(trx, [claim.id], "approved", now);
    const others = await repo.otherPendingClaimIds(trx, team.id, claim.id);
    await repo.decideClaims(trx, others, "declined", now);
    await notify(trx, claim.user_id, "success", {
      key: "team.claim_approved",
      params: { team: linkTo(teamPath(team.id), team.team_name) },
    });
    await audit(trx, actor, {
      action: "team_claim.approve",
      targetType: "teams",
      targetId: team.id,
      after: { claim_id: claim.id, leader_player_id: player.id },
    });
  });
  invalidateAfter(ctx.cache, "registry");
  return { status: "ok", message: `The claim was approved: ${player.display_name} now leads the team.` };
}
