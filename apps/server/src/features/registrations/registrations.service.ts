import {
  type InvitablePlayers,
  type InvitedPlayers,
  type OwnStatus,
  PLAYER_LIST_PAGE_SIZE,
  REGISTRATION_MESSAGES as M,
  type RegisterBodySchema,
  type RegisteredPlayerList,
  RegisteredPlayerListSchema,
  type RegisterStatus,
  type SquadList,
  SquadListSchema,
  type SquadView,
} from "@site/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { DB } from "../../db/schema.js";
import type { RawJson } from "../../lib/cache.js";
import { dateHuman } from "../../lib/dates.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { escapeHtml, link, notify, notifyMany } from "../notifications/notifications.service.js";
import type { Actor } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { canManageSeriesContent, canModerateRegistrations, canSeeUnpublished } from "../series/series-access.service.js";
import { logTournamentAction } from "../tournament-logs/tournament-logs.service.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";
import * as repo from "./registrations.repository.js";

type Db = Kysely<DB>;
type Body = z.output<typeof RegisterBodySchema>;
type Status = "registered" | "withdrawn" | "rejected";

// ---------------------------------------------------------------------------------------
// Shared helpers
// ---------------------------------------------------------------------------------------

/** The tournament, visible to the actor (unpublished → 404 unless allowed). */
export async function loadEvent(ctx: AppContext, actor: Actor, id: number): Promise<repo.EventRow> {
  const ev = await repo.findEvent(ctx.db, id);
  if (!ev || (ev.published !== 1 && !(await canSeeUnpublished(ctx, actor, ev.tournament_series_id))))
    throw notFound("Tournament not found.");
  return ev;
}

/** Solo or squad tournaments only (team registration is a later issue). */
async function loadSoloSquad(ctx: AppContext, actor: Actor, id: number) {
  const ev = await loadEvent(ctx, actor, id);
  if (ev.event_format !== 1 && ev.event_format !== 2) throw badRequest("This tournament uses team registration.");
  return ev;
}

/** Tournament administrators (001 §6): event administrators and the series' administrators and organizers. */
export function isAdministrator(ctx: AppContext, actor: Actor, ev: repo.EventRow): Promise<boolean> {
  if (actor.userId === null) return Promise.resolve(false);
  return canManageSeriesContent(ctx, actor, ev.tournament_series_id);
}

/**
 * Registration moderators (000 §6 canEventModerate): tournament administrators and event
 * moderators (`tournaments.moderate`). They may use what the registration tables offer — the
 * withdrawn and rejected lists, moves (including Verify) and the registration edit pages — and
 * nothing else (manual registration, check-ins, placements, logs stay with administrators).
 * The team registration service shares the predicate (`canModerateRegistrations`).
 */
export function isModerator(ctx: AppContext, actor: Actor, ev: repo.EventRow): Promise<boolean> {
  return canModerateRegistrations(ctx, actor, ev.tournament_series_id);
}

