import { z } from "zod";
import { buildPath, endpoint, IdSchema, OkSchema } from "./common.js";
import { POINTS_TABLE_NAME_MAX, pointsRowsProblem } from "./ffa-points.js";
import { GAME_KEYS, type GameKey } from "./reference.js";

/**
 * FFA rounds (issue #19): rounds of rooms, hosts, score tables, advancement with wildcards and
 * tiebreaks, and the final placements written from the results. Not in the spec: the paths
 * follow its style (`/api/events/{id}/…`, snake_case) and docs/decisions.md "#19 FFA rounds"
 * records the choices.
 *
 * A **side** is what a room ranks: a player in a solo tournament, a squad in a squad
 * tournament (its registered players race). `entrant_id` is the player id (solo) or the squad
 * id, as in placements. Team tournaments (registry teams) do not run rounds on the site yet.
 */

/** Round life: draft (drawn, only staff see it) → drawn (published) → racing (a table is in) → closed. */
export const RoundStatusSchema = z.enum(["draft", "drawn", "racing", "closed"]);
export type RoundStatus = z.infer<typeof RoundStatusSchema>;

/** How round entrants are ordered before the snake draw. */
export const SeedMethodSchema = z.enum(["random", "score", "manual"]);
/** chain: registration order is the last automatic tiebreak; staff: sides still equal after the previous round's score are a tie for staff (a tiebreak race). */
export const TieModeSchema = z.enum(["chain", "staff"]);
/** How a side left its room: advanced on rank, as a wildcard, not, or a tie waiting for staff. */
export const AdvanceSchema = z.enum(["yes", "wildcard", "no", "tie"]);
export type Advance = z.infer<typeof AdvanceSchema>;
/** How a table was entered. */
export const TableModeSchema = z.enum(["lorenzi", "grid", "totals"]);
export type TableMode = z.infer<typeof TableModeSchema>;

/** The messages of the round rules, shared by the server and the screens. */
export const ROUND_MESSAGES = {
  forbidden: "You do not have permission to run the rounds of this tournament.",
  teamFormat: "Rounds are available for solo and squad tournaments.",
  notFound: "This round does not exist.",
  roomNotFound: "This room does not exist.",
  previousOpen: "The previous round must be closed before the next one is drawn.",
  noEntrants: "There are no entrants to draw.",
  notDraft: "The draw can only be changed before it is published.",
  notPublished: "The draw must be published first.",
  closed: "This round is closed.",
  locked: "This room's table is locked.",
  notHost: "Only the room's host or the tournament's staff may submit this table.",
  tableMissing: (room: number) => `Room ${room} has no table yet.`,
  ties: "Ties must be decided before the round can close.",
  planInvalid: "This advancement plan does not fit the round.",
  notLast: "Only the last round can be deleted.",
  finishOpen: "Every round must be closed before the event is finished.",
  finishNone: "There are no rounds to finish.",
  mismatch: (actual: number, expected: number) => `The table adds up to ${actual} points; ${expected} were expected.`,
  entrantsChanged: "Every entrant of the round must be in exactly one room.",
} as const;

const Params = z.object({ id: IdSchema });
const RoundParams = z.object({ id: IdSchema, n: z.coerce.number().int().min(1).max(100) });
const RoomParams = RoundParams.extend({ room: z.coerce.number().int().min(1).max(10000) });

/** One points table a round can pick: built in (`BUILT_IN_POINTS_TABLES`) or added by an administrator (`custom-<id>`). */
export const PointsTableSummarySchema = z.object({ key: z.string(), name: z.string(), room_size: z.number().int() });

/** Points rows: `"n"` → the points of positions 1..n in a race that n racers finished. */
export const PointsRowsSchema = z.record(z.string().max(3), z.array(z.number().int().min(0).max(1000)).max(24));

/** A whole points table: built in or custom, with its rows (the score entry computes with them). */
export const PointsTableSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** `GAMES` keys the table suits (a hint for the draw form). */
  games: z.array(z.string()),
  room_size: z.number().int(),
  points: PointsRowsSchema,
  built_in: z.boolean(),
  /** Who added a custom table (display name of the account's player, or null); null for built-in ones. */
  created_by: z.string().nullable(),
  /** ms since the epoch, UTC; null for built-in tables. */
  created_at: z.number().int().nullable(),
});
export type PointsTableWire = z.infer<typeof PointsTableSchema>;

