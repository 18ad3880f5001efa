import {
  POINTS_LIMITS,
  PointsRuleSchema,
  type PointsAdjustmentBody,
  type PointsRule,
  type SeriesPoints,
  type SeriesStandings,
  type StandingsRow,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import { cacheKeys, invalidateAfter } from "../../lib/cache-keys.js";
import { iso } from "../../lib/dates.js";
import { badRequest, forbidden, notFound, unauthorized } from "../../lib/errors.js";
import { canEditSeries } from "../access/series-access.service.js";
import type { Actor } from "../permissions/permissions.js";
import { computeStandings, parsePointsCsv, PointsCsvError, type ResultInput } from "./series-points-rules.js";
import * as repo from "./series-points.repository.js";
import * as seriesRepo from "./series.repository.js";
import { asAggregation } from "./series-stats.service.js";
import { visibleSeries } from "./series.service.js";

/**
 * Series points and standings (issue #22 §4): the rule, adjustments, CSV import, and the
 * standings computed on read.
 *
 * Computed on read, cached under `cacheKeys.tournaments.seriesStandings` (the `tournaments:`
 * scope): every placement write already clears that scope (`invalidateAfter(…, "placements")`),
 * so standings are recomputed on the first read after placements change, without touching the
 * placements transaction; rule and adjustment writes clear it with the `series` change.
 *
 * Permissions: anyone who may see the series reads its standings (404 otherwise); the rule,
 * adjustments and import are for its editors (`canEditSeries`: event administrators and the
 * series' administrators; 401 anonymous, 403 otherwise).
 */

type StandingsAggregation = SeriesStandings["aggregation_field"];
const NOT_EDITOR = "You do not have permission to edit this series.";

/** The series' aggregation for standings: "none" ranks players. */
function standingsAggregation(field: string): StandingsAggregation {
  const a = asAggregation(field);
  return a === "none" ? "player_id" : a;
}

function parseRule(row: Awaited<ReturnType<typeof repo.findRule>>): PointsRule | null {
  if (!row) return null;
  return PointsRuleSchema.parse({
    ranges: JSON.parse(row.ranges) as unknown,
    tie_rule: row.tie_rule,
    best_n: row.best_n,
    multipliers: JSON.parse(row.multipliers) as unknown,
  });
}

interface StandingsData {
  aggregation_field: StandingsAggregation;
  rule: PointsRule | null;
  tournaments: SeriesStandings["tournaments"];
  rows: StandingsRow[];
}

/** Reads everything and ranks it (uncached). */
async function computeSeriesStandings(ctx: AppContext, seriesId: number, aggregationField: string): Promise<StandingsData> {
  const aggregation = standingsAggregation(aggregationField);
  const [ruleRow, tournaments, placements, sums] = await Promise.all([
    repo.findRule(ctx.db, seriesId),
    repo.countedTournaments(ctx.db, seriesId),
    seriesRepo.seriesPlacements(ctx.db, seriesId),
    repo.adjustmentSums(ctx.db, seriesId),
  ]);
  const rule = parseRule(ruleRow);
  const multiplierOf = (id: number) => rule?.multipliers[String(id)] ?? 1;
  const tournamentList = tournaments.map((t) => ({ id: t.id, title: t.title, multiplier: multiplierOf(t.id) }));
  if (!rule) return { aggregation_field: aggregation, rule: null, tournaments: tournamentList, rows: [] };

  const order = new Map(tournaments.map((t, i) => [t.id, i]));
  const counted = placements.filter((p) => order.has(p.tournament_id));
  const results: ResultInput[] = [];
  const names = new Map<number | string, string>();
  const base = (p: (typeof counted)[number]) => ({
    tournament_id: p.tournament_id,
    order: order.get(p.tournament_id)!,
    placement: p.placement,
    placement_upper_bound: p.placement_upper_bound,
    dq: p.dq === 1,
  });
  const adjustments = new Map<number | string, number>();
  const adjKey = (k: string): number | string => (aggregation === "squad_name" ? k : Number(k));
  for (const s of sums) adjustments.set(adjKey(s.entrant_key), Number(s.points));

  if (aggregation === "player_id") {
    const squads = [...new Set(counted.filter((p) => p.entrant_type === "squad").map((p) => p.entrant_id))];
    const teams = counted.filter((p) => p.entrant_type === "team").map((p) => ({ tournament_id: p.tournament_id, team_id: p.entrant_id }));
    const members = await seriesRepo.entrantMembers(ctx.db, squads, teams);
    const membersOf = new Map<string, number[]>();
    for (const m of members) {
      const k = m.squad_id !== null ? `${m.tournament_id}:squad:${m.squad_id}` : `${m.tournament_id}:team:${m.team_id}`;
      (membersOf.get(k) ?? membersOf.set(k, []).get(k)!).push(m.player_id);
    }
    for (const p of counted) {
      const ids =
        p.entrant_type === "player" ? [p.entrant_id] : (membersOf.get(`${p.tournament_id}:${p.entrant_type}:${p.entrant_id}`) ?? []);
      for (const id of ids) results.push({ key: id, ...base(p) });
    }
    const ids = [...new Set([...results.map((r) => r.key as number), ...[...adjustments.keys()].map(Number)])];
    // Hidden players (issue #15 §7) are left out: the answer is shared by every viewer.
    for (const pl of await seriesRepo.playerNames(ctx.db, ids)) if (pl.is_hidden !== 1) names.set(pl.id, pl.display_name);
  } else if (aggregation === "team_id") {
    for (const p of counted) if (p.entrant_type === "team") results.push({ key: p.entrant_id, ...base(p) });
    const ids = [...new Set([...results.map((r) => r.key as number), ...[...adjustments.keys()].map(Number)])];
    for (const t of await seriesRepo.teamNames(ctx.db, ids)) names.set(t.id, t.team_name);
  } else {
    const squadIds = [...new Set(counted.filter((p) => p.entrant_type === "squad").map((p) => p.entrant_id))];
    const teamIds = [...new Set(counted.filter((p) => p.entrant_type === "team").map((p) => p.entrant_id))];
    const playerIds = [...new Set(counted.filter((p) => p.entrant_type === "player").map((p) => p.entrant_id))];
    const [sq, tm, pl] = await Promise.all([
      seriesRepo.squadNames(ctx.db, squadIds),
      seriesRepo.teamNames(ctx.db, teamIds),
      seriesRepo.playerNames(ctx.db, playerIds),
    ]);
    const S = new Map(sq.map((s) => [s.id, s.squad_name]));
    const T = new Map(tm.map((t) => [t.id, t.team_name]));
    const P = new Map(pl.filter((p) => p.is_hidden !== 1).map((p) => [p.id, p.display_name]));
    for (const p of counted) {
      const name = (p.entrant_type === "squad" ? S : p.entrant_type === "team" ? T : P).get(p.entrant_id)?.trim();
      if (!name) continue;
      const key = name.toLowerCase();
      if (!names.has(key)) names.set(key, name);
      results.push({ key, ...base(p) });
    }
    for (const k of adjustments.keys()) if (!names.has(k)) names.set(k, String(k));
  }
  return { aggregation_field: aggregation, rule, tournaments: tournamentList, rows: computeStandings(rule, results, adjustments, names) };
}

function standingsData(ctx: AppContext, series: { id: number; aggregation_field: string }): Promise<StandingsData> {
  return ctx.cache.get(cacheKeys.tournaments.seriesStandings(series.id), () =>
    computeSeriesStandings(ctx, series.id, series.aggregation_field),
  );
}

/**
 * The ranked standings rows of a series (no permission check), for exports (CSV) and other
 * services: rank, key, name, total, adjustments and the per-tournament breakdown. Empty when the
 * series has no rule. 404 'Series not found.' when the series does not exist.
 */
export async function seriesStandingsRows(ctx: AppContext, seriesId: number): Promise<StandingsData> {
  const s = await seriesRepo.findSeriesById(ctx.db, seriesId);
  if (!s) throw notFound("Series not found.", { code: "series.not_found" });
  return standingsData(ctx, s);
}

/** `GET /api/tournaments/series/:id/standings`: visible series only (404); `can_edit` for its editors. */
export async function getStandings(ctx: AppContext, actor: Actor, seriesId: number): Promise<SeriesStandings> {
  const s = await visibleSeries(ctx, actor, seriesId);
  const [data, canEdit] = await Promise.all([standingsData(ctx, s), canEditSeries(ctx, actor, s.id)]);
  return { series_id: s.id, ...data, can_edit: canEdit };
}

async function requireEditor(ctx: AppContext, actor: Actor, seriesId: number) {
  const s = await visibleSeries(ctx, actor, seriesId);
  if (actor.userId === null) throw unauthorized();
  if (!(await canEditSeries(ctx, actor, s.id))) throw forbidden(NOT_EDITOR, { code: "series.edit_forbidden" });
  return { series: s, userId: actor.userId };
}

/** `GET /api/tournaments/series/:id/points` (editors): the rule and the adjustments with who and when. */
export async function getPoints(ctx: AppContext, actor: Actor, seriesId: number): Promise<SeriesPoints> {
  const { series } = await requireEditor(ctx, actor, seriesId);
  const [ruleRow, list, data] = await Promise.all([
    repo.findRule(ctx.db, series.id),
    repo.listAdjustments(ctx.db, series.id),
    standingsData(ctx, series),
  ]);
  const names = new Map(data.rows.map((r) => [String(r.key), r.name]));
  return {
    rule: parseRule(ruleRow),
    adjustments: list.map((a) => ({
      id: a.id,
      key: a.entrant_key,
      name: names.get(a.entrant_key) ?? a.entrant_key,
      points: a.points,
      reason: a.reason,
      created_by: a.created_by_name ?? null,
      created_at: iso(a.created_at)!,
    })),
  };
}

/** `POST /api/tournaments/series/:id/points` (editors): replaces the rule; standings recompute on the next read. */
export async function saveRule(
  ctx: AppContext,
  actor: Actor,
  seriesId: number,
  rule: PointsRule,
): Promise<{ status: "ok"; message: string }> {
  const { series, userId } = await requireEditor(ctx, actor, seriesId);
  const ranges = [...rule.ranges].sort((a, b) => a.from - b.from);
  await repo.upsertRule(ctx.db, {
    series_id: series.id,
    ranges: JSON.stringify(ranges),
    tie_rule: rule.tie_rule,
    best_n: rule.best_n,
    multipliers: JSON.stringify(rule.multipliers),
    updated_by: userId,
    updated_at: Date.now(),
  });
  invalidateAfter(ctx.cache, "series");
  return { status: "ok", message: "Points rule saved." };
}

/** Validates a standings key against the aggregation: an existing player or team id, or a squad name (lower-cased). */
async function normaliseKeys(ctx: AppContext, aggregation: StandingsAggregation, keys: string[]): Promise<string[]> {
  if (aggregation === "squad_name") return keys.map((k) => k.trim().toLowerCase());
  const ids = keys.map((k) => (/^\d+$/.test(k.trim()) ? Number(k.trim()) : NaN));
  const bad = keys.find((_, i) => !Number.isSafeInteger(ids[i]!) || ids[i]! <= 0);
  const what = aggregation === "team_id" ? "team" : "player";
  if (bad !== undefined) throw badRequest(`"${bad}" is not a ${what} id.`, { code: "series.bad_key", params: { value: bad, kind: what } });
  const found = aggregation === "team_id" ? await repo.existingTeamIds(ctx.db, ids) : await repo.existingPlayerIds(ctx.db, ids);
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined)
    throw badRequest(`There is no ${what} with the id ${missing}.`, { code: "series.unknown_key", params: { id: missing, kind: what } });
  return ids.map(String);
}

