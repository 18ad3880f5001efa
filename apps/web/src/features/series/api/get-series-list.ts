import { queryOptions, useQuery } from "@tanstack/react-query";
import { seriesEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { seriesKeys } from "./keys";

/** GET /api/tournaments/series → {all_series} (001 §7); unpublished series only for event staff. */
export function getSeriesList(signal?: AbortSignal) {
  return callApi(seriesEndpoints.list, { signal });
}

export const seriesQueries = {
  list: () => queryOptions({ queryKey: seriesKeys.list(), queryFn: ({ signal }) => getSeriesList(signal) }),
};

export function useSeriesList() {
  return useQuery(seriesQueries.list());
}
