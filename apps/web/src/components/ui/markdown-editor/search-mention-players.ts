import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { registryEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { widgetKeys } from "../api/keys";

export const MENTION_LIMIT = 8;

/** GET /api/registry/players?search=X&limit=8 for '@' suggestions. */
export async function searchMentionPlayers(search: string, signal?: AbortSignal) {
  const page = await callApi(registryEndpoints.players, { query: { search: search || undefined, limit: MENTION_LIMIT }, signal });
  return page.data;
}

export function mentionPlayersQueryOptions(search: string) {
  return queryOptions({
    queryKey: widgetKeys.mentionPlayers(search),
    queryFn: ({ signal }) => searchMentionPlayers(search, signal),
    staleTime: 60_000,
  });
}

export function useMentionPlayers(search: string | null) {
  return useQuery({ ...mentionPlayersQueryOptions(search ?? ""), enabled: search !== null, placeholderData: keepPreviousData });
}
