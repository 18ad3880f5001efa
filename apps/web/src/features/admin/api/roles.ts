import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminEndpoints, type AdminRole } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { adminKeys } from "./keys";

/** GET /api/admin/roles/{role} → holders (player_id, display_name, country_code). */
export const roleHoldersQueryOptions = (role: AdminRole) =>
  queryOptions({
    queryKey: adminKeys.roleHolders(role),
    queryFn: ({ signal }) => callApi(adminEndpoints.roleHolders, { params: { role }, signal }),
  });

export function useRoleHolders(role: AdminRole) {
  return useQuery(roleHoldersQueryOptions(role));
}

/** GET /api/admin/roles/players?search= → players with an account. */
export function useRolePlayerSearch(search: string) {
  return useQuery({
    queryKey: adminKeys.rolePlayers(search),
    queryFn: ({ signal }) => callApi(adminEndpoints.rolePlayers, { query: { search }, signal }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/roles {role, id} or POST /api/admin/roles/remove {role, playerId}. */
export function useEditRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { role: AdminRole; playerId: number; action: "add" | "remove" }) =>
      v.action === "add"
        ? callApi(adminEndpoints.addRole, { body: { role: v.role, id: v.playerId } })
        : callApi(adminEndpoints.removeRole, { body: { role: v.role, playerId: v.playerId } }),
    onSuccess: (_d, v) => queryClient.invalidateQueries({ queryKey: adminKeys.roleHolders(v.role) }),
  });
}
