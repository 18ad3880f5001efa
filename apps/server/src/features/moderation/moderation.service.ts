import type { PendingCounts, ProfileChange } from "@site/contract";
import type { AppContext } from "../../context.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { linkTo, notify } from "../notifications/notifications.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { applyApprovedTeamChange } from "../teams/team-profile.service.js";
import * as repo from "./moderation.repository.js";
import { audit } from "../audit/audit.service.js";

/** The queue shows at most this many pending changes, oldest first. */
const QUEUE_LIMIT = 500;

function requireReviewer(actor: Actor): asserts actor is Actor & { userId: number } {
  if (actor.userId === null) throw unauthorized();
  if (!can(actor, "registry.profile_changes.review"))
    throw forbidden("Only moderators and administrators can review profile changes.", { code: "moderation.review_forbidden" });
}

/** `GET /api/registry/profile_changes` (moderators, administrators): pending changes (000 §3 Profile change). */
export async function listChanges(ctx: AppContext, actor: Actor): Promise<{ data: ProfileChange[] }> {
  requireReviewer(actor);
  const rows = await repo.pendingChanges(ctx.db, QUEUE_LIMIT);
  return {
    data: rows.map((r) => ({
      change_id: r.id,
      table_name: r.table_name as ProfileChange["table_name"],
      field_name: r.field_name as ProfileChange["field_name"],
      from_value: r.from_value,
      to_value: r.to_value,
      date_human: dateHuman(Number(r.created_at)),
      date: iso(Number(r.created_at)),
      team_id: r.team_id ?? null,
      team_tag: r.team_tag ?? null,
      team_name: r.team_name ?? null,
      team_color: r.team_color ?? null,
      player_id: r.player_id ?? null,
      country_code: r.country_code ?? null,
      country_name: r.country_code ? countryName(r.country_code) : null,
    })),
  };
}

/**
 * `POST /api/registry/profile_changes/{approve|decline}`: decides a pending change in one
 * transaction. Approval writes the new name (players.display_name or the team's name/tag) and
 * the name history; both outcomes notify the requester. The status moves only from pending
 * (conditional UPDATE), so a decided change cannot be decided again and two moderators
 * deciding at once leave one outcome: the second gets 'This change has already been decided.'.
 */
export async function decideChange(ctx: AppContext, actor: Actor, changeId: number, approve: boolean) {
  requireReviewer(actor);
  const change = await repo.findChange(ctx.db, changeId);
  if (!change) throw notFound("That profile change does not exist.", { code: "moderation.change_not_found" });
  const now = Date.now();
  const decided = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.decidePending(trx, change.id, approve ? "approved" : "declined", actor.userId, now))) return false;
    if (approve) {
      if (change.table_name === "players") await repo.applyPlayerName(trx, change.row_id, change.from_value, change.to_value, now);
      else await applyApprovedTeamChange(trx, change, now);
    }
    // The field's name is chosen by the message (select on field_name: name, team name, team tag).
    const target = linkTo(`/registry/${change.table_name === "players" ? "players" : "teams"}/${change.row_id}`, change.to_value);
    const params = { field: change.field_name, from: change.from_value };
    await notify(
      trx,
      change.requested_by_user_id,
      approve ? "success" : "warning",
      approve
        ? { key: "profile_change.approved", params: { ...params, to: target } }
        : { key: "profile_change.declined", params: { ...params, to: change.to_value } },
    );
    await audit(trx, actor, {
      action: approve ? "profile_change.approve" : "profile_change.decline",
      targetType: change.table_name,
      targetId: change.row_id,
      before: { [change.field_name]: change.from_value },
      after: approve ? { [change.field_name]: change.to_value } : null,
    });
    return true;
  });
  if (!decided) throw badRequest("This change has already been decided.", { code: "moderation.change_decided" });
  if (approve) {
    invalidateAfter(ctx.cache, "moderation");
  }
  return { status: "ok" as const, message: approve ? "The change was approved." : "The change was declined." };
}

/**
 * `GET /api/moderation/pending_counts` (any signed-in account, 401 otherwise; issue #17 §8):
 * how many items wait in each moderation queue of the header menu. A queue the actor may not
 * moderate answers `null` and costs no query, so a player asks nothing of the database; the
 * others are one indexed COUNT each. Permissions are the queues' own: profile changes
 * (registry.profile_changes.review), unapproved teams (registry.teams.approve), team claims
 * (registry.teams.review_claims), proposed tournaments (tournaments.review_proposals) and
 * inactive accounts (registry.players.ban, who may activate them).
 */
export async function pendingCounts(ctx: AppContext, actor: Actor): Promise<PendingCounts> {
  if (actor.userId === null) throw unauthorized();
  const when = (action: Parameters<typeof can>[1], count: () => Promise<number>) => (can(actor, action) ? count() : Promise.resolve(null));
  const [profile_changes, unapproved_teams, team_claims, tournament_proposals, inactive_accounts] = await Promise.all([
    when("registry.profile_changes.review", () => repo.countPendingChanges(ctx.db)),
    when("registry.teams.approve", () => repo.countUnapprovedTeams(ctx.db)),
    when("registry.teams.review_claims", () => repo.countPendingClaims(ctx.db)),
    when("tournaments.review_proposals", () => repo.countPendingProposals(ctx.db)),
    when("registry.players.ban", () => repo.countInactiveAccounts(ctx.db)),
  ]);
  return { profile_changes, unapproved_teams, team_claims, tournament_proposals, inactive_accounts };
}
