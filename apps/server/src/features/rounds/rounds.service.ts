import {
  type CloseRoundBodySchema,
  type CloseRoundResult,
  type CreateRoundBodySchema,
  isSquadEvent,
  isTeamEvent,
  type MyRoom,
  type PlanOption,
  type RoundDetail,
  RoundDetailSchema,
  ROUND_MESSAGES as M,
  type RoundsOverview,
  RoundsOverviewSchema,
  type RoundSummary,
  type RoomSettingsBodySchema,
  type SetRoomsBodySchema,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { cacheKeys, invalidateAfter } from "../../lib/cache-keys.js";
import type { RawJson } from "../../lib/cache.js";
import { badRequest } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import { isTournamentAdmin, loadVisibleTournament, logTournamentAction, type Tournament } from "../access/tournament-access.service.js";
import { seesHiddenPlayers } from "../access/player-visibility.service.js";
import { savePlacements } from "../placements/placements.service.js";
import {
  access,
  describeRooms,
  format,
  loadRoom,
  loadRound,
  loadRoundData,
  now,
  rankMeta,
  rankSides,
  requireStaff,
  roomRacers,
  scoreRowsToRacers,
  summary,
} from "./round-view.service.js";
import { drawRooms, orderEntrants, type DrawEntrant, type SeedMethod } from "./engine/draw.js";
import { type TieMode } from "./engine/ranking.js";
import { applyAdvancement, planAdvancement, type RoomResult } from "./engine/advancement.js";
import { finalPlacements, type FinalInput } from "./engine/final-placements.js";
import { allPointsTables, resolvePointsTable } from "./points-tables.service.js";
import { webhookRoundPublished } from "../webhooks/webhook-events.service.js";
import * as repo from "./rounds.repository.js";

/**
 * FFA rounds (issue #19): drawing rounds into rooms, tables, closing rounds with advancement
 * and tiebreaks, and writing the final placements. Permissions (001 §6 extended): tournament
 * administrators run rounds; a room's host submits only their room's table and only until it
 * is locked; everyone may read published rounds of a tournament they can see; drafts only
 * staff. Every change writes a tournament log line in its transaction.
 */

type CreateBody = z.output<typeof CreateRoundBodySchema>;
type SetRoomsBody = z.output<typeof SetRoomsBodySchema>;
type SettingsBody = z.output<typeof RoomSettingsBodySchema>;
type CloseBody = z.output<typeof CloseRoundBodySchema>;
/** One side to draw, with its racers. */
interface Side extends DrawEntrant {
  racers: repo.RacerRow[];
}

/** Groups racers into sides (squads or players); squads below the minimum size are left out. */
function sidesOf(racers: repo.RacerRow[], squads: boolean, minSize: number): Side[] {
  const by = new Map<number, Side>();
  for (const r of racers) {
    const key = squads ? r.squad_id! : r.player_id;
    const at = by.get(key);
    if (at) {
      at.racers.push(r);
      at.can_host ||= r.can_host === 1;
    } else {
      by.set(key, {
        entrant_id: key,
        can_host: r.can_host === 1,
        registered_at: squads ? Number(r.squad_created_at ?? r.registered_at) : Number(r.registered_at),
        racers: [r],
      });
    }
  }
  return [...by.values()].filter((s) => !squads || s.racers.length >= Math.max(1, minSize));
}

/** Who would be drawn into the next round: round 1 the registered (checked-in) entrants, later the previous round's advancers. */
async function nextSides(ctx: AppContext, ev: Tournament, last: repo.RoundRow | undefined): Promise<Side[]> {
  const { squads } = format(ev);
  if (!last) {
    const racers = await repo.racersOf(ctx.db, ev.id, { squads, checkedIn: ev.checkin_required === 1 });
    return sidesOf(racers, squads, ev.minimum_team_size);
  }
  const entries = (await repo.entriesOf(ctx.db, last.id)).filter((e) => e.advanced === "yes" || e.advanced === "wildcard");
  const racers = await repo.racersOfEntrants(
    ctx.db,
    ev.id,
    squads,
    entries.map((e) => e.entrant_id),
  );
  const sides = new Map(sidesOf(racers, squads, 1).map((s) => [s.entrant_id, s]));
  return entries.flatMap((e) => {
    const s = sides.get(e.entrant_id);
    return s ? [{ ...s, previous_score: e.total, previous_rank: e.rank }] : [];
  });
}

/**
 * `GET /api/events/{id}/rounds`: the rounds, what a new round would draw, whether the event
 * can be finished, and every points table (built in and custom). Anonymous viewers of a
 * published tournament all get the same answer, cached until the next tournament write
 * (every rounds write and a new points table clear `tournaments:`), so the rounds page of a
 * big event costs no SQL per visit (issue #19 §8); signed-in viewers may be staff (drafts,
 * the draw), so theirs is computed.
 */
export async function overview(ctx: AppContext, actor: Actor, id: number): Promise<RoundsOverview | RawJson> {
  const { ev, staff } = await access(ctx, actor, id, { cached: true });
  if (actor.userId === null && ev.published === 1) {
    return ctx.cache.json(cacheKeys.tournaments.rounds(id), RoundsOverviewSchema, () => computeOverview(ctx, ev, false));
  }
  return computeOverview(ctx, ev, staff);
}

async function computeOverview(ctx: AppContext, ev: Tournament, staff: boolean): Promise<RoundsOverview> {
  const team = isTeamEvent(ev.event_format);
  const rounds = team ? [] : await repo.roundsOf(ctx.db, ev.id);
  const visible = rounds.filter((r) => staff || r.status !== "draft");
  const last = rounds.at(-1);
  let nextEntrants = 0;
  if (staff && !team && (!last || last.status === "closed") && !(last && last.plan_per_room === null)) {
    nextEntrants = (await nextSides(ctx, ev, last)).length;
  }
  return {
    entrant_type: team ? null : isSquadEvent(ev.event_format) ? "squad" : "player",
    team_size: team ? 0 : format(ev).teamSize,
    can_manage: staff && !team,
    rounds: visible.map((r) => summary(r, r)),
    next_entrants: nextEntrants,
    can_finish: staff && !!last && last.status === "closed" && last.plan_per_room === null,
    points_tables: (await allPointsTables(ctx)).map((t) => ({ key: t.key, name: t.name, room_size: t.room_size })),
  };
}

/**
 * `POST /api/events/{id}/rounds` (tournament administrators): draws the next round as a draft.
 * Round 1 draws the registered (and, with check-ins, checked-in) entrants; later rounds the
 * previous round's advancers, which must be closed. Sides are ordered (random with a stored
 * seed, by the previous round's score, or by hand), host-capable sides first, snake-seeded
 * into balanced rooms. Errors: 400 previousOpen, noEntrants, unknown points table; 403.
 */
export async function createRound(ctx: AppContext, actor: Actor, id: number, body: CreateBody): Promise<RoundSummary> {
  const ev = await requireStaff(ctx, actor, id);
  const { squads, teamSize } = format(ev);
  const table = await resolvePointsTable(ctx, body.points_table);
  if (!table) throw badRequest("Unknown points table.", { code: "rounds.unknown_points_table" });
  if (table.room_size < body.room_size)
    throw badRequest(`The points table "${table.name}" scores rooms of up to ${table.room_size} racers.`, {
      code: "rounds.points_table_too_small",
      params: { name: table.name, size: table.room_size },
    });
  const rounds = await repo.roundsOf(ctx.db, ev.id);
  const last = rounds.at(-1);
  if (last && last.status !== "closed") throw badRequest(M.previousOpen, { code: "rounds.previous_open" });
  if (last && last.plan_per_room === null)
    throw badRequest("The final has been played: no round follows it.", { code: "rounds.final_played" });
  const sidesPerRoom = Math.floor(body.room_size / teamSize);
  if (sidesPerRoom < 2) throw badRequest("A room must hold at least two sides.", { code: "rounds.room_too_small" });
  const sides = await nextSides(ctx, ev, last);
  if (sides.length === 0) throw badRequest(M.noEntrants, { code: "rounds.no_entrants" });
  if (body.seed_method === "score" && !last)
    throw badRequest("Round 1 has no previous score to seed by.", { code: "rounds.no_previous_score" });
  const method: SeedMethod = body.seed_method;
  if (method === "manual") {
    const pos = new Map((body.order ?? []).map((e, i) => [e, i + 1]));
    for (const s of sides) s.manual_position = pos.get(s.entrant_id) ?? null;
  }
  const seed = body.seed ?? Math.floor(Math.random() * 4294967296);
  const drawn = drawRooms(orderEntrants(sides, method, seed), sidesPerRoom);
  const byId = new Map(sides.map((s) => [s.entrant_id, s]));
  const number = (last?.number ?? 0) + 1;
  const name = body.name ?? `Round ${number}`;
  await ctx.db.transaction().execute(async (trx) => {
    const roundId = await repo.insertRound(trx, {
      tournament_id: ev.id,
      number,
      name,
      races: body.races,
      room_size: body.room_size,
      sides_per_room: sidesPerRoom,
      points_table: table.key,
      seed_method: method,
      seed,
      tie_mode: body.tie_mode,
      created_at: now(),
    });
    await repo.replaceRooms(
      trx,
      { id: roundId, tournament_id: ev.id },
      drawn.map((room) => ({
        number: room.number,
        host_player_id:
          room.host_entrant_id === null ? null : (byId.get(room.host_entrant_id)!.racers.find((r) => r.can_host === 1)?.player_id ?? null),
        sides: room.entrant_ids.map((e, i) => ({ entrant_id: e, seed: room.seeds[i]! })),
      })),
    );
    await logTournamentAction(trx, ev, actor, "rounds.draw", {
      summary: `Drew ${name}: ${sides.length} ${squads ? "squads" : "players"} in ${drawn.length} rooms (${method}${method === "random" ? `, seed ${seed}` : ""})`,
      summaryKey: "rounds.drawn",
      summaryParams: {
        round: name,
        count: sides.length,
        kind: squads ? "squads" : "players",
        rooms: drawn.length,
        method,
        seed: String(seed),
      },
    });
  });
  invalidateAfter(ctx.cache, "tournament");
  const round = (await repo.roundByNumber(ctx.db, ev.id, number))!;
  return summary(round, { room_count: drawn.length, side_count: sides.length, tables_in: 0 });
}

/** `GET /api/events/{id}/rounds/{n}`: the round and its rooms; advancement options for staff once every table is in. */
export async function roundDetail(ctx: AppContext, actor: Actor, id: number, n: number): Promise<RoundDetail | RawJson> {
  // The access row from the micro-cache: a cached answer then costs no SQL at all.
  const { ev, staff } = await access(ctx, actor, id, { cached: true });
  // Anonymous viewers of a published tournament all get the same answer: cached until the next
  // tournament write (every rounds write clears `tournaments:`). Signed-in viewers may be the
  // room's racers (room codes, friend codes) or staff, so theirs is computed.
  if (actor.userId === null && ev.published === 1) {
    return ctx.cache.json(cacheKeys.tournaments.round(id, n), RoundDetailSchema, () => computeRoundDetail(ctx, actor, ev, n, false));
  }
  return computeRoundDetail(ctx, actor, ev, n, staff);
}

async function computeRoundDetail(ctx: AppContext, actor: Actor, ev: Tournament, n: number, staff: boolean): Promise<RoundDetail> {
  const { squads } = format(ev);
  const round = await loadRound(ctx, ev, n, staff);
  const [data, table] = await Promise.all([loadRoundData(ctx, ev, round), resolvePointsTable(ctx, round.points_table)]);
  if (!table) throw badRequest("This round's points table no longer exists.", { code: "rounds.points_table_gone" });
  const rooms = describeRooms(ev, round, data, { staff, playerId: actor.playerId, showHidden: seesHiddenPlayers(actor) });
  let plans: PlanOption[] = [];
  if (staff && round.status !== "closed" && rooms.length > 0 && rooms.every((r) => r.table_in)) {
    plans = planAdvancement(
      rooms.map((r) => r.sides.length),
      round.sides_per_room,
    );
  }
  return {
    round: summary(round, { room_count: rooms.length, side_count: data.entries.length, tables_in: rooms.filter((r) => r.table_in).length }),
    entrant_type: squads ? "squad" : "player",
    can_manage: staff,
    rooms,
    points_table: table,
    plans,
  };
}

/**
 * `POST /api/events/{id}/rounds/{n}/rooms` (tournament administrators, draft only): a changed
 * draw. Every side of the round appears in exactly one room, no room holds more than the
 * round's sides per room, and a room's host is one of its racers. Seeds stay with the sides.
 */
export async function setRooms(
  ctx: AppContext,
  actor: Actor,
  id: number,
  n: number,
  body: SetRoomsBody,
): Promise<{ status: "ok"; message: string }> {
  const ev = await requireStaff(ctx, actor, id);
  const { squads } = format(ev);
  const round = await loadRound(ctx, ev, n, true);
  if (round.status !== "draft") throw badRequest(M.notDraft, { code: "rounds.not_draft" });
  const entries = await repo.entriesOf(ctx.db, round.id);
  const seedOf = new Map(entries.map((e) => [e.entrant_id, e.seed]));
  const listed = body.rooms.flatMap((r) => r.entrant_ids);
  if (listed.length !== entries.length || new Set(listed).size !== listed.length || listed.some((e) => !seedOf.has(e)))
    throw badRequest(M.entrantsChanged, { code: "rounds.entrants_changed" });
  if (body.rooms.some((r) => r.entrant_ids.length > round.sides_per_room))
    throw badRequest(`A room holds at most ${round.sides_per_room} sides.`, {
      code: "rounds.room_full",
      params: { max: round.sides_per_room },
    });
  const racers = await repo.racersOfEntrants(ctx.db, ev.id, squads, listed);
  const entrantOf = new Map(racers.map((r) => [r.player_id, squads ? r.squad_id! : r.player_id]));
  body.rooms.forEach((r, i) => {
    if (r.host_player_id !== null && !r.entrant_ids.includes(entrantOf.get(r.host_player_id) ?? -1)) {
      throw badRequest(`The host of room ${i + 1} must race in it.`, { code: "rounds.host_not_in_room", params: { room: i + 1 } });
    }
  });
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceRooms(
      trx,
      round,
      body.rooms.map((r, i) => ({
        number: i + 1,
        host_player_id: r.host_player_id,
        sides: r.entrant_ids.map((e) => ({ entrant_id: e, seed: seedOf.get(e)! })).sort((a, b) => a.seed - b.seed),
      })),
    );
    await logTournamentAction(trx, ev, actor, "rounds.rooms", {
      summary: `Changed the draw of ${round.name}`,
      summaryKey: "rounds.draw_changed",
      summaryParams: { round: round.name },
    });
  });
  invalidateAfter(ctx.cache, "tournament");
  return { status: "ok", message: "Draw saved." };
}

