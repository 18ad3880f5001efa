import { useMutation, useQueryClient } from "@tanstack/react-query";
import { roundEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { placementKeys } from "@/features/placements/api/keys";
import { seriesKeys } from "@/features/series/api/keys";
import { tournamentKeys } from "@/features/tournaments/api/keys";
import { roundKeys } from "./keys";

/** `POST /api/events/{id}/rounds/finish` (staff, once the final is closed): replaces the placements with the rounds' results. */
export function finishRounds(id: number) {
  return callApi(e.finish, { params: { id } });
}

/** Writing placements refreshes what the placements editor's save does (placements, tournament pages, series stats) and the rounds. */
export function useFinishRounds(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => finishRounds(id),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: roundKeys.event(id) });
      void qc.invalidateQueries({ queryKey: placementKeys.event(id) });
      void qc.invalidateQueries({ queryKey: tournamentKeys.all });
      void qc.invalidateQueries({ queryKey: seriesKeys.all });
    },
  });
}
