import { EVENT_FORMAT, LIMITS, type OwnStatus, REGISTRATION_MESSAGES as M, type RegisterBodySchema } from "@site/contract";
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { DB } from "../../db/schema.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { badRequest, unauthorized } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import {
  assertSoloOrSquad,
  isTournamentAdmin,
  loadVisibleTournament,
  requireRegistrationModerator,
  requireTournamentAdmin,
  type Tournament,
} from "../access/tournament-access.service.js";
import { assertAllowed } from "../word-filter/word-filter.service.js";
import * as repo from "./registrations.repository.js";

/**
 * The rules every solo and squad registration service shares (001 §4, §5): which tournaments
 * they apply to, the blocking statuses, field limits, placing a registration and the write
 * transaction. Access itself is `tournaments/tournament-access.service.ts`.
 */

export type Db = Kysely<DB>;
export type Body = z.output<typeof RegisterBodySchema>;
export type Status = "registered" | "withdrawn" | "rejected";
/** A status that holds a place or a place in the queue (issue #22): a player in either may not register again. */
export const isActive = (status: string | undefined) => status === "registered" || status === "waitlisted";
export const ALREADY_WAITLISTED = "You are already on the waitlist for this tournament.";

/** A solo or squad tournament visible to the actor (404 invisible; 400 for a team tournament). */
export async function loadSoloSquad(ctx: AppContext, actor: Actor, id: number): Promise<Tournament> {
  return assertSoloOrSquad(await loadVisibleTournament(ctx, actor, id));
}

/** A solo or squad tournament the actor administrates (404 / 400 / 401 / 403). */
export async function requireSoloSquadAdmin(ctx: AppContext, actor: Actor, id: number): Promise<Tournament> {
  return assertSoloOrSquad(await requireTournamentAdmin(ctx, actor, id));
}

/** A solo or squad tournament whose registrations the actor moderates (404 / 400 / 401 / 403). */
export async function requireSoloSquadModerator(ctx: AppContext, actor: Actor, id: number): Promise<Tournament> {
  return assertSoloOrSquad(await requireRegistrationModerator(ctx, actor, id));
}

/** Checks the actor may register now and returns their player. */
export async function requireRegistrant(ctx: AppContext, actor: Actor, ev: Tournament) {
  if (actor.userId === null) throw unauthorized();
  const { status, player } = await blockingStatus(ctx.db, actor, ev);
  if (status && BLOCKING[status]) throw badRequest(BLOCKING[status]!, { code: `registration.${status}` });
  if (ev.registrations_open !== 1 && !(await isTournamentAdmin(ctx, actor, ev))) throw badRequest(M.closed, CLOSED);
  return player!;
}

export const isSquadTournament = (t: Pick<Tournament, "event_format">) => t.event_format === EVENT_FORMAT.squad;
export const isSoloTournament = (t: Pick<Tournament, "event_format">) => t.event_format === EVENT_FORMAT.solo;

/** Translation codes (#21) of the refusals the registration form shows most. */
const CLOSED = { code: "registration.closed" };
const ALREADY = { code: "registration.already_registered" };

export const BLOCKING: Partial<Record<OwnStatus, string>> = {
  rejected: M.rejected,
  pending_email: M.pending_email,
  user_invalid: M.user_invalid,
  banned: M.banned,
  no_profile: M.no_profile,
};

