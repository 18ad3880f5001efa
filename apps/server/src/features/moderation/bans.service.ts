import type { Ban, BanBody, InactiveAccount } from "@site/contract";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import type { AppContext } from "../../context.js";
import { DAY_MS, dateHuman, iso } from "../../lib/dates.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { notify } from "../notifications/notifications.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import { siteRolesOf } from "../auth/auth.service.js";
import * as repo from "./bans.repository.js";
import { audit } from "../audit/audit.service.js";

function requireBanner(actor: Actor): asserts actor is Actor & { userId: number } {
  if (actor.userId === null) throw unauthorized();
  if (!can(actor, "registry.players.ban"))
    throw forbidden("Only moderators and administrators can ban players or activate accounts.", { code: "moderation.ban_forbidden" });
}

function invalidate(ctx: AppContext): void {
  invalidateAfter(ctx.cache, "moderation");
}

/** Account states a ban may store and restore; anything else (e.g. 'banned') restores as active. */
const RESTORABLE = new Set(["active", "pending_email", "inactive"]);

/**
 * Lifts the player's open bans inside `trx` and gives the account back the state it had before
 * the ban (issue 15 B; stored in `player_bans.prior_state`): an inactive account stays waiting
 * for activation, a pending one waiting for its email (active if the email was verified during
 * the ban); bans stored before migration 0010 restore 'active'. Returns the state restored.
 */
async function liftAndRestore(trx: Kysely<DB>, playerId: number, userId: number | null, now: number): Promise<string> {
  const { priorState, emailVerified } = await repo.banRestoreInfo(trx, playerId, userId);
  await repo.liftBans(trx, playerId, now);
  let state = priorState !== null && RESTORABLE.has(priorState) ? priorState : "active";
  if (state === "pending_email" && emailVerified) state = "active";
  await repo.setBanned(trx, playerId, userId, false, state);
  return state;
}

/**
 * Lifts every ban whose last day has passed: the player is unbanned, the account gets its state
 * from before the ban back (`liftAndRestore`), and they are told. Runs before the ban list is read and on a timer (app.ts), so an ended ban never
 * outlives its date by more than a minute.
 */
export async function liftExpiredBans(ctx: AppContext, now = Date.now()): Promise<number> {
  const expired = await repo.expiredBanPlayers(ctx.db, now);
  for (const p of expired) {
    await ctx.db.transaction().execute(async (trx) => {
      // Re-checked inside: an unban may have lifted it meanwhile.
      if (!(await repo.banRestoreInfo(trx, p.player_id, p.user_id)).hasOpenBan) return;
      await liftAndRestore(trx, p.player_id, p.user_id, now);
      await notify(trx, p.user_id, "success", { key: "ban.ended" });
    });
  }
  if (expired.length) invalidate(ctx);
  return expired.length;
}

/** `GET /api/admin/bans`: bans in force. */
export async function listBans(ctx: AppContext, actor: Actor): Promise<{ data: Ban[] }> {
  requireBanner(actor);
  await liftExpiredBans(ctx);
  const rows = await repo.currentBans(ctx.db);
  return {
    data: rows.map((r) => ({
      ban_id: r.id,
      player_id: r.player_id,
      display_name: r.display_name,
      country_code: r.country_code,
      reason: r.reason,
      banned_human: dateHuman(Number(r.created_at)),
      banned_at: iso(Number(r.created_at)),
      ends_human: r.ends_at === null ? null : dateHuman(Number(r.ends_at) - 1),
      ends_at: r.ends_at === null ? null : iso(Number(r.ends_at)),
      banned_by: r.banned_by ?? null,
    })),
  };
}

/**
 * `POST /api/admin/bans`: bans a player (shadow players too). The player disappears from public
 * lists and pickers, the account state becomes `banned` (every role-gated action and
 * registration is refused), and the player is notified. `ends_on` is the last banned day (UTC).
 * Staff are protected (403): nobody bans an administrator's account (a ban strips every role and
 * they could not lift it; an administrator is removed with the CLI), and only administrators ban
 * a moderator's.
 */