/** `POST …/points/adjustments` (editors): one adjustment for a key of the series' aggregation (400 unknown key). */
export async function addAdjustment(
  ctx: AppContext,
  actor: Actor,
  seriesId: number,
  body: PointsAdjustmentBody,
): Promise<{ status: "ok"; message: string }> {
  const { series, userId } = await requireEditor(ctx, actor, seriesId);
  const [key] = await normaliseKeys(ctx, standingsAggregation(series.aggregation_field), [body.key]);
  await repo.insertAdjustments(ctx.db, [
    { series_id: series.id, entrant_key: key!, points: body.points, reason: body.reason, created_by: userId, created_at: Date.now() },
  ]);
  invalidateAfter(ctx.cache, "series");
  return { status: "ok", message: "Adjustment added." };
}

/** `POST …/points/adjustments/:adjustmentId/delete` (editors): 404 when the adjustment is not the series'. */
export async function deleteAdjustment(
  ctx: AppContext,
  actor: Actor,
  seriesId: number,
  adjustmentId: number,
): Promise<{ status: "ok"; message: string }> {
  const { series } = await requireEditor(ctx, actor, seriesId);
  if (!(await repo.deleteAdjustment(ctx.db, series.id, adjustmentId)))
    throw notFound("Adjustment not found.", { code: "series.adjustment_not_found" });
  invalidateAfter(ctx.cache, "series");
  return { status: "ok", message: "Adjustment removed." };
}