/** `GET /api/rounds/points_tables`: the built-in tables, then the custom ones by name. */
export const PointsTableListSchema = z.object({ data: z.array(PointsTableSchema) });
export type PointsTableList = z.infer<typeof PointsTableListSchema>;

/**
 * `POST /api/rounds/points_tables` (event administrators): a new points table. The name is
 * unique (case-insensitive) among custom tables and built-in names; `points` has a row for
 * every racer count from 1 to `room_size` (see `pointsRowsProblem`).
 */
export const CreatePointsTableBodySchema = z
  .object({
    name: z.string().trim().min(1).max(POINTS_TABLE_NAME_MAX),
    games: z
      .array(z.enum(GAME_KEYS as [GameKey, ...GameKey[]]))
      .max(GAME_KEYS.length)
      .default([]),
    room_size: z.number().int().min(2).max(24),
    points: PointsRowsSchema,
  })
  .superRefine((v, ctx) => {
    const problem = pointsRowsProblem(v.points, v.room_size);
    if (problem) ctx.addIssue({ code: "custom", path: ["points"], message: problem });
  });
export type CreatePointsTableBody = z.input<typeof CreatePointsTableBodySchema>;

/** One round in the list. `room_size` counts racers (12 or 24); `sides_per_room` sides (racers ÷ squad size). */
export const RoundSummarySchema = z.object({
  number: z.number().int(),
  name: z.string(),
  races: z.number().int(),
  room_size: z.number().int(),
  sides_per_room: z.number().int(),
  points_table: z.string(),
  seed_method: SeedMethodSchema,
  tie_mode: TieModeSchema,
  status: RoundStatusSchema,
  room_count: z.number().int(),
  side_count: z.number().int(),
  tables_in: z.number().int(),
  /** Chosen at close: the top N of each room advanced, plus this many wildcards. */
  advance_per_room: z.number().int().nullable(),
  wildcards: z.number().int().nullable(),
});
export type RoundSummary = z.infer<typeof RoundSummarySchema>;

/**
 * `GET /api/events/{id}/rounds`: the rounds everyone may see (drafts only for staff), whether
 * the viewer runs them, what a new round would draw, and the points tables.
 */
export const RoundsOverviewSchema = z.object({
  entrant_type: z.enum(["player", "squad"]).nullable(),
  team_size: z.number().int(),
  can_manage: z.boolean(),
  rounds: z.array(RoundSummarySchema),
  /** Entrants a new round would draw: round 1 the registered (checked-in) entrants, later the previous round's advancers. */
  next_entrants: z.number().int(),
  /** Whether every round is closed and the final was played: placements can be written. */
  can_finish: z.boolean(),
  points_tables: z.array(PointsTableSummarySchema),
});
export type RoundsOverview = z.infer<typeof RoundsOverviewSchema>;

/** One racer of a room with their scores (per race, per GP, or a total), penalty and total. */
export const RoomRacerSchema = z.object({
  player_id: z.number().int(),
  name: z.string(),
  country_code: z.string(),
  mii_name: z.string().nullable(),
  /** Shown to the room's racers and staff only; null otherwise. */
  friend_code: z.string().nullable(),
  can_host: z.boolean(),
  races: z.array(z.number().int().nullable()).nullable(),
  gp: z.array(z.number().int()).nullable(),
  penalty: z.number().int(),
  total: z.number().int().nullable(),
});
export type RoomRacer = z.infer<typeof RoomRacerSchema>;

/** One side of a room: the entrant, its racers, its result and how it left the room. */
export const RoomSideSchema = z.object({
  entrant_id: z.number().int(),
  name: z.string(),
  tag: z.string().nullable(),
  color: z.number().int().nullable(),
  seed: z.number().int(),
  rank: z.number().int().nullable(),
  total: z.number().int().nullable(),
  advanced: AdvanceSchema.nullable(),
  decided_by: z.string().nullable(),
  racers: z.array(RoomRacerSchema),
});
export type RoomSide = z.infer<typeof RoomSideSchema>;