/** The actor's blocking status (001 §5 Blocking messages), or null when they may register. */
export async function blockingStatus(db: Db, actor: Actor, ev: Tournament) {
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

/** Which fields a validation covers; `lenient` (manual registration) skips the required-ness of host and in-game name. */
export interface FieldScope {
  squad: boolean;
  player: boolean;
  lenient?: boolean;
}

/**
 * Validates the fields the tournament requires (001 §5 Input limits, Squad rules) and checks
 * the user-written ones against the word filter (400 naming the field).
 */
export async function validateFields(db: Db, ev: Tournament, b: Partial<Body>, opts: FieldScope) {
  checkFieldLimits(ev, b, opts);
  await assertAllowed(db, {
    "squad name": opts.squad ? b.squad_name : undefined,
    "squad tag": opts.squad ? b.squad_tag : undefined,
    "in-game name": opts.player ? b.mii_name : undefined,
  });
}

function checkFieldLimits(ev: Tournament, b: Partial<Body>, opts: FieldScope) {
  if (opts.squad) {
    if (ev.team_name_required === 1 && !b.squad_name)
      throw badRequest("Squad name is required.", { code: "registration.squad_name_required" });
    if (ev.team_tag_required === 1 && !b.squad_tag) throw badRequest("Squad tag is required.", { code: "registration.squad_tag_required" });
    if ((b.squad_name ?? "").length > LIMITS.squadName)
      throw badRequest(`Squad name must be at most ${LIMITS.squadName} characters.`, {
        code: "registration.squad_name_max",
        params: { max: LIMITS.squadName },
      });
    if ((b.squad_tag ?? "").length > LIMITS.squadTag)
      throw badRequest(`Squad tag must be at most ${LIMITS.squadTag} characters.`, {
        code: "registration.squad_tag_max",
        params: { max: LIMITS.squadTag },
      });
  }
  if (opts.player) {
    if (!opts.lenient && ev.player_host_required === 1 && b.can_host === undefined)
      throw badRequest("Please say whether you can host.", { code: "registration.can_host_required" });
    const ign = b.mii_name ?? "";
    if (!opts.lenient && ev.player_mii_name_required === 1 && !ign)
      throw badRequest("In-game name is required.", { code: "registration.ign_required" });
    if (ev.player_mii_name_required === 1 && ign.length > ev.player_mii_name_max_length)
      throw badRequest(`In-game name must be at most ${ev.player_mii_name_max_length} characters.`, {
        code: "registration.ign_max",
        params: { max: ev.player_mii_name_max_length },
      });
  }
}

/** The in-game name to store: only when the tournament asks for one. */
export const ignOf = (ev: Tournament, b: Partial<Body>) => (ev.player_mii_name_required === 1 && b.mii_name ? b.mii_name : null);
/** Can host, stored only when the tournament asks. */
export const hostOf = (ev: Tournament, b: Partial<Body>) => ev.player_host_required === 1 && b.can_host === true;

/** Inserts or re-activates a registration; maps the unique constraint to the spec's refusal. */
export async function placeRegistration(db: Db, r: repo.NewRegistration) {
  const existing = await repo.findRegistration(db, r.tournamentId, r.playerId);
  if (existing?.status === "registered") throw badRequest(M.alreadyRegistered, ALREADY);
  if (existing?.status === "waitlisted") throw badRequest(ALREADY_WAITLISTED, { code: "registration.already_waitlisted" });
  if (existing?.status === "rejected") throw badRequest(M.rejected, { code: "registration.rejected" });
  if (existing) {
    if (!(await repo.reRegister(db, r))) throw badRequest(M.alreadyRegistered, ALREADY);
  } else {
    await repo.insertRegistration(db, r);
  }
  await repo.deleteInvitationsOfPlayer(db, r.tournamentId, r.playerId);
}

/** Runs a write transaction; a lost race on UNIQUE(tournament_id, player_id) answers 'already registered'. */
export async function write<T>(ctx: AppContext, fn: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute(fn);
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(M.alreadyRegistered, ALREADY);
    throw err;
  } finally {
    invalidateAfter(ctx.cache, "registration");
  }
}

export const userIdsOf = (rows: Array<{ user_id: number | null }>) => rows.map((r) => r.user_id);

/** The squad needs this many check-ins when check-ins close (checkin_minimum, else the minimum team size). */
export const checkinMinimum = (ev: { checkin_minimum: number; minimum_team_size: number }) =>
  Math.max(1, ev.checkin_minimum || ev.minimum_team_size);
