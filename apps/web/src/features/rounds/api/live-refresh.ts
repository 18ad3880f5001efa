import type { QueryKey } from "@tanstack/react-query";
import { type LiveEvent, type LiveEventKind, liveTopicTournamentId } from "@site/contract";
import { roundKeys } from "./keys";

/** The live event kinds that change what a room overlay shows (registrations and check-ins do not). */
const ROOM_KINDS: ReadonlySet<LiveEventKind> = new Set<LiveEventKind>(["tournament", "resync", "rounds", "room", "table"]);

/**
 * The room overlay's query key that a live event of its tournament makes stale (issue #20 §2).
 * The live hub's own table (`features/live/api/live-keys.ts`) refreshes the board
 * (`roundKeys.live`, under `roundKeys.event`) but cannot reach a room overlay's key: the overlay
 * learns its tournament only from the answer, so the key is by room id. Any round, room or table
 * event of the tournament counts, not only this room's: another room's first table starts the
 * round, which turns this room from waiting to racing. The overlay passes this to
 * `useLiveTopics`'s `onEvent`.
 */
export function liveRoomRefreshKeys(event: LiveEvent, roomId: number): QueryKey[] {
  if (liveTopicTournamentId(event.topic) === null || !ROOM_KINDS.has(event.kind)) return [];
  return [roundKeys.liveRoom(roomId)];
}
