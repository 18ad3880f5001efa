import { queryOptions, useQuery } from "@tanstack/react-query";
import { roundEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { roundKeys } from "./keys";

/**
 * `GET /api/events/{id}/rounds/{n}`: the round, its rooms (hosts, racers, tables, who advanced)
 * and, for staff once every table is in, the advancement plans. 404 for a draft to non-staff.
 */
export function getRound(id: number, n: number, signal?: AbortSignal) {
  return callApi(e.detail, { params: { id, n }, signal });
}

export const roundQueryOptions = (id: number, n: number) =>
  queryOptions({ queryKey: roundKeys.round(id, n), queryFn: ({ signal }) => getRound(id, n, signal) });

export function useRound(id: number, n: number) {
  return useQuery(roundQueryOptions(id, n));
}
