import { queryOptions, useQuery } from "@tanstack/react-query";
import { liveBoardEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { roundKeys } from "./keys";

/**
 * `GET /api/events/{id}/live` (issue #20 §2): the latest published round with its rooms, each
 * room's state (waiting, racing, table in, tie) and sides; `round` null before one is published.
 * Public; 404 for a tournament the viewer may not see.
 */
export function getLiveBoard(id: number, signal?: AbortSignal) {
  return callApi(e.board, { params: { id }, signal });
}

export const liveBoardQueryOptions = (id: number) =>
  queryOptions({ queryKey: roundKeys.live(id), queryFn: ({ signal }) => getLiveBoard(id, signal) });

/**
 * `refetchInterval` is the fallback of a screen whose live stream is down (issue #20 §2: an
 * overlay left on air for hours must not freeze); with the stream up, events refresh it.
 */
export function useLiveBoard(id: number, options: { enabled?: boolean; refetchInterval?: number | false } = {}) {
  return useQuery({ ...liveBoardQueryOptions(id), enabled: options.enabled ?? true, refetchInterval: options.refetchInterval });
}