async function requireAdmin(ctx: AppContext, actor: Actor, id: number) {
  const ev = await loadSoloSquad(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  if (!(await isAdministrator(ctx, actor, ev))) throw forbidden("You do not have permission to administrate this tournament.");
  return ev;
}

/** The solo or squad tournament, for a registration moderator (401 anonymous, 403 otherwise). */
async function requireModerator(ctx: AppContext, actor: Actor, id: number) {
  const ev = await loadSoloSquad(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  if (!(await isModerator(ctx, actor, ev))) throw forbidden("You do not have permission to moderate this tournament.");
  return ev;
}

const tlink = (ev: repo.EventRow) => link(`/tournaments/${ev.id}`, ev.title);

async function log(
  db: Db,
  ev: repo.EventRow,
  actor: Actor,
  action: string,
  summary: string,
  before?: string | null,
  after?: string | null,
) {
  await logTournamentAction(db, {
    tournamentId: ev.id,
    userId: actor.userId,
    action,
    summary,
    before: before ?? null,
    after: after ?? null,
  });
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === "23505" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

const BLOCKING: Partial<Record<OwnStatus, string>> = {
  rejected: M.rejected,
  pending_email: M.pending_email,
  user_invalid: M.user_invalid,
  banned: M.banned,
  no_profile: M.no_profile,
};

/** The actor's blocking status (001 §5 Blocking messages), or null when they may register. */
async function blockingStatus(db: Db, actor: Actor, ev: repo.EventRow) {
  if (actor.userId === null) return { status: "anonymous" as OwnStatus, player: undefined, reg: undefined };
  const state = actor.state ?? (await repo.userState(db, actor.userId))?.state ?? "active";
  const player = await repo.findPlayerOfUser(db, actor.userId);
  const reg = player ? await repo.findRegistration(db, ev.id, player.id) : undefined;
  let status: OwnStatus | null = null;
  if (state === "banned" || player?.is_banned === 1) status = "banned";
  else if (state === "pending_email") status = "pending_email";
  else if (state === "inactive") status = "user_invalid";
  else if (!player) status = "no_profile";
  else if (reg?.status === "rejected") status = "rejected";
  return { status, player, reg };
}

/**
 * Validates the fields the tournament requires (001 §5 Input limits, Squad rules) and checks
 * the user-written ones against the word filter (400 naming the field).
 */
async function validateFields(
  db: Kysely<DB>,
  ev: repo.EventRow,
  b: Partial<Body>,
  opts: { squad: boolean; player: boolean; lenient?: boolean },
) {
  checkFieldLimits(ev, b, opts);
  await assertAllowed(db, {
    "squad name": opts.squad ? b.squad_name : undefined,
    "squad tag": opts.squad ? b.squad_tag : undefined,
    "in-game name": opts.player ? b.mii_name : undefined,
  });
}

function checkFieldLimits(ev: repo.EventRow, b: Partial<Body>, opts: { squad: boolean; player: boolean; lenient?: boolean }) {
  if (opts.squad) {
    if (ev.team_name_required === 1 && !b.squad_name) throw badRequest("Squad name is required.");
    if (ev.team_tag_required === 1 && !b.squad_tag) throw badRequest("Squad tag is required.");
    if ((b.squad_name ?? "").length > 30) throw badRequest("Squad name must be at most 30 characters.");
    if ((b.squad_tag ?? "").length > 5) throw badRequest("Squad tag must be at most 5 characters.");
  }
  if (opts.player) {
    if (!opts.lenient && ev.player_host_required === 1 && b.can_host === undefined) throw badRequest("Please say whether you can host.");
    const ign = b.mii_name ?? "";
    if (!opts.lenient && ev.player_mii_name_required === 1 && !ign) throw badRequest("In-game name is required.");
    if (ev.player_mii_name_required === 1 && ign.length > ev.player_mii_name_max_length)
      throw badRequest(`In-game name must be at most ${ev.player_mii_name_max_length} characters.`);
  }
}

const ignOf = (ev: repo.EventRow, b: Partial<Body>) => (ev.player_mii_name_required === 1 && b.mii_name ? b.mii_name : null);
const hostOf = (ev: repo.EventRow, b: Partial<Body>) => ev.player_host_required === 1 && b.can_host === true;

/** Inserts or re-activates a registration; maps the unique constraint to the spec's refusal. */
async function placeRegistration(db: Db, r: repo.NewRegistration) {
  const existing = await repo.findRegistration(db, r.tournamentId, r.playerId);
  if (existing?.status === "registered") throw badRequest(M.alreadyRegistered);
  if (existing?.status === "rejected") throw badRequest(M.rejected);
  if (existing) {
    if (!(await repo.reRegister(db, r))) throw badRequest(M.alreadyRegistered);
  } else {
    await repo.insertRegistration(db, r);
  }
  await repo.deleteInvitationsOfPlayer(db, r.tournamentId, r.playerId);
}

/** Runs a write transaction; a lost race on UNIQUE(tournament_id, player_id) answers 'already registered'. */
async function write<T>(ctx: AppContext, fn: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(fn);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(M.alreadyRegistered);
    throw err;
  } finally {
    ctx.cache.invalidate("tournaments:");
  }
}

const userIdsOf = (rows: Array<{ user_id: number | null }>) => rows.map((r) => r.user_id);

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
    };
  }
  const own: OwnStatus = status ?? (reg?.status === "registered" ? "registered" : "not_registered");
  const invitations =
    player && ev.event_format === 2 && own === "not_registered" ? await repo.invitationsOfPlayer(ctx.db, ev.id, player.id) : [];
  return {
    status: own,
    registration_details: details,
    invitations,
    discord_tag: player?.discord_tag ?? null,
    required_fields: {
      squad_name: ev.event_format === 2 && ev.team_name_required === 1,
      squad_tag: ev.event_format === 2 && ev.team_tag_required === 1,
      can_host: ev.player_host_required === 1,
      mii_name: ev.player_mii_name_required === 1,
      mii_name_max_length: ev.player_mii_name_max_length,
    },
    can_administrate: await isAdministrator(ctx, actor, ev),
    can_moderate: await isModerator(ctx, actor, ev),
  };
}

/** Checks the actor may register now and returns their player. */
async function requireRegistrant(ctx: AppContext, actor: Actor, ev: repo.EventRow) {
  if (actor.userId === null) throw unauthorized();
  const { status, player } = await blockingStatus(ctx.db, actor, ev);
  if (status && BLOCKING[status]) throw badRequest(BLOCKING[status]!);
  if (ev.registrations_open !== 1 && !(await isAdministrator(ctx, actor, ev))) throw badRequest(M.closed);
  return player!;
}

