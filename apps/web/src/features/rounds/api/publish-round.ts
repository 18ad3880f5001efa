import { useMutation } from "@tanstack/react-query";
import { roundEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { useRefreshRounds } from "./use-refresh-rounds";

/** `POST /api/events/{id}/rounds/{n}/publish` (staff): draft → published; the rooms become public. */
export function publishRound(id: number, n: number) {
  return callApi(e.publish, { params: { id, n } });
}

export function usePublishRound(id: number, n: number) {
  const refresh = useRefreshRounds(id);
  return useMutation({ mutationFn: () => publishRound(id, n), onSuccess: () => void refresh() });
}
