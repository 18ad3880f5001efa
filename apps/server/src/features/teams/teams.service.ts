/**
 * Team reads (000 §7 team calls): the cached team page and its visibility (000 §4 team
 * statuses), the viewer's place on a team and the actions offered, the primary-team picker
 * (000 §7), the signed-in player's invitations and the pending claims. Writes live in
 * `team-roster`, `team-claims` and `team-profile`; the shared rules in `team-membership`.
 */
import {
  type MyInvitation,
  type RecruitmentStatus,
  type TeamClaim,
  type TeamDetail,
  TeamDetailSchema,
  type TeamPickerItem,
  type TeamPickerQuerySchema,
  TEAM_RESULTS_MAX,
  type TeamStatus,
  type TeamViewer,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { dataVersion } from "../../db/data-version.repository.js";
import { KEEP_MAX_AGE_MS, RawJson } from "../../lib/cache.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { type Actor, can } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { renderMarkdown } from "../reference/markdown.js";
import {
  categoryTitle,
  type Db,
  isAdmin,
  isTeamStaff,
  languageName,
  loadTeam,
  membershipOf,
  ref,
  requireAccount,
  takesMembers,
} from "./team-membership.service.js";
import { uploadUrl } from "../uploads/uploads.service.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";
import * as repo from "./teams.repository.js";

/** The refusal of a team the viewer may not see (or that does not exist), with its code (#21). */
const NOT_FOUND = { code: "teams.not_found" } as const;

type PickerQuery = z.output<typeof TeamPickerQuerySchema>;

// --- reads ------------------------------------------------------------------------------------

/**
 * The public answer of a team page (hidden players left out of the roster), its status and
 * every member (for the visibility check), and whether a member is hidden; throws 404 for an
 * unknown team. Kept while the database's data version stays the same (issue #16: also with the
 * micro-cache off; see `TtlCache.keepJsonAt` and `cacheKeys.profiles`), weighed by its JSON text.
 */
async function cachedTeam(
  ctx: AppContext,
  id: number,
): Promise<{ status: TeamStatus; members: number[]; hasHidden: boolean; raw: RawJson }> {
  const version = await dataVersion(ctx.db, ctx.dialect);
  return ctx.cache.keepSized(
    cacheKeys.profiles.team(id),
    async () => {
      const full = await computeTeam(ctx.db, id);
      // Thrown, not returned: a refusal is never kept, so a team added later (by any path) is found.
      if (!full) throw notFound("Team not found.", NOT_FOUND);
      const { detail, hidden } = full;
      const publicDetail = { ...detail, roster: detail.roster.filter((m) => !hidden.has(m.player_id)) };
      return {
        status: detail.team_status,
        members: detail.roster.map((m) => m.player_id),
        hasHidden: hidden.size > 0,
        raw: new RawJson(JSON.stringify(TeamDetailSchema.parse(publicDetail))),
      };
    },
    // The JSON text (twice its length in UTF-16) and the member ids.
    (v) => v.raw.json.length * 2 + v.members.length * 8,
    KEEP_MAX_AGE_MS,
    Date.now(),
    undefined,
    version,
  );
}

/** The team page as staff see it (every member) and the ids of its hidden members. */
async function computeTeam(db: Db, id: number): Promise<{ detail: TeamDetail; hidden: Set<number> } | null> {
  const t = await repo.findTeam(db, id);
  if (!t) return null;
  const [linked, roster, results] = await Promise.all([
    repo.linkedTeams(db, t.primary_team_id ?? t.id, t.id),
    repo.roster(db, t.id),
    repo.teamResults(db, t.id, TEAM_RESULTS_MAX),
  ]);
  const detail: TeamDetail = {
    id: t.id,
    team_name: t.team_name,
    team_tag: t.team_tag,
    team_color: t.team_color,
    team_logo: uploadUrl(t.logo_filename),
    recruitment_status: t.recruitment_status as RecruitmentStatus,
    team_description: t.team_description,
    team_description_html: renderMarkdown(t.team_description),
    main_language: t.main_language,
    language_name: t.language_name || languageName(t.main_language, ""),
    primary_team_id: t.primary_team_id,
    primary_team_name: t.primary_team_name,
    team_status: t.team_status as TeamStatus,
    is_historical: t.is_historical === 1,
    is_shadow: t.is_shadow === 1,
    category: t.category,
    category_title: categoryTitle(t.category),
    created_human: dateHuman(t.created_at),
    created_at: iso(t.created_at),
    linked_teams: linked.map(ref),
    roster: roster.map((m) => ({
      player_id: m.player_id,
      display_name: m.display_name,
      country_code: m.country_code,
      country_name: countryName(m.country_code),
      is_leader: m.is_leader === 1,
      is_manager: m.is_manager === 1,
      joined_human: dateHuman(m.joined_at),
      joined_at: iso(m.joined_at),
    })),
    results: results.map((r) => ({
      tournament_id: r.tournament_id,
      tournament_title: r.title,
      date_human: dateHuman(r.start_date ?? r.end_date),
      date: iso(r.start_date ?? r.end_date),
      mode_abbrev: categoryTitle(r.game_mode),
      placement: r.placement,
      placement_upper_bound: r.placement_upper_bound,
      dq: r.dq === 1,
      title: r.placement_title,
    })),
  };
  return { detail, hidden: new Set(roster.filter((m) => m.is_hidden === 1).map((m) => m.player_id)) };
}

/**
 * `GET /api/registry/teams/{id}`: one cached answer for every viewer. A disapproved team is
 * shown only to moderators, administrators and its members (404 for others); unapproved and
 * banned teams are shown with their status. Hidden players are left out of the roster except
 * for moderators and administrators (issue 15 C), whose answer then bypasses the shared cache.
 * The session is read only for a disapproved team or one with hidden members.
 */
export async function getTeam(ctx: AppContext, auth: () => Promise<Actor>, id: number): Promise<RawJson | TeamDetail> {
  const hit = await cachedTeam(ctx, id);
  if (hit.status !== "disapproved" && !hit.hasHidden) return hit.raw;
  const actor = await auth();
  if (hit.status === "disapproved") {
    if (!isTeamStaff(actor) && !(actor.playerId !== null && hit.members.includes(actor.playerId)))
      throw notFound("Team not found.", NOT_FOUND);
  }
  if (hit.hasHidden && seesHiddenPlayers(actor)) {
    const full = await computeTeam(ctx.db, id);
    if (!full) throw notFound("Team not found.", NOT_FOUND);
    return full.detail;
  }
  return hit.raw;
}

/** `GET /api/registry/teams/{id}/viewer`: the viewer's place on the team and the actions offered. */
export async function getViewer(ctx: AppContext, actor: Actor, id: number): Promise<TeamViewer> {
  const t = await loadTeam(ctx.db, id);
  const m = await membershipOf(ctx.db, actor, id);
  if (t.team_status === "disapproved" && !isTeamStaff(actor) && !m) throw notFound("Team not found.", NOT_FOUND);
  const out: TeamViewer = {
    logged_in: actor.userId !== null,
    has_profile: actor.playerId !== null,
    is_member: !!m,
    is_leader: m?.is_leader === 1,
    is_manager: m?.is_manager === 1,
    can_edit: false,
    can_admin_edit: false,
    can_manage_roster: false,
    can_invite: false,
    can_change_roles: false,
    can_approve: false,
    can_leave: false,
    can_request_join: false,
    can_claim: false,
    claim_pending: false,
    invitation: null,
    join_request: null,
    invitations: [],
    join_requests: [],
    pending_changes: [],
    claims: [],
  };
  if (actor.userId === null || actor.state === "banned") return out;
  const admin = isAdmin(actor);
  out.can_edit = out.is_leader;
  out.can_admin_edit = admin;
  out.can_manage_roster = admin || out.is_leader || out.is_manager;
  out.can_invite = out.can_manage_roster && takesMembers(t);
  out.can_change_roles = admin || out.is_leader;
  out.can_approve = can(actor, "registry.teams.approve") && t.team_status === "unapproved";
  out.can_leave = out.is_member;
  if (actor.playerId !== null && !m) {
    const [inv, req] = await Promise.all([
      repo.pendingOfPlayer(ctx.db, id, actor.playerId, "invited"),
      repo.pendingOfPlayer(ctx.db, id, actor.playerId, "requested"),
    ]);
    out.invitation = inv ? { id: inv.id, created_human: dateHuman(inv.created_at), created_at: iso(inv.created_at) } : null;
    out.join_request = req ? { id: req.id, created_human: dateHuman(req.created_at), created_at: iso(req.created_at) } : null;
    out.can_request_join = takesMembers(t) && t.recruitment_status === "recruiting" && !inv && !req;
  }
  if (t.is_historical === 1) {
    out.claim_pending = !!(await repo.pendingClaimOf(ctx.db, id, actor.userId));
    out.can_claim = actor.playerId !== null && !out.claim_pending;
    if (can(actor, "registry.teams.review_claims")) out.claims = (await repo.pendingClaims(ctx.db, id)).map(toClaim);
  }
  if (out.can_manage_roster) {
    // Invitations of hidden players are listed to moderators and administrators only (issue 15 C);
    // a join request is the player's own step towards the team, so it stays listed.
    const staff = seesHiddenPlayers(actor);
    const pending = (rows: Awaited<ReturnType<typeof repo.pendingForTeam>>, hideHidden: boolean) =>
      rows
        .filter((r) => !(hideHidden && r.is_hidden === 1))
        .map((r) => ({
          id: r.id,
          player_id: r.player_id,
          display_name: r.display_name,
          country_code: r.country_code,
          country_name: countryName(r.country_code),
          created_human: dateHuman(r.created_at),
          created_at: iso(r.created_at),
        }));
    out.invitations = pending(await repo.pendingForTeam(ctx.db, id, "invited"), !staff);
    out.join_requests = pending(await repo.pendingForTeam(ctx.db, id, "requested"), false);
  }
  if (out.is_leader || isTeamStaff(actor)) {
    out.pending_changes = (await repo.pendingChanges(ctx.db, id)).map((c) => ({
      field_name: c.field_name === "team_tag" ? "team_tag" : "team_name",
      to_value: c.to_value,
      date_human: dateHuman(c.created_at),
      date: iso(c.created_at),
    }));
  }
  return out;
}

function toClaim(c: Awaited<ReturnType<typeof repo.pendingClaims>>[number]): TeamClaim {
  return {
    id: c.id,
    team: ref(c),
    user_id: c.user_id,
    player_id: c.player_id,
    display_name: c.display_name ?? c.email,
    created_human: dateHuman(c.created_at),
    created_at: iso(c.created_at),
  };
}

/** `GET /api/registry/teams/all` (000 §7 primary-team picker): approved teams by name, or the viewer's led teams. */
export async function pickTeams(ctx: AppContext, actor: Actor | null, q: PickerQuery): Promise<{ data: TeamPickerItem[] }> {
  if (q.mine && (!actor || actor.userId === null)) throw unauthorized();
  const rows = await repo.pickTeams(ctx.db, {
    search: q.search || undefined,
    leaderPlayerId: q.mine ? (actor?.playerId ?? -1) : undefined,
    limit: q.limit,
  });
  return {
    data: rows.map((r) => ({
      team_id: r.id,
      team_name: r.team_name,
      team_tag: r.team_tag,
      category: r.category,
      category_title: categoryTitle(r.category),
    })),
  };
}

/** `GET /api/registry/teams/invitations`: the signed-in player's pending invitations. */
export async function myInvitations(ctx: AppContext, actor: Actor): Promise<{ data: MyInvitation[] }> {
  requireAccount(actor);
  if (actor.playerId === null) return { data: [] };
  const rows = await repo.invitationsOfPlayer(ctx.db, actor.playerId);
  return { data: rows.map((r) => ({ id: r.id, team: ref(r), created_human: dateHuman(r.created_at), created_at: iso(r.created_at) })) };
}

/** `GET /api/registry/teams/claims` (moderators, administrators): every pending claim. */
export async function listClaims(ctx: AppContext, actor: Actor): Promise<{ data: TeamClaim[] }> {
  requireAccount(actor);
  if (!can(actor, "registry.teams.review_claims"))
    throw forbidden("Only moderators and administrators can review claims.", { code: "teams.review_claims_staff" });
  return { data: (await repo.pendingClaims(ctx.db)).map(toClaim) };
}