/** `POST /api/events/{id}/register`: solo, or a new squad with the registrant as captain. */
export async function register(ctx: AppContext, actor: Actor, id: number, b: Body) {
  const ev = await loadSoloSquad(ctx, actor, id);
  const player = await requireRegistrant(ctx, actor, ev);
  const squad = ev.event_format === 2;
  await validateFields(ctx.db, ev, b, { squad, player: true });
  const now = Date.now();
  await write(ctx, async (trx) => {
    let squadId: number | null = null;
    if (squad) {
      squadId = await repo.insertSquad(trx, {
        tournamentId: ev.id,
        name: ev.team_name_required === 1 ? b.squad_name! : b.squad_name || player.display_name,
        tag: ev.team_tag_required === 1 ? b.squad_tag! : "",
        color: ev.team_tag_required === 1 ? b.squad_color : 1,
        now,
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
    });
    await log(
      trx,
      ev,
      actor,
      "registration.register",
      squad ? `Registered squad ${b.squad_name || player.display_name}` : `Registered ${player.display_name}`,
    );
  });
  return { status: "ok" as const, message: "You have registered for this tournament." };
}

/** `POST update_registration`: the registrant edits can host / in-game name (and the captain the squad) while open. */
export async function updateOwnRegistration(ctx: AppContext, actor: Actor, id: number, b: Body) {
  const ev = await loadSoloSquad(ctx, actor, id);
  const player = await requireRegistrant(ctx, actor, ev);
  const reg = await repo.findRegistration(ctx.db, ev.id, player.id);
  if (!reg || reg.status !== "registered") throw badRequest("You are not registered for this tournament.");
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
    await log(trx, ev, actor, "registration.edit", `${player.display_name} edited their registration`);
  });
  return { status: "ok" as const, message: "Registration updated." };
}

