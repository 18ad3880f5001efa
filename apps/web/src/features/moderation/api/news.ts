import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { newsEndpoints, type NewsSaveBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { mediaKeys } from "@/features/media/api/keys";
import { moderationKeys } from "./keys";

/** GET /api/media/news?page= (10 a page; staff also get unpublished posts). */
export function useNewsList(page: number) {
  return useQuery({
    queryKey: moderationKeys.news.list(page),
    queryFn: ({ signal }) => callApi(newsEndpoints.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/media/news/{id}/source (staff), for the edit form. */
export function useNewsSource(id: number | null) {
  return useQuery({
    queryKey: moderationKeys.news.source(id),
    queryFn: ({ signal }) => callApi(newsEndpoints.source, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** POST /api/media/news/{id|new}/edit; news lists, the home panel and the post reload. */
export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | "new"; body: NewsSaveBody }) => callApi(newsEndpoints.save, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.news.all }),
        queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
      ]),
  });
}
