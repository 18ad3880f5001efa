import type { Kysely } from "kysely";
import {
  GAME_MODES,
  HISTORICAL_TEAM_EXISTS_MESSAGE,
  type JoinResponse,
  LANGUAGES,
  type MyInvitation,
  NAME_CHANGE_DAYS,
  type NewTeamForm,
  type RecruitmentStatus,
  type ShadowTeamBodySchema,
  type TeamAdminEditForm,
  type TeamClaim,
  type TeamDetail,
  TeamDetailSchema,
  type TeamEditForm,
  type TeamOk,
  type TeamPickerItem,
  type TeamPickerQuerySchema,
  type TeamRef,
  TEAM_RESULTS_MAX,
  type TeamSaveResponse,
  type TeamStatus,
  type TeamViewer,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { DB } from "../../db/schema.js";
import { RawJson } from "../../lib/cache.js";
import { DAY_MS, dateHuman } from "../../lib/dates.js";
import { AppError, badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { escapeHtml, link, notify, notifyMany } from "../notifications/notifications.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { renderMarkdown } from "../reference/markdown.js";
import { storeUpload } from "../uploads/uploads.service.js";
import * as repo from "./teams.repository.js";
import { audit } from "../moderation/audit.service.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";

type Db = Kysely<DB>;
type ShadowBody = z.output<typeof ShadowTeamBodySchema>;
type PickerQuery = z.output<typeof TeamPickerQuerySchema>;
type Player = NonNullable<Awaited<ReturnType<typeof repo.findPlayer>>>;
type Team = repo.TeamRow;
type Logo = { data: Buffer; filename: string } | null;

/** Every registry answer (team lists, pages, transfers, player pages) lives under this prefix; writes clear it. */
const CACHE_PREFIX = "registry:";
const TEAM_CHANGE_MS = NAME_CHANGE_DAYS.team * DAY_MS;

export const MESSAGES = {
  created: "Your team was created. It will appear in the team lists once a moderator approves it.",
  saved: "The team was saved.",
  changePending: "The new name or tag is waiting for approval by a moderator.",
  changeAlreadyPending: "A name or tag change for this team is already waiting for approval.",
  nameTaken: "A team with this name already exists in this category.",
  onePending: "You already lead a team that is waiting for approval.",
  noProfile: "You must create a registry profile first.",
  notLeader: "Only the team's leaders can edit the team.",
  adminOnlyFields: "Only administrators can change the team status, historical flag, primary team or category.",
  adminOnly: "Only administrators can use the admin team edit.",
  notManager: "Only the team's leaders and managers can do that.",
  notOnTeam: "This player is not on the team.",
  youAreNotOnTeam: "You are not on this team.",
  keepLeader: "A team must keep at least one leader.",
  closedToMembers: "This team cannot take new members while it is banned, disapproved, historical or a shadow team.",
  notRecruiting: "This team is not recruiting.",
  noLongerOpen: "This invitation or request is no longer open.",
  logoMissing: "Choose a logo file to upload.",
} as const;

// --- helpers ----------------------------------------------------------------------------------

const modeInfo = (key: string) => (GAME_MODES as Record<string, { abbrev: string }>)[key];
const categoryTitle = (key: string) => modeInfo(key)?.abbrev ?? key;
const uploadUrl = (filename: string | null) => (filename ? `/uploads/${filename}` : null);
const teamPath = (id: number) => `/registry/teams/${id}`;

/** The user-written texts of a team form, by the label the word filter's refusal names (issue 5). */
const teamTexts = (f: { team_name?: string | null; team_tag?: string | null; team_description?: string | null }) => ({
  "team name": f.team_name,
  "team tag": f.team_tag,
  "team description": f.team_description,
});

function ref(t: { team_id?: number; id?: number; team_name: string; team_tag: string; team_color: number; category: string }): TeamRef {
  return {
    team_id: (t.team_id ?? t.id)!,
    team_name: t.team_name,
    team_tag: t.team_tag,
    team_color: t.team_color,
    category: t.category,
    category_title: categoryTitle(t.category),
  };
}

/** An 'established' team (000 §4: 'one not unapproved or disapproved'): joining another team of its category asks to leave it first. */
const isEstablished = (status: string) => status !== "unapproved" && status !== "disapproved";
/** A team that takes new members: approved or unapproved, not historical, not a shadow entry. */
const takesMembers = (t: Pick<Team, "team_status" | "is_historical" | "is_shadow">) =>
  (t.team_status === "approved" || t.team_status === "unapproved") && t.is_historical === 0 && t.is_shadow === 0;

export const isTeamStaff = (actor: Actor) => can(actor, "registry.teams.view_unapproved");
const isAdmin = (actor: Actor) => can(actor, "registry.teams.edit_any");

/**
 * A signed-in account in good standing: anonymous 401; banned, unverified or inactive accounts
 * 403 with the reason.
 */
export function requireAccount(actor: Actor): asserts actor is Actor & { userId: number } {
  if (actor.userId === null) throw unauthorized();
  if (actor.state === "banned") throw forbidden("Your account has been banned.");
  if (actor.state === "pending_email") throw forbidden("You must verify your email before you can do that.");
  if (actor.state === "inactive") throw forbidden("Your account is inactive and must be activated by a staff member first.");
}

/** The signed-in account's registry player (400 without one, 403 when the player is banned). */
async function requirePlayer(ctx: AppContext, actor: Actor): Promise<Player> {
  requireAccount(actor);
  const player = actor.playerId === null ? undefined : await repo.findPlayer(ctx.db, actor.playerId);
  if (!player) throw badRequest(MESSAGES.noProfile);
  if (player.is_banned) throw forbidden("Banned players cannot join or manage teams.");
  return player;
}

async function loadTeam(db: Db, id: number): Promise<Team> {
  const team = await repo.findTeam(db, id);
  if (!team) throw notFound("Team not found.");
  return team;
}

/** The actor's active membership of the team, or undefined. */
async function membershipOf(db: Db, actor: Actor, teamId: number) {
  return actor.playerId === null ? undefined : repo.activeMembership(db, teamId, actor.playerId);
}

/** Leaders, managers (and administrators) manage a roster; returns the actor's role there. */
async function requireRosterManager(ctx: AppContext, actor: Actor, teamId: number) {
  requireAccount(actor);
  const m = await membershipOf(ctx.db, actor, teamId);
  const admin = isAdmin(actor);
  if (!admin && !(m && (m.is_leader || m.is_manager))) throw forbidden(MESSAGES.notManager);
  return { leader: admin || m?.is_leader === 1, admin };
}

function languageName(main: string, custom: string): string {
  if (main === "other") return custom;
  return (LANGUAGES as Record<string, string>)[main] ?? "";
}

async function storeLogo(
  ctx: AppContext,
  actor: Actor,
  useLogo: "existing" | "upload" | "none",
  file: Logo,
): Promise<number | null | undefined> {
  if (useLogo === "none") return null;
  if (useLogo === "existing") return undefined;
  if (!file) throw badRequest(MESSAGES.logoMissing);
  return (await storeUpload(ctx, actor, "team_logo", { data: file.data, truncated: false })).id;
}

async function checkPrimaryTeam(db: Db, primaryId: number, category: string, selfId: number | null): Promise<void> {
  if (primaryId === selfId) throw badRequest("A team cannot be its own primary team.");
  const p = await repo.findTeam(db, primaryId);
  if (!p) throw badRequest("The primary team does not exist.");
  if (p.primary_team_id !== null) throw badRequest("The primary team must not itself link to a primary team.");
  if (p.category === category) throw badRequest("The primary team must be of another category.");
}

// --- joining and leaving (one team per category, 000 §4) -----------------------------------

type JoinOutcome = { status: "ok"; fromTeamId: number | null } | { status: "confirm_leave"; current: TeamRef };

/**
 * Puts `player` on `team` inside the caller's transaction, re-checking the one-team-per-category
 * rule under a lock on the player, so concurrent joins of one player serialize:
 * - on an established team of the category already (approved or banned) → confirm_leave unless
 *   `leaveCurrent`; with it, that membership ends;
 * - memberships of unapproved or disapproved teams of the category end without asking;
 * - leaving never strands a team: the last leader of a team with other members must promote
 *   someone first.
 * The join is one accepted transfer row (from the team left, or none, to `team`), either the
 * pending invitation/request `pending` turned accepted or a new row. Returns the team left.
 */
async function joinTeam(
  ctx: AppContext,
  trx: Db,
  o: {
    player: Player;
    team: Pick<Team, "id" | "team_name" | "category">;
    asLeader: boolean;
    leaveCurrent: boolean;
    pending?: { id: number; status: "invited" | "requested" };
    now: number;
  },
): Promise<JoinOutcome> {
  const { player, team } = o;
  await repo.lockPlayer(trx, ctx.dialect, player.id);
  // The join's date is taken once the player's lock is held, so concurrent joins get dates in
  // the order they happen and the transfer history chains (an accepted invitation keeps the
  // id it got when it was sent, so ids do not give that order).
  const now = Math.max(o.now, Date.now());
  const current = await repo.membershipsInCategory(trx, player.id, team.category);
  if (current.some((m) => m.team_id === team.id)) throw badRequest(`${player.display_name} is already on this team.`);
  const established = current.find((m) => isEstablished(m.team_status));
  if (established && !o.leaveCurrent) return { status: "confirm_leave", current: ref(established) };
  for (const m of current) {
    await repo.lockTeam(trx, ctx.dialect, m.team_id);
    if (m.is_leader && (await repo.countMembers(trx, m.team_id, true)) === 1 && (await repo.countMembers(trx, m.team_id)) > 1) {
      throw badRequest(`${player.display_name} is the last leader of ${m.team_name}. Promote another leader there first.`);
    }
  }
  for (const m of current) await repo.closeMembership(trx, m.membership_id, now);
  const from = current[0]?.team_id ?? null;
  // More than one old membership (data from before the rule): each extra one is a plain leave.
  for (const m of current.slice(1)) {
    await repo.insertTransfer(trx, {
      player_id: player.id,
      from_team_id: m.team_id,
      to_team_id: null,
      category: team.category,
      status: "accepted",
      created_at: now,
      decided_at: now,
    });
  }
  await repo.insertMembership(trx, team.id, player.id, o.asLeader, now);
  if (o.pending) {
    // The transfer date is the join: an accepted row's created_at is when it happened.
    const ok = await repo.decideTransfer(trx, o.pending.id, o.pending.status, {
      status: "accepted",
      from_team_id: from,
      created_at: now,
      decided_at: now,
    });
    if (!ok) throw new AppError("CONFLICT", MESSAGES.noLongerOpen);
  } else {
    await repo.insertTransfer(trx, {
      player_id: player.id,
      from_team_id: from,
      to_team_id: team.id,
      category: team.category,
      status: "accepted",
      created_at: now,
      decided_at: now,
    });
  }
  for (const m of current) {
    await notifyMany(
      trx,
      await repo.staffUserIds(trx, m.team_id, true),
      "info",
      `${escapeHtml(player.display_name)} left ${link(teamPath(m.team_id), m.team_name)} to join ${link(teamPath(team.id), team.team_name)}.`,
    );
  }
  return { status: "ok", fromTeamId: from };
}

/** Ends the player's membership (leave or removal) with a transfer row from the team to none. */
async function endMembership(trx: Db, membershipId: number, playerId: number, team: Pick<Team, "id" | "category">, now: number) {
  await repo.closeMembership(trx, membershipId, now);
  await repo.insertTransfer(trx, {
    player_id: playerId,
    from_team_id: team.id,
    to_team_id: null,
    category: team.category,
    status: "accepted",
    created_at: now,
    decided_at: now,
  });
}

const leaveFirstText = (current: TeamRef) => `You are already on ${current.team_name} in this category. Leave that team first?`;

function confirmLeave(teamId: number, current: TeamRef): JoinResponse {
  return { status: "confirm_leave", message: leaveFirstText(current), team_id: teamId, current_team: current };
}

/** The new-team form's confirm_leave answer (no team was made). */
function confirmLeaveNew(current: TeamRef): TeamSaveResponse {
  return { status: "confirm_leave", message: leaveFirstText(current), team_id: null, current_team: current };
}

// --- reads ------------------------------------------------------------------------------------

/** The cached public answer of a team page and its status (for the visibility check). */
function cachedTeam(ctx: AppContext, id: number): Promise<{ status: TeamStatus; members: number[]; raw: RawJson } | null> {
  return ctx.cache.get(`${CACHE_PREFIX}team:${id}`, async () => {
    const detail = await computeTeam(ctx.db, id);
    if (!detail) return null;
    return {
      status: detail.team_status,
      members: detail.roster.map((m) => m.player_id),
      raw: new RawJson(JSON.stringify(TeamDetailSchema.parse(detail))),
    };
  });
}

async function computeTeam(db: Db, id: number): Promise<TeamDetail | null> {
  const t = await repo.findTeam(db, id);
  if (!t) return null;
  const [linked, roster, results] = await Promise.all([
    repo.linkedTeams(db, t.primary_team_id ?? t.id, t.id),
    repo.roster(db, t.id),
    repo.teamResults(db, t.id, TEAM_RESULTS_MAX),
  ]);
  return {
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
    linked_teams: linked.map(ref),
    roster: roster.map((m) => ({
      player_id: m.player_id,
      display_name: m.display_name,
      country_code: m.country_code,
      country_name: countryName(m.country_code),
      is_leader: m.is_leader === 1,
      is_manager: m.is_manager === 1,
      joined_human: dateHuman(m.joined_at),
    })),
    results: results.map((r) => ({
      tournament_id: r.tournament_id,
      tournament_title: r.title,
      date_human: dateHuman(r.start_date ?? r.end_date),
      mode_abbrev: categoryTitle(r.game_mode),
      placement: r.placement,
      placement_upper_bound: r.placement_upper_bound,
      dq: r.dq === 1,
      title: r.placement_title,
    })),
  };
}

/**
 * `GET /api/registry/teams/{id}`: one cached answer for every viewer. A disapproved team is
 * shown only to moderators, administrators and its members (404 for others); unapproved and
 * banned teams are shown with their status.
 */
export async function getTeam(ctx: AppContext, auth: () => Promise<Actor>, id: number): Promise<RawJson> {
  const hit = await cachedTeam(ctx, id);
  if (!hit) throw notFound("Team not found.");
  if (hit.status === "disapproved") {
    const actor = await auth();
    if (!isTeamStaff(actor) && !(actor.playerId !== null && hit.members.includes(actor.playerId))) throw notFound("Team not found.");
  }
  return hit.raw;
}

/** `GET /api/registry/teams/{id}/viewer`: the viewer's place on the team and the actions offered. */
export async function getViewer(ctx: AppContext, actor: Actor, id: number): Promise<TeamViewer> {
  const t = await loadTeam(ctx.db, id);
  const m = await membershipOf(ctx.db, actor, id);
  if (t.team_status === "disapproved" && !isTeamStaff(actor) && !m) throw notFound("Team not found.");
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
    out.invitation = inv ? { id: inv.id, created_human: dateHuman(inv.created_at) } : null;
    out.join_request = req ? { id: req.id, created_human: dateHuman(req.created_at) } : null;
    out.can_request_join = takesMembers(t) && t.recruitment_status === "recruiting" && !inv && !req;
  }
  if (t.is_historical === 1) {
    out.claim_pending = !!(await repo.pendingClaimOf(ctx.db, id, actor.userId));
    out.can_claim = actor.playerId !== null && !out.claim_pending;
    if (can(actor, "registry.teams.review_claims")) out.claims = (await repo.pendingClaims(ctx.db, id)).map(toClaim);
  }
  if (out.can_manage_roster) {
    const pending = (rows: Awaited<ReturnType<typeof repo.pendingForTeam>>) =>
      rows.map((r) => ({
        id: r.id,
        player_id: r.player_id,
        display_name: r.display_name,
        country_code: r.country_code,
        country_name: countryName(r.country_code),
        created_human: dateHuman(r.created_at),
      }));
    out.invitations = pending(await repo.pendingForTeam(ctx.db, id, "invited"));
    out.join_requests = pending(await repo.pendingForTeam(ctx.db, id, "requested"));
  }
  if (out.is_leader || isTeamStaff(actor)) {
    out.pending_changes = (await repo.pendingChanges(ctx.db, id)).map((c) => ({
      field_name: c.field_name === "team_tag" ? "team_tag" : "team_name",
      to_value: c.to_value,
      date_human: dateHuman(c.created_at),
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
  return { data: rows.map((r) => ({ id: r.id, team: ref(r), created_human: dateHuman(r.created_at) })) };
}

/** `GET /api/registry/teams/claims` (moderators, administrators): every pending claim. */
export async function listClaims(ctx: AppContext, actor: Actor): Promise<{ data: TeamClaim[] }> {
  requireAccount(actor);
  if (!can(actor, "registry.teams.review_claims")) throw forbidden("Only moderators and administrators can review claims.");
  return { data: (await repo.pendingClaims(ctx.db)).map(toClaim) };
}

// --- create, edit, shadow, approve -------------------------------------------------------------

/**
 * `POST /api/registry/teams/new` (000 §2 New team page; §4 outcomes error, claim, success):
 * - claim: a historical team of the category has the name ('A historical team with this name
 *   already exists'); the answer carries its id for `POST /api/registry/teams/claim/{id}`;
 * - refusals: the name is taken in the category, the creator already leads a team waiting for
 *   approval (staff excepted), no profile, a bad primary team;
 * - confirm_leave: the creator is on an established team of the category (000 §4);
 * - success: the team, unapproved, with the creator as its leader (join_team; staff may skip).
 */
export async function createTeam(ctx: AppContext, actor: Actor, form: NewTeamForm, file: Logo): Promise<TeamSaveResponse> {
  requireAccount(actor);
  await assertAllowed(ctx.db, teamTexts(form));
  const staff = isTeamStaff(actor);
  const join = form.join_team || !staff;
  const player = join ? await requirePlayer(ctx, actor) : null;

  const historical = await repo.teamByName(ctx.db, form.team_category, form.team_name, true);
  if (historical) return { status: "claim", message: HISTORICAL_TEAM_EXISTS_MESSAGE, team_id: historical.id };
  if (await repo.teamByName(ctx.db, form.team_category, form.team_name, false)) throw badRequest(MESSAGES.nameTaken);
  if (player && !staff && (await repo.unapprovedTeamsLedBy(ctx.db, player.id)) > 0) throw badRequest(MESSAGES.onePending);
  if (form.primary_team_id !== null) {
    await checkPrimaryTeam(ctx.db, form.primary_team_id, form.team_category, null);
    const leads = player ? await repo.activeMembership(ctx.db, form.primary_team_id, player.id) : undefined;
    if (!staff && !leads?.is_leader) throw forbidden("You can only link a team you lead as the primary team.");
  }
  if (player && !form.leave_current) {
    // Asked before the logo is stored; the join below checks again under the lock.
    const est = (await repo.membershipsInCategory(ctx.db, player.id, form.team_category)).find((m) => isEstablished(m.team_status));
    if (est) return confirmLeaveNew(ref(est));
  }
  const logoId = (await storeLogo(ctx, actor, form.use_logo, file)) ?? null;

  const now = Date.now();
  let teamId: number;
  try {
    teamId = await ctx.db.transaction().execute(async (trx) => {
      const id = await repo.insertTeam(trx, {
        team_name: form.team_name,
        team_tag: form.team_tag,
        team_color: form.team_color,
        logo_upload_id: logoId,
        recruitment_status: form.recruitment_status,
        team_description: form.team_description,
        main_language: form.main_language,
        language_name: languageName(form.main_language, form.language_name),
        category: form.team_category,
        primary_team_id: form.primary_team_id,
        team_status: "unapproved",
        is_historical: 0,
        is_shadow: 0,
        created_at: now,
        name_changed_at: null,
      });
      if (player) {
        const r = await joinTeam(ctx, trx, {
          player,
          team: { id, team_name: form.team_name, category: form.team_category },
          asLeader: true,
          leaveCurrent: form.leave_current,
          now,
        });
        // The creator joined an established team of the category meanwhile: undo the creation and ask.
        if (r.status === "confirm_leave") throw new ConfirmLeave(r.current);
      }
      return id;
    });
  } catch (err) {
    if (err instanceof ConfirmLeave) return confirmLeaveNew(err.current);
    throw err;
  }
  ctx.cache.invalidate(CACHE_PREFIX);
  return { status: "success", message: MESSAGES.created, team_id: teamId };
}

/** Thrown inside a transaction to roll it back and answer confirm_leave. */
class ConfirmLeave extends Error {
  constructor(readonly current: TeamRef) {
    super("confirm_leave");
  }
}

/** The admin-only fields; a leader's edit that carries any of them is refused (000 §6). */
export const ADMIN_ONLY_FIELDS = ["team_status", "team_historical", "primary_team", "team_category"] as const;

/**
 * `POST /api/registry/teams/{id}` (000 §2 Team edit; leaders): every field but the admin-only
 * ones. A new name or tag of an approved team becomes a pending profile change, at most once
 * every 12 weeks (000 §5); an unapproved team's name changes at once (moderators review it
 * with the team).
 */
export async function editTeam(
  ctx: AppContext,
  actor: Actor,
  id: number,
  form: TeamEditForm,
  file: Logo,
  sentFields: ReadonlySet<string>,
): Promise<TeamSaveResponse> {
  requireAccount(actor);
  await assertAllowed(ctx.db, teamTexts(form));
  const team = await loadTeam(ctx.db, id);
  const m = await membershipOf(ctx.db, actor, id);
  if (!m?.is_leader) throw forbidden(MESSAGES.notLeader);
  if (ADMIN_ONLY_FIELDS.some((f) => sentFields.has(f))) throw forbidden(MESSAGES.adminOnlyFields);

  const newName = form.team_name !== undefined && form.team_name !== team.team_name ? form.team_name : null;
  const newTag = form.team_tag !== undefined && form.team_tag !== team.team_tag ? form.team_tag : null;
  const now = Date.now();
  const direct = team.team_status === "unapproved";
  if (newName !== null && (await repo.teamByName(ctx.db, team.category, newName, false, id))) throw badRequest(MESSAGES.nameTaken);
  if ((newName !== null || newTag !== null) && !direct) {
    if ((await repo.pendingChanges(ctx.db, id)).length > 0) throw badRequest(MESSAGES.changeAlreadyPending);
    const last = Math.max(team.name_changed_at ?? 0, (await repo.lastChangeRequestAt(ctx.db, id)) ?? 0);
    if (last > 0 && now - last < TEAM_CHANGE_MS) {
      throw badRequest(
        `A team's name and tag can be changed once every 12 weeks. The next change is possible on ${dateHuman(last + TEAM_CHANGE_MS)}.`,
      );
    }
  }
  const logo = await storeLogo(ctx, actor, form.use_logo, file);

  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateTeam(trx, id, {
      ...(form.team_color !== undefined ? { team_color: form.team_color } : {}),
      ...(logo !== undefined ? { logo_upload_id: logo } : {}),
      ...(form.recruitment_status !== undefined ? { recruitment_status: form.recruitment_status } : {}),
      ...(form.team_description !== undefined ? { team_description: form.team_description } : {}),
      ...(form.main_language !== undefined
        ? { main_language: form.main_language, language_name: languageName(form.main_language, form.language_name ?? "") }
        : form.language_name !== undefined && team.main_language === "other"
          ? { language_name: form.language_name }
          : {}),
      ...(direct && newName !== null ? { team_name: newName } : {}),
      ...(direct && newTag !== null ? { team_tag: newTag } : {}),
    });
    for (const [field, value, from] of [
      ["team_name", newName, team.team_name],
      ["team_tag", newTag, team.team_tag],
    ] as const) {
      if (value === null) continue;
      if (direct) await repo.insertNameHistory(trx, { teamId: id, field, from, to: value, now });
      else await repo.insertProfileChange(trx, { teamId: id, field, from, to: value, userId: actor.userId, status: "pending", now });
    }
  });
  ctx.cache.invalidate(CACHE_PREFIX);
  const requested = !direct && (newName !== null || newTag !== null);
  return { status: "success", message: requested ? `${MESSAGES.saved} ${MESSAGES.changePending}` : MESSAGES.saved, team_id: id };
}

/**
 * `POST /api/registry/teams/{id}/admin` (000 §2 team edit admin; administrators): any team,
 * every field at once (a name or tag change is applied and logged, not requested), plus team
 * status, historical flag, primary team and category.
 */
export async function adminEditTeam(
  ctx: AppContext,
  actor: Actor,
  id: number,
  form: TeamAdminEditForm,
  file: Logo,
  sentFields: ReadonlySet<string>,
): Promise<TeamSaveResponse> {
  requireAccount(actor);
  await assertAllowed(ctx.db, teamTexts(form));
  if (!isAdmin(actor)) throw forbidden(MESSAGES.adminOnly);
  const team = await loadTeam(ctx.db, id);
  const category = form.team_category ?? team.category;
  const name = form.team_name ?? team.team_name;
  if (
    (name !== team.team_name || category !== team.category) &&
    (await repo.teamByName(ctx.db, category, name, (form.team_historical ?? team.is_historical === 1) === true, id))
  ) {
    throw badRequest(MESSAGES.nameTaken);
  }
  if (category !== team.category && (await repo.membersWithOtherTeamIn(ctx.db, id, category)) > 0) {
    throw badRequest("A member of this team is already on another team in that category.");
  }
  // primary_team is sent as 0 for none (000 §3); a form without the field keeps the link.
  const primarySent = sentFields.has("primary_team");
  if (primarySent && form.primary_team !== null) await checkPrimaryTeam(ctx.db, form.primary_team, category, id);
  const logo = await storeLogo(ctx, actor, form.use_logo, file);
  const now = Date.now();
  const statusChanged = form.team_status !== undefined && form.team_status !== team.team_status;

  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateTeam(trx, id, {
      ...(form.team_name !== undefined ? { team_name: form.team_name } : {}),
      ...(form.team_tag !== undefined ? { team_tag: form.team_tag } : {}),
      ...(form.team_name !== undefined && form.team_name !== team.team_name ? { name_changed_at: now } : {}),
      ...(form.team_color !== undefined ? { team_color: form.team_color } : {}),
      ...(logo !== undefined ? { logo_upload_id: logo } : {}),
      ...(form.recruitment_status !== undefined ? { recruitment_status: form.recruitment_status } : {}),
      ...(form.team_description !== undefined ? { team_description: form.team_description } : {}),
      ...(form.main_language !== undefined
        ? { main_language: form.main_language, language_name: languageName(form.main_language, form.language_name ?? "") }
        : {}),
      ...(form.team_status !== undefined ? { team_status: form.team_status } : {}),
      ...(form.team_historical !== undefined ? { is_historical: form.team_historical ? 1 : 0 } : {}),
      ...(primarySent ? { primary_team_id: form.primary_team } : {}),
      ...(form.team_category !== undefined ? { category: form.team_category } : {}),
    });
    for (const [field, value, from] of [
      ["team_name", form.team_name, team.team_name],
      ["team_tag", form.team_tag, team.team_tag],
    ] as const) {
      if (value !== undefined && value !== from) await repo.insertNameHistory(trx, { teamId: id, field, from, to: value, now });
    }
    if (statusChanged) {
      await notifyMany(
        trx,
        await repo.staffUserIds(trx, id, false),
        form.team_status === "approved" ? "success" : "warning",
        `The status of ${link(teamPath(id), form.team_name ?? team.team_name)} is now ${escapeHtml(form.team_status!)}.`,
      );
    }
  });
  ctx.cache.invalidate(CACHE_PREFIX);
  return { status: "success", message: MESSAGES.saved, team_id: id };
}

/** `POST /api/registry/teams/shadow` (moderators, administrators): a registry entry without members, approved at once. */
export async function createShadowTeam(ctx: AppContext, actor: Actor, body: ShadowBody): Promise<TeamSaveResponse> {
  requireAccount(actor);
  await assertAllowed(ctx.db, teamTexts(body));
  if (!can(actor, "registry.teams.create_shadow")) throw forbidden("Only moderators and administrators can create shadow teams.");
  if (await repo.teamByName(ctx.db, body.team_category, body.team_name, false)) throw badRequest(MESSAGES.nameTaken);
  const id = await repo.insertTeam(ctx.db, {
    team_name: body.team_name,
    team_tag: body.team_tag,
    team_color: body.team_color,
    category: body.team_category,
    recruitment_status: "closed",
    team_status: "approved",
    is_shadow: 1,
    is_historical: 0,
    created_at: Date.now(),
  });
  ctx.cache.invalidate(CACHE_PREFIX);
  return { status: "success", message: "The shadow team was created.", team_id: id };
}

/** `POST /api/registry/teams/{id}/approve` (moderators, administrators): an unapproved team becomes approved or disapproved. */
export async function approveTeam(ctx: AppContext, actor: Actor, id: number, approve: boolean): Promise<TeamOk> {
  requireAccount(actor);
  if (!can(actor, "registry.teams.approve")) throw forbidden("Only moderators and administrators can approve teams.");
  const team = await loadTeam(ctx.db, id);
  if (team.team_status !== "unapproved") throw badRequest("Only unapproved teams can be approved or disapproved.");
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateTeam(trx, id, { team_status: approve ? "approved" : "disapproved" });
    await notifyMany(
      trx,
      await repo.staffUserIds(trx, id, false),
      approve ? "success" : "warning",
      `Your team ${link(teamPath(id), team.team_name)} was ${approve ? "approved" : "disapproved"} by a moderator.`,
    );
    await audit(trx, actor, {
      action: approve ? "team.approve" : "team.disapprove",
      targetType: "teams",
      targetId: id,
      before: { team_status: team.team_status },
    });
  });
  ctx.cache.invalidate(CACHE_PREFIX);
  return { status: "ok", message: approve ? "The team was approved." : "The team was disapproved." };
}

