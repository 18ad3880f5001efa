import { queryOptions, useQuery } from "@tanstack/react-query";
import { mediaEndpoints, type MediaKind } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { mediaKeys } from "./keys";

/**
 * GET /api/media/:kind/latest — videos (youtube), live streams (stream) or social posts.
 * `cache` lets a refresh after an edit skip the copy the browser may keep for 30 s.
 */
export function getLatestMedia(kind: MediaKind, signal?: AbortSignal, cache?: RequestCache) {
  return callApi(mediaEndpoints.latest, { params: { kind }, signal, cache });
}

export const latestMediaQueryOptions = (kind: MediaKind) =>
  queryOptions({ queryKey: mediaKeys.latest(kind), queryFn: ({ signal }) => getLatestMedia(kind, signal) });

export function useLatestMedia(kind: MediaKind) {
  return useQuery(latestMediaQueryOptions(kind));
}