/** `POST withdraw`: the registrant leaves; a captain withdraws the whole squad. */
export async function withdraw(ctx: AppContext, actor: Actor, id: number) {
  const ev = await loadSoloSquad(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  const player = await repo.findPlayerOfUser(ctx.db, actor.userId);
  const reg = player ? await repo.findRegistration(ctx.db, ev.id, player.id) : undefined;
  if (!player || !reg || reg.status !== "registered") throw badRequest("You are not registered for this tournament.");
  if (ev.registrations_open !== 1 && !(await isAdministrator(ctx, actor, ev))) throw badRequest(M.closed);
  await write(ctx, async (trx) => {
    if (reg.squad_id !== null && reg.is_captain === 1) {
      const members = await repo.squadMembers(trx, reg.squad_id);
      await repo.updateSquad(trx, reg.squad_id, { status: "withdrawn" });
      await repo.withdrawSquadMembers(trx, reg.squad_id, "withdrawn");
      await repo.deleteInvitationsOfSquad(trx, reg.squad_id);
      const others = members.filter((m) => m.player_id !== player.id && m.status === "registered");
      await notifyMany(trx, userIdsOf(others), "warning", `Your squad has withdrawn from ${tlink(ev)}.`);
      await log(trx, ev, actor, "registration.withdraw", `${player.display_name} withdrew their squad`);
    } else {
      await repo.updateRegistration(trx, ev.id, player.id, { status: "withdrawn", checked_in: 0 });
      if (reg.squad_id !== null) {
        const captain = (await repo.squadMembers(trx, reg.squad_id)).find((m) => m.is_captain === 1);
        await notify(trx, captain?.user_id ?? null, "info", `${escapeHtml(player.display_name)} left your squad in ${tlink(ev)}.`);
      }
      await log(trx, ev, actor, "registration.withdraw", `${player.display_name} withdrew`);
    }
  });
  return { status: "ok" as const, message: "You have withdrawn from this tournament." };
}

// ---------------------------------------------------------------------------------------
// Check-ins (001 §4 Check-in status)
// ---------------------------------------------------------------------------------------

export async function selfCheckin(ctx: AppContext, actor: Actor, id: number, checkedIn: boolean) {
  const ev = await loadSoloSquad(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  if (ev.checkin_required !== 1 || ev.checkin_status !== 1) throw badRequest("Check-ins are not open for this tournament.");
  const player = await repo.findPlayerOfUser(ctx.db, actor.userId);
  if (actor.state === "banned" || player?.is_banned === 1) throw forbidden(M.banned);
  const reg = player ? await repo.findRegistration(ctx.db, ev.id, player.id) : undefined;
  if (!player || !reg || reg.status !== "registered") throw badRequest("You are not registered for this tournament.");
  await write(ctx, async (trx) => {
    await repo.updateRegistration(trx, ev.id, player.id, { checked_in: checkedIn ? 1 : 0 });
    await log(
      trx,
      ev,
      actor,
      checkedIn ? "registration.checkin" : "registration.checkout",
      `${player.display_name} checked ${checkedIn ? "in" : "out"}`,
    );
  });
  return { status: "ok" as const };
}

export async function adminCheckin(ctx: AppContext, actor: Actor, id: number, playerId: number, checkedIn: boolean) {
  const ev = await requireAdmin(ctx, actor, id);
  if (ev.checkin_required !== 1) throw badRequest("Check-ins are not active for this tournament.");
  const reg = await repo.findRegistration(ctx.db, ev.id, playerId);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!reg || !p || reg.status !== "registered") throw badRequest("This player is not registered for this tournament.");
  await write(ctx, async (trx) => {
    await repo.updateRegistration(trx, ev.id, playerId, { checked_in: checkedIn ? 1 : 0 });
    await log(
      trx,
      ev,
      actor,
      checkedIn ? "registration.checkin" : "registration.checkout",
      `Checked ${p.display_name} ${checkedIn ? "in" : "out"}`,
    );
    await notify(trx, p.user_id, "info", `A tournament administrator checked you ${checkedIn ? "in to" : "out of"} ${tlink(ev)}.`);
  });
  return { status: "ok" as const };
}

// ---------------------------------------------------------------------------------------
// Lists (001 §2 Squad registrations, §7 Registrations)
// ---------------------------------------------------------------------------------------

interface ListQuery {
  order: string;
  checked_in?: boolean | undefined;
  verified?: boolean | undefined;
}
interface PlayerListQuery extends ListQuery {
  page: number;
}
const splitOrder = (order: string): [string, "A" | "D"] => [order.slice(0, -1), order.slice(-1) as "A" | "D"];

/**
 * The tournament of a list read: the registered lists are public (visibility as `loadEvent`), the
 * withdrawn and rejected ones need a registration moderator (administrators included). The public lists are the hottest reads, so
 * their tournament row also comes from the micro-cache: every tournament and registration write
 * clears `tournaments:`.
 */
async function listAccess(ctx: AppContext, actor: Actor, id: number, status: Status) {
  if (status !== "registered") return requireModerator(ctx, actor, id);
  const ev = await ctx.cache.get(`tournaments:reg:${id}:event`, async () => (await repo.findEvent(ctx.db, id)) ?? null);
  if (!ev || (ev.published !== 1 && !(await canSeeUnpublished(ctx, actor, ev.tournament_series_id))))
    throw notFound("Tournament not found.");
  if (ev.event_format !== 1 && ev.event_format !== 2) throw badRequest("This tournament uses team registration.");
  return ev;
}

/**
 * One page of a player list (PLAYER_LIST_PAGE_SIZE rows): sorted by the sort code across every
 * row, then cut. A page past the end answers no rows with the real `count` and `page_count`.
 */
/**
 * One page of a players list. `staff` (tournament moderators) see every Discord tag; everyone
 * else sees a tag only when it is public or its player leads a team (000 §6, decisions.md
 * 'Discord privacy').
 */
async function computePlayers(
  ctx: AppContext,
  ev: repo.EventRow,
  status: Status,
  q: PlayerListQuery,
  staff: boolean,
): Promise<RegisteredPlayerList> {
  const [field, d] = splitOrder(q.order);
  const filter: repo.ListFilter = {
    status,
    checkedIn: q.checked_in,
    verified: q.verified,
    minTeamSize: ev.minimum_team_size,
    verificationRequired: ev.verification_required,
  };
  const [count, rows] = await Promise.all([
    repo.playerCount(ctx.db, ev.id, filter),
    repo.playerList(ctx.db, ev.id, filter, field, d, { limit: PLAYER_LIST_PAGE_SIZE, offset: (q.page - 1) * PLAYER_LIST_PAGE_SIZE }),
  ]);
  return {
    // The column shows only when the tournament names its custom field (001 §2; migration 0007).
    custom_field_name: ev.custom_field_name || null,
    count,
    page: q.page,
    page_count: Math.max(1, Math.ceil(count / PLAYER_LIST_PAGE_SIZE)),
    data: rows.map((r) => ({
      player_id: r.player_id,
      display_name: r.display_name,
      country_code: r.country_code,
      country_name: countryName(r.country_code),
      squad_id: r.squad_id,
      squad_name: r.squad_name,
      squad_tag: r.squad_tag,
      squad_color: r.squad_color,
      mii_name: r.mii_name,
      discord_tag: staff || r.discord_privacy !== "private" || Boolean(Number(r.is_team_leader)) ? r.discord_tag : null,
      eligible: ev.event_format === 1 || Number(r.squad_members ?? 0) >= ev.minimum_team_size,
      custom_field: r.custom_field,
      verified: r.verified,
      player_can_host: r.can_host === 1,
      can_host: r.can_host === 1,
      checked_in: r.checked_in === 1,
      registered_at: r.registered_at,
      registered_at_human: dateHuman(r.registered_at),
    })),
  };
}

/**
 * Players list, one page of PLAYER_LIST_PAGE_SIZE (001 §7; paging is ours, docs/decisions.md);
 * the public registered list is shared by every viewer through the micro-cache, which every
 * registration write clears (`tournaments:`).
 */
export async function listPlayers(
  ctx: AppContext,
  actor: Actor,
  id: number,
  status: Status,
  q: PlayerListQuery,
): Promise<RegisteredPlayerList | RawJson> {
  const ev = await listAccess(ctx, actor, id, status);
  // Staff see private Discord tags, so their answer never enters the shared cache.
  const staff = await isModerator(ctx, actor, ev);
  if (status === "registered" && !staff)
    return ctx.cache.json(
      `tournaments:reg:${id}:players:${q.order}:${q.checked_in}:${q.verified}:${q.page}`,
      RegisteredPlayerListSchema,
      () => computePlayers(ctx, ev, status, q, false),
    );
  return computePlayers(ctx, ev, status, q, staff);
}

/** The squad needs this many check-ins when check-ins close (checkin_minimum, else the minimum team size). */
export const checkinMinimum = (ev: { checkin_minimum: number; minimum_team_size: number }) =>
  Math.max(1, ev.checkin_minimum || ev.minimum_team_size);

async function computeSquads(ctx: AppContext, ev: repo.EventRow, status: Status, q: ListQuery): Promise<SquadList> {
  const [field, d] = splitOrder(q.order);
  const rows = await repo.squadList(
    ctx.db,
    ev.id,
    {
      status,
      checkedIn: q.checked_in,
      verified: q.verified,
      minTeamSize: ev.minimum_team_size,
      verificationRequired: ev.verification_required,
    },
    field,
    d,
  );
  return {
    data: rows.map((r) => ({
      squad_id: r.squad_id,
      squad_name: r.squad_name,
      squad_tag: r.squad_tag,
      squad_color: r.squad_color,
      verified: r.verified,
      player_count: Number(r.player_count),
      eligible: Number(r.player_count) >= ev.minimum_team_size,
      can_host: Number(r.can_host) === 1,
      checked_in: Number(r.checkin_count) >= checkinMinimum(ev),
      checkin_count: Number(r.checkin_count),
      registered_at: r.created_at,
      registered_at_human: dateHuman(r.created_at),
    })),
  };
}

export async function listSquads(ctx: AppContext, actor: Actor, id: number, status: Status, q: ListQuery): Promise<SquadList | RawJson> {
  const ev = await listAccess(ctx, actor, id, status);
  if (ev.event_format !== 2) throw badRequest("This tournament has no squads.");
  if (status === "registered")
    return ctx.cache.json(`tournaments:reg:${id}:squads:${q.order}:${q.checked_in}:${q.verified}`, SquadListSchema, () =>
      computeSquads(ctx, ev, status, q),
    );
  return computeSquads(ctx, ev, status, q);
}

// ---------------------------------------------------------------------------------------
// Squads: view, invitations, captain, kick (001 §3 Squad view, §4 Squad invitations)
// ---------------------------------------------------------------------------------------

async function loadSquad(ctx: AppContext, actor: Actor, id: number, squadId: number) {
  const ev = await loadSoloSquad(ctx, actor, id);
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!squad) throw notFound("Squad not found.");
  const [admin, moderator] = await Promise.all([isAdministrator(ctx, actor, ev), isModerator(ctx, actor, ev)]);
  let captain = false;
  let member = false;
  if (actor.userId !== null) {
    const me = await repo.findPlayerOfUser(ctx.db, actor.userId);
    const reg = me ? await repo.findRegistration(ctx.db, ev.id, me.id) : undefined;
    member = reg?.squad_id === squadId;
    // A banned captain keeps the title but may no longer manage the squad.
    const banned = actor.state === "banned" || me?.is_banned === 1;
    captain = member && reg!.is_captain === 1 && reg!.status === "registered" && !banned;
  }
  // Withdrawn and rejected squads are for their own members and staff, like the lists that show them.
  if (squad.status !== "registered" && !moderator && !member) throw notFound("Squad not found.");
  return { ev, squad, admin, moderator, captain };
}