// --- invitations, join requests, leaving, removal, roles ---------------------------------------

/** `POST /api/registry/teams/{id}/invite` (leaders, managers, administrators). */
export async function invite(ctx: AppContext, actor: Actor, id: number, playerId: number): Promise<TeamOk> {
  await requireRosterManager(ctx, actor, id);
  const team = await loadTeam(ctx.db, id);
  if (!takesMembers(team)) throw badRequest(MESSAGES.closedToMembers);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!p) throw notFound("Player not found.");
  if (p.is_shadow || p.user_id === null) throw badRequest("Shadow players cannot be invited.");
  if (p.is_banned) throw badRequest("Banned players cannot be invited.");
  if (await repo.activeMembership(ctx.db, id, playerId)) throw badRequest(`${p.display_name} is already on this team.`);
  if (await repo.pendingOfPlayer(ctx.db, id, playerId, "invited")) throw badRequest(`${p.display_name} has already been invited.`);
  if (await repo.pendingOfPlayer(ctx.db, id, playerId, "requested")) {
    throw badRequest(`${p.display_name} has asked to join this team: accept the request instead.`);
  }
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertTransfer(trx, {
      player_id: playerId,
      from_team_id: null,
      to_team_id: id,
      category: team.category,
      status: "invited",
      created_at: now,
      decided_at: null,
    });
    await notify(trx, p.user_id, "info", `You were invited to join ${link(teamPath(id), team.team_name)}. Answer it on the team's page.`);
  });
  ctx.cache.invalidate(CACHE_PREFIX);
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
  leaveCurrent: boolean,
): Promise<JoinResponse> {
  requireAccount(actor);
  const x = await repo.findTransfer(ctx.db, transferId);
  if (!x || x.to_team_id === null || (x.status !== "invited" && x.player_id !== actor.playerId)) throw notFound("Invitation not found.");
  if (x.status !== "invited") throw new AppError("CONFLICT", MESSAGES.noLongerOpen);
  const team = await loadTeam(ctx.db, x.to_team_id);
  const now = Date.now();

  if (action === "cancel") {
    await requireRosterManager(ctx, actor, team.id);
    if (!(await repo.decideTransfer(ctx.db, x.id, "invited", { status: "cancelled", decided_at: now }))) {
      throw new AppError("CONFLICT", MESSAGES.noLongerOpen);
    }
    ctx.cache.invalidate(CACHE_PREFIX);
    return { status: "ok", message: "The invitation was cancelled.", team_id: team.id, current_team: null };
  }

  const player = await requirePlayer(ctx, actor);
  if (x.player_id !== player.id) throw forbidden("This invitation is for another player.");
  if (action === "decline") {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.decideTransfer(trx, x.id, "invited", { status: "declined", decided_at: now }))) {
        throw new AppError("CONFLICT", MESSAGES.noLongerOpen);
      }
      await notifyMany(
        trx,
        await repo.staffUserIds(trx, team.id, true),
        "info",
        `${escapeHtml(player.display_name)} declined the invitation to join ${link(teamPath(team.id), team.team_name)}.`,
      );
    });
    ctx.cache.invalidate(CACHE_PREFIX);
    return { status: "ok", message: "The invitation was declined.", team_id: team.id, current_team: null };
  }

  if (!takesMembers(team)) throw badRequest(MESSAGES.closedToMembers);
  const r = await ctx.db.transaction().execute(async (trx) => {
    const out = await joinTeam(ctx, trx, { player, team, asLeader: false, leaveCurrent, pending: { id: x.id, status: "invited" }, now });
    if (out.status === "ok") {
      await notifyMany(
        trx,
        await repo.staffUserIds(trx, team.id, true),
        "success",
        `${escapeHtml(player.display_name)} accepted the invitation and joined ${link(teamPath(team.id), team.team_name)}.`,
      );
    }
    return out;
  });
  if (r.status === "confirm_leave") return confirmLeave(team.id, r.current);
  ctx.cache.invalidate(CACHE_PREFIX);
  return { status: "ok", message: `You joined ${team.team_name}.`, team_id: team.id, current_team: null };
}

