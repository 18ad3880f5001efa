/**
 * The team membership core: the rules every other team service builds on (000 §4 team statuses
 * and the one-team-per-category rule; the §7 team calls' shared refusals).
 * Holds the shared messages, the account/player/team loaders, the team-status predicates,
 * `joinTeam` and `endMembership` (each membership change with its transfer row), the
 * confirm_leave answers and the registration rule other features read. It imports no other
 * team service: roster, claims, profile and reads all import from here.
 */
import type { Kysely } from "kysely";
import { GAME_MODES, type JoinResponse, LANGUAGES, type TeamRef, type TeamSaveResponse } from "@site/contract";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { DB } from "../../db/schema.js";
import { AppError, badRequest, forbidden, type MessageCode, notFound, unauthorized } from "../../lib/errors.js";
import { linkTo, notifyMany } from "../notifications/notifications.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import { webhookTransfer } from "../webhooks/webhook-events.service.js";
import * as repo from "./teams.repository.js";

export type Db = Kysely<DB>;
export type Player = NonNullable<Awaited<ReturnType<typeof repo.findPlayer>>>;
export type Team = repo.TeamRow;

export const MESSAGES = {
  created: "Your team was created. It will appear in the team lists once a moderator approves it.",
  saved: "The team was saved.",
  changePending: "The new name or tag is waiting for approval by a moderator.",
  changeAlreadyPending: "A name or tag change for this team is already waiting for approval.",
  nameTaken: "A team with this name already exists in this category.",
  onePending: "You already lead a team that is waiting for approval.",
  noProfile: "You must create a registry profile first.",
  notLeader: "Only the team's leaders can edit the team.",
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

/** The code of each MESSAGES refusal (#21): the web catalogue's `error.<code>` says it in the page's language. */
const CODES = {
  changeAlreadyPending: "teams.change_pending",
  nameTaken: "teams.name_taken",
  onePending: "teams.one_pending",
  noProfile: "teams.no_profile",
  notLeader: "teams.not_leader",
  adminOnly: "teams.admin_only",
  notManager: "teams.not_manager",
  notOnTeam: "teams.not_on_team",
  youAreNotOnTeam: "teams.you_are_not_on_team",
  keepLeader: "teams.keep_leader",
  closedToMembers: "teams.closed_to_members",
  notRecruiting: "teams.not_recruiting",
  noLongerOpen: "teams.no_longer_open",
  logoMissing: "teams.logo_missing",
} as const;
/** The MessageCode of a MESSAGES refusal. */
export const coded = (key: keyof typeof CODES): MessageCode => ({ code: CODES[key] });

// --- helpers ----------------------------------------------------------------------------------

const modeInfo = (key: string) => (GAME_MODES as Record<string, { abbrev: string }>)[key];
export const categoryTitle = (key: string) => modeInfo(key)?.abbrev ?? key;
export const teamPath = (id: number) => `/registry/teams/${id}`;

export function ref(t: {
  team_id?: number;
  id?: number;
  team_name: string;
  team_tag: string;
  team_color: number;
  category: string;
}): TeamRef {
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
export const isEstablished = (status: string) => status !== "unapproved" && status !== "disapproved";
/** A team that takes new members: approved or unapproved, not historical, not a shadow entry. */
export const takesMembers = (t: Pick<Team, "team_status" | "is_historical" | "is_shadow">) =>
  (t.team_status === "approved" || t.team_status === "unapproved") && t.is_historical === 0 && t.is_shadow === 0;

export const isTeamStaff = (actor: Actor) => can(actor, "registry.teams.view_unapproved");
export const isAdmin = (actor: Actor) => can(actor, "registry.teams.edit_any");

/**
 * A signed-in account in good standing: anonymous 401; banned, unverified or inactive accounts
 * 403 with the reason.
 */
export function requireAccount(actor: Actor): asserts actor is Actor & { userId: number } {
  if (actor.userId === null) throw unauthorized();
  if (actor.state === "banned") throw forbidden("Your account has been banned.", { code: "teams.account_banned" });
  if (actor.state === "pending_email")
    throw forbidden("You must verify your email before you can do that.", { code: "teams.account_unverified" });
  if (actor.state === "inactive")
    throw forbidden("Your account is inactive and must be activated by a staff member first.", { code: "teams.account_inactive" });
}

/** The signed-in account's registry player (400 without one, 403 when the player is banned). */
export async function requirePlayer(ctx: AppContext, actor: Actor): Promise<Player> {
  requireAccount(actor);
  const player = actor.playerId === null ? undefined : await repo.findPlayer(ctx.db, actor.playerId);
  if (!player) throw badRequest(MESSAGES.noProfile, coded("noProfile"));
  if (player.is_banned) throw forbidden("Banned players cannot join or manage teams.", { code: "teams.banned_player" });
  return player;
}

export async function loadTeam(db: Db, id: number): Promise<Team> {
  const team = await repo.findTeam(db, id);
  if (!team) throw notFound("Team not found.", { code: "teams.not_found" });
  return team;
}

/** The actor's active membership of the team, or undefined. */
export async function membershipOf(db: Db, actor: Actor, teamId: number) {
  return actor.playerId === null ? undefined : repo.activeMembership(db, teamId, actor.playerId);
}

export function languageName(main: string, custom: string): string {
  if (main === "other") return custom;
  return (LANGUAGES as Record<string, string>)[main] ?? "";
}

// --- joining and leaving (one team per category, 000 §4) -----------------------------------

type JoinOutcome = { status: "ok"; fromTeamId: number | null } | { status: "confirm_leave"; current: TeamRef };

/**
 * Puts `player` on `team` inside the caller's transaction, re-checking the one-team-per-category
 * rule under a lock on the player, so concurrent joins of one player serialize:
 * - the pending invitation/request `pending` must still be open (re-read under the lock: a join
 *   elsewhere may have ended it) → 409 otherwise;
 * - on an established team of the category already (approved or banned) → confirm_leave unless
 *   `leaveCurrent`; with it, that membership ends. `leaveOnly` narrows the consent to one team
 *   (a join request's `leave_team_id`, given when the player sent it): on any other established
 *   team the answer is confirm_leave;
 * - memberships of unapproved or disapproved teams of the category end without asking;
 * - leaving never strands a team: the last leader of a team with other members must promote
 *   someone first.
 * The join is one accepted transfer row (from the team left, or none, to `team`), either the
 * pending invitation/request `pending` turned accepted or a new row. The player's other pending
 * invitations and join requests of the category end (status 'ended', issue 15 A): they are on a
 * team of it now, and a later accept must not move them silently. Returns the team left.
 */
export async function joinTeam(
  ctx: AppContext,
  trx: Db,
  o: {
    player: Player;
    team: Pick<Team, "id" | "team_name" | "category">;
    asLeader: boolean;
    leaveCurrent: boolean;
    /** With `leaveCurrent`: the one established team the player agreed to leave (null or absent: any). */
    leaveOnly?: number | null;
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
  if (o.pending && (await repo.transferStatus(trx, o.pending.id)) !== o.pending.status) {
    throw new AppError("CONFLICT", MESSAGES.noLongerOpen, coded("noLongerOpen"));
  }
  const current = await repo.membershipsInCategory(trx, player.id, team.category);
  if (current.some((m) => m.team_id === team.id))
    throw badRequest(`${player.display_name} is already on this team.`, {
      code: "teams.already_on_team",
      params: { name: player.display_name },
    });
  const established = current.find((m) => isEstablished(m.team_status));
  const consented = o.leaveCurrent && (o.leaveOnly === null || o.leaveOnly === undefined || o.leaveOnly === established?.team_id);
  if (established && !consented) return { status: "confirm_leave", current: ref(established) };
  for (const m of current) {
    await repo.lockTeam(trx, ctx.dialect, m.team_id);
    if (m.is_leader && (await repo.countMembers(trx, m.team_id, true)) === 1 && (await repo.countMembers(trx, m.team_id)) > 1) {
      throw badRequest(`${player.display_name} is the last leader of ${m.team_name}. Promote another leader there first.`, {
        code: "teams.last_leader_elsewhere",
        params: { name: player.display_name, team: m.team_name },
      });
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
    if (!ok) throw new AppError("CONFLICT", MESSAGES.noLongerOpen, coded("noLongerOpen"));
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
  await repo.endPendingInCategory(trx, player.id, team.category, o.pending?.id ?? null, now);
  // Team webhooks (issue #20 §5): the team joined and each team left hear of the transfer.
  await webhookTransfer(ctx, trx, {
    team,
    player,
    direction: "joined",
    other: current[0] ? { id: current[0].team_id, team_name: current[0].team_name } : null,
    now,
  });
  for (const m of current)
    await webhookTransfer(ctx, trx, { team: { id: m.team_id, team_name: m.team_name }, player, direction: "left", other: team, now });
  for (const m of current) {
    await notifyMany(trx, await repo.staffUserIds(trx, m.team_id, true), "info", {
      key: "team.member_transferred",
      params: {
        player: player.display_name,
        from: linkTo(teamPath(m.team_id), m.team_name),
        to: linkTo(teamPath(team.id), team.team_name),
      },
    });
  }
  return { status: "ok", fromTeamId: from };
}

/** Ends the player's membership (leave or removal) with a transfer row from the team to none. */
export async function endMembership(trx: Db, membershipId: number, playerId: number, team: Pick<Team, "id" | "category">, now: number) {
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

export function confirmLeave(teamId: number, current: TeamRef): JoinResponse {
  return { status: "confirm_leave", message: leaveFirstText(current), team_id: teamId, current_team: current };
}

/** The new-team form's confirm_leave answer (no team was made). */
export function confirmLeaveNew(current: TeamRef): TeamSaveResponse {
  return { status: "confirm_leave", message: leaveFirstText(current), team_id: null, current_team: current };
}

// --- for other features ------------------------------------------------------------------------

/**
 * Why a team may not register for a tournament (000 §4 team statuses; issue 4 'banned or
 * disapproved teams cannot register'), or null when it may. For the registrations feature.
 */
export function teamRegistrationRefusal(t: { team_status: string; is_historical: number | boolean }): string | null {
  return teamRegistrationRefusalCoded(t)?.message ?? null;
}

/**
 * `teamRegistrationRefusal` with its code for translation (#21): `registration.team_banned`,
 * `registration.team_disapproved` or `registration.team_historical`.
 */
export function teamRegistrationRefusalCoded(t: {
  team_status: string;
  is_historical: number | boolean;
}): { message: string; code: string } | null {
  if (t.team_status === "banned")
    return { message: "This team is banned and cannot register for tournaments.", code: "registration.team_banned" };
  if (t.team_status === "disapproved")
    return { message: "This team was disapproved and cannot register for tournaments.", code: "registration.team_disapproved" };
  if (t.is_historical === 1 || t.is_historical === true)
    return { message: "This team is historical and cannot register for tournaments.", code: "registration.team_historical" };
  return null;
}

/**
 * Runs a write that may set a team name; losing a race on the one-name-per-category index
 * (`teams_name_unique`, migration 0020) answers the rule's message instead of a 500.
 */
export async function guardTeamName<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(MESSAGES.nameTaken, coded("nameTaken"));
    throw err;
  }
}

/**
 * Runs a write that inserts a pending invitation or join request; losing a race on the
 * one-pending-per-player-and-team index (`transfers_one_pending`) answers `message`.
 */
export async function guardPending<T>(write: Promise<T>, message: string, code?: MessageCode): Promise<T> {
  try {
    return await write;
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(message, code);
    throw err;
  }
}