async function requireManager(ctx: AppContext, actor: Actor, id: number, squadId: number) {
  if (actor.userId === null) throw unauthorized();
  const s = await loadSquad(ctx, actor, id, squadId);
  if (!s.admin && !s.captain) throw forbidden("Only the squad captain or a tournament administrator may do that.");
  if (!s.admin && s.ev.registrations_open !== 1) throw badRequest(M.closed);
  return s;
}

const MEMBER_SORT: Record<string, (m: SquadView["members"][number]) => string | number> = {
  N: (m) => m.display_name.toLowerCase(),
  P: (m) => m.display_name.toLowerCase(),
  M: (m) => (m.mii_name ?? "").toLowerCase(),
  H: (m) => (m.can_host ? 1 : 0),
  CH: (m) => (m.checked_in ? 1 : 0),
};

export async function viewSquad(ctx: AppContext, actor: Actor, id: number, squadId: number, order: string): Promise<SquadView> {
  const { ev, squad, admin, moderator, captain } = await loadSquad(ctx, actor, id, squadId);
  const rows = (await repo.squadMembers(ctx.db, squadId)).filter((m) => m.status === squad.status || m.status === "registered");
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
  if (squad.status !== "registered") throw badRequest(squad.status === "rejected" ? M.squadRejected : M.squadWithdrawn);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!p || p.user_id === null || p.is_banned === 1) throw badRequest("This player cannot be invited.");
  const me = await repo.findPlayerOfUser(ctx.db, actor.userId!);
  await write(ctx, async (trx) => {
    const reg = await repo.findRegistration(trx, ev.id, playerId);
    if (reg?.status === "registered") throw badRequest("This player is already registered for this tournament.");
    if (reg?.status === "rejected") throw badRequest("This player has been removed from this tournament by staff.");
    if (await repo.findInvitation(trx, squadId, playerId)) throw badRequest("This player has already been invited to this squad.");
    const c = await repo.squadCounts(trx, squadId);
    if (c.members + c.invited >= ev.maximum_team_size) throw badRequest(M.maxInvited);
    await repo.insertInvitation(trx, { tournamentId: ev.id, squadId, playerId, invitedBy: me?.id ?? null, now: Date.now() });
    await log(trx, ev, actor, "squad.invite", `Invited ${p.display_name} to squad ${squad.squad_name}`);
    await notify(
      trx,
      p.user_id,
      "info",
      `You have been invited to join the squad ${escapeHtml(squad.squad_name)} in ${link(`/tournaments/${ev.id}/register`, ev.title)}.`,
    );
  });
  return { status: "ok" as const, message: "Player invited." };
}

