import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { banEndpoints, type BanBody, playerEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { sessionKeys } from "@/features/session/api/keys";
import { moderationKeys } from "./keys";

export function useBans() {
  return useQuery({ queryKey: moderationKeys.bans(), queryFn: ({ signal }) => callApi(banEndpoints.list, { signal }) });
}

export function useInactiveAccounts() {
  return useQuery({ queryKey: moderationKeys.inactive(), queryFn: ({ signal }) => callApi(banEndpoints.inactive, { signal }) });
}

/** The registry's player picker (GET /api/registry/players/all?search=). */
export function usePlayerSearch(search: string) {
  return useQuery({
    queryKey: moderationKeys.playerSearch(search),
    queryFn: ({ signal }) => callApi(playerEndpoints.all, { query: { search, limit: 10 }, signal }),
    enabled: search.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

type BanAction = { kind: "ban"; body: BanBody } | { kind: "unban"; playerId: number } | { kind: "activate"; userId: number };

/** Ban, unban or activate; the moderation lists and every registry list reload. */
export function useBanAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: BanAction) =>
      a.kind === "ban"
        ? callApi(banEndpoints.ban, { body: a.body })
        : a.kind === "unban"
          ? callApi(banEndpoints.unban, { body: { player_id: a.playerId } })
          : callApi(banEndpoints.activate, { body: { user_id: a.userId } }),
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] }),
  });
}