/**
 * `POST /api/registry/teams/{id}/join_request`: a player asks to join a recruiting team. On an
 * established team of the category, the call first answers confirm_leave; repeating it with
 * leave_current records that the player agreed to leave when the request is accepted.
 */
export async function requestJoin(ctx: AppContext, actor: Actor, id: number, leaveCurrent: boolean): Promise<JoinResponse> {
  const player = await requirePlayer(ctx, actor);
  const team = await loadTeam(ctx.db, id);
  if (!takesMembers(team)) throw badRequest(MESSAGES.closedToMembers);
  if (team.recruitment_status !== "recruiting") throw badRequest(MESSAGES.notRecruiting);
  if (await repo.activeMembership(ctx.db, id, player.id)) throw badRequest("You are already on this team.");
  if (await repo.pendingOfPlayer(ctx.db, id, player.id, "requested")) throw badRequest("You have already asked to join this team.");
  if (await repo.pendingOfPlayer(ctx.db, id, player.id, "invited")) {
    throw badRequest("You have been invited to this team: accept the invitation instead.");
  }
  const est = (await repo.membershipsInCategory(ctx.db, player.id, team.category)).find((m) => isEstablished(m.team_status));
  if (est && !leaveCurrent) return confirmLeave(id, ref(est));
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertTransfer(trx, {
      player_id: player.id,
      from_team_id: null,
      to_team_id: id,
      category: team.category,
      status: "requested",
      created_at: now,
      decided_at: null,
    });
    await notifyMany(
      trx,
      await repo.staffUserIds(trx, id, true),
      "info",
      `${link(`/registry/players/${player.id}`, player.display_name)} asked to join ${link(teamPath(id), team.team_name)}.`,
    );
  });
  ctx.cache.invalidate(CACHE_PREFIX);
  return { status: "ok", message: "Your request to join was sent to the team's leaders.", team_id: id, current_team: null };
}