/** Kicks a member, or cancels an invitation (001 §7 Squad management: kick also cancels an invitation). */
export async function kick(ctx: AppContext, actor: Actor, id: number, squadId: number, playerId: number) {
  const { ev, squad } = await requireManager(ctx, actor, id, squadId);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!p) throw notFound("Player not found.");
  await write(ctx, async (trx) => {
    if (await repo.deleteInvitation(trx, squadId, playerId)) {
      await log(trx, ev, actor, "squad.cancel_invite", `Cancelled the invitation of ${p.display_name} to squad ${squad.squad_name}`);
      await notify(trx, p.user_id, "info", `Your invitation to the squad ${escapeHtml(squad.squad_name)} in ${tlink(ev)} was cancelled.`);
      return;
    }
    const reg = await repo.findRegistration(trx, ev.id, playerId);
    if (!reg || reg.squad_id !== squadId || reg.status !== "registered") throw badRequest("This player is not in this squad.");
    if (reg.is_captain === 1) throw badRequest("The captain cannot be kicked from the squad.");
    await repo.updateRegistration(trx, ev.id, playerId, { status: "withdrawn", checked_in: 0 });
    await log(trx, ev, actor, "squad.kick", `Kicked ${p.display_name} from squad ${squad.squad_name}`);
    await notify(trx, p.user_id, "warning", `You have been removed from the squad ${escapeHtml(squad.squad_name)} in ${tlink(ev)}.`);
  });
  return { status: "ok" as const };
}

export async function changeCaptain(ctx: AppContext, actor: Actor, id: number, squadId: number, playerId: number) {
  const ev = await requireAdmin(ctx, actor, id);
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!squad) throw notFound("Squad not found.");
  await write(ctx, async (trx) => {
    const members = await repo.squadMembers(trx, squadId);
    const next = members.find((m) => m.player_id === playerId && m.status === "registered");
    if (!next) throw badRequest("This player is not in this squad.");
    const old = members.find((m) => m.is_captain === 1);
    if (old) await repo.updateRegistration(trx, ev.id, old.player_id, { is_captain: 0 });
    await repo.updateRegistration(trx, ev.id, playerId, { is_captain: 1 });
    await log(
      trx,
      ev,
      actor,
      "squad.change_captain",
      `Changed the captain of squad ${squad.squad_name}`,
      old?.display_name ?? null,
      next.display_name,
    );
    await notifyMany(
      trx,
      [next.user_id, old?.user_id ?? null],
      "info",
      `${escapeHtml(next.display_name)} is now the captain of the squad ${escapeHtml(squad.squad_name)} in ${tlink(ev)}.`,
    );
  });
  return { status: "ok" as const };
}

export async function acceptInvite(ctx: AppContext, actor: Actor, id: number, squadId: number, b: Body) {
  const ev = await loadSoloSquad(ctx, actor, id);
  const player = await requireRegistrant(ctx, actor, ev);
  await validateFields(ctx.db, ev, b, { squad: false, player: true });
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!squad) throw notFound("Squad not found.");
  if (squad.status !== "registered") throw badRequest(squad.status === "rejected" ? M.squadRejected : M.squadWithdrawn);
  await write(ctx, async (trx) => {
    if (!(await repo.findInvitation(trx, squadId, player.id))) throw badRequest("You have not been invited to this squad.");
    const c = await repo.squadCounts(trx, squadId);
    if (c.members >= ev.maximum_team_size) throw badRequest("This squad is full.");
    await placeRegistration(trx, {
      tournamentId: ev.id,
      playerId: player.id,
      squadId,
      isCaptain: false,
      canHost: hostOf(ev, b),
      miiName: ignOf(ev, b),
      now: Date.now(),
    });
    const captain = (await repo.squadMembers(trx, squadId)).find((m) => m.is_captain === 1);
    await log(trx, ev, actor, "squad.accept", `${player.display_name} joined squad ${squad.squad_name}`);
    await notify(
      trx,
      captain?.user_id ?? null,
      "success",
      `${escapeHtml(player.display_name)} accepted your invitation to the squad ${escapeHtml(squad.squad_name)} in ${tlink(ev)}.`,
    );
  });
  return { status: "ok" as const, message: "You have joined the squad." };
}

