import {
  isSquadEvent,
  isTeamEvent,
  type LiveBoard,
  LiveBoardSchema,
  type LiveRoomDetail,
  LiveRoomDetailSchema,
  type LiveRound,
  type Room,
  ROUND_MESSAGES as M,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import { cacheKeys } from "../../lib/cache-keys.js";
import type { RawJson } from "../../lib/cache.js";
import { notFound } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import { loadVisibleTournament, type Tournament } from "../access/tournament-access.service.js";
import { liveRoomState, sharedRanks } from "./engine/live-state.js";
import { describeRooms, loadRoundData, type RoundData } from "./round-view.service.js";
import * as repo from "./rounds.repository.js";

/**
 * The live room board and the overlays' room (issue #20 §2): the current round of an FFA
 * tournament, room by room, with each room's state (waiting for the host, racing, table in,
 * tie to decide) and, once the round closed, who advanced.
 *
 * Both answers are drawn for the public whoever asks (no room code, no friend code, hidden
 * players named as on public pages, drafts never shown), so one cached answer serves every
 * viewer of a published tournament until the next tournament write (every rounds write clears
 * `tournaments:`); an unpublished tournament's staff get theirs computed. Visibility is the
 * round pages': 404 where the tournament is.
 */

/** The public view of a round's rooms: what a visitor of the round page sees. */
const PUBLIC_VIEW = { staff: false, playerId: null, showHidden: false } as const;

function liveRound(round: repo.RoundRow, rooms: number, tablesIn: number): LiveRound {
  return {
    number: round.number,
    name: round.name,
    status: round.status as LiveRound["status"],
    races: round.races,
    room_count: rooms,
    tables_in: tablesIn,
    advance_per_room: round.plan_per_room,
    wildcards: round.plan_wildcards,
    final: round.status === "closed" && round.plan_per_room === null,
  };
}

/**
 * A wire room (public view) as an overlay shows it: id, state, sides with their racers and
 * per-race points. The board's answer is the same without the points: its schema drops them
 * (the cache stores the parsed answer, the route's serializer the rest).
 */
function liveRoom(round: repo.RoundRow, row: repo.RoomRow, room: Room): LiveRoomDetail["room"] {
  const shared = sharedRanks(room.sides.map((s) => s.rank));
  return {
    id: row.id,
    number: room.number,
    host_name: room.host_name,
    state: liveRoomState({
      table_in: room.table_in,
      host_set: room.host_player_id !== null,
      room_code_set: row.room_code !== null && row.room_code !== "",
      round_status: round.status,
      ranks: room.sides.map((s) => s.rank),
    }),
    locked: room.locked,
    sides: room.sides.map((s) => ({
      entrant_id: s.entrant_id,
      name: s.name,
      tag: s.tag,
      color: s.color,
      rank: s.rank,
      total: s.total,
      tied: s.rank !== null && shared.has(s.rank),
      advanced: s.advanced,
      racers: s.racers.map((r) => ({
        player_id: r.player_id,
        name: r.name,
        country_code: r.country_code,
        total: r.total,
        races: r.races,
        gp: r.gp,
        penalty: r.penalty,
      })),
    })),
  };
}

function describe(ev: Tournament, round: repo.RoundRow, data: RoundData): Room[] {
  return describeRooms(ev, round, data, PUBLIC_VIEW);
}

/**
 * `GET /api/events/{id}/live` (public): the latest published round of a solo or squad
 * tournament with its rooms, their state and sides. `round` null (no rooms) before a round is
 * published; `entrant_type` null for a team tournament. 404 when the viewer may not see the
 * tournament.
 */
export async function liveBoard(ctx: AppContext, actor: Actor, id: number): Promise<LiveBoard | RawJson> {
  const ev = await loadVisibleTournament(ctx, actor, id, { cached: true });
  if (ev.published === 1) return ctx.cache.json(cacheKeys.tournaments.live(id), LiveBoardSchema, () => computeBoard(ctx, ev));
  return computeBoard(ctx, ev);
}

async function computeBoard(ctx: AppContext, ev: Tournament): Promise<LiveBoard> {
  const base = { tournament_id: ev.id, title: ev.title };
  if (isTeamEvent(ev.event_format)) return { ...base, entrant_type: null, round: null, rooms: [] };
  const entrantType = isSquadEvent(ev.event_format) ? "squad" : "player";
  // Only the last round can be a draft (a round is drawn once the previous one closed).
  const round = (await repo.roundsOf(ctx.db, ev.id)).filter((r) => r.status !== "draft").at(-1);
  if (!round) return { ...base, entrant_type: entrantType, round: null, rooms: [] };
  const data = await loadRoundData(ctx, ev, round);
  const rooms = describe(ev, round, data);
  return {
    ...base,
    entrant_type: entrantType,
    round: liveRound(round, rooms.length, rooms.filter((r) => r.table_in).length),
    rooms: rooms.map((room, i) => liveRoom(round, data.rooms[i]!, room)),
  };
}

/** The code (#21) of the 404 of a room that does not exist or is not shown. */
const ROOM_NOT_FOUND = { code: "rounds.room_not_found" };

/**
 * `GET /api/rooms/{roomId}` (public): one room for a stream overlay with its racers' per-race
 * points, its round and tournament. 404 (roomNotFound) for an unknown room, a room of a draft
 * (for everyone: an overlay is on air) or of a team tournament, and the tournament's 404 when
 * the viewer may not see it.
 */
export async function liveRoomDetail(ctx: AppContext, actor: Actor, roomId: number): Promise<LiveRoomDetail | RawJson> {
  const row = await repo.roomById(ctx.db, roomId);
  if (!row) throw notFound(M.roomNotFound, ROOM_NOT_FOUND);
  const ev = await loadVisibleTournament(ctx, actor, row.tournament_id, { cached: true });
  if (isTeamEvent(ev.event_format)) throw notFound(M.roomNotFound, ROOM_NOT_FOUND);
  const compute = () => computeRoom(ctx, ev, row);
  if (ev.published === 1) return ctx.cache.json(cacheKeys.tournaments.liveRoom(roomId), LiveRoomDetailSchema, compute);
  return compute();
}

async function computeRoom(ctx: AppContext, ev: Tournament, row: repo.RoomRow): Promise<LiveRoomDetail> {
  const round = await repo.roundById(ctx.db, row.round_id);
  if (!round || round.status === "draft") throw notFound(M.roomNotFound, ROOM_NOT_FOUND);
  const [counts, data] = await Promise.all([
    repo.roundsOf(ctx.db, ev.id).then((all) => all.find((r) => r.id === round.id)),
    loadRoundData(ctx, ev, round, [row.number]),
  ]);
  const [room] = describe(ev, round, data);
  if (!room) throw notFound(M.roomNotFound, ROOM_NOT_FOUND);
  return {
    tournament_id: ev.id,
    title: ev.title,
    entrant_type: isSquadEvent(ev.event_format) ? "squad" : "player",
    round: liveRound(round, Number(counts?.room_count ?? 1), Number(counts?.tables_in ?? 0)),
    room: liveRoom(round, data.rooms[0]!, room),
  };
}
