import { useMutation } from "@tanstack/react-query";
import { roundEndpoints as e, type CreateRoundBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useRefreshRounds } from "./use-refresh-rounds";

/** `POST /api/events/{id}/rounds` (tournament administrators): draws the next round as a draft; answers its summary. */
export function createRound(id: number, body: CreateRoundBody) {
  return callApi(e.create, { params: { id }, body });
}

export function useCreateRound(id: number) {
  const refresh = useRefreshRounds(id);
  return useMutation({ mutationFn: (body: CreateRoundBody) => createRound(id, body), onSuccess: () => void refresh() });
}