/** A room: number, host, code (racers and staff only), whether its table is in and locked. */
export const RoomSchema = z.object({
  number: z.number().int(),
  host_player_id: z.number().int().nullable(),
  host_name: z.string().nullable(),
  room_code: z.string().nullable(),
  table_in: z.boolean(),
  table_mode: TableModeSchema.nullable(),
  table_submitted_by: z.string().nullable(),
  /** ms since the epoch, UTC. */
  table_submitted_at: z.number().int().nullable(),
  locked: z.boolean(),
  mismatch: z.object({ expected: z.number().int(), actual: z.number().int() }).nullable(),
  sides: z.array(RoomSideSchema),
  /** The viewer is this room's host (may submit its table until locked). */
  viewer_is_host: z.boolean(),
});
export type Room = z.infer<typeof RoomSchema>;

/** One advancement option of the planner ("Top 2 + 4 best 3rds → 6 rooms"). */
export const PlanOptionSchema = z.object({
  per_room: z.number().int(),
  wildcards: z.number().int(),
  wildcard_from_rank: z.number().int(),
  advancing: z.number().int(),
  next_rooms: z.number().int(),
  label: z.string(),
});
export type PlanOption = z.infer<typeof PlanOptionSchema>;

/** `GET /api/events/{id}/rounds/{n}`: a round with its rooms (public once published). */
export const RoundDetailSchema = z.object({
  round: RoundSummarySchema,
  entrant_type: z.enum(["player", "squad"]),
  can_manage: z.boolean(),
  rooms: z.array(RoomSchema),
  /** The round's points table with its rows (the score entry computes grid points and the expected total with it). */
  points_table: PointsTableSchema,
  /** Staff only, once every table is in: the advancement options for a next round of the same room size. */
  plans: z.array(PlanOptionSchema),
});
export type RoundDetail = z.infer<typeof RoundDetailSchema>;

/** `POST /api/events/{id}/rounds`: draw a new round (round 1 from the entrants, later from the previous round's advancers). */
export const CreateRoundBodySchema = z.object({
  name: z.string().trim().min(1).max(40).optional(),
  races: z.number().int().min(1).max(32).default(8),
  room_size: z.union([z.literal(12), z.literal(24)]).default(12),
  points_table: z.string().min(1).max(40).default("mk8dx"),
  seed_method: SeedMethodSchema.default("random"),
  /** 32-bit seed of a random draw; the server picks one when absent (stored either way). */
  seed: z.number().int().min(0).max(4294967295).optional(),
  tie_mode: TieModeSchema.default("chain"),
  /** manual seeding: the entrants in order, best first. */
  order: z.array(z.number().int().positive()).max(10000).optional(),
});
export type CreateRoundBody = z.input<typeof CreateRoundBodySchema>;

/** `POST /api/events/{id}/rounds/{n}/rooms`: a changed draw (staff, draft only): every side in exactly one room. */
export const SetRoomsBodySchema = z.object({
  rooms: z
    .array(
      z.object({
        entrant_ids: z.array(z.number().int().positive()).min(1).max(24),
        host_player_id: z.number().int().positive().nullable(),
      }),
    )
    .min(1)
    .max(1000),
});

/** `POST /api/events/{id}/rounds/{n}/rooms/{room}/settings`: room code and host (staff). */
export const RoomSettingsBodySchema = z.object({
  room_code: z.string().trim().max(40).nullable(),
  host_player_id: z.number().int().positive().nullable(),
});

/**
 * `POST /api/events/{id}/rounds/{n}/rooms/{room}/table`: a room's table (staff, or the room's
 * host until locked). lorenzi: `text` (+ `picks`, line → player id, for ambiguous names);
 * grid: per racer their position in each race (null = DC); totals: per racer a total.
 * `penalties` (points, ≥ 0) per racer. A total that does not add up is refused until
 * `confirm_mismatch`; `dry_run` answers the computed table without saving.
 */
