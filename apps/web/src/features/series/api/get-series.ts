import { queryOptions, useQuery } from "@tanstack/react-query";
import { seriesEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { seriesKeys } from "./keys";

/**
 * GET /api/tournaments/series/{slugOrId}?page (001 §2 Series detail); 404 when unpublished and
 * hidden. `page` is the Tournament History page; "all" asks for every tournament (the edit form).
 */
export function getSeries(slugOrId: string | number, page: number | "all" = 1, signal?: AbortSignal) {
  const query = page === "all" ? { all_tournaments: "1" as const } : { page };
  return callApi(seriesEndpoints.detail, { params: { slugOrId: String(slugOrId) }, query, signal });
}

/** GET /api/tournaments/all_series: id and name of every visible series (tournament form). */
export function getSeriesNames(signal?: AbortSignal) {
  return callApi(seriesEndpoints.names, { signal });
}

export const seriesDetailQueries = {
  detail: (slugOrId: string | number, page: number | "all" = 1) => {
    const queryKey = seriesKeys.detail(slugOrId, page);
    return queryOptions({
      queryKey,
      queryFn: ({ signal }) => getSeries(slugOrId, page, signal),
      retry: false,
      // Another Tournament History page of the same series: keep the shown one until it arrives.
      placeholderData: (previous, previousQuery) =>
        previousQuery && queryKey.slice(0, -1).every((part, i) => previousQuery.queryKey[i] === part) ? previous : undefined,
    });
  },
  names: () => queryOptions({ queryKey: seriesKeys.names(), queryFn: ({ signal }) => getSeriesNames(signal) }),
};

export function useSeries(slugOrId: string | number, enabled = true, page: number | "all" = 1) {
  return useQuery({ ...seriesDetailQueries.detail(slugOrId, page), enabled });
}

export function useSeriesNames() {
  return useQuery(seriesDetailQueries.names());
}