/** `POST /api/events/{id}/rounds/{n}/publish` (tournament administrators): draft → drawn; the rooms become public. */
export async function publishRound(ctx: AppContext, actor: Actor, id: number, n: number): Promise<{ status: "ok"; message: string }> {
  const ev = await requireStaff(ctx, actor, id);
  const round = await loadRound(ctx, ev, n, true);
  if (round.status !== "draft") throw badRequest("This draw is already published.", { code: "rounds.already_published" });
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateRound(trx, round.id, { status: "drawn" });
    await webhookRoundPublished(ctx, trx, ev, round);
    await logTournamentAction(trx, ev, actor, "rounds.publish", {
      summary: `Published the draw of ${round.name}`,
      summaryKey: "rounds.published",
      summaryParams: { round: round.name },
      live: { round: round.number },
    });
  });
  invalidateAfter(ctx.cache, "tournament");
  return { status: "ok", message: "Draw published." };
}

/** `POST /api/events/{id}/rounds/{n}/delete` (tournament administrators): the last round only, with its rooms and tables. */
export async function deleteRound(ctx: AppContext, actor: Actor, id: number, n: number): Promise<{ status: "ok"; message: string }> {
  const ev = await requireStaff(ctx, actor, id);
  const round = await loadRound(ctx, ev, n, true);
  const rounds = await repo.roundsOf(ctx.db, ev.id);
  if (rounds.at(-1)?.id !== round.id) throw badRequest(M.notLast, { code: "rounds.not_last" });
  await ctx.db.transaction().execute(async (trx) => {
    await repo.deleteRound(trx, round.id);
    await logTournamentAction(trx, ev, actor, "rounds.delete", {
      summary: `Deleted ${round.name}`,
      summaryKey: "rounds.deleted",
      summaryParams: { round: round.name },
    });
  });
  invalidateAfter(ctx.cache, "tournament");
  return { status: "ok", message: "Round deleted." };
}