/** `POST /api/registry/teams/join_requests/{id}/{accept|reject|cancel}`. */
export async function answerJoinRequest(
  ctx: AppContext,
  actor: Actor,
  transferId: number,
  action: "accept" | "reject" | "cancel",
): Promise<JoinResponse> {
  requireAccount(actor);
  const x = await repo.findTransfer(ctx.db, transferId);
  if (!x || x.to_team_id === null || (x.status !== "requested" && x.player_id !== actor.playerId))
    throw notFound("Join request not found.");
  if (x.status !== "requested") throw new AppError("CONFLICT", MESSAGES.noLongerOpen);
  const team = await loadTeam(ctx.db, x.to_team_id);
  const now = Date.now();
  const done = (message: string): JoinResponse => {
    ctx.cache.invalidate(CACHE_PREFIX);
    return { status: "ok", message, team_id: team.id, current_team: null };
  };

  if (action === "cancel") {
    if (x.player_id !== actor.playerId) throw forbidden("Only the player who asked can cancel a join request.");
    if (!(await repo.decideTransfer(ctx.db, x.id, "requested", { status: "cancelled", decided_at: now }))) {
      throw new AppError("CONFLICT", MESSAGES.noLongerOpen);
    }
    return done("Your join request was cancelled.");
  }
  await requireRosterManager(ctx, actor, team.id);
  const player = await repo.findPlayer(ctx.db, x.player_id);
  if (!player) throw notFound("Player not found.");
  if (action === "reject") {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.decideTransfer(trx, x.id, "requested", { status: "rejected", decided_at: now }))) {
        throw new AppError("CONFLICT", MESSAGES.noLongerOpen);
      }
      await notify(trx, player.user_id, "info", `Your request to join ${link(teamPath(team.id), team.team_name)} was declined.`);
    });
    return done("The join request was rejected.");
  }
  if (!takesMembers(team)) throw badRequest(MESSAGES.closedToMembers);
  if (player.is_banned) throw badRequest("Banned players cannot join teams.");
  await ctx.db.transaction().execute(async (trx) => {
    // The player agreed to leave their team of the category when asking (see requestJoin).
    await joinTeam(ctx, trx, { player, team, asLeader: false, leaveCurrent: true, pending: { id: x.id, status: "requested" }, now });
    await notify(trx, player.user_id, "success", `Your request to join ${link(teamPath(team.id), team.team_name)} was accepted.`);
  });
  return done(`${player.display_name} joined the team.`);
}

