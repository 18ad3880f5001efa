import { z } from "zod";
import { endpoint, IdSchema } from "./common.js";
import { AdvanceSchema, RoundStatusSchema } from "./rounds.js";

/**
 * The live room board and the stream overlays (issue #20 §2): the current round of an FFA
 * tournament as a board of rooms with their state, and one room by id for an overlay. Built on
 * the rounds of issue #19 (docs/decisions.md "#19 FFA rounds", "#20 live board and overlays").
 *
 * Public reads with the visibility of the round pages, drawn for the public whoever asks: no
 * room code, no friend code, hidden players named as on public pages, drafts never shown. The
 * "current round" is the latest published one (status drawn, racing or closed).
 */

/**
 * A room's state on the board:
 * - `waiting`: waiting for the host: the room has none, or has no room code while no table is
 *   in anywhere in the round;
 * - `racing`: the room has a host and is open (a room code is set) or the round is under way
 *   (another room's table is in), and this room's table is not;
 * - `table_in`: its table is in (totals, ranks; once the round closes, who advanced);
 * - `tie`: its table is in and sides share a rank that staff must decide (rounds in the `staff`
 *   tie mode) before the round can close.
 */
export const LiveRoomStateSchema = z.enum(["waiting", "racing", "table_in", "tie"]);
export type LiveRoomState = z.infer<typeof LiveRoomStateSchema>;

/** A racer of a side on the board: name (hidden players as on public pages), flag and total (null before the table). */
export const LiveRacerSchema = z.object({
  player_id: z.number().int(),
  name: z.string(),
  country_code: z.string(),
  total: z.number().int().nullable(),
});
export type LiveRacer = z.infer<typeof LiveRacerSchema>;

/**
 * One side of a room (a player, or a squad with its tag and colour id, 000 §3 colour codes, `colorHex`):
 * rank and total once its room's table is in (tied sides share a rank, `tied`), and how it left
 * the room once the round closed (`advanced`: yes / wildcard / no).
 */
export const LiveSideSchema = z.object({
  entrant_id: z.number().int(),
  name: z.string(),
  tag: z.string().nullable(),
  color: z.number().int().nullable(),
  rank: z.number().int().nullable(),
  total: z.number().int().nullable(),
  tied: z.boolean(),
  advanced: AdvanceSchema.nullable(),
  racers: z.array(LiveRacerSchema),
});
export type LiveSide = z.infer<typeof LiveSideSchema>;

/** A room on the board: its id (the overlay's address), number, host, state and sides (ranked once its table is in). */
export const LiveRoomSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  host_name: z.string().nullable(),
  state: LiveRoomStateSchema,
  locked: z.boolean(),
  sides: z.array(LiveSideSchema),
});
export type LiveRoom = z.infer<typeof LiveRoomSchema>;

/** The round a board or an overlay shows. `final`: closed with nobody advancing (the event's last round). */
export const LiveRoundSchema = z.object({
  number: z.number().int(),
  name: z.string(),
  status: RoundStatusSchema,
  races: z.number().int(),
  room_count: z.number().int(),
  tables_in: z.number().int(),
  /** Chosen at close (issue #19): the top N of each room advanced, plus `wildcards`; null before the close and for the final. */
  advance_per_room: z.number().int().nullable(),
  wildcards: z.number().int().nullable(),
  final: z.boolean(),
});
export type LiveRound = z.infer<typeof LiveRoundSchema>;

/**
 * `GET /api/events/{id}/live`: the current round and its rooms. `entrant_type` null for team
 * tournaments (no rounds on the site); `round` null before a round is published.
 */
export const LiveBoardSchema = z.object({
  tournament_id: z.number().int(),
  title: z.string(),
  entrant_type: z.enum(["player", "squad"]).nullable(),
  round: LiveRoundSchema.nullable(),
  rooms: z.array(LiveRoomSchema),
});
export type LiveBoard = z.infer<typeof LiveBoardSchema>;

/** A racer of a room overlay: the board's racer with the points of each race (null = missed), per GP, and the penalty. */
export const LiveRoomRacerSchema = LiveRacerSchema.extend({
  races: z.array(z.number().int().nullable()).nullable(),
  gp: z.array(z.number().int()).nullable(),
  penalty: z.number().int(),
});
export type LiveRoomRacer = z.infer<typeof LiveRoomRacerSchema>;

/** A side of a room overlay, with its racers' per-race scores. */
export const LiveRoomSideSchema = LiveSideSchema.extend({ racers: z.array(LiveRoomRacerSchema) });
export type LiveRoomSide = z.infer<typeof LiveRoomSideSchema>;

/**
 * `GET /api/rooms/{roomId}`: one room for a stream overlay, addressed by its id (stable across
 * the round, unlike a room number after a redraw), with its tournament, round and the racers'
 * scores. 404 for a room of a tournament the viewer may not see and for a room of a draft.
 */
export const LiveRoomDetailSchema = z.object({
  tournament_id: z.number().int(),
  title: z.string(),
  entrant_type: z.enum(["player", "squad"]),
  round: LiveRoundSchema,
  room: LiveRoomSchema.extend({ sides: z.array(LiveRoomSideSchema) }),
});
export type LiveRoomDetail = z.infer<typeof LiveRoomDetailSchema>;

/** The live board's calls (issue #20 §2); both public, visibility decided by the service. */
export const liveBoardEndpoints = {
  board: endpoint({
    method: "GET",
    path: "/api/events/:id/live",
    params: z.object({ id: IdSchema }),
    response: LiveBoardSchema,
    summary: "The current round's rooms with their state, for the live board",
  }),
  room: endpoint({
    method: "GET",
    path: "/api/rooms/:roomId",
    params: z.object({ roomId: IdSchema }),
    response: LiveRoomDetailSchema,
    summary: "One FFA room by id with its scores, for stream overlays (no room code)",
  }),
} as const;
