import { type Advance, type Room, type RoundStatus, type RoundSummary } from "@site/contract";

/** The status word of a round: drafts are only seen by staff; "drawn" is what the public sees as published. */
export const ROUND_STATUS_LABEL: Record<RoundStatus, string> = {
  draft: "Draft",
  drawn: "Published",
  racing: "Racing",
  closed: "Closed",
};

/** How a side left its room, once the round is closed. */
export const ADVANCE_LABEL: Record<Advance, string> = {
  yes: "Advanced",
  wildcard: "Wildcard",
  no: "Out",
  tie: "Tie",
};

/** "Top 2 + 4 wildcards", "Top 3", "Final" (nobody advanced) for a closed round; null before it closes. */
export function planLabel(r: Pick<RoundSummary, "status" | "advance_per_room" | "wildcards">): string | null {
  if (r.status !== "closed") return null;
  if (r.advance_per_room === null) return "Final";
  const w = r.wildcards ?? 0;
  return `Top ${r.advance_per_room}${w > 0 ? ` + ${w} wildcard${w === 1 ? "" : "s"}` : ""}`;
}

/** A room's state for the card: its table locked, in, or still awaited. */
export function roomState(room: Pick<Room, "locked" | "table_in">): { label: string; tone: "wait" | "in" | "locked" } {
  if (room.locked) return { label: "Locked", tone: "locked" };
  if (room.table_in) return { label: "Table in", tone: "in" };
  return { label: "Waiting for table", tone: "wait" };
}

/** "player"/"players" or "squad"/"squads". */
export function sideNoun(type: "player" | "squad", count: number): string {
  return `${type}${count === 1 ? "" : "s"}`;
}

/** Whether a round's tables may be entered: published and not closed. */
export function isOpenForTables(status: RoundStatus): boolean {
  return status === "drawn" || status === "racing";
}

/** "1 room", "4 rooms". */
export function roomsLabel(count: number): string {
  return `${count} room${count === 1 ? "" : "s"}`;
}