/** `POST …/rooms/{room}/settings` (tournament administrators): room code and host (a racer of the room). */
export async function roomSettings(ctx: AppContext, actor: Actor, id: number, n: number, number: number, body: SettingsBody) {
  const ev = await requireStaff(ctx, actor, id);
  const round = await loadRound(ctx, ev, n, true);
  if (round.status === "closed") throw badRequest(M.closed, { code: "rounds.closed" });
  const room = await loadRoom(ctx, round, number);
  const data = await loadRoundData(ctx, ev, round, [number]);
  if (body.host_player_id !== null && !data.racers.some((r) => r.player_id === body.host_player_id))
    throw badRequest("The host must race in this room.", { code: "rounds.host_not_racing" });
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateRoom(trx, room.id, { room_code: body.room_code || null, host_player_id: body.host_player_id });
    await logTournamentAction(trx, ev, actor, "rounds.room", {
      summary: `${round.name}, room ${number}: host and room code set`,
      summaryKey: "rounds.room_set",
      summaryParams: { round: round.name, room: number },
      live: { round: round.number, room: number, room_id: room.id },
    });
  });
  invalidateAfter(ctx.cache, "tournament");
  return { status: "ok" as const, message: "Room saved." };
}

/**
 * `POST /api/events/{id}/rounds/{n}/close` (tournament administrators): ranks every room with
 * the tiebreak chain (staff decisions applied), applies the advancement plan (`null` for the
 * final), and closes the round, locking its tables. Unresolved ties across a cut are answered
 * (`closed: false`, `ties`) and block closing; `dry_run` previews. 400 when a table is missing
 * or the plan does not fit.
 */
