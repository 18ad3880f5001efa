import { useMutation } from "@tanstack/react-query";
import { roundEndpoints as e, type CloseRoundBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useRefreshRounds } from "./use-refresh-rounds";

/**
 * `POST /api/events/{id}/rounds/{n}/close` (staff): an advancement plan (null for the final) and
 * staff decisions for ties (entrant ids, best first). `dry_run` previews; unresolved ties answer
 * `closed: false` with the tied groups.
 */
export function closeRound(id: number, n: number, body: CloseRoundBody) {
  return callApi(e.close, { params: { id, n }, body });
}

/** Only a closed round refreshes the reads. */
export function useCloseRound(id: number, n: number) {
  const refresh = useRefreshRounds(id);
  return useMutation({
    mutationFn: (body: CloseRoundBody) => closeRound(id, n, body),
    onSuccess: (answer) => {
      if (answer.closed) void refresh();
    },
  });
}
