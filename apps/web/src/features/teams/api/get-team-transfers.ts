import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { teamEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { teamKeys } from "./keys";

export const TEAM_TRANSFERS_PAGE_SIZE = 20;

/** GET /api/registry/teams/{id}/transfers: the team's joins and leaves, newest first, paged from 1. */
export function getTeamTransfers(id: number, page: number, signal?: AbortSignal) {
  return callApi(teamEndpoints.transfers, { params: { id }, query: { page, limit: TEAM_TRANSFERS_PAGE_SIZE }, signal });
}

export const teamTransfersQueryOptions = (id: number, page: number) =>
  queryOptions({ queryKey: teamKeys.transfers(id, page), queryFn: ({ signal }) => getTeamTransfers(id, page, signal) });

export function useTeamTransfers(id: number, page: number) {
  return useQuery({ ...teamTransfersQueryOptions(id, page), placeholderData: keepPreviousData });
}
