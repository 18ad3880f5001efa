import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { seriesEndpoints, type SeriesRole, type SeriesRoleEditBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { seriesKeys } from "./keys";

/** GET /api/tournaments/series/{id}/roles?role → data[] (001 §7). */
export function getSeriesRoles(id: number, role: SeriesRole, signal?: AbortSignal) {
  return callApi(seriesEndpoints.roles, { params: { id }, query: { role }, signal });
}

/** POST /api/tournaments/series/{id}/roles/edit {player, role, action}. */
export function editSeriesRole({ id, body }: { id: number; body: SeriesRoleEditBody }) {
  return callApi(seriesEndpoints.editRole, { params: { id }, body });
}

export const seriesRoleQueries = {
  roles: (id: number, role: SeriesRole) =>
    queryOptions({ queryKey: seriesKeys.role(id, role), queryFn: ({ signal }) => getSeriesRoles(id, role, signal) }),
};

export function useSeriesRoles(id: number, role: SeriesRole) {
  return useQuery(seriesRoleQueries.roles(id, role));
}

export function useEditSeriesRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editSeriesRole,
    onSuccess: (_res, { id }) => queryClient.invalidateQueries({ queryKey: seriesKeys.roles(id) }),
  });
}
