/**
 * The state of a room on the live board (issue #20 §2), from the room's own fields and its
 * round's status; pure, unit-tested in `test/rounds-engine.test.ts`.
 *
 * - `table_in` / `tie`: the room's table is in; `tie` while the round is open and two of its
 *   sides share a rank (the `staff` tie mode leaves equal sides tied until staff decide: a
 *   tiebreak race). After the close a shared rank is only a shared rank: nothing is left to decide.
 * - `waiting`: no table yet and the room has no host, or it has one but no room code while no
 *   table is in anywhere in the round: it waits for its host to open it.
 * - `racing`: no table yet, a host, and the room is open (staff gave its room code) or the
 *   round is under way (another room's table is in: the round's status is `racing`; many
 *   events share codes on Discord and never type them on the site).
 */
export type LiveRoomState = "waiting" | "racing" | "table_in" | "tie";

export interface LiveStateInput {
  /** The room's table was submitted. */
  table_in: boolean;
  /** The room has a host. */
  host_set: boolean;
  /** Staff set a room code (the code itself is never public). */
  room_code_set: boolean;
  /** The round's status: draft, drawn, racing or closed. */
  round_status: string;
  /** The room's side ranks (null before its table is in). */
  ranks: ReadonlyArray<number | null>;
}

/** Ranks that two or more sides share (an undecided tie in the `staff` tie mode). */
export function sharedRanks(ranks: ReadonlyArray<number | null>): Set<number> {
  const seen = new Set<number>();
  const shared = new Set<number>();
  for (const r of ranks) {
    if (r === null) continue;
    if (seen.has(r)) shared.add(r);
    seen.add(r);
  }
  return shared;
}

/** The room's state on the board (see the module doc). */
export function liveRoomState(input: LiveStateInput): LiveRoomState {
  if (input.table_in) return input.round_status !== "closed" && sharedRanks(input.ranks).size > 0 ? "tie" : "table_in";
  if (input.host_set && (input.room_code_set || input.round_status === "racing")) return "racing";
  return "waiting";
}
