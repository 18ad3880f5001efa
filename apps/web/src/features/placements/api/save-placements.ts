import { useMutation, useQueryClient } from "@tanstack/react-query";
import { placementEndpoints as e, type PlacementsSaveBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { seriesKeys } from "@/features/series/api/keys";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { placementKeys } from "./keys";

/** `POST /api/events/{id}/placements`: replaces the whole list and the override. */
export function savePlacements(id: number, body: PlacementsSaveBody) {
  return callApi(e.save, { params: { id }, body });
}

/** Saving refreshes every placements read, the tournament pages, home results and series stats. */
export function useSavePlacements(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PlacementsSaveBody) => savePlacements(id, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: placementKeys.event(id) });
      void qc.invalidateQueries({ queryKey: tournamentKeys.all });
      void qc.invalidateQueries({ queryKey: seriesKeys.all });
    },
  });
}
