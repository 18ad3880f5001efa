import {
  COUNTS,
  EVENT_FORMATS,
  type EventFormat,
  GAME_MODES,
  GAMES,
  type LatestResults,
  LatestResultsSchema,
  type Organizer,
  type TournamentList,
  TournamentListSchema,
  type TournamentListItem,
  type TournamentListQuerySchema,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { RawJson } from "../../lib/cache.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { type Actor, can } from "../permissions/permissions.js";
import { staffedSeriesIds } from "../access/series-access.service.js";
import { describeEntrants } from "../placements/entrants.service.js";
import { uploadUrl } from "../uploads/uploads.service.js";
import * as repo from "./tournaments.repository.js";

/** A card row → the wire's list item with its human labels (001 §3). */
export function toListItem(r: repo.TournamentCardRow): TournamentListItem {
  const mode = (GAME_MODES as Record<string, { title: string }>)[r.game_mode];
  const game = (GAMES as Record<string, { title: string }>)[r.game];
  const format = r.event_format as EventFormat;
  return {
    id: r.id,
    title: r.title,
    logo_filename: r.logo_filename,
    logo_url: uploadUrl(r.logo_filename),
    start_date: iso(r.start_date),
    end_date: iso(r.end_date),
    start_date_human: dateHuman(r.start_date),
    end_date_human: dateHuman(r.end_date),
    game: r.game,
    game_human: game?.title ?? r.game,
    game_mode: r.game_mode,
    game_mode_human: mode?.title ?? r.game_mode,
    event_format: format,
    event_format_human: EVENT_FORMATS[format] ?? "Unknown",
    organizer: r.organizer as Organizer,
    location: r.location,
    location_url: r.location_url,
    tournament_series_id: r.tournament_series_id,
    series_name: r.series_name,
    series_url_slug: r.series_url_slug,
    published: r.published === 1,
    registrations_open: r.registrations_open === 1,
    is_historical: r.is_historical === 1,
  };
}

/**
 * `GET /api/tournaments` (001 §7): upcoming and ongoing (each capped at `limit`), past and
 * historical (paged by `page`, `limit` per page). Unpublished tournaments only for actors
 * with tournaments.view_unpublished (or staff of their series), and never with `published_only`.
 */
export async function listTournaments(
  ctx: AppContext,
  actor: Actor,
  q: z.output<typeof TournamentListQuerySchema>,
  now = Date.now(),
): Promise<TournamentList | RawJson> {
  const includeUnpublished = !q.published_only && can(actor, "tournaments.view_unpublished");
  // Series staff also see the unpublished tournaments of their series (001 §6).
  const alsoSeriesIds = includeUnpublished || q.published_only ? [] : await staffedSeriesIds(ctx, actor);
  // Everyone who cannot see unpublished tournaments gets the same answer: share it.
  if (!includeUnpublished && alsoSeriesIds.length === 0)
    return ctx.cache.json(cacheKeys.tournaments.list(q), TournamentListSchema, () => computeList(ctx, false, [], q, now));
  return computeList(ctx, includeUnpublished, alsoSeriesIds, q, now);
}

const none = Promise.resolve([] as repo.TournamentCardRow[]);

async function computeList(
  ctx: AppContext,
  includeUnpublished: boolean,
  alsoSeriesIds: number[],
  q: z.output<typeof TournamentListQuerySchema>,
  now: number,
): Promise<TournamentList> {
  const filter: repo.TournamentFilter = {
    includeUnpublished,
    alsoSeriesIds,
    gameMode: q.game_mode || undefined,
    eventFormat: q.registration_format === "all" ? undefined : Number(q.registration_format),
    search: q.search || undefined,
  };
  const offset = (q.page - 1) * q.limit;
  // A tab computes only its own lists (001 §2 tabs); `all` (the home page) computes every one.
  const want = (tab: "latest" | "past" | "historical") => q.tab === "all" || q.tab === tab;
  const [up, on, pa, hi] = await Promise.all([
    want("latest") ? repo.upcoming(ctx.db, filter, now, q.limit) : none,
    want("latest") ? repo.ongoing(ctx.db, filter, now, q.limit) : none,
    want("past") ? repo.past(ctx.db, filter, now, q.limit, offset) : none,
    want("historical") ? repo.historical(ctx.db, filter, q.limit, offset) : none,
  ]);
  return {
    upcoming: up.map(toListItem),
    ongoing: on.map(toListItem),
    past: pa.slice(0, q.limit).map(toListItem),
    historical: hi.slice(0, q.limit).map(toListItem),
    past_has_next_page: pa.length > q.limit,
    historical_has_next_page: hi.length > q.limit,
  };
}

/**
 * Home results panel (000 §2): the first past published tournament that has placements and
 * its first 12 placements, each with its entrant's name, tag, colour and members.
 */
export function latestResults(ctx: AppContext, now = Date.now()): Promise<RawJson> {
  return ctx.cache.json(cacheKeys.tournaments.latestResults(), LatestResultsSchema, () => computeLatestResults(ctx, now));
}

async function computeLatestResults(ctx: AppContext, now: number): Promise<LatestResults> {
  const t = await repo.latestWithPlacements(ctx.db, now);
  if (!t) return { tournament: null, placements: [] };
  const placements = await repo.topPlacements(ctx.db, t.id, COUNTS.homeResults);
  return { tournament: toListItem(t), placements: await describeEntrants(ctx, t.id, placements) };
}

/** Tournament picker (000 §2): case-insensitive title search, at most 100 results. */
export async function pickerSearch(ctx: AppContext, actor: Actor, search: string) {
  const rows = await repo.pickerSearch(ctx.db, search, can(actor, "tournaments.view_unpublished"), COUNTS.pickerResults);
  return { tournaments: rows };
}
