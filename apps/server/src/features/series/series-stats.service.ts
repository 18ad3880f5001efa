import { COUNTS, type SeriesAppearanceRow, type SeriesMedalRow, type SeriesStats, type SeriesTournament } from "@site/contract";
import type { AppContext } from "../../context.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import { uploadUrl } from "../uploads/uploads.service.js";
import * as repo from "./series.repository.js";
import { HIDDEN_PLAYER_NAME } from "../access/player-visibility.service.js";

/**
 * Series stats (001 §2 Series detail Stats panel, §3 aggregation_field, finalist_criteria,
 * stats; 000 §2 medal and appearance tables) and the Tournament History medals.
 *
 * Rules:
 * - Only placements of the series' published tournaments with series_stats_include count;
 *   the history's medals show for every published tournament.
 * - A placement's rank is the better end of its tie (a 3rd–4th tie is bronze for both rows).
 * - Aggregation: player_id → every registered member of the placed entrant (the player
 *   itself for solo); team_id → team entrants; squad_name → the entrant's name, case-insensitive
 *   (squad, team or solo player's name); none → no stats.
 * - Podium Finishes: gold/silver/bronze counts, ordered by gold, silver, bronze, then name.
 * - Finals Appearances: top_2 → rank ≤ 2; top_3_or_finalist → rank ≤ 3 or a title containing
 *   'finalist'; none → no tab.
 * - Tournament Appearances: tournaments with a placement (disqualified ones included).
 * - Table ranks are shared by equal counts (1, 2, 2, 4).
 */

type Aggregation = SeriesStats["aggregation_field"];

/** Rows of the Podium Finishes table sent (the spec sets none; a long series has thousands of medallists). */
export const MEDAL_TABLE_MAX = 100;
type HistoryPlacement = SeriesTournament["placements"][number];

interface SeriesResults {
  history: Record<number, HistoryPlacement[]>;
  podium: SeriesMedalRow[];
  finals: SeriesAppearanceRow[];
  appearances: SeriesAppearanceRow[];
}

const AGGREGATIONS: ReadonlySet<string> = new Set(["none", "team_id", "player_id", "squad_name"]);
export const asAggregation = (v: string): Aggregation => (AGGREGATIONS.has(v) ? (v as Aggregation) : "none");

/**
 * Kept (`TtlCache.keep`, also with the micro-cache off) until a write clears `series-stats:`:
 * every placement, registration, tournament, series, registry and moderation write does
 * (`CACHE_DEPENDENCIES`). A 100-tournament series takes 60–80 ms to compute (issue #16), and
 * the page shows 25 rows of it, so it is computed once per change, not once per request.
 */
function seriesResults(ctx: AppContext, seriesId: number, aggregation: Aggregation, finalist: string): Promise<SeriesResults> {
  return ctx.cache.keep(cacheKeys.seriesStats.results(seriesId, aggregation, finalist), () =>
    computeSeriesResults(ctx, seriesId, aggregation, finalist),
  );
}

// One collator: localeCompare with options builds a new one per call, far too slow for big tables.
const collator = new Intl.Collator("en", { sensitivity: "base" });

/** Ranks rows sorted best first: equal `score` tuples share the rank of the first of them. */
function withRanks<T extends { name: string }>(rows: T[], score: (r: T) => number[]): Array<T & { placement: number }> {
  // Scores computed once per row, not twice per comparison (a long series ranks thousands of rows).
  const scored = rows.map((row) => ({ row, s: score(row) }));
  scored.sort((a, b) => {
    const sa = a.s;
    const sb = b.s;
    for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sb[i]! - sa[i]!;
    return collator.compare(a.row.name, b.row.name);
  });
  let rank = 0;
  return scored.map(({ row, s }, i) => {
    const prev = i > 0 ? scored[i - 1]!.s : null;
    if (prev === null || s.some((v, k) => v !== prev[k])) rank = i + 1;
    return { ...row, placement: rank };
  });
}

