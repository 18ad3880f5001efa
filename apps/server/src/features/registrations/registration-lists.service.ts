import {
  PLAYER_LIST_PAGE_SIZE,
  type RegisteredPlayerList,
  RegisteredPlayerListSchema,
  type SquadList,
  SquadListSchema,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import type { RawJson } from "../../lib/cache.js";
import { dateHuman } from "../../lib/dates.js";
import { badRequest } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { assertSoloOrSquad, isRegistrationModerator, loadVisibleTournament, type Tournament } from "../access/tournament-access.service.js";
import { checkinMinimum, isSoloTournament, isSquadTournament, requireSoloSquadModerator, type Status } from "./registration-rules.js";
import { splitOrder } from "../../lib/sort-order.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";
import * as repo from "./registrations.repository.js";

/**
 * The registration lists of solo and squad tournaments (001 §2 Squad registrations, §7
 * Registrations): registered, withdrawn and rejected players (paged) and squads. The registered
 * lists are public and cached; the others need a registration moderator.
 */
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

/**
 * The tournament of a list read: the registered lists are public (visibility as `loadEvent`), the
 * withdrawn and rejected ones need a registration moderator (administrators included). The public lists are the hottest reads, so
 * their tournament row also comes from the micro-cache: every tournament and registration write
 * clears `tournaments:`.
 */
async function listAccess(ctx: AppContext, actor: Actor, id: number, status: Status): Promise<Tournament> {
  if (status !== "registered") return requireSoloSquadModerator(ctx, actor, id);
  return assertSoloOrSquad(await loadVisibleTournament(ctx, actor, id, { cached: true }));
}

/**
 * One page of a player list (PLAYER_LIST_PAGE_SIZE rows): sorted by the sort code across every
 * row, then cut. A page past the end answers no rows with the real `count` and `page_count`.
 */
/**
 * One page of a players list. `staff` (tournament moderators) see every Discord tag; everyone
 * else sees a tag only when it is public or its player leads a team (000 §6, decisions.md
 * 'Discord privacy'). Hidden players are listed only with `showHidden` (issue 15 C).
 */
async function computePlayers(
  ctx: AppContext,
  ev: Tournament,
  status: Status,
  q: PlayerListQuery,
  { staff, showHidden }: { staff: boolean; showHidden: boolean },
): Promise<RegisteredPlayerList> {
  const [field, d] = splitOrder(q.order);
  const filter: repo.ListFilter = {
    status,
    checkedIn: q.checked_in,
    verified: q.verified,
    minTeamSize: ev.minimum_team_size,
    verificationRequired: ev.verification_required,
    hideHidden: !showHidden,
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
      eligible: isSoloTournament(ev) || Number(r.squad_members ?? 0) >= ev.minimum_team_size,
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
 * Players list, one page of PLAYER_LIST_PAGE_SIZE (001 §7; paging is ours, docs/decisions.md),
 * as JSON kept until a write (`cacheKeys.entrantLists`, issue #16: every registration,
 * tournament, placements, registry and moderation write clears it), also with the micro-cache
 * off. Hidden players (issue 15 C) are listed to the tournament's registration moderators (who
 * manage their registrations) and to moderators and administrators, and registration
 * moderators see every Discord tag: each kind of viewer has its own kept answer (`view`), so a
 * staff answer never reaches the public. Withdrawn and rejected lists need a registration
 * moderator (`listAccess`, before the cache).
 */
export async function listPlayers(ctx: AppContext, actor: Actor, id: number, status: Status, q: PlayerListQuery): Promise<RawJson> {
  const ev = await listAccess(ctx, actor, id, status);
  const staff = await isRegistrationModerator(ctx, actor, ev);
  const showHidden = staff || seesHiddenPlayers(actor);
  const view = staff ? "staff" : showHidden ? "hidden" : "public";
  return ctx.cache.keepJson(cacheKeys.entrantLists.players(ev, status, view, q), RegisteredPlayerListSchema, () =>
    computePlayers(ctx, ev, status, q, { staff, showHidden }),
  );
}

async function computeSquads(ctx: AppContext, ev: Tournament, status: Status, q: ListQuery): Promise<SquadList> {
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

/**
 * `GET /api/events/{id}/registrations[/withdrawn|/rejected]` of a squad tournament: the squads
 * with `status`, as JSON kept until a write (`cacheKeys.entrantLists`, issue #16), also with
 * the micro-cache off. The answer is the same for every viewer allowed to read it (the
 * registered list is public, the others need a registration moderator: `listAccess`, checked
 * before the cache). 400 for a solo tournament.
 */
export async function listSquads(ctx: AppContext, actor: Actor, id: number, status: Status, q: ListQuery): Promise<RawJson> {
  const ev = await listAccess(ctx, actor, id, status);
  if (!isSquadTournament(ev)) throw badRequest("This tournament has no squads.", { code: "registration.no_squads" });
  return ctx.cache.keepJson(cacheKeys.entrantLists.squads(ev, status, q), SquadListSchema, () => computeSquads(ctx, ev, status, q));
}
