import type { SeriesRole } from "@site/contract";
import type { AppContext } from "../../context.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { type Actor, can } from "../permissions/permissions.js";
import { seriesRolesOfUser } from "./access.repository.js";

/**
 * Scoped permissions of tournament series (001 §6). Site roles come from the permission table;
 * series roles (series_admin 'Series Administrator', series_mod 'Series Organizer') are rows of
 * `series_roles` keyed by account. The rules:
 *
 * | action                                   | who                                                    |
 * |------------------------------------------|--------------------------------------------------------|
 * | see an unpublished series / tournament   | event staff (view_unpublished), any role in the series |
 * | manage the series' tournaments/templates | event administrators, series admins and organizers     |
 * | moderate its tournaments' registrations  | the above and event moderators (tournaments.moderate)  |
 * | edit the series, open its roles page     | event administrators, its series administrators        |
 * | assign Series Organizer                  | event administrators, its series administrators        |
 * | assign Series Administrator              | event administrators only                              |
 * | create a series, start from scratch      | event administrators only (permission table)           |
 *
 * Banned accounts hold no series rights. The roles of an actor are read once per request.
 */
const rolesCache = new WeakMap<Actor, Promise<Map<number, Set<SeriesRole>>>>();

export function seriesRolesOf(ctx: AppContext, actor: Actor): Promise<Map<number, Set<SeriesRole>>> {
  if (actor.userId === null || actor.state === "banned") return Promise.resolve(new Map());
  let p = rolesCache.get(actor);
  if (!p) {
    const userId = actor.userId;
    p = ctx.cache
      .get(cacheKeys.series.roles(userId), () => seriesRolesOfUser(ctx.db, userId))
      .then((rows) => {
        const m = new Map<number, Set<SeriesRole>>();
        for (const r of rows) {
          if (r.role !== "series_admin" && r.role !== "series_mod") continue;
          if (!m.has(r.series_id)) m.set(r.series_id, new Set());
          m.get(r.series_id)!.add(r.role);
        }
        return m;
      });
    rolesCache.set(actor, p);
  }
  return p;
}

/** Ids of the series where the actor holds any role. */
export async function staffedSeriesIds(ctx: AppContext, actor: Actor): Promise<number[]> {
  return [...(await seriesRolesOf(ctx, actor)).keys()];
}

export const isEventAdmin = (actor: Actor) => can(actor, "tournaments.administrate");

/** Unpublished series and their unpublished tournaments are visible (else 404). */
export async function canSeeUnpublished(ctx: AppContext, actor: Actor, seriesId: number | null): Promise<boolean> {
  if (can(actor, "tournaments.view_unpublished")) return true;
  if (seriesId === null) return false;
  return (await seriesRolesOf(ctx, actor)).has(seriesId);
}

/** Create, edit and control the series' tournaments, and manage its templates. */
export async function canManageSeriesContent(ctx: AppContext, actor: Actor, seriesId: number | null): Promise<boolean> {
  if (isEventAdmin(actor)) return true;
  if (seriesId === null) return false;
  return (await seriesRolesOf(ctx, actor)).has(seriesId);
}

/**
 * Moderate the registrations of a tournament (000 §6: event moderators, canEventModerate, see IDs
 * and action menus in registration tables): tournament administrators (`canManageSeriesContent`)
 * and every holder of `tournaments.moderate` (event moderators, event administrators,
 * administrators). It covers only what the registration tables offer: the withdrawn and rejected
 * lists, moves and the registration edit pages; everything else stays administrator-only.
 */
export async function canModerateRegistrations(ctx: AppContext, actor: Actor, seriesId: number | null): Promise<boolean> {
  if (actor.userId === null) return false;
  if (can(actor, "tournaments.moderate")) return true;
  return canManageSeriesContent(ctx, actor, seriesId);
}

/** Edit the series itself and manage its Series Organizers. */
export async function canEditSeries(ctx: AppContext, actor: Actor, seriesId: number): Promise<boolean> {
  if (isEventAdmin(actor)) return true;
  return (await seriesRolesOf(ctx, actor)).get(seriesId)?.has("series_admin") ?? false;
}

/** Assign or remove `role` in the series. */
export async function canAssignSeriesRole(ctx: AppContext, actor: Actor, seriesId: number, role: SeriesRole): Promise<boolean> {
  if (role === "series_admin") return can(actor, "series.assign_series_admin");
  return canEditSeries(ctx, actor, seriesId);
}
