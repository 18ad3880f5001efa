import { ADMIN_PAGE_ROLES, type AdminRole, ROLE_EDIT_FORBIDDEN_MESSAGE, type RoleHolder } from "@site/contract";
import type { AppContext } from "../../context.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { invalidateAfter } from "../../lib/cache-keys.js";
import { notify } from "../notifications/notifications.service.js";
import { type Actor, can } from "../permissions/permissions.js";
import * as repo from "./admin-roles.repository.js";
import { audit } from "../audit/audit.service.js";

/** Search answers of the add-player box. */
const SEARCH_LIMIT = 20;

/** The refusal's code for translation (#21): the web catalogue's `error.admin.role_forbidden`. */
const ROLE_FORBIDDEN = { code: "admin.role_forbidden" };

function requireView(actor: Actor): void {
  if (actor.userId === null) throw unauthorized();
  if (!can(actor, "admin.roles.view")) throw forbidden();
}

/**
 * Editing a role from the roles page: the Administrator role never (000 §6, 'You do not have
 * permission to edit this role'; it is granted by the CLI), every other role by administrators.
 */
function requireEdit(actor: Actor, role: AdminRole): void {
  if (actor.userId === null) throw unauthorized();
  if (role === "administrate" && !can(actor, "admin.roles.edit_administrator"))
    throw forbidden(ROLE_EDIT_FORBIDDEN_MESSAGE, ROLE_FORBIDDEN);
  if (!can(actor, "admin.roles.edit")) throw forbidden(ROLE_EDIT_FORBIDDEN_MESSAGE, ROLE_FORBIDDEN);
}

const mayEdit = (actor: Actor, role: AdminRole) =>
  role === "administrate" ? can(actor, "admin.roles.edit_administrator") : can(actor, "admin.roles.edit");

/** `GET /api/admin/roles/{role}`: the holders that have a registry profile, by name. */
export async function holders(
  ctx: AppContext,
  actor: Actor,
  role: AdminRole,
): Promise<{ role: AdminRole; editable: boolean; data: RoleHolder[] }> {
  requireView(actor);
  return { role, editable: mayEdit(actor, role), data: await repo.roleHolders(ctx.db, role) };
}

/** `GET /api/admin/roles/players?search=`: players with an account (shadow players cannot hold roles). */
export async function searchPlayers(ctx: AppContext, actor: Actor, search: string): Promise<{ data: RoleHolder[] }> {
  requireView(actor);
  if (search === "") return { data: [] };
  return { data: await repo.searchPlayersWithAccount(ctx.db, search, SEARCH_LIMIT) };
}

async function accountOf(ctx: AppContext, playerId: number) {
  const player = await repo.findPlayer(ctx.db, playerId);
  if (!player) throw notFound("Player not found.", { code: "moderation.player_not_found" });
  if (player.user_id === null)
    throw badRequest(`${player.display_name} has no account (a shadow player), so they cannot hold a role.`, {
      code: "admin.role_shadow",
      params: { name: player.display_name },
    });
  return { ...player, user_id: player.user_id };
}

/** `POST /api/admin/roles {role, id}`: grants the role to the player's account and notifies them. */
export async function grant(ctx: AppContext, actor: Actor, role: AdminRole, playerId: number) {
  requireEdit(actor, role);
  const player = await accountOf(ctx, playerId);
  const name = ADMIN_PAGE_ROLES[role];
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.addRole(trx, player.user_id, role, Date.now())))
      throw badRequest(`${player.display_name} is already a ${name}.`, {
        code: "admin.role_already",
        params: { name: player.display_name, role },
      });
    await notify(trx, player.user_id, "success", { key: "role.granted", params: { role } });
    await audit(trx, actor, { action: "role.grant", targetType: "players", targetId: player.id, after: { role } });
  });
  invalidateAfter(ctx.cache, "registry");
  return { status: "ok" as const, message: `${player.display_name} is now a ${name}.` };
}

/** `POST /api/admin/roles/remove {role, playerId}`: removes the role and notifies the player. */
export async function revoke(ctx: AppContext, actor: Actor, role: AdminRole, playerId: number) {
  requireEdit(actor, role);
  const player = await accountOf(ctx, playerId);
  const name = ADMIN_PAGE_ROLES[role];
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.removeRole(trx, player.user_id, role)))
      throw badRequest(`${player.display_name} is not a ${name}.`, {
        code: "admin.role_not_held",
        params: { name: player.display_name, role },
      });
    await notify(trx, player.user_id, "warning", { key: "role.removed", params: { role } });
    await audit(trx, actor, { action: "role.remove", targetType: "players", targetId: player.id, before: { role } });
  });
  invalidateAfter(ctx.cache, "registry");
  return { status: "ok" as const, message: `${player.display_name} is no longer a ${name}.` };
}
