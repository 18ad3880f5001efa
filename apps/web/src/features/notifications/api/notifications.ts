import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { notificationEndpoints, type NotificationFilter } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { sessionKeys } from "@/features/session/api/keys";
import { notificationKeys } from "./keys";

/** GET /api/notifications?filter=&page= → {data, has_next_page} (000 §7). */
export function getNotifications(filter: NotificationFilter, page: number, signal?: AbortSignal) {
  return callApi(notificationEndpoints.list, { query: { filter, page }, signal });
}

export const notificationsQueryOptions = (filter: NotificationFilter, page: number) =>
  queryOptions({
    queryKey: notificationKeys.list(filter, page),
    queryFn: ({ signal }) => getNotifications(filter, page, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(filter: NotificationFilter, page: number) {
  return useQuery(notificationsQueryOptions(filter, page));
}

/** Marks one notification read (id) or all of them (null); the lists and the header count reload. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      id === null ? callApi(notificationEndpoints.markAllRead) : callApi(notificationEndpoints.markRead, { params: { id } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]);
    },
  });
}
