import { queryOptions, useQuery } from "@tanstack/react-query";
import { calendarEndpoints as e } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { calendarKeys } from "./keys";

/**
 * `GET /api/calendar/me` (account only): whether the account has a personal calendar link and
 * since when (`created_at`, null: none yet). The link itself is never in this answer (the server
 * keeps only its hash); only `rotateMyFeed` gives it.
 */
export function getMyFeed(signal?: AbortSignal) {
  return callApi(e.myFeed, { signal });
}

export const myFeedQueryOptions = () => queryOptions({ queryKey: calendarKeys.myFeed(), queryFn: ({ signal }) => getMyFeed(signal) });

/** Asked only for a signed-in viewer (`enabled`). */
export function useMyFeed(enabled = true) {
  return useQuery({ ...myFeedQueryOptions(), enabled });
}
