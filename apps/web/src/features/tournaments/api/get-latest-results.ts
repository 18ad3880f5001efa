import { queryOptions, useQuery } from "@tanstack/react-query";
import { tournamentEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { tournamentKeys } from "./keys";

/** GET /api/tournaments/latest_results — the latest past published tournament with placements (000 §2). */
export function getLatestResults(signal?: AbortSignal) {
  return callApi(tournamentEndpoints.latestResults, { signal });
}

export const latestResultsQueryOptions = () =>
  queryOptions({ queryKey: tournamentKeys.latestResults(), queryFn: ({ signal }) => getLatestResults(signal) });

export function useLatestResults() {
  return useQuery(latestResultsQueryOptions());
}