/** `POST /api/registry/teams/{id}/leave`: the last leader of a team with other members must promote someone first. */
export async function leaveTeam(ctx: AppContext, actor: Actor, id: number): Promise<TeamOk> {
  const player = await requirePlayer(ctx, actor);
  const team = await loadTeam(ctx.db, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockTeam(trx, ctx.dialect, id);
    const m = await repo.activeMembership(trx, id, player.id);
    if (!m) throw badRequest(MESSAGES.youAreNotOnTeam);
    if (m.is_leader && (await repo.countMembers(trx, id, true)) === 1 && (await repo.countMembers(trx, id)) > 1) {
      throw badRequest("You are the team's last leader. Promote another leader before you leave.");
    }
    await endMembership(trx, m.id, player.id, team, Date.now());
    await notifyMany(
      trx,
      await repo.staffUserIds(trx, id, true),
      "info",
      `${escapeHtml(player.display_name)} left ${link(teamPath(id), team.team_name)}.`,
    );
  });
  ctx.cache.invalidate(CACHE_PREFIX);
  return { status: "ok", message: `You left ${team.team_name}.` };
}

/**
 * `POST /api/registry/teams/{id}/kick`: leaders (and administrators) remove anyone else,
 * managers remove plain members. A player not on the team cannot be removed.
 */
