import { queryOptions, useQuery } from "@tanstack/react-query";
import { teamEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { teamKeys } from "./keys";

/** The team page read (keys in ./keys: every team mutation invalidates `teamKeys.all` and the registry lists). */
export const teamQueries = {
  detail: (id: number) => queryOptions({ queryKey: teamKeys.detail(id), queryFn: ({ signal }) => getTeam(id, signal) }),
};

/** GET /api/registry/teams/{id}: the team (000 §3 Team), roster, linked teams and results. */
export function getTeam(id: number, signal?: AbortSignal) {
  return callApi(teamEndpoints.get, { params: { id }, signal });
}

/** A team; disabled for an id that cannot exist. */
export function useTeam(id: number) {
  return useQuery({ ...teamQueries.detail(id), enabled: Number.isInteger(id) && id > 0 });
}
