import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { adminKeys } from "./keys";

/** GET /api/admin/word_filter → {words} (administrators). */
export function getWordFilter(signal?: AbortSignal) {
  return callApi(adminEndpoints.getWordFilter, { signal });
}

export const wordFilterQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.wordFilter(), queryFn: ({ signal }) => getWordFilter(signal), staleTime: 0 });

export function useWordFilter() {
  return useQuery(wordFilterQueryOptions());
}

/** POST /api/admin/word_filter {words}. */
export function useSaveWordFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (words: string) => callApi(adminEndpoints.saveWordFilter, { body: { words } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.wordFilter() }),
  });
}