export async function kick(ctx: AppContext, actor: Actor, id: number, playerId: number): Promise<TeamOk> {
  const me = await requireRosterManager(ctx, actor, id);
  const team = await loadTeam(ctx.db, id);
  if (playerId === actor.playerId) throw badRequest("Use Leave to leave the team.");
  const p = await repo.findPlayer(ctx.db, playerId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockTeam(trx, ctx.dialect, id);
    const m = await repo.activeMembership(trx, id, playerId);
    if (!m || !p) throw badRequest(MESSAGES.notOnTeam);
    if (!me.leader && (m.is_leader || m.is_manager)) throw forbidden("Managers can only remove members who are not leaders or managers.");
    if (m.is_leader && (await repo.countMembers(trx, id, true)) === 1 && (await repo.countMembers(trx, id)) > 1) {
      throw badRequest(MESSAGES.keepLeader);
    }
    await endMembership(trx, m.id, playerId, team, Date.now());
    await notify(trx, p.user_id, "warning", `You were removed from ${link(teamPath(id), team.team_name)}.`);
  });
  ctx.cache.invalidate(CACHE_PREFIX);
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
  if (!me.leader) throw forbidden("Only the team's leaders can promote or demote members.");
  const team = await loadTeam(ctx.db, id);
  const p = await repo.findPlayer(ctx.db, playerId);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockTeam(trx, ctx.dialect, id);
    const m = await repo.activeMembership(trx, id, playerId);
    if (!m || !p) throw badRequest(MESSAGES.notOnTeam);
    if (m.is_leader && role !== "leader" && (await repo.countMembers(trx, id, true)) === 1) throw badRequest(MESSAGES.keepLeader);
    await repo.setRole(trx, m.id, role === "leader", role === "manager");
    const label = role === "leader" ? "a leader" : role === "manager" ? "a manager" : "a member";
    await notify(trx, p.user_id, "info", `You are now ${label} of ${link(teamPath(id), team.team_name)}.`);
  });
  ctx.cache.invalidate(CACHE_PREFIX);
  return { status: "ok", message: `${p!.display_name} is now ${role === "member" ? "a member" : `a ${role}`}.` };
}

