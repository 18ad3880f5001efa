import { useCallback } from "react";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { tournamentEventEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { tournamentKeys } from "./keys";

/** GET /api/events/{id} (001 §7): the tournament; 404 when it is unpublished and hidden from the viewer. */
export function getTournament(id: number, signal?: AbortSignal, cache?: RequestCache) {
  return callApi(tournamentEventEndpoints.detail, { params: { id }, signal, ...(cache ? { cache } : {}) });
}

export const tournamentDetailQueries = {
  detail: (id: number) =>
    queryOptions({ queryKey: tournamentKeys.detail(id), queryFn: ({ signal }) => getTournament(id, signal), retry: false }),
};

export function useTournament(id: number, enabled = true) {
  return useQuery({ ...tournamentDetailQueries.detail(id), enabled });
}

/**
 * Re-reads the tournament past the browser's HTTP copy (anonymous answers may be kept 30 s): a
 * scheduled registration close or check-in opening just passed (issue #17 §2), so the page's
 * switches flip with the countdown.
 */
export function useRefreshTournament(id: number): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.fetchQuery({
      queryKey: tournamentKeys.detail(id),
      queryFn: ({ signal }) => getTournament(id, signal, "no-cache"),
      staleTime: 0,
    });
  }, [queryClient, id]);
}
