import { queryOptions, useQuery } from "@tanstack/react-query";
import { mediaEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { mediaKeys } from "./keys";

/** GET /api/media/news/:id — one published news post with server-sanitized HTML content. */
export function getNewsPost(id: number, signal?: AbortSignal) {
  return callApi(mediaEndpoints.news, { params: { id }, signal });
}

export const newsPostQueryOptions = (id: number) =>
  queryOptions({ queryKey: mediaKeys.newsPost(id), queryFn: ({ signal }) => getNewsPost(id, signal) });

/** Ids that cannot exist (not a positive integer) are not asked for; the screen shows its not-found text. */
export function useNewsPost(id: number) {
  return useQuery({ ...newsPostQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
