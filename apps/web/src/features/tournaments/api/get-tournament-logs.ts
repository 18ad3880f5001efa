import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { tournamentEventEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { tournamentKeys } from "./keys";

/** GET /api/events/{id}/logs?page (tournament administrators): newest first, 50 a page. */
export function getTournamentLogs(id: number, page: number, signal?: AbortSignal) {
  return callApi(tournamentEventEndpoints.logs, { params: { id }, query: { page }, signal });
}

export const tournamentLogQueries = {
  logs: (id: number, page: number) =>
    queryOptions({ queryKey: tournamentKeys.logs(id, page), queryFn: ({ signal }) => getTournamentLogs(id, page, signal) }),
};

export function useTournamentLogs(id: number, page: number) {
  return useQuery({ ...tournamentLogQueries.logs(id, page), placeholderData: keepPreviousData });
}
