import { queryOptions, useQuery } from "@tanstack/react-query";
import { roundEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { roundKeys } from "./keys";

/**
 * `GET /api/events/{id}/rounds`: the rounds the viewer may see (drafts for staff only), whether
 * they run them (`can_manage`), how many entrants a new round would draw, whether the final
 * placements can be written, and the points tables. `entrant_type` null for team tournaments.
 */
export function getRounds(id: number, signal?: AbortSignal) {
  return callApi(e.overview, { params: { id }, signal });
}

export const roundsQueryOptions = (id: number) =>
  queryOptions({ queryKey: roundKeys.overview(id), queryFn: ({ signal }) => getRounds(id, signal) });

export function useRounds(id: number) {
  return useQuery(roundsQueryOptions(id));
}
