import type { TtlCache } from "./cache.js";

/**
 * Every key of the in-process micro-cache (`lib/cache.ts`) and which writes clear which keys:
 * the one place to look when adding a cached read or a write.
 *
 * Keys live in these scopes; a write clears whole scopes (prefix invalidation), so a key's scope
 * decides which writes make it fresh again:
 *
 * | scope          | holds                                                                       |
 * |----------------|-----------------------------------------------------------------------------|
 * | `tournaments:` | tournament rows, lists, pages, registration lists, placements, series pages |
 * |                | and standings (they read tournaments, registrations and placements)         |
 * | `series:`      | each account's series roles (`series:roles:`)                               |
 * | `registry:`    | player and team pages, registry lists, transfers                            |
 * | `media:`       | the home page's news, videos, streams and social posts                      |
 * | `series-stats:`| each series' stats and medal history, kept until a write clears them       |
 * |                | (`TtlCache.keep`: no TTL, so every writer they read from must clear them)  |
 * | `tournaments:lists:` | registration lists and placement pages as JSON, kept until a write  |
 * |                | (`TtlCache.keepJson`: no TTL; inside `tournaments:`, and registry writes   |
 * |                | clear it too: names, tags, rosters and hidden players show in the lists)   |
 * | `profiles:`    | public player and team pages, kept while the database's data version holds |
 * |                | (`TtlCache.keepJsonAt`: no TTL; any committed write recomputes them); they |
 * |                | read players, teams, rosters, registrations, placements and tournaments,  |
 * |                | and every change but media and series roles also clears the scope         |
 * | `pages:`       | whole pages for visitors without a session (`features/pages/kept-pages.ts`),|
 * |                | kept while the data version holds and until the clock changes them; every |
 * |                | change but series roles clears them                                        |
 *
 * Writers never name a prefix: they call `invalidateAfter(cache, change)` with what changed,
 * and `CACHE_DEPENDENCIES` says which scopes that clears.
 */
export const CACHE_SCOPES = {
  tournaments: "tournaments:",
  series: "series:",
  seriesRoles: "series:roles:",
  registry: "registry:",
  media: "media:",
  seriesStats: "series-stats:",
  entrantLists: "tournaments:lists:",
  profiles: "profiles:",
  pages: "pages:",
} as const;

const T = CACHE_SCOPES.tournaments;
const R = CACHE_SCOPES.registry;
const S = CACHE_SCOPES.seriesStats;
const L = CACHE_SCOPES.entrantLists;
const P = CACHE_SCOPES.profiles;
const G = CACHE_SCOPES.pages;

/** A tournament row as the list keys take it: its id and the settings the lists are computed from. */
type TournamentRow = { id: number } & object;

/** `tournaments:lists:{id}:{settings}`: the row's values in the key (a few hundred characters, no hash to collide). */
const tournamentList = (t: TournamentRow) => `${L}${t.id}:${JSON.stringify(Object.values(t))}`;

