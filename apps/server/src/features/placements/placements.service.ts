import {
  isSquadEvent,
  isTeamEvent,
  type EntrantType,
  type MyPlacement,
  MyPlacementSchema,
  PLACEMENT_CODES,
  PLACEMENT_MESSAGES as M,
  PLACEMENTS_PAGE_SIZE,
  type PlacementRow,
  type Placements,
  type PlacementsEditor,
  type PlacementsSaveBodySchema,
  PlacementsSchema,
  placementListProblem,
  placementText,
  type TournamentLogValue,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { cacheKeys, invalidateAfter } from "../../lib/cache-keys.js";
import { RawJson } from "../../lib/cache.js";
import { badRequest } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import { requestDataVersion } from "../auth/session.js";
import {
  isRegistrationModerator,
  loadVisibleTournament,
  logTournamentAction,
  requireTournamentAdmin,
  type Tournament,
} from "../access/tournament-access.service.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";
import { describeEntrants } from "./entrants.service.js";
import { webhookPlacements } from "../webhooks/webhook-events.service.js";
import * as repo from "./placements.repository.js";

type SaveBody = z.output<typeof PlacementsSaveBodySchema>;

// One collator for name orders (localeCompare with options builds one per call).
const collator = new Intl.Collator("en", { sensitivity: "base" });

/** Registration format → the kind of entrant its placements name (001 §3: 0 team, 1 solo, 2 squad). */
export function entrantTypeOf(eventFormat: number): EntrantType {
  return isTeamEvent(eventFormat) ? "team" : isSquadEvent(eventFormat) ? "squad" : "player";
}

/** Tournament administrators only (001 §6), refused with the placements' own 403 message. */
const requireAdmin = (ctx: AppContext, actor: Actor, id: number) =>
  requireTournamentAdmin(ctx, actor, id, { message: M.forbidden, code: "placements.forbidden" });

/** Placement records → wire rows with names, tags and members (one query per entrant kind); hidden players as `describeEntrants`. */
async function describe(ctx: AppContext, tournamentId: number, rows: repo.PlacementRecord[], showHidden: boolean): Promise<PlacementRow[]> {
  const described = await describeEntrants(ctx, tournamentId, rows, { showHidden });
  return rows.map((r, i) => ({ ...described[i]!, entrant_type: r.entrant_type as EntrantType, entrant_id: r.entrant_id }));
}

type ListQuery = { order: "PA" | "PD" | "NA" | "ND"; limit?: number; page: number };

/**
 * `GET /api/events/{id}/placements?order&limit&page` (001 §2 Squad/Team placements, §7): one
 * page (PLACEMENTS_PAGE_SIZE rows) of the rows in the chosen order (disqualified last), or the
 * first `limit` rows (the preview), the registered count and the override. A page past the end
 * answers no rows with the real `page_count`. Hidden players (issue 15 C) show as 'Hidden
 * player' (solo) or are left out of members, except to the tournament's registration
 * moderators and to moderators and administrators. Published tournaments' answers are kept as
 * JSON per page and kind of viewer (public or staff, so a staff answer never reaches the
 * public) until a write clears them (`cacheKeys.entrantLists`, issue #16: placements,
 * registration, tournament, registry and moderation writes), also with the micro-cache off.
 */
export async function listPlacements(ctx: AppContext, actor: Actor, id: number, q: ListQuery): Promise<RawJson | Placements> {
  const ev = await loadVisibleTournament(ctx, actor, id, { cached: true });
  const showHidden = seesHiddenPlayers(actor) || (await isRegistrationModerator(ctx, actor, ev));
  const compute = () => computePlacements(ctx, ev, q, showHidden);
  // Unpublished tournaments are read by their staff only: rare, not worth a kept copy.
  if (ev.published !== 1) return showHidden ? compute() : new RawJson(JSON.stringify(PlacementsSchema.parse(await compute())));
  const page = q.limit !== undefined ? String(q.limit) : `p${q.page}`;
  return ctx.cache.keepJson(
    cacheKeys.entrantLists.placements(ev, showHidden ? "staff" : "public", q.order, page),
    PlacementsSchema,
    compute,
  );
}

/**
 * Every placement row of a tournament described, and the registered count: cached per
 * tournament (the list in each order, the preview and my_placement all read it) until a
 * placements, registration or tournament write clears `tournaments:`.
 */
function placementRows(ctx: AppContext, ev: Tournament): Promise<{ rows: PlacementRow[]; count: number }> {
  return ctx.cache.get(cacheKeys.tournaments.placementRows(ev.id), () => describedRows(ctx, ev, false));
}

/** Every placement row of a tournament described (hidden players shown only with `showHidden`), and the registered count. */
async function describedRows(ctx: AppContext, ev: Tournament, showHidden: boolean): Promise<{ rows: PlacementRow[]; count: number }> {
  const type = entrantTypeOf(ev.event_format);
  const [records, count] = await Promise.all([repo.placementsOf(ctx.db, ev.id), repo.registeredCount(ctx.db, ev.id, type)]);
  return { rows: await describe(ctx, ev.id, records, showHidden), count };
}

/** PA keeps the stored order (placed by placement, then DQ); PD reverses the placed rows, DQ still last. */
function byPlacement<T>(rows: T[], isDq: (r: T) => boolean, order: "PA" | "PD"): T[] {
  if (order === "PA") return rows;
  return [...rows.filter((r) => !isDq(r)).reverse(), ...rows.filter(isDq)];
}

/** The rows of one page (`q.page`), or the first `q.limit` rows. */
function cut<T>(rows: T[], q: ListQuery): T[] {
  return q.limit !== undefined ? rows.slice(0, q.limit) : rows.slice((q.page - 1) * PLACEMENTS_PAGE_SIZE, q.page * PLACEMENTS_PAGE_SIZE);
}

/**
 * One page of placements. Placement orders need no names: the records are ordered and cut
 * first and only the rows sent are described (a page of 100 of 500 squads, or the top 12,
 * used to describe all 500 and their 2,000 members per request). Name orders sort every
 * described row (shared through `placementRows` unless `showHidden`).
 */
async function computePlacements(ctx: AppContext, ev: Tournament, q: ListQuery, showHidden: boolean): Promise<Placements> {
  const registered = () => repo.registeredCount(ctx.db, ev.id, entrantTypeOf(ev.event_format));
  if (q.order === "PA") {
    // The stored order is the index's: the page is cut in SQL.
    const [limit, offset] = q.limit !== undefined ? [q.limit, 0] : [PLACEMENTS_PAGE_SIZE, (q.page - 1) * PLACEMENTS_PAGE_SIZE];
    const [page, count] = await Promise.all([repo.placementsPage(ctx.db, ev.id, limit, offset), registered()]);
    return pageAnswer(ev, q, await describe(ctx, ev.id, page.rows, showHidden), page.total, count);
  }
  if (q.order === "PD") {
    const [records, count] = await Promise.all([repo.placementsOf(ctx.db, ev.id), registered()]);
    const rows = await describe(
      ctx,
      ev.id,
      cut(
        byPlacement(records, (r) => r.dq === 1, q.order),
        q,
      ),
      showHidden,
    );
    return pageAnswer(ev, q, rows, records.length, count);
  }
  const cached = showHidden ? await describedRows(ctx, ev, true) : await placementRows(ctx, ev);
  const placed = cached.rows.filter((r) => !r.dq);
  const dq = cached.rows.filter((r) => r.dq);
  const byName = (a: PlacementRow, b: PlacementRow) => collator.compare(a.name, b.name);
  placed.sort(byName);
  dq.sort(byName);
  if (q.order === "ND") {
    placed.reverse();
    dq.reverse();
  }
  const rows = [...placed, ...dq];
  return pageAnswer(ev, q, cut(rows, q), rows.length, cached.count);
}

/**
 * The answer around the rows of one page. The order is applied across every row before the
 * cut, so page 2 continues page 1; each row keeps its stored placement, so numbering stays the
 * true placement on every page.
 */
function pageAnswer(ev: Tournament, q: ListQuery, rows: PlacementRow[], total: number, count: number): Placements {
  const page = q.limit !== undefined ? 1 : q.page;
  const pageCount = q.limit !== undefined ? 1 : Math.max(1, Math.ceil(total / PLACEMENTS_PAGE_SIZE));
  return {
    data: rows,
    count,
    total_registrations_override: ev.total_registrations_override,
    total_entrants: ev.total_registrations_override ?? count,
    page,
    page_count: pageCount,
  };
}

/**
 * `GET /api/events/{id}/my_placement` (001 §2 'You placed', §7): the signed-in player's own
 * placement (solo), their squad's or their team's, judged by their registered registration;
 * null for anonymous viewers, viewers without a profile and entrants not placed. A signed-in
 * viewer's answer is kept per tournament and account while the data version holds (#16: the
 * request's own version read, `requestDataVersion`, so a kept answer costs no statement of its
 * own); the visibility check is part of it (a refusal is not kept).
 */
export async function myPlacement(ctx: AppContext, actor: Actor, id: number): Promise<MyPlacement | RawJson> {
  if (actor.userId === null) {
    await loadVisibleTournament(ctx, actor, id, { cached: true });
    return { placement: null };
  }
  const version = await requestDataVersion(ctx, actor);
  return ctx.cache.keepJsonAt(cacheKeys.profiles.myPlacement(id, actor.userId), version, MyPlacementSchema, () =>
    ownPlacement(ctx, actor, actor.userId!, id),
  );
}

/** `myPlacement` computed: the viewer's entrant in the tournament and its described row. */
async function ownPlacement(ctx: AppContext, actor: Actor, userId: number, id: number): Promise<MyPlacement> {
  const ev = await loadVisibleTournament(ctx, actor, id, { cached: true });
  const playerId = actor.playerId ?? (await repo.playerOfUser(ctx.db, userId))?.id;
  if (playerId === undefined) return { placement: null };
  const type = entrantTypeOf(ev.event_format);
  let entrantId: number | null = playerId;
  if (type !== "player") {
    const reg = await repo.registrationOf(ctx.db, ev.id, playerId);
    entrantId = reg?.status === "registered" ? (type === "squad" ? reg.squad_id : reg.team_id) : null;
  }
  if (entrantId === null) return { placement: null };
  // Only the viewer's own row is described (placements_unique: at most one per entrant).
  const record = await repo.placementOf(ctx.db, ev.id, type, entrantId);
  if (!record) return { placement: null };
  const [row] = await describe(ctx, ev.id, [record], false);
  return { placement: row ?? null };
}

/**
 * `GET /api/events/{id}/placements/edit` (tournament administrators): every entrant (registered
 * ones, plus withdrawn or rejected ones already placed) with names and members, the current
 * placements in order, the registered count and the override.
 */
export async function editor(ctx: AppContext, actor: Actor, id: number): Promise<PlacementsEditor> {
  const ev = await requireAdmin(ctx, actor, id);
  const type = entrantTypeOf(ev.event_format);
  const [entrants, records] = await Promise.all([repo.entrantsOf(ctx.db, ev.id, type), repo.placementsOf(ctx.db, ev.id)]);
  const placedIds = new Set(records.map((r) => r.entrant_id));
  const shown = entrants.filter((e) => e.status === "registered" || placedIds.has(e.id));
  const pseudo = shown.map((e) => ({
    id: 0,
    tournament_id: ev.id,
    entrant_type: type,
    entrant_id: e.id,
    placement: null,
    placement_upper_bound: null,
    dq: 0,
    title: null,
  }));
  // Administrators place every entrant, hidden players included (issue 15 C).
  const described = await describeEntrants(ctx, ev.id, pseudo, { showHidden: true });
  return {
    entrant_type: type,
    entrants: shown.map((e, i) => {
      const d = described[i]!;
      return { entrant_id: e.id, name: d.name, tag: d.tag, color: d.color, members: d.members, status: e.status };
    }),
    placements: records.map((r) => ({
      entrant_id: r.entrant_id,
      placement: r.placement,
      placement_upper_bound: r.placement_upper_bound,
      dq: r.dq === 1,
      title: r.title,
    })),
    count: entrants.filter((e) => e.status === "registered").length,
    total_registrations_override: ev.total_registrations_override,
  };
}

/**
 * `POST /api/events/{id}/placements` (tournament administrators; 001 §2 Placements edit):
 * validates the whole list (placementListProblem: order, ties, DQ last, no entrant twice; and
 * only this tournament's entrants), then replaces the stored placements and the override in
 * one transaction with a log line. 400 with the first broken rule's message, and its code and
 * params (PLACEMENT_CODES, #21).
 */
export async function savePlacements(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: SaveBody,
): Promise<{ status: "ok"; message: string }> {
  const ev = await requireAdmin(ctx, actor, id);
  const type = entrantTypeOf(ev.event_format);
  const rows = body.placements.map((r) => ({
    ...r,
    // A bound equal to the placement is no tie.
    placement_upper_bound: r.placement_upper_bound === r.placement ? null : r.placement_upper_bound,
  }));
  const broken = placementListProblem(rows);
  if (broken) {
    const { message, ...code } = broken;
    throw badRequest(message, code);
  }
  const entrants = new Set((await repo.entrantsOf(ctx.db, ev.id, type)).map((e) => e.id));
  const stranger = rows.find((r) => !entrants.has(r.entrant_id));
  if (stranger)
    throw badRequest(M.notEntrant(stranger.entrant_id), { code: PLACEMENT_CODES.notEntrant, params: { id: stranger.entrant_id } });

  const before = await repo.placementsOf(ctx.db, ev.id);
  const describeList = (list: ReadonlyArray<{ dq: boolean | number; placement: number | null }>, override: number | null) => {
    const dq = list.filter((r) => r.dq === true || r.dq === 1).length;
    return `${list.length - dq} placed, ${dq} disqualified${override !== null ? `, ${override} entrants (override)` : ""}`;
  };
  /** The same counts for translation (#21): placed, disqualified and the entrants override as numbers. */
  const listValues = (list: ReadonlyArray<{ dq: boolean | number }>, override: number | null): TournamentLogValue[] => {
    const dq = list.filter((r) => r.dq === true || r.dq === 1).length;
    return [
      { field: "placed", kind: "number", value: list.length - dq },
      { field: "disqualified", kind: "number", value: dq },
      ...(override !== null ? [{ field: "entrants_override", kind: "number" as const, value: override }] : []),
    ];
  };
  const top = rows
    .filter((r) => !r.dq && r.placement !== null)
    .slice(0, 3)
    .map((r) => `${placementText(r.placement!, r.placement_upper_bound)}: #${r.entrant_id}${r.title ? ` (${r.title})` : ""}`)
    .join("; ");
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replacePlacements(trx, ev.id, type, rows, body.total_registrations_override);
    await webhookPlacements(ctx, trx, ev, type, rows);
    await logTournamentAction(trx, ev, actor, "placements.edit", {
      summary: "Edited the placements",
      summaryKey: "placements.edited",
      summaryParams: {},
      before: before.length || ev.total_registrations_override !== null ? describeList(before, ev.total_registrations_override) : "(none)",
      after: describeList(rows, body.total_registrations_override) + (top ? ` — ${top}` : ""),
      beforeValues:
        before.length || ev.total_registrations_override !== null
          ? listValues(before, ev.total_registrations_override)
          : [{ field: null, kind: "word", value: "none" }],
      afterValues: [
        ...listValues(rows, body.total_registrations_override),
        ...(top ? [{ field: "top", kind: "text" as const, value: top }] : []),
      ],
    });
  });
  // The placements page, previews, home results, series stats and profiles all read them.
  invalidateAfter(ctx.cache, "placements");
  return { status: "ok", message: "Placements saved." };
}

/**
 * Every placement row of a tournament in stored order (placed by placement, then DQ), described
 * as the placements list shows them to `actor` (hidden players as there): the CSV download
 * (issue #22 §3). 404 when the actor may not see the tournament.
 */
export async function allPlacements(ctx: AppContext, actor: Actor, id: number): Promise<{ ev: Tournament; rows: PlacementRow[] }> {
  const ev = await loadVisibleTournament(ctx, actor, id, { cached: true });
  const showHidden = seesHiddenPlayers(actor) || (await isRegistrationModerator(ctx, actor, ev));
  const { rows } = showHidden ? await describedRows(ctx, ev, true) : await placementRows(ctx, ev);
  return { ev, rows };
}
