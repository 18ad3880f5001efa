import { queryOptions, useQuery } from "@tanstack/react-query";
import { mediaEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { mediaKeys } from "./keys";

/**
 * GET /api/media/news/latest — the home page's 3 news items (000 §2). `cache` lets a refresh
 * after posting news skip the copy the browser may keep for 30 s.
 */
export function getLatestNews(signal?: AbortSignal, cache?: RequestCache) {
  return callApi(mediaEndpoints.newsLatest, { signal, cache });
}

export const latestNewsQueryOptions = () =>
  queryOptions({ queryKey: mediaKeys.latestNews(), queryFn: ({ signal }) => getLatestNews(signal) });

export function useLatestNews() {
  return useQuery(latestNewsQueryOptions());
}