// --- claims ------------------------------------------------------------------------------------

/** `POST /api/registry/teams/claim/{teamId}`: ask to take over a historical team (moderators review it). */
export async function claimTeam(ctx: AppContext, actor: Actor, teamId: number): Promise<TeamOk> {
  await requirePlayer(ctx, actor);
  const team = await loadTeam(ctx.db, teamId);
  if (team.is_historical !== 1) throw badRequest("Only historical teams can be claimed.");
  if (await repo.pendingClaimOf(ctx.db, teamId, actor.userId!)) throw badRequest("You have already claimed this team.");
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
  if (!can(actor, "registry.teams.review_claims")) throw forbidden("Only moderators and administrators can review claims.");
  const claim = await repo.findClaim(ctx.db, claimId);
  if (!claim) throw notFound("Claim not found.");
  if (claim.status !== "pending") throw badRequest("This claim has already been decided.");
  const team = await loadTeam(ctx.db, claim.team_id);
  const now = Date.now();
  if (action === "decline") {
    await ctx.db.transaction().execute(async (trx) => {
      await repo.decideClaims(trx, [claim.id], "declined", now);
      await notify(trx, claim.user_id, "info", `Your claim of ${link(teamPath(team.id), team.team_name)} was declined.`);
      await audit(trx, actor, { action: "team_claim.decline", targetType: "teams", targetId: team.id, after: { claim_id: claim.id } });
    });
    return { status: "ok", message: "The claim was declined." };
  }
  const player = await repo.playerOfUser(ctx.db, claim.user_id);
  if (!player) throw badRequest("The claimant has no registry profile.");
  await ctx.db.transaction().execute(async (trx) => {
    await repo.lockTeam(trx, ctx.dialect, team.id);
    await repo.updateTeam(trx, team.id, { is_historical: 0, team_status: "approved" });
    const r = await joinTeam(ctx, trx, { player, team, asLeader: true, leaveCurrent: false, now });
    if (r.status === "confirm_leave") {
      throw badRequest(`The claimant is on ${r.current.team_name} in this category and must leave it first.`);
    }
    await repo.decideClaims(trx, [claim.id], "approved", now);
    const others = await repo.otherPendingClaimIds(trx, team.id, claim.id);
    await repo.decideClaims(trx, others, "declined", now);
    await notify(trx, claim.user_id, "success", `Your claim was approved: you now lead ${link(teamPath(team.id), team.team_name)}.`);
    await audit(trx, actor, {
      action: "team_claim.approve",
      targetType: "teams",
      targetId: team.id,
      after: { claim_id: claim.id, leader_player_id: player.id },
    });
  });
  ctx.cache.invalidate(CACHE_PREFIX);
  return { status: "ok", message: `The claim was approved: ${player.display_name} now leads the team.` };
}

