import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { COUNTS, registryEndpoints, type PlayerListQuery } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { registryKeys } from "./keys";

/** GET /api/registry/players (000 §2 Player list): search, country, order, page, limit. */
export function getPlayers(query: PlayerListQuery, signal?: AbortSignal) {
  return callApi(registryEndpoints.players, { query, signal });
}

export const playerQueries = {
  list: (query: PlayerListQuery) =>
    queryOptions({ queryKey: registryKeys.playerList(query), queryFn: ({ signal }) => getPlayers(query, signal) }),
};

/** A page of players; the previous page stays on screen while the next loads. */
export function usePlayers(query: PlayerListQuery) {
  return useQuery({ ...playerQueries.list(query), placeholderData: keepPreviousData });
}

/** The home page's newest players (000 §9: 10). */
export function useNewestPlayers() {
  return useQuery(playerQueries.list({ order: "newest", limit: COUNTS.homePlayers }));
}
