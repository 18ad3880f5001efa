import { queryOptions, useQuery } from "@tanstack/react-query";
import { placementEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { placementKeys } from "./keys";

export type PlacementsOrder = "PA" | "PD" | "NA" | "ND";

/**
 * `GET /api/events/{id}/placements?order&limit&page` (001 §7): one page of rows (or the first
 * `limit`), count, the override, `page` and `page_count`.
 */
export function getPlacements(id: number, order: PlacementsOrder = "PA", limit?: number, page = 1, signal?: AbortSignal) {
  return callApi(e.list, { params: { id }, query: { order, ...(limit ? { limit } : { page }) }, signal });
}

export const placementsQueryOptions = (id: number, order: PlacementsOrder = "PA", limit?: number, page = 1) => {
  const queryKey = placementKeys.list(id, order, limit ?? null, limit ? 1 : page);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => getPlacements(id, order, limit, page, signal),
    // Same list (all but the page equal): keep the shown page until the next arrives.
    placeholderData: (previous, previousQuery) =>
      previousQuery && queryKey.slice(0, -1).every((part, i) => previousQuery.queryKey[i] === part) ? previous : undefined,
  });
};

export function usePlacements(id: number, order: PlacementsOrder = "PA", limit?: number, page = 1) {
  return useQuery(placementsQueryOptions(id, order, limit, page));
}