/** Key builders, grouped by scope. Arguments are ids, or a query object serialized as JSON. */
export const cacheKeys = {
  tournaments: {
    /** The tournament's access row (visibility, series, format, registration settings): `tournament-access.service`. */
    access: (id: number) => `${T}access:${id}`,
    /** The tournament page's data with markdown rendered. */
    page: (id: number) => `${T}event:${id}`,
    /** The anonymous tournament page answer, serialized: kept while the data version holds and until its next scheduled moment (`keepJsonAt`). */
    pageJson: (id: number) => `${T}event-json:${id}`,
    /** The home page's latest results panel. */
    latestResults: () => `${T}latest_results`,
    /** A public tournament list (001 §7 `GET /api/tournaments`), as of the newest tournament's id. */
    list: (q: unknown, newestId: number) => `${T}list:${newestId}:${JSON.stringify(q)}`,
    /** A published FFA round as anonymous viewers see it (issue #19). */
    round: (id: number, n: number) => `${T}round:${id}:${n}`,
    /** The live board of a published FFA tournament (issue #20 §2; the same for every viewer). */
    live: (id: number) => `${T}live:${id}`,
    /** One room of a published round for stream overlays, by room id (issue #20 §2; the same for every viewer). */
    liveRoom: (roomId: number) => `${T}live_room:${roomId}`,
    /** The rounds overview of a published FFA tournament as anonymous viewers see it (issue #19 §8). */
    rounds: (id: number) => `${T}rounds:${id}`,
    /** Every points table, built in and custom (issue #19); a new table clears `tournaments:`. */
    pointsTables: () => `${T}points_tables`,
    /** Every placement row of a tournament, described, with the registered count. */
    placementRows: (id: number) => `${T}placement_rows:${id}`,
    /** A series' points standings (issue #22 §4; placement, tournament and series writes clear it). */
    seriesStandings: (seriesId: number) => `${T}series_standings:${seriesId}`,
    /** The tournament page's HTML shell with its link-preview tags (`features/pages`), or null for the generic shell. */
    pageHtml: (id: number) => `${T}page_html:${id}`,
    /** A series page's HTML shell with its link-preview tags, by the slug or id of its URL. */
    seriesPageHtml: (slugOrId: string) => `${T}series_page_html:${slugOrId}`,
    /** The public calendar feed (issue #20 §4) for one set of filters, as iCalendar text. */
    calendarFeed: (filter: unknown) => `${T}calendar:${JSON.stringify(filter)}`,
    /** A team's calendar feed (issue #20 §4): its tournaments, so registration writes clear it. */
    teamCalendarFeed: (teamId: number) => `${T}calendar_team:${teamId}`,
  },
  series: {
    /** The series roles of one account. */
    roles: (userId: number) => `${CACHE_SCOPES.seriesRoles}${userId}`,
    /** The per-tournament rights of one account (issue #22 §5: hosted and proposed tournaments); cleared with series roles. */
    tournamentRoles: (userId: number) => `${CACHE_SCOPES.seriesRoles}t:${userId}`,
  },
  /**
   * Player and team pages (issue #16), kept while the database's data version holds (any
   * committed write, by a service or not, computes them again): a player page reads the player,
   * the account (theme, roles), team memberships, registrations (which squad or team a player
   * played for) and placements of published tournaments; a team page reads the team, its linked
   * teams, its roster and its results. Too many writers to name; nothing changes with the clock.
   */
  /**
   * Pages for visitors without a session (issue #16, `features/pages/kept-pages.ts`): the page's
   * HTML with its CSRF token left out, per path and language, kept while the data version holds.
   */
  sessions: {
    /**
     * A session's account row (`features/auth/session.ts`), by the hash of its id, kept while
     * the data version holds: no scope clears it, any committed write reads it again.
     */
    user: (idHash: string) => `sessions:${idHash}`,
  },
  pages: {
    /** One page: its path (no query string) and language. */
    anonymous: (path: string, lang: string) => `${G}${lang}:${path}`,
  },
  profiles: {
    /** A team page: the public answer serialized, its status, members and whether one is hidden. */
    team: (id: number) => `${P}team:${id}`,
    /** The public (redacted) player page, serialized. */
    playerPublic: (id: number) => `${P}player:${id}:public`,
    /** A signed-in viewer's own placement in a tournament (`my_placement`), by account. */
    myPlacement: (tournamentId: number, userId: number) => `${P}my-placement:${tournamentId}:${userId}`,
  },
  registry: {
    /** Everything of a player page, before redaction for the viewer (staff and the player themself; micro-cache TTL). */
    playerFull: (id: number) => `${R}player:${id}:full`,
    /**
     * A page of the public players list, and how many players the list shows with these filters
     * (`TtlCache.keepJson`/`keepSized`, issue #16): kept until a `registry`, `moderation` or
     * `placements` write clears `registry:` (the writes of players are profile saves and shadow
     * players, `registry`; name changes and bans, `moderation`).
     */
    players: (q: unknown) => `${R}players:${JSON.stringify(q)}`,
    /** See `players`. */
    playerCount: (f: { includeHidden: boolean; country?: string | undefined; search?: string | undefined }) =>
      `${R}player_count:${f.includeHidden ? 1 : 0}:${f.country ?? ""}:${(f.search ?? "").toLowerCase()}`,
    /** The player picker's answer for a search term, kept while the data version holds (`keepJsonAt`). */
    playerPicker: (limit: number, term: string) => `${R}players:all:${limit}:${term.toLowerCase()}`,
    /** A page of a teams list of one category. */
    teams: (category: string, q: unknown) => `${R}teams:${category}:${JSON.stringify(q)}`,
    /** A page of the recent transfers. */
    transfers: (q: unknown) => `${R}transfers:${JSON.stringify(q)}`,
    /** A page of one team's transfers. */
    teamTransfers: (teamId: number, page: number, limit: number) => `${R}transfers:team:${teamId}:${page}:${limit}`,
    /** A player page's HTML shell with its link-preview tags (`features/pages`), or null for the generic shell. */
    playerPageHtml: (id: number) => `${R}player_page_html:${id}`,
    /** A team page's HTML shell with its link-preview tags, or null for the generic shell. */
    teamPageHtml: (id: number) => `${R}team_page_html:${id}`,
  },
  /**
   * A series' results for its stats tabs and history medals (`TtlCache.keep`, issue #16): they
   * read placements, registrations (squad and team members), tournaments (published, series,
   * series_stats_include), players (names, countries, hidden) and teams (names, logos), so
   * every `CacheChange` but media and series roles clears them.
   */
  seriesStats: {
    /**
     * A series page answer for one combination of viewer rights and page (issue #16: kept until a
     * write or the clock changes it). In the series-stats scope, not `tournaments:`: the page
     * shows the series' stats too (player names, countries, teams), so registry and moderation
     * writes must clear it as well, and this scope is cleared by every change but media and
     * series roles (the viewer's rights are in the key).
     */
    detail: (seriesId: number, rights: string, viewerKey: string, page: string | number) =>
      `${CACHE_SCOPES.seriesStats}detail:${seriesId}:${rights}:${viewerKey}:${page}`,
    /**
     * A series page answer as one account (0: anyone without a session) asked for it, by the
     * address's slug or id and page: kept while the data version holds (`series.service.ts`).
     */
    viewerPage: (slugOrId: string, page: string | number, userId: number) =>
      `${CACHE_SCOPES.seriesStats}viewer:${userId}:${page}:${slugOrId}`,
    results: (seriesId: number, aggregation: string, finalist: string) =>
      `${CACHE_SCOPES.seriesStats}${seriesId}:${aggregation}:${finalist}`,
  },
  /**
   * The registration lists and placement pages of tournaments as JSON (`TtlCache.keepJson`,
   * issue #16), kept until a write: they read registrations, squads, check-ins, team
   * registrations and rosters (leaders, members), placements and players and teams (names,
   * countries, tags, Discord privacy, hidden), so every write that clears `tournaments:` clears
   * them and so does a `registry` write. The tournament's own settings are part of the key
   * (`t`: its access row, read on every request), so a changed setting never meets an answer
   * computed under the old one, whoever changed it. `view` names what the viewer may see
   * (`public`; `staff` for tournament moderators, who see private Discord tags and hidden
   * players; `hidden` for site moderators, who see hidden players only): a staff answer is never
   * served to the public.
   */
  entrantLists: {
    /** A page of the players of a solo or squad tournament with `status`. */
    players: (
      t: TournamentRow,
      status: string,
      view: string,
      q: { order: string; checked_in?: unknown; verified?: unknown; page: number },
    ) => `${tournamentList(t)}:players:${status}:${view}:${q.order}:${q.checked_in}:${q.verified}:${q.page}`,
    /** The squads of a squad tournament with `status`. */
    squads: (t: TournamentRow, status: string, q: { order: string; checked_in?: unknown; verified?: unknown }) =>
      `${tournamentList(t)}:squads:${status}:${q.order}:${q.checked_in}:${q.verified}`,
    /** The teams of a team tournament with `status`. */
    teams: (t: TournamentRow, status: string, order: string) => `${tournamentList(t)}:teams:${status}:${order}`,
    /** The eligible players of one team registration, as the public (`view` public) or staff see them. */
    eligiblePlayers: (t: TournamentRow, teamId: number, view: string, order: string) =>
      `${tournamentList(t)}:eligible:${teamId}:${view}:${order}`,
    /** One page (or the preview) of a published tournament's placements, as the public or staff see them. */
    placements: (t: TournamentRow, view: string, order: string, pageOrLimit: string) =>
      `${tournamentList(t)}:placements:${view}:${order}:${pageOrLimit}`,
  },
  media: {
    news: () => `${CACHE_SCOPES.media}news`,
    latest: (kind: string) => `${CACHE_SCOPES.media}${kind}`,
  },
} as const;

