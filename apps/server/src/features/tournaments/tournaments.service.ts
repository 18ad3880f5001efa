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
import { registrationsOpenAt } from "../access/tournament-schedule.js";
import { clockChangeAfter } from "../access/tournament-access.service.js";
import { uploadUrl } from "../uploads/uploads.service.js";
import * as repo from "./tournaments.repository.js";

/**
 * Whether a tournament's series may be named to the viewer: no series, a published one, or one
 * `seesSeries` (the viewer may see that unpublished series; issue 15 C).
 */
function showsSeries(r: Pick<repo.TournamentCardRow, "tournament_series_id" | "series_published">, seesSeries: (id: number) => boolean) {
  return r.tournament_series_id === null || r.series_published === 1 || seesSeries(r.tournament_series_id);
}

/**
 * A card row → the wire's list item with its human labels (001 §3). The series of an unpublished
 * series is left out (id, name and slug null) unless `seesSeries` says the viewer may see it.
 */
export function toListItem(r: repo.TournamentCardRow, seesSeries: (id: number) => boolean = () => false): TournamentListItem {
  const series = showsSeries(r, seesSeries);
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
    tournament_series_id: series ? r.tournament_series_id : null,
    series_name: series ? r.series_name : null,
    series_url_slug: series ? r.series_url_slug : null,
    published: r.published === 1,
    registrations_open: registrationsOpenAt(r, Date.now()),
    is_historical: r.is_historical === 1,
    registration_count: Number(r.registration_count),
    max_entrants: r.max_entrants,
  };
}

/**
 * `GET /api/tournaments` (001 §7): upcoming and ongoing (each capped at `limit`), past and
 * historical (paged by `page`, `limit` per page). Unpublished tournaments only for actors
 * with tournaments.view_unpublished (or staff of their series), and never with `published_only`.
 * A published tournament of an unpublished series does not name its series to those who may
 * not see the series (issue 15 C); everyone who may see no unpublished series shares one cached
 * answer, the others get theirs.
 */
export async function listTournaments(
  ctx: AppContext,
  actor: Actor,
  q: z.output<typeof TournamentListQuerySchema>,
  now = Date.now(),
): Promise<TournamentList | RawJson> {
  const seesAll = can(actor, "tournaments.view_unpublished");
  // Series staff also see their unpublished series and its unpublished tournaments (001 §6).
  const staffed = seesAll ? [] : await staffedSeriesIds(ctx, actor);
  // Everyone who sees no unpublished series shares one answer, kept until a tournament,
  // registration or series write clears `tournaments:` or until the clock changes a list
  // (a start, an end, a registration close), whichever comes first (issue #16). The newest
  // tournament's id is part of the key (one index probe), so a tournament added outside the
  // services (an import, a script) is listed at once; other such writes show within
  // KEEP_MAX_AGE_MS.
  if (!seesAll && staffed.length === 0)
    return ctx.cache.keepJsonUntil(
      cacheKeys.tournaments.list(q, await repo.newestTournamentId(ctx.db)),
      TournamentListSchema,
      async () => {
        const [answer, until] = await Promise.all([computeList(ctx, false, [], () => false, q, now), clockChangeAfter(ctx, now)]);
        return { answer, until };
      },
      now,
    );
  const includeUnpublished = !q.published_only && seesAll;
  const alsoSeriesIds = q.published_only ? [] : staffed;
  return computeList(ctx, includeUnpublished, alsoSeriesIds, (id) => seesAll || staffed.includes(id), q, now);
}

const none = Promise.resolve([] as repo.TournamentCardRow[]);

async function computeList(
  ctx: AppContext,
  includeUnpublished: boolean,
  alsoSeriesIds: number[],
  seesSeries: (id: number) => boolean,
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
  const item = (r: repo.TournamentCardRow) => toListItem(r, seesSeries);
  return {
    upcoming: up.map(item),
    ongoing: on.map(item),
    past: pa.slice(0, q.limit).map(item),
    historical: hi.slice(0, q.limit).map(item),
    past_has_next_page: pa.length > q.limit,
    historical_has_next_page: hi.length > q.limit,
  };
}

/**
 * Home results panel (000 §2): the first past published tournament that has placements and
 * its first 12 placements, each with its entrant's name, tag, colour and members. One kept
 * answer for every viewer: an unpublished series is not named and hidden players are masked
 * (issue 15 C) for staff too.
 */
export function latestResults(ctx: AppContext, now = Date.now()): Promise<RawJson> {
  // Kept like the lists (issue #16): until a placements, tournament or series write clears
  // `tournaments:`, or until a tournament ends (it may become the latest with results).
  return ctx.cache.keepJsonUntil(
    cacheKeys.tournaments.latestResults(),
    LatestResultsSchema,
    async () => {
      const [answer, until] = await Promise.all([computeLatestResults(ctx, now), clockChangeAfter(ctx, now)]);
      return { answer, until };
    },
    now,
  );
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
