import {
  GAME_MODES,
  GAMES,
  TeamListSchema,
  TransactionListSchema,
  type TeamListQuerySchema,
  type TransactionsQuerySchema,
  type TeamListItem,
  type Transaction,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { RawJson } from "../../lib/cache.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { badRequest, forbidden, notFound } from "../../lib/errors.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { type Actor, can } from "../permissions/permissions.js";
import { countryName } from "../reference/countries.js";
import { uploadUrl } from "../uploads/uploads.service.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";
import * as repo from "./registry.repository.js";

type Paged<T> = { data: T[]; has_next_page: boolean };

function page<R, T>(rows: R[], limit: number, map: (r: R) => T): Paged<T> {
  return { data: rows.slice(0, limit).map(map), has_next_page: rows.length > limit };
}

/** The codes of the registry lists' refusals (#21): the web catalogue's `error.<code>` (shared ones where the text is the same). */
const CODES = {
  unknownCategory: { code: "teams.unknown_category" },
  statusStaff: { code: "teams.status_staff" },
  unknownMode: { code: "tournaments.unknown_game_mode" },
  teamNotFound: { code: "teams.not_found" },
} as const;
const modeInfo = (key: string) => (GAME_MODES as Record<string, { game: string; title: string; abbrev: string; category: boolean }>)[key];

/** `GET /api/registry/teams/category/{cat}`: approved teams of a category or `all`. Throws 400 for an unknown category. */
export async function listTeams(
  ctx: AppContext,
  cat: string,
  q: z.output<typeof TeamListQuerySchema>,
  actor: Actor | null = null,
): Promise<RawJson> {
  if (cat !== "all" && !modeInfo(cat)?.category) throw badRequest("Unknown team category.", CODES.unknownCategory);
  // The status filter (unapproved, disapproved, banned) is for moderators and administrators.
  if (q.status && q.status !== "approved" && !(actor && can(actor, "registry.teams.view_unapproved"))) {
    throw forbidden("Only moderators and administrators can list teams by status.", CODES.statusStaff);
  }
  // Kept until a registry, moderation or placements write clears `registry:` (issue #16).
  return ctx.cache.keepJson(cacheKeys.registry.teams(cat, q), TeamListSchema, () => computeTeams(ctx, cat, q));
}

async function computeTeams(ctx: AppContext, cat: string, q: z.output<typeof TeamListQuerySchema>): Promise<Paged<TeamListItem>> {
  const rows = await repo.listTeams(ctx.db, {
    category: cat === "all" ? undefined : cat,
    search: q.search || undefined,
    order: q.order,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
    recruiting: q.recruiting,
    status: q.status,
  });
  return page(rows, q.limit, (r) => ({
    id: r.id,
    team_name: r.team_name,
    team_tag: r.team_tag,
    team_color: r.team_color,
    team_logo: uploadUrl(r.logo_filename),
    category: r.category,
    category_title: modeInfo(r.category)?.abbrev ?? r.category,
    recruitment_status: r.recruitment_status as TeamListItem["recruitment_status"],
    main_language: r.main_language,
    is_historical: r.is_historical === 1,
    member_count: Number(r.member_count ?? 0),
    created_human: dateHuman(r.created_at),
    created_at: iso(r.created_at),
  }));
}

/**
 * `GET /api/registry/recent_transactions` (000 §2 Recent transfers): pages from 1, mode 'all' or
 * a game-mode key. Hidden players' transfers are listed to moderators and administrators only
 * (issue 15 C), whose answer bypasses the shared cache.
 */
export async function listTransactions(
  ctx: AppContext,
  q: z.output<typeof TransactionsQuerySchema>,
  actor: Actor | null = null,
): Promise<RawJson | Paged<Transaction>> {
  if (q.mode !== "all" && !modeInfo(q.mode)) throw badRequest("Unknown game mode.", CODES.unknownMode);
  if (seesHiddenPlayers(actor)) return computeTransactions(ctx, q, { includeHidden: true });
  // Kept until a registry, moderation or placements write clears `registry:` (issue #16).
  return ctx.cache.keepJson(cacheKeys.registry.transfers(q), TransactionListSchema, () =>
    computeTransactions(ctx, q, { includeHidden: false }),
  );
}

/**
 * `GET /api/registry/teams/{id}/transfers` (team page): the team's joins and leaves, newest
 * first. A disapproved team's transfers are as invisible as the team (issue 15 C; 404 'Team not
 * found.' but for moderators, administrators and its members, the team page's rule); hidden
 * players' transfers as in `listTransactions`.
 */
export async function listTeamTransactions(
  ctx: AppContext,
  auth: () => Promise<Actor>,
  teamId: number,
  q: { page: number; limit: number },
): Promise<RawJson | Paged<Transaction>> {
  const actor = await auth();
  if ((await repo.teamStatus(ctx.db, teamId))?.team_status === "disapproved") {
    const member = actor.playerId !== null && (await repo.isActiveMember(ctx.db, teamId, actor.playerId));
    if (!can(actor, "registry.teams.view_unapproved") && !member) throw notFound("Team not found.", CODES.teamNotFound);
  }
  const query = { mode: "all", page: q.page, limit: q.limit };
  if (seesHiddenPlayers(actor)) return computeTransactions(ctx, query, { teamId, includeHidden: true });
  return ctx.cache.keepJson(cacheKeys.registry.teamTransfers(teamId, q.page, q.limit), TransactionListSchema, () =>
    computeTransactions(ctx, query, { teamId, includeHidden: false }),
  );
}

async function computeTransactions(
  ctx: AppContext,
  q: z.output<typeof TransactionsQuerySchema>,
  o: { teamId?: number; includeHidden: boolean },
): Promise<Paged<Transaction>> {
  const rows = await repo.listTransfers(ctx.db, {
    category: q.mode === "all" ? undefined : q.mode,
    teamId: o.teamId,
    includeHidden: o.includeHidden,
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return page(rows, q.limit, (r) => {
    const mode = modeInfo(r.category);
    const game = mode ? (GAMES as Record<string, { title: string }>)[mode.game] : undefined;
    return {
      id: r.id,
      transfer_date_human: dateHuman(r.created_at),
      transfer_date: iso(r.created_at),
      player_id: r.player_id,
      player_name: r.player_name,
      country_code: r.country_code,
      country_name: countryName(r.country_code),
      game: mode?.game ?? "",
      game_title: game?.title ?? "",
      mode_key: r.category,
      mode_abbrev: mode?.abbrev ?? r.category,
      from_team_id: r.from_team_id,
      from_team_tag: r.from_team_tag,
      from_team_color: r.from_team_color,
      to_team_id: r.to_team_id,
      to_team_tag: r.to_team_tag,
      to_team_color: r.to_team_color,
    };
  });
}
