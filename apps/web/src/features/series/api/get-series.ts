import { queryOptions, useQuery } from "@tanstack/react-query";
import { seriesEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { seriesQueries } from "./get-series-list";

/** GET /api/tournaments/series/{slugOrId} (001 §2 Series detail); 404 when unpublished and hidden. */
export function getSeries(slugOrId: string | number, signal?: AbortSignal) {
  return callApi(seriesEndpoints.detail, { params: { slugOrId: String(slugOrId) }, signal });
}

/** GET /api/tournaments/all_series: id and name of every visible series (tournament form). */
export function getSeriesNames(signal?: AbortSignal) {
  return callApi(seriesEndpoints.names, { signal });
}

export const seriesDetailQueries = {
  detail: (slugOrId: string | number) =>
    queryOptions({
      queryKey: [...seriesQueries.all, "detail", String(slugOrId)],
      queryFn: ({ signal }) => getSeries(slugOrId, signal),
      retry: false,
    }),
  names: () => queryOptions({ queryKey: [...seriesQueries.all, "names"], queryFn: ({ signal }) => getSeriesNames(signal) }),
};

export function useSeries(slugOrId: string | number, enabled = true) {
  return useQuery({ ...seriesDetailQueries.detail(slugOrId), enabled });
}

export function useSeriesNames() {
  return useQuery(seriesDetailQueries.names());
}
