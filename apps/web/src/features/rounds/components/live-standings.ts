import type { MessageId } from "@lingui/core";
import type { Advance, LiveBoard, LiveRoomState, LiveSide, PlacementRow } from "@site/contract";
import { placementRange } from "@/components/ui/placement-label";
import type { Translate } from "./labels";

const LIVE_STATE_ID: Record<LiveRoomState, MessageId> = {
  waiting: "rounds.liveState.waiting",
  racing: "rounds.liveState.racing",
  table_in: "rounds.liveState.tableIn",
  tie: "rounds.liveState.tie",
};

/** A room's state as the live board and the overlays word it (issue #20 §2). */
export function liveStateLabel(_: Translate, state: LiveRoomState): string {
  return _(LIVE_STATE_ID[state]);
}

const LIVE_STATE_COUNT_ID: Record<LiveRoomState, MessageId> = {
  waiting: "rounds.liveState.count.waiting",
  racing: "rounds.liveState.count.racing",
  table_in: "rounds.liveState.count.tableIn",
  tie: "rounds.liveState.count.tie",
};

/** "2 racing", "1 table in": how many rooms are in a state, for the board's summary line. */
export function liveStateCount(_: Translate, state: LiveRoomState, count: number): string {
  return _(LIVE_STATE_COUNT_ID[state], { count });
}

/** The room states in the order a round goes through them. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- state names
export const LIVE_STATES: readonly LiveRoomState[] = ["waiting", "racing", "tie", "table_in"];

/** The short mark of how a side left its room (overlays have little room): ✓ advanced, W wildcard. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- symbols, the same in every language
export const ADVANCE_MARK: Partial<Record<Advance, string>> = { yes: "✓", wildcard: "W" };

/** One row of the standings overlay. */
export interface StandingRow {
  /** Stable React key: the entrant. */
  key: string;
  /** "1", "2", "25–28"; null before the side has a total, "DQ" for a disqualified entrant. */
  position: string | null;
  name: string;
  tag: string | null;
  color: number | null;
  /** Each racer's country code, in order (one for a player). */
  flags: string[];
  total: number | null;
  advanced: Advance | null;
}

function sideRow(side: LiveSide, position: string | null): StandingRow {
  return {
    key: `e${side.entrant_id}`,
    position,
    name: side.name,
    tag: side.tag,
    color: side.color,
    flags: side.racers.map((r) => r.country_code),
    total: side.total,
    advanced: side.advanced,
  };
}

/**
 * The current round's standings (issue #20 §2, decisions "#20 live board and overlays"): one
 * room is ranked by its room rank (the tiebreak chain decided it); several rooms are ranked by
 * total across rooms (every room plays the same races with the same points table), equal
 * totals sharing a position (1, 2, 2, 4), then by room rank and room number. Sides without a
 * total yet come last, unplaced.
 */
export function roundStandings(board: Pick<LiveBoard, "rooms">): StandingRow[] {
  if (board.rooms.length === 1) {
    const sides = board.rooms[0]!.sides;
    return sides.map((s) => sideRow(s, s.rank === null ? null : String(s.rank)));
  }
  const all = board.rooms.flatMap((room) => room.sides.map((side) => ({ side, room: room.number })));
  all.sort(
    (a, b) =>
      (b.side.total ?? -Infinity) - (a.side.total ?? -Infinity) || (a.side.rank ?? Infinity) - (b.side.rank ?? Infinity) || a.room - b.room,
  );
  let position = 0;
  let previous: number | null = null;
  return all.map(({ side }, i) => {
    if (side.total === null) return sideRow(side, null);
    if (side.total !== previous) position = i + 1;
    previous = side.total;
    return sideRow(side, String(position));
  });
}

/**
 * The final standings once the event is finished: the placements as written (a tie as its
 * range, "DQ" last), with each finalist's total from the final round's board when it has one.
 */
export function placementStandings(rows: readonly PlacementRow[], board: Pick<LiveBoard, "rooms"> | null): StandingRow[] {
  const totals = new Map((board?.rooms ?? []).flatMap((r) => r.sides.map((s) => [s.entrant_id, s.total] as const)));
  return rows.map((p) => {
    const range = p.placement === null ? null : placementRange(p.placement, p.placement_upper_bound);
    return {
      key: `p${p.entrant_type}${p.entrant_id}`,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- a marker: the overlay shows it as rounds.overlay.dq
      position: p.dq ? "DQ" : range === null ? null : range.best === range.worst ? String(range.best) : `${range.best}–${range.worst}`,
      name: p.name,
      tag: p.tag,
      color: p.color,
      flags: p.members.map((m) => m.country_code),
      total: totals.get(p.entrant_id) ?? null,
      advanced: null,
    };
  });
}