export async function closeRound(ctx: AppContext, actor: Actor, id: number, n: number, body: CloseBody): Promise<CloseRoundResult> {
  const ev = await requireStaff(ctx, actor, id);
  const round = await loadRound(ctx, ev, n, true);
  if (round.status === "closed") throw badRequest(M.closed, { code: "rounds.closed" });
  if (round.status === "draft") throw badRequest(M.notPublished, { code: "rounds.not_published" });
  const data = await loadRoundData(ctx, ev, round);
  const missing = data.rooms.find((r) => r.table_submitted_at === null);
  if (missing) throw badRequest(M.tableMissing(missing.number), { code: "rounds.table_missing", params: { room: missing.number } });
  const { squads } = format(ev);
  const racers = roomRacers(data, squads);
  const decisions = [...(JSON.parse(round.tie_decisions) as number[][]), ...body.decisions];
  const meta = await rankMeta(ctx, ev, round, data);
  const scoresByRoom = new Map<number, repo.ScoreRow[]>();
  for (const s of data.scores) scoresByRoom.set(s.room_id, [...(scoresByRoom.get(s.room_id) ?? []), s]);
  const results: RoomResult[] = data.rooms.map((room) => ({
    room_number: room.number,
    ranked: rankSides(
      round,
      room,
      data.entries,
      scoreRowsToRacers(scoresByRoom.get(room.id) ?? []),
      { ...meta, hostEntrant: racers.find((r) => r.player_id === room.host_player_id)?.entrant_id ?? null },
      decisions,
    ),
  }));
  const roomOf = new Map(results.flatMap((r) => r.ranked.map((s) => [s.entrant_id, r.room_number] as const)));
  const nameOf = new Map(
    describeRooms(ev, round, data, { staff: true, playerId: null, showHidden: true }).flatMap((r) =>
      r.sides.map((s) => [s.entrant_id, s.name] as const),
    ),
  );
  let advance = new Map<number, "yes" | "wildcard" | "no" | "tie">();
  let ties: number[][] = [];
  if (body.plan) {
    const sizes = results.map((r) => r.ranked.length);
    const pool = sizes.reduce((a, s) => a + Math.max(0, s - body.plan!.per_room), 0);
    if (body.plan.per_room >= Math.max(...sizes) || body.plan.wildcards > pool)
      throw badRequest(M.planInvalid, { code: "rounds.plan_invalid" });
    ({ advance, ties } = applyAdvancement(results, body.plan, round.tie_mode as TieMode, decisions));
  } else {
    for (const r of results) for (const s of r.ranked) advance.set(s.entrant_id, "no");
  }
  const totalOf = new Map(results.flatMap((r) => r.ranked.map((s) => [s.entrant_id, s] as const)));
  const answer: CloseRoundResult = {
    closed: false,
    advancing: [...advance.values()].filter((a) => a === "yes" || a === "wildcard").length,
    ties: ties.map((g) =>
      g.map((e) => ({ entrant_id: e, name: nameOf.get(e) ?? String(e), room: roomOf.get(e) ?? 0, total: totalOf.get(e)?.total ?? 0 })),
    ),
    sides: results.flatMap((r) =>
      r.ranked.map((s) => ({ entrant_id: s.entrant_id, room: r.room_number, rank: s.rank, advanced: advance.get(s.entrant_id) ?? "no" })),
    ),
  };
  if (body.dry_run || ties.length > 0) return answer;
  if (body.plan && answer.advancing < 2) throw badRequest(M.planInvalid, { code: "rounds.plan_invalid" });
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateEntries(
      trx,
      round.id,
      results.flatMap((r) =>
        r.ranked.map((s) => ({
          entrant_id: s.entrant_id,
          rank: s.rank,
          total: s.total,
          advanced: advance.get(s.entrant_id) ?? "no",
          decided_by: s.decided_by,
        })),
      ),
    );
    await repo.lockRooms(trx, round.id, actor.userId, now());
    await repo.updateRound(trx, round.id, {
      status: "closed",
      plan_per_room: body.plan?.per_room ?? null,
      plan_wildcards: body.plan?.wildcards ?? null,
      tie_decisions: JSON.stringify(decisions),
      closed_at: now(),
    });
    await logTournamentAction(trx, ev, actor, "rounds.close", {
      summary: body.plan
        ? `Closed ${round.name}: top ${body.plan.per_room} of each room + ${body.plan.wildcards} wildcards, ${answer.advancing} advance`
        : `Closed ${round.name} (final)`,
      summaryKey: body.plan ? "rounds.closed" : "rounds.closed_final",
      summaryParams: body.plan
        ? { round: round.name, per_room: body.plan.per_room, wildcards: body.plan.wildcards, advancing: answer.advancing }
        : { round: round.name },
    });
  });
  invalidateAfter(ctx.cache, "tournament");
  return { ...answer, closed: true };
}

