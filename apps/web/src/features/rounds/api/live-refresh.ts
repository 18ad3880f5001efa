import type { QueryKey } from "@tanstack/react-query";
import { LIVE_EVENT_KINDS, type LiveEvent, type LiveEventKind, liveTopicTournamentId } from "@site/contract";
import { roundKeys } from "./keys";

/** The live event kinds that change what the board and the overlays show (registrations and check-ins do not). */
export const LIVE_BOARD_KINDS: ReadonlySet<LiveEventKind> = new Set(
  LIVE_EVENT_KINDS.filter(
    (k) => k === "tournament" || k === "resync" || k === "rounds" || k === "room" || k === "table" || k === "placements",
  ),
);

/**
 * The live board's and the room overlay's query keys a live event of their tournament makes
 * stale (issue #20 §2). The live hub's own table (`features/live/api/live-keys.ts`) refreshes a
 * round's reads on a room or table event but not these: the board is under `roundKeys.event`
 * only for the kinds that name no round, and a room overlay's key cannot be under it (the
 * overlay learns its tournament from the answer). Screens pass this to `useLiveTopics`'s
 * `onEvent`. `watch.tournamentId`: the board of that tournament; `watch.roomId`: that room.
 */
export function liveRefreshKeys(event: LiveEvent, watch: { tournamentId?: number; roomId?: number }): QueryKey[] {
  const id = liveTopicTournamentId(event.topic);
  if (id === null || !LIVE_BOARD_KINDS.has(event.kind)) return [];
  const keys: QueryKey[] = [];
  if (watch.tournamentId === id) keys.push(roundKeys.live(id));
  if (watch.roomId !== undefined) keys.push(roundKeys.liveRoom(watch.roomId));
  return keys;
}
