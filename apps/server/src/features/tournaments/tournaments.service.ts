import {
  COUNTS,
  EVENT_FORMATS,
  type EventFormat,
  GAME_MODES,
  GAMES,
  type LatestResults,
  LatestResultsSchema,
  type Organizer,
  type ResultRow,
  type TournamentList,
  TournamentListSchema,
  type TournamentListItem,
  type TournamentListQuerySchema,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { RawJson } from "../../lib/cache.js";
import { dateHuman, iso } from "../../lib/dates.js";
import { type Actor, can } from "../permissions/permissions.js";
import { staffedSeriesIds } from "../series/series-access.service.js";
import * as repo from "./tournaments.repository.js";

/** Public URL of a stored upload. */
export const uploadUrl = (filename: string | null) => (filename ? `/uploads/${filename}` : null);

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
    return ctx.cache.json(`tournaments:list:${JSON.stringify(q)}`, TournamentListSchema, () => computeList(ctx, false, [], q, now));
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
  return ctx.cache.json("tournaments:latest_results", LatestResultsSchema, () => computeLatestResults(ctx, now));
}

async function computeLatestResults(ctx: AppContext, now: number): Promise<LatestResults> {
  const t = await repo.latestWithPlacements(ctx.db, now);
  if (!t) return { tournament: null, placements: [] };
  const placements = await repo.topPlacements(ctx.db, t.id, COUNTS.homeResults);
  return { tournament: toListItem(t), placements: await describeEntrants(ctx, t.id, placements) };
}

type PlacementRow = Awaited<ReturnType<typeof repo.topPlacements>>[number];

/** Resolves each placement's entrant with one query per entrant kind (no N+1). */
export async function describeEntrants(ctx: AppContext, tournamentId: number, rows: PlacementRow[]): Promise<ResultRow[]> {
  const ids = (type: string) => rows.filter((r) => r.entrant_type === type).map((r) => r.entrant_id);
  const [players, squads, teams, sMembers, tMembers] = await Promise.all([
    repo.playersByIds(ctx.db, ids("player")),
    repo.squadsByIds(ctx.db, ids("squad")),
    repo.teamsByIds(ctx.db, ids("team")),
    repo.squadMembers(ctx.db, tournamentId, ids("squad")),
    repo.teamMembers(ctx.db, tournamentId, ids("team")),
  ]);
  const byId = <T extends { id: number }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
  const P = byId(players);
  const S = byId(squads);
  const T = byId(teams);
  const member = (m: { player_id: number; display_name: string; country_code: string }) => ({
    player_id: m.player_id,
    display_name: m.display_name,
    country_code: m.country_code,
  });
  return rows.map((r) => {
    const base = {
      placement: r.placement,
      placement_upper_bound: r.placement_upper_bound,
      dq: r.dq === 1,
      title: r.title,
    };
    if (r.entrant_type === "player") {
      const p = P.get(r.entrant_id);
      return {
        ...base,
        name: p?.display_name ?? "Unknown player",
        tag: null,
        color: null,
        team_id: null,
        squad_id: null,
        members: p ? [{ player_id: p.id, display_name: p.display_name, country_code: p.country_code }] : [],
      };
    }
    if (r.entrant_type === "squad") {
      const s = S.get(r.entrant_id);
      return {
        ...base,
        name: s?.squad_name ?? "Unknown squad",
        tag: s?.squad_tag || null,
        color: s?.squad_color ?? null,
        team_id: null,
        squad_id: r.entrant_id,
        members: sMembers.filter((m) => m.squad_id === r.entrant_id).map(member),
      };
    }
    const team = T.get(r.entrant_id);
    return {
      ...base,
      name: team?.team_name ?? "Unknown team",
      tag: team?.team_tag ?? null,
      color: team?.team_color ?? null,
      team_id: r.entrant_id,
      squad_id: null,
      members: tMembers.filter((m) => m.team_id === r.entrant_id).map(member),
    };
  });
}

/** Tournament picker (000 §2): case-insensitive title search, at most 100 results. */
export async function pickerSearch(ctx: AppContext, actor: Actor, search: string) {
  const rows = await repo.pickerSearch(ctx.db, search, can(actor, "tournaments.view_unpublished"), COUNTS.pickerResults);
  return { tournaments: rows };
}
