import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { COUNTS, tournamentEndpoints, type TournamentListQuery } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { tournamentKeys } from "./keys";

/** GET /api/tournaments — upcoming, ongoing, past and historical lists (001 §7). */
export function getTournaments(query: TournamentListQuery, signal?: AbortSignal) {
  return callApi(tournamentEndpoints.list, { query, signal });
}

export const tournamentQueries = {
  list: (query: TournamentListQuery) =>
    queryOptions({ queryKey: tournamentKeys.list(query), queryFn: ({ signal }) => getTournaments(query, signal) }),
};

export function useTournaments(query: TournamentListQuery) {
  return useQuery({ ...tournamentQueries.list(query), placeholderData: keepPreviousData });
}

/**
 * Home "Latest Tournaments" (000 §2): ongoing then upcoming (what is happening now first, #17 §8;
 * docs/decisions.md), published only, first 7. The server
 * caps each list at `limit`, so asking for 7 of each is enough to fill 7 rows; `published_only`
 * keeps staff's unpublished drafts out of the panel.
 */
export function useHomeTournaments() {
  return useQuery({
    ...tournamentQueries.list({ limit: COUNTS.homeTournaments, tab: "latest", published_only: true }),
    select: (data) => [...data.ongoing, ...data.upcoming].slice(0, COUNTS.homeTournaments),
  });
}