export const RoomTableBodySchema = z.object({
  mode: TableModeSchema,
  text: z.string().max(20000).optional(),
  picks: z.record(z.string(), z.number().int().positive()).optional(),
  grid: z
    .array(z.object({ player_id: z.number().int().positive(), positions: z.array(z.number().int().min(1).max(24).nullable()).max(32) }))
    .max(24)
    .optional(),
  totals: z
    .array(z.object({ player_id: z.number().int().positive(), total: z.number().int().min(0).max(2000) }))
    .max(24)
    .optional(),
  penalties: z
    .array(z.object({ player_id: z.number().int().positive(), penalty: z.number().int().min(0).max(1000) }))
    .max(24)
    .default([]),
  confirm_mismatch: z.boolean().default(false),
  dry_run: z.boolean().default(false),
});
export type RoomTableBody = z.input<typeof RoomTableBodySchema>;

/** A problem with a pasted table: an unknown, duplicate or ambiguous name (candidates to pick from), or a racer missing. */
export const TableProblemSchema = z.object({
  kind: z.enum(["unknown", "duplicate", "ambiguous", "missing"]),
  line: z.number().int().nullable(),
  name: z.string(),
  candidates: z.array(z.object({ player_id: z.number().int(), name: z.string() })),
});

/** The answer to a table: saved or not, the mismatch warning, problems to fix, and the room as it would be. */
export const RoomTableResultSchema = z.object({
  saved: z.boolean(),
  mismatch: z.object({ expected: z.number().int(), actual: z.number().int() }).nullable(),
  problems: z.array(TableProblemSchema),
  room: RoomSchema.nullable(),
});
export type RoomTableResult = z.infer<typeof RoomTableResultSchema>;

/**
 * `POST /api/events/{id}/rounds/{n}/close`: close a round with an advancement plan (null for
 * the final: nobody advances), staff decisions for ties (groups of entrant ids, best first);
 * `dry_run` previews who advances and which ties remain.
 */
export const CloseRoundBodySchema = z.object({
  plan: z.object({ per_room: z.number().int().min(1).max(23), wildcards: z.number().int().min(0).max(1000) }).nullable(),
  decisions: z.array(z.array(z.number().int().positive()).min(2).max(24)).max(1000).default([]),
  dry_run: z.boolean().default(false),
});
export type CloseRoundBody = z.input<typeof CloseRoundBodySchema>;

export const CloseRoundResultSchema = z.object({
  closed: z.boolean(),
  advancing: z.number().int(),
  /** Sides tied across a cut: decide each group's order. */
  ties: z.array(z.array(z.object({ entrant_id: z.number().int(), name: z.string(), room: z.number().int(), total: z.number().int() }))),
  sides: z.array(z.object({ entrant_id: z.number().int(), room: z.number().int(), rank: z.number().int(), advanced: AdvanceSchema })),
});
export type CloseRoundResult = z.infer<typeof CloseRoundResultSchema>;

/** `GET /api/events/{id}/my_room`: the signed-in entrant's room in the latest published round, or null. */
export const MyRoomSchema = z.object({
  room: z
    .object({
      round_number: z.number().int(),
      round_name: z.string(),
      round_status: RoundStatusSchema,
      races: z.number().int(),
      room: RoomSchema,
    })
    .nullable(),
});
export type MyRoom = z.infer<typeof MyRoomSchema>;

/** `POST /api/events/{id}/rounds/finish`: the final placements written from the rounds (one transaction, logged). */
export const FinishResultSchema = z.object({ status: z.literal("ok"), placed: z.number().int() });

const P = "/api/events/:id";

