import { FRIEND_CODE_TYPES, GAMES, isSquadEvent, isTeamEvent, type Room, ROUND_MESSAGES as M, type RoundSummary } from "@site/contract";
import type { AppContext } from "../../context.js";
import { badRequest, notFound } from "../../lib/errors.js";
import type { Actor } from "../permissions/permissions.js";
import {
  isTournamentAdmin,
  type LoadOptions,
  loadVisibleTournament,
  requireTournamentAdmin,
  type Tournament,
} from "../access/tournament-access.service.js";
import { HIDDEN_PLAYER_NAME } from "../access/player-visibility.service.js";
import { sideTotals, type RacerScore } from "./engine/scores.js";
import { rankRoom, type RankInput, type Ranked, type TieMode } from "./engine/ranking.js";
import * as repo from "./rounds.repository.js";

/**
 * What every rounds service shares (issue #19): who may see and run a tournament's rounds,
 * loading a round and its rooms, and describing rooms for a viewer (room codes and friend
 * codes only to staff and the room's racers; hidden players named as elsewhere), and ranking a
 * room's sides from its scores.
 */
export const now = () => Date.now();

/** Squad tournaments race squads, solo tournaments players; team tournaments are refused. */
export function format(ev: Tournament): { squads: boolean; teamSize: number } {
  if (isTeamEvent(ev.event_format)) throw badRequest(M.teamFormat, { code: "rounds.team_format" });
  const squads = isSquadEvent(ev.event_format);
  return { squads, teamSize: squads ? Math.max(1, ev.maximum_team_size) : 1 };
}

/**
 * The viewer may see rounds (404 otherwise) and whether they run them. `cached` reads the
 * tournament's access row from the micro-cache (every tournament write clears it): for reads
 * only, so a write checks the row as it is now.
 */
export async function access(
  ctx: AppContext,
  actor: Actor,
  id: number,
  opts: LoadOptions = {},
): Promise<{ ev: Tournament; staff: boolean }> {
  const ev = await loadVisibleTournament(ctx, actor, id, opts);
  return { ev, staff: await isTournamentAdmin(ctx, actor, ev) };
}

export const requireStaff = (ctx: AppContext, actor: Actor, id: number) =>
  requireTournamentAdmin(ctx, actor, id, { message: M.forbidden, code: "rounds.forbidden" });
/** A round by number, visible to the viewer (drafts to staff only): 404 otherwise. */
export async function loadRound(ctx: AppContext, ev: Tournament, n: number, staff: boolean): Promise<repo.RoundRow> {
  const round = await repo.roundByNumber(ctx.db, ev.id, n);
  if (!round || (round.status === "draft" && !staff)) throw notFound(M.notFound, { code: "rounds.not_found" });
  return round;
}

export function summary(
  r: repo.RoundRow,
  counts: { room_count: number | null; side_count: number | null; tables_in: number | null },
): RoundSummary {
  return {
    number: r.number,
    name: r.name,
    races: r.races,
    room_size: r.room_size,
    sides_per_room: r.sides_per_room,
    points_table: r.points_table,
    seed_method: r.seed_method as RoundSummary["seed_method"],
    tie_mode: r.tie_mode as RoundSummary["tie_mode"],
    status: r.status as RoundSummary["status"],
    room_count: Number(counts.room_count),
    side_count: Number(counts.side_count),
    tables_in: Number(counts.tables_in),
    advance_per_room: r.plan_per_room,
    wildcards: r.plan_wildcards,
  };
}

/** Friend code of a racer for the tournament's game, prefixed ('SW-…'), or null. */
export function friendCode(ev: Tournament, r: repo.RacerRow): string | null {
  const type = (GAMES as Record<string, { fc_type: keyof typeof FRIEND_CODE_TYPES | null }>)[ev.game]?.fc_type ?? null;
  if (!type) return null;
  const v = r[FRIEND_CODE_TYPES[type].field];
  return v ? `${FRIEND_CODE_TYPES[type].prefix}${v}` : null;
}