// --- for other features ------------------------------------------------------------------------

/**
 * Why a team may not register for a tournament (000 §4 team statuses; issue 4 'banned or
 * disapproved teams cannot register'), or null when it may. For the registrations feature.
 */
export function teamRegistrationRefusal(t: { team_status: string; is_historical: number | boolean }): string | null {
  if (t.team_status === "banned") return "This team is banned and cannot register for tournaments.";
  if (t.team_status === "disapproved") return "This team was disapproved and cannot register for tournaments.";
  if (t.is_historical === 1 || t.is_historical === true) return "This team is historical and cannot register for tournaments.";
  return null;
}

// --- for the moderation queue ------------------------------------------------------------------

/**
 * Applies an approved team name or tag change (000 §2 Profile changes; called by the
 * moderation queue when it approves a `teams` row): writes the value, logs the name history
 * and restarts the 12-week interval.
 */
export async function applyApprovedTeamChange(
  db: Db,
  change: { row_id: number; field_name: string; from_value: string; to_value: string },
  now: number,
): Promise<void> {
  const field = change.field_name === "team_tag" ? "team_tag" : "team_name";
  await repo.updateTeam(db, change.row_id, { [field]: change.to_value, name_changed_at: now });
  await repo.insertNameHistory(db, { teamId: change.row_id, field, from: change.from_value, to: change.to_value, now });
}
