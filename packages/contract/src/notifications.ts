import { z } from "zod";
import { endpoint, IdSchema, OkSchema, PageSchema, pagedSchema } from "./common.js";

/** Notification filters (000 §4): Unread, Important (warning and critical), All. */
export const NOTIFICATION_FILTERS = ["unread", "important", "all"] as const;
export const NotificationFilterSchema = z.enum(NOTIFICATION_FILTERS);
export type NotificationFilter = z.infer<typeof NotificationFilterSchema>;

/** Levels of a notification; warning and critical count as Important. */
export const NotificationLevelSchema = z.enum(["info", "success", "warning", "critical"]);
export type NotificationLevelName = z.infer<typeof NotificationLevelSchema>;

/** Notifications per page on the All and Important tabs (000 §9: page size not shown). */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The Unread tab is not paged (000 §2); it shows at most this many. */
export const NOTIFICATIONS_UNREAD_MAX = 500;

/**
 * 000 §3 Notification: id, level, message (sanitized HTML built on the server), read, time_human
 * ('Nov 22, 2026, 14:05 UTC'), and `time`, the same instant as an ISO string, which the page
 * shows relative to now ('2 days ago') with the exact time on hover and focus (issue 17 §2).
 */
export const NotificationSchema = z.object({
  id: z.number().int(),
  level: NotificationLevelSchema,
  message: z.string(),
  read: z.boolean(),
  time_human: z.string(),
  time: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = pagedSchema(NotificationSchema);
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationsQuerySchema = z.object({
  filter: NotificationFilterSchema.default("unread"),
  page: PageSchema,
});

/** Answer of the mark-read calls: the unread count after the change (the header badge). */
export const MarkReadResponseSchema = OkSchema.extend({ unread: z.number().int() });

export const notificationEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/notifications",
    query: NotificationsQuerySchema,
    response: NotificationListSchema,
    summary: "The signed-in user's notifications by filter (unread, important, all) and page",
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/notifications/:id/read",
    params: z.object({ id: IdSchema }),
    response: MarkReadResponseSchema,
    summary: "Mark one of the signed-in user's notifications read",
  }),
  markAllRead: endpoint({
    method: "POST",
    path: "/api/notifications/read_all",
    response: MarkReadResponseSchema,
    summary: "Mark every notification of the signed-in user read",
  }),
};
