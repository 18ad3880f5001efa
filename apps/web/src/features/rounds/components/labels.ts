import type { I18n, MessageId } from "@lingui/core";
import {
  type Advance,
  BUILT_IN_POINTS_TABLES,
  GAMES,
  type PlanOption,
  type Room,
  type RoundStatus,
  type RoundSummary,
} from "@site/contract";
import type { Locale } from "@/lib/i18n/i18n";
import { gameTitle } from "@/lib/i18n/contract-labels";
import { placementOrdinal } from "@/lib/i18n/format";

/** The active language's `_` (from `useT()`), handed to the label helpers. */
export type Translate = I18n["_"];

const ROUND_STATUS_ID: Record<RoundStatus, MessageId> = {
  draft: "rounds.status.draft",
  drawn: "rounds.status.drawn",
  racing: "rounds.status.racing",
  closed: "rounds.status.closed",
};

/** The status word of a round: drafts are only seen by staff; "drawn" is what the public sees as published. */
export function roundStatusLabel(_: Translate, status: RoundStatus): string {
  return _(ROUND_STATUS_ID[status]);
}

const ADVANCE_ID: Record<Advance, MessageId> = {
  yes: "rounds.advance.yes",
  wildcard: "rounds.advance.wildcard",
  no: "rounds.advance.no",
  tie: "rounds.advance.tie",
};

/** How a side left its room, once the round is closed: Advanced, Wildcard, Out, Tie. */
export function advanceLabel(_: Translate, advance: Advance): string {
  return _(ADVANCE_ID[advance]);
}

/** "Top 2 + 4 wildcards", "Top 3", "Final" (nobody advanced) for a closed round; null before it closes. */
export function planLabel(_: Translate, r: Pick<RoundSummary, "status" | "advance_per_room" | "wildcards">): string | null {
  if (r.status !== "closed") return null;
  if (r.advance_per_room === null) return _("rounds.plan.final");
  const w = r.wildcards ?? 0;
  return w > 0 ? _("rounds.plan.topWildcards", { top: r.advance_per_room, count: w }) : _("rounds.plan.top", { top: r.advance_per_room });
}

/** A room's state for the card: its table locked, in, or still awaited. */
export function roomState(_: Translate, room: Pick<Room, "locked" | "table_in">): { label: string; tone: "wait" | "in" | "locked" } {
  if (room.locked) return { label: _("rounds.roomState.locked"), tone: "locked" };
  if (room.table_in) return { label: _("rounds.roomState.tableIn"), tone: "in" };
  return { label: _("rounds.roomState.waiting"), tone: "wait" };
}

/** "1 player", "12 players", "1 squad", "4 squads". */
export function sidesLabel(_: Translate, type: "player" | "squad", count: number): string {
  return type === "squad" ? _("rounds.sides.squads", { count }) : _("rounds.sides.players", { count });
}

/** Whether a round's tables may be entered: published and not closed. */
export function isOpenForTables(status: RoundStatus): boolean {
  return status === "drawn" || status === "racing";
}

/** "1 room", "4 rooms". */
export function roomsLabel(_: Translate, count: number): string {
  return _("rounds.rooms", { count });
}

/**
 * An advancement option of the close panel in the page's language, from its numbers: "Top 2 +
 * 4 best 3rds → 6 rooms", "Top 3 → 4 rooms", "Top 2 → 1 room (room of 5)" (the server's English
 * `label`, which names the partial room the numbers do not carry).
 */
export function planOptionLabel(
  _: Translate,
  locale: Locale,
  p: Pick<PlanOption, "per_room" | "wildcards" | "next_rooms" | "label">,
): string {
  const partial = /\(room of (\d+)\)$/.exec(p.label)?.[1];
  if (p.wildcards > 0)
    return _("rounds.planOption.wildcards", {
      top: p.per_room,
      count: p.wildcards,
      rank: placementOrdinal(p.per_room + 1, locale),
      rooms: p.next_rooms,
    });
  if (partial !== undefined) return _("rounds.planOption.partial", { top: p.per_room, rooms: p.next_rooms, size: Number(partial) });
  return _("rounds.planOption.top", { top: p.per_room, rooms: p.next_rooms });
}

/**
 * A round's name as shown: the server's default "Round N" (a round drawn without a name) in the
 * page's language, a name staff chose as they wrote it.
 */
export function roundName(_: Translate, r: { name: string; number: number }): string {
  return r.name === `Round ${r.number}` ? _("rounds.draw.namePlaceholder", { number: r.number }) : r.name;
}

/**
 * A points table's name as shown: a built-in table's name ("Mario Kart 8 Deluxe (12 racers, 82
 * per race)") in the page's language; a custom table's as its author wrote it.
 */
export function pointsTableName(_: Translate, t: { key: string; name: string }): string {
  const builtIn = BUILT_IN_POINTS_TABLES.find((b) => b.key === t.key);
  const m = builtIn ? /^(.+) \((\d+) racers, (\d+) per race\)$/.exec(t.name) : null;
  if (!m) return t.name;
  // The table's first game (its key) when the name starts with that game's title: the game's name in the page's language.
  const game = builtIn?.games[0];
  const title = game !== undefined && (GAMES as Record<string, { title: string }>)[game]?.title === m[1] ? gameTitle(_, game) : m[1]!;
  return _("rounds.pointsTables.builtInName", { game: title, size: Number(m[2]), points: Number(m[3]) });
}
