import { useMutation, useQueryClient } from "@tanstack/react-query";
import { placementEndpoints as e, type PlacementsSaveBody } from "@site/contract";
import { callApi } from "@/lib/api-client";

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
      void qc.invalidateQueries({ queryKey: ["placements", id] });
      void qc.invalidateQueries({ queryKey: ["tournaments"] });
      void qc.invalidateQueries({ queryKey: ["series"] });
    },
  });
}