export interface RoundData {
  rooms: repo.RoomRow[];
  entries: repo.EntryRow[];
  scores: repo.ScoreRow[];
  racers: repo.RacerRow[];
  submitters: Map<number, string>;
}

export async function loadRoundData(ctx: AppContext, ev: Tournament, round: repo.RoundRow, roomNumbers?: number[]): Promise<RoundData> {
  const { squads } = format(ev);
  let rooms = await repo.roomsOf(ctx.db, round.id);
  if (roomNumbers) rooms = rooms.filter((r) => roomNumbers.includes(r.number));
  const roomIds = new Set(rooms.map((r) => r.id));
  const entries = (await repo.entriesOf(ctx.db, round.id)).filter((e) => roomIds.has(e.room_id));
  const [scores, racers, names] = await Promise.all([
    repo.scoresOf(ctx.db, [...roomIds]),
    repo.racersOfEntrants(
      ctx.db,
      ev.id,
      squads,
      entries.map((e) => e.entrant_id),
    ),
    repo.userNames(ctx.db, [...new Set(rooms.flatMap((r) => (r.table_submitted_by ? [r.table_submitted_by] : [])))]),
  ]);
  return { rooms, entries, scores, racers, submitters: new Map(names.map((n) => [n.id, n.name])) };
}

/** Wire rooms of a round for a viewer: codes and friend codes only to staff and the room's racers. */
export function describeRooms(
  ev: Tournament,
  round: repo.RoundRow,
  data: RoundData,
  viewer: { staff: boolean; playerId: number | null; showHidden: boolean },
): Room[] {
  const { squads } = format(ev);
  const racersBy = new Map<number, repo.RacerRow[]>();
  for (const r of data.racers) {
    const key = squads ? r.squad_id! : r.player_id;
    racersBy.set(key, [...(racersBy.get(key) ?? []), r]);
  }
  const scoreBy = new Map(data.scores.map((s) => [`${s.room_id}:${s.player_id}`, s]));
  return data.rooms.map((room) => {
    const entries = data.entries.filter((e) => e.room_id === room.id);
    const inRoom =
      viewer.playerId !== null && entries.some((e) => (racersBy.get(e.entrant_id) ?? []).some((r) => r.player_id === viewer.playerId));
    const privy = viewer.staff || inRoom;
    const hostRacer = data.racers.find((r) => r.player_id === room.host_player_id);
    const nameOf = (r: repo.RacerRow) => (r.is_hidden === 1 && !viewer.showHidden ? HIDDEN_PLAYER_NAME : r.display_name);
    const sides = entries.map((e) => {
      const racers = racersBy.get(e.entrant_id) ?? [];
      const first = racers[0];
      return {
        entrant_id: e.entrant_id,
        name: squads ? (first?.squad_name ?? `Squad ${e.entrant_id}`) : first ? nameOf(first) : `Player ${e.entrant_id}`,
        tag: squads ? (first?.squad_tag ?? null) : null,
        color: squads ? (first?.squad_color ?? null) : null,
        seed: e.seed,
        rank: e.rank,
        total: e.total,
        advanced: (e.advanced as Room["sides"][number]["advanced"]) ?? null,
        decided_by: e.decided_by,
        racers: racers.map((r) => {
          const s = scoreBy.get(`${room.id}:${r.player_id}`);
          return {
            player_id: r.player_id,
            name: nameOf(r),
            country_code: r.country_code,
            mii_name: r.mii_name,
            friend_code: privy ? friendCode(ev, r) : null,
            can_host: r.can_host === 1,
            races: s?.races ? (JSON.parse(s.races) as Array<number | null>) : null,
            gp: s?.gp ? (JSON.parse(s.gp) as number[]) : null,
            penalty: s?.penalty ?? 0,
            total: s ? s.total : null,
          };
        }),
      };
    });
    // Ranked sides first (by rank), then the draw's seat order.
    sides.sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || a.seed - b.seed);
    return {
      number: room.number,
      host_player_id: room.host_player_id,
      host_name: hostRacer ? nameOf(hostRacer) : null,
      room_code: privy ? room.room_code : null,
      table_in: room.table_submitted_at !== null,
      table_mode: (room.table_mode as Room["table_mode"]) ?? null,
      table_submitted_by: room.table_submitted_by ? (data.submitters.get(room.table_submitted_by) ?? null) : null,
      table_submitted_at: room.table_submitted_at,
      locked: room.locked_at !== null,
      mismatch:
        room.mismatch_expected !== null && room.mismatch_actual !== null
          ? { expected: room.mismatch_expected, actual: room.mismatch_actual }
          : null,
      sides,
      viewer_is_host: viewer.playerId !== null && room.host_player_id === viewer.playerId,
    };
  });
}

