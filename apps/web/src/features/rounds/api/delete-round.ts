import { useMutation, useQueryClient } from "@tanstack/react-query";
import { roundEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { roundKeys } from "./keys";

/** `POST /api/events/{id}/rounds/{n}/delete` (staff): the last round only, with its rooms and tables. */
export function deleteRound(id: number, n: number) {
  return callApi(e.remove, { params: { id, n } });
}

/** The deleted round's own read is dropped (not refetched: it would answer 404). */
export function useDeleteRound(id: number, n: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRound(id, n),
    onSuccess: () => {
      qc.removeQueries({ queryKey: roundKeys.round(id, n) });
      void qc.invalidateQueries({ queryKey: roundKeys.event(id) });
    },
  });
}
