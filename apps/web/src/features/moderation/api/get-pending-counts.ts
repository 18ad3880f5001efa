import { queryOptions, useQuery } from "@tanstack/react-query";
import { pendingCountEndpoints } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { moderationKeys } from "./keys";

/**
 * GET /api/moderation/pending_counts (issue #17 §8): items waiting in each moderation queue the
 * viewer may moderate; `null` for the queues that are not theirs.
 */
export function getPendingCounts(signal?: AbortSignal) {
  return callApi(pendingCountEndpoints.pendingCounts, { signal });
}

/**
 * Kept a minute; every moderation decision invalidates the key, and the menu refetches when it
 * is opened after that, so the counts a moderator sees follow their own work at once.
 */
export const pendingCountsQueryOptions = () =>
  queryOptions({ queryKey: moderationKeys.pendingCounts(), queryFn: ({ signal }) => getPendingCounts(signal), staleTime: 60_000 });

/** The counts for the header menu; asks nothing unless `enabled` (the viewer holds a moderation permission). */
export function usePendingCounts(enabled: boolean) {
  return useQuery({ ...pendingCountsQueryOptions(), enabled });
}