export async function declineInvite(ctx: AppContext, actor: Actor, id: number, squadId: number) {
  const ev = await loadSoloSquad(ctx, actor, id);
  if (actor.userId === null) throw unauthorized();
  const player = await repo.findPlayerOfUser(ctx.db, actor.userId);
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!player || !squad) throw notFound("Invitation not found.");
  await write(ctx, async (trx) => {
    if (!(await repo.deleteInvitation(trx, squadId, player.id))) throw badRequest("You have not been invited to this squad.");
    const captain = (await repo.squadMembers(trx, squadId)).find((m) => m.is_captain === 1);
    await log(trx, ev, actor, "squad.decline", `${player.display_name} declined the invitation of squad ${squad.squad_name}`);
    await notify(
      trx,
      captain?.user_id ?? null,
      "info",
      `${escapeHtml(player.display_name)} declined your invitation to the squad ${escapeHtml(squad.squad_name)} in ${tlink(ev)}.`,
    );
  });
  return { status: "ok" as const };
}

// ---------------------------------------------------------------------------------------
// Moves (001 §4: the lists move only to withdrawn or rejected; posting registered verifies).
// Registration moderators (000 §6) may move and verify: both are the tables' Move/Verify actions.
// ---------------------------------------------------------------------------------------

const ONLY_OUT = "Registrations can only be moved to Withdrawn or Rejected from the lists.";

export async function moveSquad(ctx: AppContext, actor: Actor, id: number, status: Status, squadId: number) {
  const ev = await requireModerator(ctx, actor, id);
  const squad = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!squad) throw notFound("Squad not found.");
  await write(ctx, async (trx) => {
    const members = (await repo.squadMembers(trx, squadId)).filter((m) => m.status === "registered");
    if (status === "registered") {
      if (squad.status !== "registered") throw badRequest(ONLY_OUT);
      await repo.updateSquad(trx, squadId, { verified: 1 });
      for (const m of members) await repo.updateRegistration(trx, ev.id, m.player_id, { verified: 1 });
      await log(trx, ev, actor, "registration.verify", `Verified squad ${squad.squad_name}`, "Unverified", "Verified");
      await notifyMany(trx, userIdsOf(members), "success", `Your squad ${escapeHtml(squad.squad_name)} has been verified in ${tlink(ev)}.`);
      return;
    }
    if (squad.status === status) throw badRequest(`This squad is already ${status}.`);
    await repo.updateSquad(trx, squadId, { status });
    await repo.withdrawSquadMembers(trx, squadId, status);
    await repo.deleteInvitationsOfSquad(trx, squadId);
    await log(trx, ev, actor, "registration.move", `Moved squad ${squad.squad_name}`, squad.status, status);
    await notifyMany(
      trx,
      userIdsOf(members),
      "warning",
      `Your squad ${escapeHtml(squad.squad_name)} was moved to ${status} in ${tlink(ev)}.`,
    );
  });
  return { status: "ok" as const };
}

