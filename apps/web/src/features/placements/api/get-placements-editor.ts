import { queryOptions, useQuery } from "@tanstack/react-query";
import { placementEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { placementKeys } from "./keys";

/** `GET /api/events/{id}/placements/edit` (tournament administrators): entrants and the stored list. */
export function getPlacementsEditor(id: number, signal?: AbortSignal) {
  return callApi(e.editor, { params: { id }, signal });
}

export const placementsEditorQueryOptions = (id: number) =>
  queryOptions({ queryKey: placementKeys.editor(id), queryFn: ({ signal }) => getPlacementsEditor(id, signal) });

export function usePlacementsEditor(id: number) {
  return useQuery(placementsEditorQueryOptions(id));
}