/**
 * What a write changed, for `invalidateAfter`:
 * - `tournament`: a tournament's settings, controls or check-in state;
 * - `registration`: any solo, squad or team registration, check-in, move or edit;
 * - `placements`: a tournament's placements (shown on profiles, team pages and series stats);
 * - `series`: a series or template (series pages list their tournaments);
 * - `seriesRoles`: who holds which series role;
 * - `registry`: players, teams, rosters, transfers, site roles;
 * - `moderation`: a moderation decision or a ban (names and visibility shown everywhere);
 * - `media`: news, videos, streams, social posts.
 */
export type CacheChange = "tournament" | "registration" | "placements" | "series" | "seriesRoles" | "registry" | "moderation" | "media";

/** Which scopes each kind of write clears. */
export const CACHE_DEPENDENCIES: Record<CacheChange, readonly string[]> = {
  tournament: [T, S, P, G],
  registration: [T, S, P, G],
  placements: [T, CACHE_SCOPES.series, R, S, P, G],
  series: [T, CACHE_SCOPES.series, S, G],
  seriesRoles: [CACHE_SCOPES.seriesRoles],
  registry: [R, S, L, P, G],
  moderation: [R, T, S, P, G],
  media: [CACHE_SCOPES.media, G],
};

/** Clears every scope the change touches (see `CACHE_DEPENDENCIES`); takes effect at once. */
export function invalidateAfter(cache: Pick<TtlCache, "invalidate">, change: CacheChange): void {
  for (const scope of CACHE_DEPENDENCIES[change]) cache.invalidate(scope);
}