/**
 * `POST …/points/import` (editors): `id,points` CSV (player ids, or team ids when the series
 * aggregates by team; 400 for squad-name series, a bad line or an unknown id), written in one
 * transaction as adjustments with the reason "import".
 */
export async function importPoints(
  ctx: AppContext,
  actor: Actor,
  seriesId: number,
  csv: string,
): Promise<{ status: "ok"; message: string; imported: number }> {
  const { series, userId } = await requireEditor(ctx, actor, seriesId);
  const aggregation = standingsAggregation(series.aggregation_field);
  if (aggregation === "squad_name")
    throw badRequest("Points can be imported only when the series ranks players or teams.", { code: "series.import_squads" });
  let rows: Array<{ id: number; points: number }>;
  try {
    rows = parsePointsCsv(csv, POINTS_LIMITS.importRows);
  } catch (e) {
    throw badRequest((e as Error).message, e instanceof PointsCsvError ? e.messageCode : undefined);
  }
  const keys = await normaliseKeys(
    ctx,
    aggregation,
    rows.map((r) => String(r.id)),
  );
  const now = Date.now();
  await ctx.db.transaction().execute((trx) =>
    repo.insertAdjustments(
      trx,
      rows.map((r, i) => ({
        series_id: series.id,
        entrant_key: keys[i]!,
        points: r.points,
        reason: "import",
        created_by: userId,
        created_at: now,
      })),
    ),
  );
  invalidateAfter(ctx.cache, "series");
  return { status: "ok", message: `Imported ${rows.length} rows.`, imported: rows.length };
}