/** Moves one player (a squad member with `squad`, else a solo player). */
export async function movePlayer(ctx: AppContext, actor: Actor, id: number, status: Status, playerId: number, squad: boolean) {
  const ev = await requireModerator(ctx, actor, id);
  const p = await repo.findPlayer(ctx.db, playerId);
  const reg = await repo.findRegistration(ctx.db, ev.id, playerId);
  if (!p || !reg || (squad ? reg.squad_id === null : reg.squad_id !== null)) throw notFound("Registration not found.");
  await write(ctx, async (trx) => {
    if (status === "registered") {
      if (reg.status !== "registered") throw badRequest(ONLY_OUT);
      await repo.updateRegistration(trx, ev.id, playerId, { verified: 1 });
      await log(trx, ev, actor, "registration.verify", `Verified ${p.display_name}`, "Unverified", "Verified");
      await notify(trx, p.user_id, "success", `Your registration for ${tlink(ev)} has been approved.`);
      return;
    }
    if (reg.status === status) throw badRequest(`This player is already ${status}.`);
    await repo.updateRegistration(trx, ev.id, playerId, { status, checked_in: 0 });
    await log(trx, ev, actor, "registration.move", `Moved ${p.display_name}`, reg.status, status);
    await notify(trx, p.user_id, "warning", `Your registration for ${tlink(ev)} was moved to ${status}.`);
  });
  return { status: "ok" as const };
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
  const ev = await requireAdmin(ctx, actor, id);
  if (ev.event_format !== 2) throw badRequest("This tournament is not a squad tournament.");
  await validateFields(ctx.db, ev, b, { squad: true, player: b.player_id !== -1, lenient: true });
  const p = b.player_id === -1 ? null : await repo.findPlayer(ctx.db, b.player_id);
  if (b.player_id !== -1 && !p) throw badRequest("Player not found.");
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
      await notify(trx, p.user_id, "info", `A tournament administrator registered your squad ${escapeHtml(name)} in ${tlink(ev)}.`);
    }
    await log(
      trx,
      ev,
      actor,
      "registration.manual",
      p ? `Manually registered squad ${name} with ${p.display_name}` : `Manually registered shadow squad ${name}`,
    );
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
  const ev = await requireAdmin(ctx, actor, id);
  if (squadId === undefined && ev.event_format !== 1) throw badRequest("This tournament is not a solo tournament.");
  await validateFields(ctx.db, ev, b, { squad: false, player: true, lenient: true });
  const p = await repo.findPlayer(ctx.db, b.player_id);
  if (!p) throw badRequest("Player not found.");
  const squad = squadId === undefined ? undefined : await repo.findSquad(ctx.db, ev.id, squadId);
  if (squadId !== undefined && (!squad || squad.status !== "registered")) throw badRequest("Squad not found.");
  await write(ctx, async (trx) => {
    // Said about the player, not the administrator (placeRegistration's texts speak to the registrant).
    const reg = await repo.findRegistration(trx, ev.id, p.id);
    if (reg?.status === "registered") throw badRequest("This player is already registered for this tournament.");
    if (squadId !== undefined && (await repo.squadCounts(trx, squadId)).members >= ev.maximum_team_size)
      throw badRequest("This squad is full.");
    await placeRegistration(trx, {
      tournamentId: ev.id,
      playerId: p.id,
      squadId: squadId ?? null,
      isCaptain: false,
      canHost: b.can_host,
      miiName: b.mii_name || null,
      now: Date.now(),
    });
    await repo.updateRegistration(trx, ev.id, p.id, { verified: 1 });
    await log(
      trx,
      ev,
      actor,
      "registration.manual",
      squad ? `Manually added ${p.display_name} to squad ${squad.squad_name}` : `Manually registered ${p.display_name}`,
    );
    await notify(trx, p.user_id, "info", `A tournament administrator registered you for ${tlink(ev)}.`);
  });
  return { status: "ok", message: "Player registered." };
}

// ---------------------------------------------------------------------------------------
// Edit registrations (001 §2, §3 edit responses, §7): the tables' Edit action, so registration
// moderators (000 §6) may open and save them.
// ---------------------------------------------------------------------------------------

export async function getSquadEdit(ctx: AppContext, actor: Actor, id: number, squadId: number) {
  const ev = await requireModerator(ctx, actor, id);
  const s = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!s) throw notFound("Squad not found.");
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
  const ev = await requireModerator(ctx, actor, id);
  const s = await repo.findSquad(ctx.db, ev.id, squadId);
  if (!s) throw notFound("Squad not found.");
  await validateFields(ctx.db, ev, b, { squad: true, player: false });
  const v: Parameters<typeof repo.updateSquad>[2] = {};
  if (ev.team_name_required === 1) v.squad_name = b.squad_name!;
  if (ev.team_tag_required === 1) Object.assign(v, { squad_tag: b.squad_tag!, squad_color: b.squad_color ?? s.squad_color });
  await write(ctx, async (trx) => {
    if (Object.keys(v).length) await repo.updateSquad(trx, squadId, v);
    await log(
      trx,
      ev,
      actor,
      "registration.edit",
      `Edited squad ${s.squad_name}`,
      `${s.squad_tag} ${s.squad_name}`,
      `${v.squad_tag ?? s.squad_tag} ${v.squad_name ?? s.squad_name}`,
    );
    const members = (await repo.squadMembers(trx, squadId)).filter((m) => m.status === "registered");
    await notifyMany(trx, userIdsOf(members), "info", `A tournament staff member edited your squad's registration in ${tlink(ev)}.`);
  });
  return { status: "ok", message: "Registration updated." };
}

export async function getPlayerEdit(ctx: AppContext, actor: Actor, id: number, playerId: number) {
  const ev = await requireModerator(ctx, actor, id);
  const reg = await repo.findRegistration(ctx.db, ev.id, playerId);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!reg || !p) throw notFound("Registration not found.");
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
  squad: boolean,
) {
  const ev = await requireModerator(ctx, actor, id);
  const reg = await repo.findRegistration(ctx.db, ev.id, playerId);
  const p = await repo.findPlayer(ctx.db, playerId);
  if (!reg || !p || (squad ? reg.squad_id === null : reg.squad_id !== null)) throw notFound("Registration not found.");
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
    await repo.updateRegistration(trx, ev.id, playerId, v);
    await log(trx, ev, actor, "registration.edit", `Edited the registration of ${p.display_name}`, reg.status, v.status ?? reg.status);
    await notify(trx, p.user_id, "info", `A tournament staff member edited your registration for ${tlink(ev)}.`);
  });
  return { status: "ok", message: "Registration updated." };
}
