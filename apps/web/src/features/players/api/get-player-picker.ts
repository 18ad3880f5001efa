import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { playerEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { playerKeys } from "./keys";

/** GET /api/registry/players/all?search= — up to 100 players (id, name, country) for pickers. */
export function getPlayerPicker(search: string, signal?: AbortSignal) {
  return callApi(playerEndpoints.all, { query: { search: search || undefined }, signal });
}

export const playerPickerQueryOptions = (search: string) =>
  queryOptions({ queryKey: playerKeys.picker(search), queryFn: ({ signal }) => getPlayerPicker(search, signal), staleTime: 30_000 });

/** Picker rows for a (debounced) search; the previous rows stay while the next load. */
export function usePlayerPicker(search: string, enabled = true) {
  return useQuery({ ...playerPickerQueryOptions(search), enabled, placeholderData: keepPreviousData });
}