/**
 * `POST /api/events/{id}/rounds/finish` (tournament administrators): once the final is closed,
 * writes the placements from the rounds (by round reached, then room rank, then score; sides
 * out in the same round with the same room rank share a range) through the placements editor's
 * own save, so its rules, its transaction and its log line apply; the editor still allows
 * manual corrections afterwards.
 */
export async function finish(ctx: AppContext, actor: Actor, id: number): Promise<{ status: "ok"; placed: number }> {
  const ev = await requireStaff(ctx, actor, id);
  format(ev);
  const rounds = await repo.roundsOf(ctx.db, ev.id);
  const last = rounds.at(-1);
  if (!last) throw badRequest(M.finishNone, { code: "rounds.finish_none" });
  if (last.status !== "closed" || last.plan_per_room !== null) throw badRequest(M.finishOpen, { code: "rounds.finish_open" });
  const reached = new Map<number, FinalInput>();
  for (const round of rounds) {
    for (const e of await repo.entriesOf(ctx.db, round.id)) {
      reached.set(e.entrant_id, {
        entrant_id: e.entrant_id,
        round_reached: round.number,
        room_rank: e.rank ?? 9999,
        total: e.total ?? 0,
        eliminated: round.id !== last.id,
      });
    }
  }
  const placed = finalPlacements([...reached.values()]);
  await savePlacements(ctx, actor, id, {
    placements: placed.map((p) => ({
      entrant_id: p.entrant_id,
      placement: p.placement,
      placement_upper_bound: p.placement_upper_bound,
      dq: false,
      title: null,
    })),
    total_registrations_override: ev.total_registrations_override,
  });
  await ctx.db.transaction().execute((trx) =>
    logTournamentAction(trx, ev, actor, "rounds.finish", {
      summary: `Placements written from ${rounds.length} rounds (${placed.length} entrants)`,
      summaryKey: "rounds.finished",
      summaryParams: { rounds: rounds.length, entrants: placed.length },
    }),
  );
  return { status: "ok", placed: placed.length };
}