export async function computeSeriesResults(
  ctx: AppContext,
  seriesId: number,
  aggregation: Aggregation,
  finalist: string,
): Promise<SeriesResults> {
  const placements = await repo.seriesPlacements(ctx.db, seriesId);
  type P = (typeof placements)[number];
  const best = (p: P) =>
    p.placement_upper_bound !== null && p.placement !== null ? Math.min(p.placement_upper_bound, p.placement) : p.placement;
  const medal = placements.filter((p) => p.dq !== 1 && best(p) !== null && best(p)! <= COUNTS.medalPlaces);
  // Names: every entrant when they are the aggregation key, else only the medal ones (history).
  const named = aggregation === "squad_name" || aggregation === "team_id" ? placements : medal;
  const ids = (list: P[], type: string) => [...new Set(list.filter((p) => p.entrant_type === type).map((p) => p.entrant_id))];
  const [members, squads, teams, stats] = await Promise.all([
    repo.entrantMembers(
      ctx.db,
      ids(medal, "squad"),
      medal.filter((p) => p.entrant_type === "team").map((p) => ({ tournament_id: p.tournament_id, team_id: p.entrant_id })),
    ),
    repo.squadNames(ctx.db, ids(aggregation === "squad_name" ? placements : medal, "squad")),
    repo.teamNames(ctx.db, ids(named, "team")),
    aggregation === "player_id" ? repo.playerStats(ctx.db, seriesId, finalist) : Promise.resolve([]),
  ]);
  const membersOf = new Map<string, number[]>();
  for (const m of members) {
    const k = m.squad_id !== null ? `${m.tournament_id}:squad:${m.squad_id}` : `${m.tournament_id}:team:${m.team_id}`;
    const list = membersOf.get(k);
    if (list) list.push(m.player_id);
    else membersOf.set(k, [m.player_id]);
  }
  const playerIds = [...new Set([...ids(named, "player"), ...members.map((m) => m.player_id), ...stats.map((r) => r.player_id)])];
  // Hidden players (issue #15 §7) are left out of member lists and player tables, and a hidden
  // solo entrant is named HIDDEN_PLAYER_NAME: the answer is shared by every viewer, so it is
  // masked for all of them, as the home page's results are.
  const named_ = await repo.playerNames(ctx.db, playerIds);
  const hiddenIds = new Set(named_.filter((p) => p.is_hidden === 1).map((p) => p.id));
  const players = new Map(named_.filter((p) => p.is_hidden !== 1).map((p) => [p.id, p]));
  const S = new Map(squads.map((s) => [s.id, s]));
  const T = new Map(teams.map((t) => [t.id, t]));

  const entrantName = (p: P) =>
    p.entrant_type === "squad"
      ? (S.get(p.entrant_id)?.squad_name ?? "Unknown squad")
      : p.entrant_type === "team"
        ? (T.get(p.entrant_id)?.team_name ?? "Unknown team")
        : hiddenIds.has(p.entrant_id)
          ? HIDDEN_PLAYER_NAME
          : (players.get(p.entrant_id)?.display_name ?? "Unknown player");
  const entrantMembers = (p: P) =>
    p.entrant_type === "player" ? [p.entrant_id] : (membersOf.get(`${p.tournament_id}:${p.entrant_type}:${p.entrant_id}`) ?? []);

  // Tournament History: medal placements of every published tournament.
  const history: Record<number, HistoryPlacement[]> = {};
  for (const p of medal) {
    const team = p.entrant_type === "team" ? T.get(p.entrant_id) : undefined;
    const squad = p.entrant_type === "squad" ? S.get(p.entrant_id) : undefined;
    (history[p.tournament_id] ??= []).push({
      id: p.id,
      placement: p.placement!,
      placement_upper_bound: p.placement_upper_bound,
      name: entrantName(p),
      tag: team?.team_tag ?? (squad?.squad_tag || null),
      color: team?.team_color ?? squad?.squad_color ?? null,
      team_id: team ? p.entrant_id : null,
      members: entrantMembers(p).flatMap((id) => {
        const pl = players.get(id);
        return pl ? [{ player_id: id, player_name: pl.display_name, country_code: pl.country_code }] : [];
      }),
    });
  }
  for (const list of Object.values(history))
    list.sort((a, b) => (a.placement_upper_bound ?? a.placement) - (b.placement_upper_bound ?? b.placement) || a.id - b.id);

  if (aggregation === "none") return { history, podium: [], finals: [], appearances: [] };

  interface Acc {
    key: number | string;
    name: string;
    icon: string | null;
    gold: number;
    silver: number;
    bronze: number;
    finals: number;
    appearances: number;
  }
  let all: Acc[];
  if (aggregation === "player_id") {
    // Counted in SQL (one pass over placements and members); here only names and ranks.
    all = stats.flatMap((r) => {
      const pl = players.get(r.player_id);
      return pl ? [{ key: r.player_id, name: pl.display_name, icon: pl.country_code, ...r }] : [];
    });
  } else {
    // Team and name keys need no members: one pass over the placements.
    const keyOf = (p: P): { key: number | string; name: string; icon: string | null } | null => {
      if (aggregation === "team_id") {
        if (p.entrant_type !== "team") return null;
        const t = T.get(p.entrant_id);
        return { key: p.entrant_id, name: t?.team_name ?? "Unknown team", icon: uploadUrl(t?.logo_filename ?? null) };
      }
      const name = entrantName(p).trim();
      return { key: name.toLowerCase(), name, icon: null };
    };
    const acc = new Map<number | string, Acc & { tournaments: Set<number> }>();
    const finalistRe = /finalist/i;
    for (const p of placements) {
      if (p.series_stats_include !== 1) continue;
      const k = keyOf(p);
      if (!k) continue;
      const b = p.dq === 1 ? null : best(p);
      const isFinal =
        b !== null &&
        ((finalist === "top_2" && b <= 2) || (finalist === "top_3_or_finalist" && (b <= 3 || finalistRe.test(p.title ?? ""))));
      let a = acc.get(k.key);
      if (!a) {
        a = { ...k, gold: 0, silver: 0, bronze: 0, finals: 0, appearances: 0, tournaments: new Set() };
        acc.set(k.key, a);
      }
      if (b === 1) a.gold++;
      else if (b === 2) a.silver++;
      else if (b === 3) a.bronze++;
      if (isFinal) a.finals++;
      a.tournaments.add(p.tournament_id);
    }
    all = [...acc.values()].map(({ tournaments, ...a }) => ({ ...a, appearances: tournaments.size }));
  }
  const podium = withRanks(
    all.filter((a) => a.gold + a.silver + a.bronze > 0),
    (a) => [a.gold, a.silver, a.bronze],
  ).map(({ key, placement, icon, name, gold, silver, bronze }) => ({ key, placement, icon, name, gold, silver, bronze }));
  const finals = withRanks(
    all.filter((a) => a.finals > 0),
    (a) => [a.finals],
  ).map(({ key, placement, icon, name, finals: count }) => ({ key, placement, icon, name, count }));
  const appearances = withRanks(all, (a) => [a.appearances]).map(({ key, placement, icon, name, appearances: count }) => ({
    key,
    placement,
    icon,
    name,
    count,
  }));
  return { history, podium, finals, appearances };
}

