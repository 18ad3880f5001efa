import { queryOptions, useQuery } from "@tanstack/react-query";
import { playerEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { playerKeys } from "./keys";

/** GET /api/registry/players/{id}: the profile (000 §3) with current teams, team history and results. */
export function getPlayer(id: number, signal?: AbortSignal) {
  return callApi(playerEndpoints.get, { params: { id }, signal });
}

export const playerProfileQueries = {
  detail: (id: number) => queryOptions({ queryKey: playerKeys.profile(id), queryFn: ({ signal }) => getPlayer(id, signal) }),
};

/** A player's profile; disabled for an id that cannot exist (NaN, 0). */
export function usePlayer(id: number) {
  return useQuery({ ...playerProfileQueries.detail(id), enabled: Number.isInteger(id) && id > 0 });
}
