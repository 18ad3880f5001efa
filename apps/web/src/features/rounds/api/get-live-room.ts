import { queryOptions, useQuery } from "@tanstack/react-query";
import { liveBoardEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { roundKeys } from "./keys";

/**
 * `GET /api/rooms/{roomId}` (issue #20 §2): one room by id for a stream overlay, with its
 * tournament, round and the racers' per-race points; never a room code. 404 for an unknown
 * room, a draft's room or a tournament the viewer may not see.
 */
export function getLiveRoom(roomId: number, signal?: AbortSignal) {
  return callApi(e.room, { params: { roomId }, signal });
}

export const liveRoomQueryOptions = (roomId: number) =>
  queryOptions({ queryKey: roundKeys.liveRoom(roomId), queryFn: ({ signal }) => getLiveRoom(roomId, signal) });

/**
 * `refetchInterval` is the fallback of a screen whose live stream is down (issue #20 §2: an
 * overlay left on air for hours must not freeze); with the stream up, events refresh it.
 */
export function useLiveRoom(roomId: number, options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({ ...liveRoomQueryOptions(roomId), enabled: options.enabled ?? true, refetchInterval: options.refetchInterval });
}