export async function loadRoom(ctx: AppContext, round: repo.RoundRow, number: number): Promise<repo.RoomRow> {
  const room = (await repo.roomsOf(ctx.db, round.id)).find((r) => r.number === number);
  if (!room) throw notFound(M.roomNotFound, { code: "rounds.room_not_found" });
  return room;
}

/** Racers of a room with the names a pasted table may use (registry name, in-game name). */
export function roomRacers(data: RoundData, squads: boolean) {
  return data.racers.map((r) => ({
    player_id: r.player_id,
    entrant_id: squads ? r.squad_id! : r.player_id,
    names: [r.display_name, ...(r.mii_name ? [r.mii_name] : [])],
  }));
}

/** Ranks one room's sides from its racers' scores (for display and for closing). */
export function rankSides(
  round: repo.RoundRow,
  room: repo.RoomRow,
  entries: repo.EntryRow[],
  racers: RacerScore[],
  meta: { registeredAt: Map<number, number>; previous: Map<number, number | null>; hostEntrant: number | null },
  decisions: number[][],
): Ranked[] {
  const totals = new Map(sideTotals(racers).map((s) => [s.entrant_id, s]));
  const inputs: RankInput[] = entries
    .filter((e) => e.room_id === room.id)
    .map((e) => ({
      entrant_id: e.entrant_id,
      total: totals.get(e.entrant_id)?.total ?? 0,
      has_host: meta.hostEntrant === e.entrant_id,
      top_individual: totals.get(e.entrant_id)?.top_individual ?? 0,
      previous_score: meta.previous.get(e.entrant_id) ?? null,
      registered_at: meta.registeredAt.get(e.entrant_id) ?? 0,
    }));
  return rankRoom(inputs, round.tie_mode as TieMode, decisions);
}

/** Registration time per side, previous round's total per side. */
export async function rankMeta(ctx: AppContext, ev: Tournament, round: repo.RoundRow, data: RoundData) {
  const { squads } = format(ev);
  const registeredAt = new Map<number, number>();
  for (const r of data.racers) {
    const key = squads ? r.squad_id! : r.player_id;
    const at = squads ? Number(r.squad_created_at ?? r.registered_at) : Number(r.registered_at);
    registeredAt.set(key, Math.min(registeredAt.get(key) ?? Infinity, at));
  }
  const previous = new Map<number, number | null>();
  if (round.number > 1) {
    const prev = await repo.roundByNumber(ctx.db, ev.id, round.number - 1);
    if (prev) for (const e of await repo.entriesOf(ctx.db, prev.id)) previous.set(e.entrant_id, e.total);
  }
  return { registeredAt, previous };
}

export function scoreRowsToRacers(scores: repo.ScoreRow[]): RacerScore[] {
  return scores.map((s) => ({
    player_id: s.player_id,
    entrant_id: s.entrant_id,
    races: s.races ? (JSON.parse(s.races) as Array<number | null>) : null,
    gp: s.gp ? (JSON.parse(s.gp) as number[]) : null,
    total_override: s.races || s.gp ? null : s.total + s.penalty,
    penalty: s.penalty,
  }));
}