/** `GET /api/events/{id}/my_room`: the signed-in entrant's room in the latest published round (with codes and friend codes), or null. */
export async function myRoom(ctx: AppContext, actor: Actor, id: number): Promise<MyRoom> {
  const ev = await loadVisibleTournament(ctx, actor, id, { cached: true });
  if (actor.userId === null || isTeamEvent(ev.event_format)) return { room: null };
  const playerId = actor.playerId ?? (await repo.playerOfUser(ctx.db, actor.userId))?.id;
  if (playerId === undefined) return { room: null };
  const { squads } = format(ev);
  const reg = await repo.registrationOf(ctx.db, ev.id, playerId);
  const entrant = squads ? reg?.squad_id : reg ? playerId : null;
  if (entrant === null || entrant === undefined) return { room: null };
  const rounds = (await repo.roundsOf(ctx.db, ev.id)).filter((r) => r.status !== "draft").reverse();
  for (const round of rounds) {
    const at = await repo.roomOfEntrant(ctx.db, round.id, entrant);
    if (!at) continue;
    const data = await loadRoundData(ctx, ev, round, [at.number]);
    const staff = await isTournamentAdmin(ctx, actor, ev);
    const [room] = describeRooms(ev, round, data, { staff, playerId, showHidden: seesHiddenPlayers(actor) });
    return {
      room: {
        round_number: round.number,
        round_name: round.name,
        round_status: round.status as RoundSummary["status"],
        races: round.races,
        room: room!,
      },
    };
  }
  return { room: null };
}
