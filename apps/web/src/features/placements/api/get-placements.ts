import { queryOptions, useQuery } from "@tanstack/react-query";
import { placementEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";

export type PlacementsOrder = "PA" | "PD" | "NA" | "ND";

/** `GET /api/events/{id}/placements?order&limit` (001 §7): rows, count and the override. */
export function getPlacements(id: number, order: PlacementsOrder = "PA", limit?: number, signal?: AbortSignal) {
  return callApi(e.list, { params: { id }, query: { order, ...(limit ? { limit } : {}) }, signal });
}

export const placementsQueryOptions = (id: number, order: PlacementsOrder = "PA", limit?: number) =>
  queryOptions({
    queryKey: ["placements", id, "list", order, limit ?? null],
    queryFn: ({ signal }) => getPlacements(id, order, limit, signal),
  });

export function usePlacements(id: number, order: PlacementsOrder = "PA", limit?: number) {
  return useQuery(placementsQueryOptions(id, order, limit));
}