/** The top 25 of an appearance list, plus the viewer's own row after them when aggregating by player. */
// Row by key per cached table: a long series has tens of thousands of appearance rows, and a
// linear search for the viewer's own row on every signed-in request dominated its cost.
const rowIndex = new WeakMap<SeriesAppearanceRow[], Map<SeriesAppearanceRow["key"], { row: SeriesAppearanceRow; at: number }>>();
function rowByKey(rows: SeriesAppearanceRow[], key: SeriesAppearanceRow["key"]) {
  let index = rowIndex.get(rows);
  if (!index) {
    index = new Map();
    for (let i = 0; i < rows.length; i++) if (!index.has(rows[i]!.key)) index.set(rows[i]!.key, { row: rows[i]!, at: i });
    rowIndex.set(rows, index);
  }
  return index.get(key);
}

/**
 * The top COUNTS.appearanceTable rows, plus the viewer's own row when aggregating by player and
 * it ranks below them (000 §2 appearance table: 'plus the current player's row').
 */
export function topWithViewer(rows: SeriesAppearanceRow[], aggregation: Aggregation, viewerPlayerId: number | null): SeriesAppearanceRow[] {
  const top = rows.slice(0, COUNTS.appearanceTable);
  if (aggregation !== "player_id" || viewerPlayerId === null) return top;
  const own = rowByKey(rows, viewerPlayerId);
  return own && own.at >= COUNTS.appearanceTable ? [...top, own.row] : top;
}

/**
 * The Stats panel and the history medals of a series for one viewer: cached per series,
 * sliced per viewer (their own appearance rows when aggregating by player).
 */
export async function seriesStatsFor(
  ctx: AppContext,
  series: { id: number; aggregation_field: string; finalist_criteria: string },
  viewerPlayerId: number | null,
): Promise<{ stats: SeriesStats; history: Record<number, HistoryPlacement[]>; viewerKey: string }> {
  const aggregation = asAggregation(series.aggregation_field);
  const r = await seriesResults(ctx, series.id, aggregation, series.finalist_criteria);
  const finals = topWithViewer(r.finals, aggregation, viewerPlayerId);
  const appearances = topWithViewer(r.appearances, aggregation, viewerPlayerId);
  const ownRows = finals.length > COUNTS.appearanceTable || appearances.length > COUNTS.appearanceTable;
  return {
    history: r.history,
    // Viewers whose own row is appended get an answer of their own; everyone else shares one.
    viewerKey: ownRows ? `p${viewerPlayerId}` : "-",
    stats: {
      aggregation_field: aggregation,
      podium_finishes: r.podium.slice(0, MEDAL_TABLE_MAX),
      finals_appearances: finals,
      appearances,
    },
  };
}
