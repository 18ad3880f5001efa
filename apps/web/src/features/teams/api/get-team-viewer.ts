import { queryOptions, useQuery } from "@tanstack/react-query";
import { teamEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { teamKeys } from "./keys";

/** GET /api/registry/teams/{id}/viewer: the signed-in viewer's role on the team and the actions offered. */
export function getTeamViewer(id: number, signal?: AbortSignal) {
  return callApi(teamEndpoints.viewer, { params: { id }, signal });
}

export const teamViewerQueryOptions = (id: number) =>
  queryOptions({ queryKey: teamKeys.viewer(id), queryFn: ({ signal }) => getTeamViewer(id, signal) });

export function useTeamViewer(id: number) {
  return useQuery({ ...teamViewerQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
