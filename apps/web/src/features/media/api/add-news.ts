import { useMutation, useQueryClient } from "@tanstack/react-query";
import { mediaEndpoints, type EndpointBody } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { refreshMediaQueries } from "./refresh-media";

export type AddNewsInput = EndpointBody<typeof mediaEndpoints.addNews>;

/** POST /api/media/news → the new NewsItem (administrators); content is markdown. */
export function addNews(body: AddNewsInput) {
  return callApi(mediaEndpoints.addNews, { body });
}

/** Posts news; the home "Latest News" list reloads before success shows. */
export function useAddNews() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addNews, onSuccess: () => refreshMediaQueries(queryClient) });
}
