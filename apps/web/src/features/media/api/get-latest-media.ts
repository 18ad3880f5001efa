import { queryOptions, useQuery } from "@tanstack/react-query";
import { mediaEndpoints, type MediaKind } from "@site/contract";
import { callApi } from "@/lib/api-client";

/** GET /api/media/:kind/latest — videos (youtube), live streams (stream) or social posts. */
export function getLatestMedia(kind: MediaKind, signal?: AbortSignal) {
  return callApi(mediaEndpoints.latest, { params: { kind }, signal });
}

export const latestMediaQueryOptions = (kind: MediaKind) =>
  queryOptions({ queryKey: ["media", kind, "latest"], queryFn: ({ signal }) => getLatestMedia(kind, signal) });

export function useLatestMedia(kind: MediaKind) {
  return useQuery(latestMediaQueryOptions(kind));
}
