import type { NotificationFilter } from "@site/contract";

/** Query keys of the notification lists; marking read invalidates `notificationKeys.all`. */
export const notificationKeys = {
  all: ["notifications"] as const,
  list: (filter: NotificationFilter, page: number) => [...notificationKeys.all, filter, page] as const,
};
