import { queryOptions, useQuery } from "@tanstack/react-query";
import { placementEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { placementKeys } from "./keys";

/** `GET /api/events/{id}/my_placement` (001 §7): the viewer's placement or null. */
export function getMyPlacement(id: number, signal?: AbortSignal) {
  return callApi(e.mine, { params: { id }, signal });
}

export const myPlacementQueryOptions = (id: number) =>
  queryOptions({ queryKey: placementKeys.mine(id), queryFn: ({ signal }) => getMyPlacement(id, signal) });

/** Only asked for signed-in viewers (`enabled`); anonymous viewers have no placement. */
export function useMyPlacement(id: number, enabled = true) {
  return useQuery({ ...myPlacementQueryOptions(id), enabled });
}
