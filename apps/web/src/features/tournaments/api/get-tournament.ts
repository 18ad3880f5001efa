import { queryOptions, useQuery } from "@tanstack/react-query";
import { tournamentEventEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { tournamentKeys } from "./keys";

/** GET /api/events/{id} (001 §7): the tournament; 404 when it is unpublished and hidden from the viewer. */
export function getTournament(id: number, signal?: AbortSignal) {
  return callApi(tournamentEventEndpoints.detail, { params: { id }, signal });
}

export const tournamentDetailQueries = {
  detail: (id: number) =>
    queryOptions({ queryKey: tournamentKeys.detail(id), queryFn: ({ signal }) => getTournament(id, signal), retry: false }),
};

export function useTournament(id: number, enabled = true) {
  return useQuery({ ...tournamentDetailQueries.detail(id), enabled });
}