/** The rounds' calls (issue #19); who may call each is in the server's ROUTE_ACCESS. */
export const roundEndpoints = {
  overview: endpoint({
    method: "GET",
    path: `${P}/rounds`,
    params: Params,
    response: RoundsOverviewSchema,
    summary: "FFA rounds of a tournament (drafts for staff only)",
  }),
  create: endpoint({
    method: "POST",
    path: `${P}/rounds`,
    params: Params,
    body: CreateRoundBodySchema,
    response: RoundSummarySchema,
    summary: "Draw the next round as a draft (tournament administrators; logged)",
  }),
  detail: endpoint({
    method: "GET",
    path: `${P}/rounds/:n`,
    params: RoundParams,
    response: RoundDetailSchema,
    summary: "A round's rooms, racers, hosts and tables",
  }),
  setRooms: endpoint({
    method: "POST",
    path: `${P}/rounds/:n/rooms`,
    params: RoundParams,
    body: SetRoomsBodySchema,
    response: OkSchema,
    summary: "Change a draft draw: swap sides between rooms and set hosts (tournament administrators; logged)",
  }),
  publish: endpoint({
    method: "POST",
    path: `${P}/rounds/:n/publish`,
    params: RoundParams,
    response: OkSchema,
    summary: "Publish a draft draw (tournament administrators; logged)",
  }),
  remove: endpoint({
    method: "POST",
    path: `${P}/rounds/:n/delete`,
    params: RoundParams,
    response: OkSchema,
    summary: "Delete the last round, with its rooms and tables (tournament administrators; logged)",
  }),
  roomSettings: endpoint({
    method: "POST",
    path: `${P}/rounds/:n/rooms/:room/settings`,
    params: RoomParams,
    body: RoomSettingsBodySchema,
    response: OkSchema,
    summary: "Set a room's code and host (tournament administrators; logged)",
  }),
  table: endpoint({
    method: "POST",
    path: `${P}/rounds/:n/rooms/:room/table`,
    params: RoomParams,
    body: RoomTableBodySchema,
    response: RoomTableResultSchema,
    summary: "Enter or preview a room's table (tournament administrators, or the room's host until locked; logged)",
  }),
  lock: endpoint({
    method: "POST",
    path: `${P}/rounds/:n/rooms/:room/lock`,
    params: RoomParams,
    body: z.object({ locked: z.boolean() }),
    response: OkSchema,
    summary: "Lock or unlock a room's table (tournament administrators; logged)",
  }),
  close: endpoint({
    method: "POST",
    path: `${P}/rounds/:n/close`,
    params: RoundParams,
    body: CloseRoundBodySchema,
    response: CloseRoundResultSchema,
    summary: "Close a round: rank rooms, apply tiebreaks and the advancement plan (tournament administrators; logged)",
  }),
  finish: endpoint({
    method: "POST",
    path: `${P}/rounds/finish`,
    params: Params,
    response: FinishResultSchema,
    summary: "Write the final placements from the rounds (tournament administrators; one transaction, logged)",
  }),
  myRoom: endpoint({
    method: "GET",
    path: `${P}/my_room`,
    params: Params,
    response: MyRoomSchema,
    summary: "The viewer's room in the latest published round",
  }),
} as const;

/** Points tables (issue #19 "administrators can add one"): listed publicly, added by event administrators. */
export const pointsTableEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/rounds/points_tables",
    response: PointsTableListSchema,
    summary: "Points tables a round can use: built in, then those administrators added",
  }),
  create: endpoint({
    method: "POST",
    path: "/api/rounds/points_tables",
    body: CreatePointsTableBodySchema,
    response: PointsTableSchema,
    summary: "Add a points table (event administrators; audited)",
  }),
} as const;

/** The Lorenzi-format text of a room's table (plain text; not a JSON endpoint). */
export const ROOM_LORENZI_PATH = `${P}/rounds/:n/rooms/:room/table.txt`;

/**
 * The PNG image of a room's table (issue #20 §3; not a JSON endpoint): side blocks in their
 * colours, racers with flag, per-race or GP scores, penalties and totals. Visible exactly as
 * the round page is (404 for an unpublished tournament, a draft round, or a room with no
 * table); carries no room code. Answered with an `ETag` of the drawn data, so a corrected
 * table is a new image.
 */
export const ROOM_TABLE_IMAGE_PATH = `${P}/rounds/:n/rooms/:room/table.png`;

/** The path of a room's table image (`ROOM_TABLE_IMAGE_PATH`), relative to the site; prefix `PUBLIC_URL` for links outside it (Discord embeds). */
export function roomTableImageUrl(id: number, n: number, room: number): string {
  return buildPath(ROOM_TABLE_IMAGE_PATH, { id, n, room });
}
