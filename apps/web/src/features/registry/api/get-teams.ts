import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { COUNTS, registryEndpoints, type TeamListQuery } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { registryKeys } from "./keys";

/** GET /api/registry/teams/category/:cat — approved teams of a category, or 'all'. */
export function getTeams(category: string, query: TeamListQuery, signal?: AbortSignal) {
  return callApi(registryEndpoints.teams, { params: { cat: category }, query, signal });
}

export const teamQueries = {
  list: (category: string, query: TeamListQuery) =>
    queryOptions({ queryKey: registryKeys.teamList(category, query), queryFn: ({ signal }) => getTeams(category, query, signal) }),
};

export function useTeams(category: string, query: TeamListQuery) {
  return useQuery({ ...teamQueries.list(category, query), placeholderData: keepPreviousData });
}

/** The home page's newest teams (000 §9: 10). */
export function useNewestTeams() {
  return useQuery(teamQueries.list("all", { order: "newest", limit: COUNTS.homeTeams }));
}
