import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { teamEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { teamKeys } from "./keys";

/** GET /api/registry/teams/all (000 §7 'GET all teams'): team_id, team_name for the primary-team picker. */
export function getTeamPicker(search: string, mine: boolean, signal?: AbortSignal) {
  return callApi(teamEndpoints.all, { query: { search: search || undefined, mine: mine ? "1" : undefined }, signal });
}

export const teamPickerQueryOptions = (search: string, mine: boolean) =>
  queryOptions({ queryKey: teamKeys.picker(search, mine), queryFn: ({ signal }) => getTeamPicker(search, mine, signal) });

/** Teams by name (`mine`: only those the viewer leads, for the new team form). */
export function useTeamPicker(search: string, mine: boolean, enabled = true) {
  return useQuery({ ...teamPickerQueryOptions(search, mine), enabled, placeholderData: keepPreviousData });
}