export async function ban(ctx: AppContext, actor: Actor, body: BanBody) {
  requireBanner(actor);
  const player = await repo.findPlayer(ctx.db, body.player_id);
  if (!player) throw notFound("Player not found.", { code: "moderation.player_not_found" });
  if (player.is_banned === 1)
    throw badRequest(`${player.display_name} is already banned.`, {
      code: "moderation.already_banned",
      params: { name: player.display_name },
    });
  if (player.user_id === actor.userId) throw badRequest("You cannot ban yourself.", { code: "moderation.ban_self" });
  if (player.user_id !== null) {
    const roles = await siteRolesOf(ctx, player.user_id);
    if (roles.includes("administrate")) throw forbidden("Administrators cannot be banned.", { code: "moderation.ban_admin" });
    if (roles.includes("moderate") && !actor.roles.has("administrate"))
      throw forbidden("Only administrators can ban a moderator.", { code: "moderation.ban_moderator" });
  }
  const now = Date.now();
  let endsAt: number | null = null;
  if (body.ends_on) {
    endsAt = Date.parse(`${body.ends_on}T00:00:00Z`) + DAY_MS;
    if (Number.isNaN(endsAt)) throw badRequest("Enter the end date as YYYY-MM-DD.", { code: "moderation.ban_end_format" });
    if (endsAt <= now) throw badRequest("The end date must be today or later.", { code: "moderation.ban_end_past" });
  }
  await ctx.db.transaction().execute(async (trx) => {
    // The account's state before the ban, restored when it is lifted (issue 15 B).
    const priorState = player.account_state ?? null;
    await repo.insertBan(trx, { playerId: player.id, reason: body.reason, byUserId: actor.userId, endsAt, priorState, now });
    await repo.setBanned(trx, player.id, player.user_id, true);
    await notify(
      trx,
      player.user_id,
      "critical",
      endsAt === null
        ? { key: "ban.banned", params: { reason: body.reason } }
        : { key: "ban.banned_until", params: { reason: body.reason, until: { date: endsAt - 1 } } },
    );
    await audit(trx, actor, {
      action: "player.ban",
      targetType: "players",
      targetId: player.id,
      after: { reason: body.reason, ends_on: body.ends_on || null },
    });
  });
  invalidate(ctx);
  return { status: "ok" as const, message: `${player.display_name} was banned.` };
}

/** `POST /api/admin/bans/remove`: lifts the ban, restores the account's state from before it and notifies the player. */
export async function unban(ctx: AppContext, actor: Actor, playerId: number) {
  requireBanner(actor);
  const player = await repo.findPlayer(ctx.db, playerId);
  if (!player) throw notFound("Player not found.", { code: "moderation.player_not_found" });
  const now = Date.now();
  const lifted = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.banRestoreInfo(trx, player.id, player.user_id)).hasOpenBan && player.is_banned !== 1) return false;
    const state = await liftAndRestore(trx, player.id, player.user_id, now);
    await notify(trx, player.user_id, "success", { key: "ban.lifted" });
    await audit(trx, actor, {
      action: "player.unban",
      targetType: "players",
      targetId: player.id,
      ...(player.user_id !== null ? { after: { state } } : {}),
    });
    return true;
  });
  if (!lifted)
    throw badRequest(`${player.display_name} is not banned.`, { code: "moderation.not_banned", params: { name: player.display_name } });
  invalidate(ctx);
  return { status: "ok" as const, message: `${player.display_name} was unbanned.` };
}

/** `GET /api/admin/inactive_accounts`: accounts waiting for activation, oldest first. */
export async function listInactive(ctx: AppContext, actor: Actor): Promise<{ data: InactiveAccount[] }> {
  requireBanner(actor);
  const rows = await repo.inactiveAccounts(ctx.db, 500);
  return {
    data: rows.map((r) => ({
      user_id: r.user_id,
      player_id: r.player_id ?? null,
      display_name: r.display_name ?? null,
      country_code: r.country_code ?? null,
      created_human: dateHuman(Number(r.created_at)),
      created_at: iso(Number(r.created_at)),
    })),
  };
}

/** `POST /api/admin/activate`: inactive → active, and the account is told. */
export async function activate(ctx: AppContext, actor: Actor, userId: number) {
  requireBanner(actor);
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.activate(trx, userId))) return false;
    await notify(trx, userId, "success", { key: "account.activated" });
    await audit(trx, actor, {
      action: "account.activate",
      targetType: "users",
      targetId: userId,
      before: { state: "inactive" },
      after: { state: "active" },
    });
    return true;
  });
  if (!done) throw badRequest("That account is not waiting for activation.", { code: "moderation.not_inactive" });
  return { status: "ok" as const, message: "The account was activated." };
}
