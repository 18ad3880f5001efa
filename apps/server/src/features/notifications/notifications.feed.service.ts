import {
  type NotificationFilter,
  type NotificationLevelName,
  type NotificationList,
  type SiteLanguage,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_UNREAD_MAX,
} from "@site/contract";
import type { AppContext } from "../../context.js";
import { dateTimeHuman, iso } from "../../lib/dates.js";
import { notFound, unauthorized } from "../../lib/errors.js";
import { noteLiveChange } from "../../lib/live-changes.js";
import type { Actor } from "../permissions/permissions.js";
import * as repo from "./notifications.repository.js";
import { notificationText } from "./notifications.service.js";

function requireUser(actor: Actor): number {
  if (actor.userId === null) throw unauthorized();
  return actor.userId;
}

/**
 * `GET /api/notifications?filter=&page=` (000 §2, §7): the signed-in user's notifications,
 * newest first. All and Important are paged; Unread is one list (at most 500, not paged).
 * Each message is rendered in `lang`, the reader's language (#21 §3; see `notificationText`).
 */
export async function list(
  ctx: AppContext,
  actor: Actor,
  filter: NotificationFilter,
  page: number,
  lang: SiteLanguage,
): Promise<NotificationList> {
  const userId = requireUser(actor);
  const size = filter === "unread" ? NOTIFICATIONS_UNREAD_MAX : NOTIFICATIONS_PAGE_SIZE;
  const offset = filter === "unread" ? 0 : (page - 1) * size;
  const rows = await repo.listNotifications(ctx.db, userId, filter, size + 1, offset);
  return {
    data: rows.slice(0, size).map((r) => ({
      id: r.id,
      level: r.level as NotificationLevelName,
      message: notificationText(r, lang),
      read: r.is_read === 1,
      time_human: dateTimeHuman(Number(r.created_at)),
      time: iso(Number(r.created_at))!,
    })),
    has_next_page: filter !== "unread" && rows.length > size,
  };
}

/** Marks one notification read; 404 when it is not the caller's. Answers the new unread count. */
export async function markRead(ctx: AppContext, actor: Actor, id: number) {
  const userId = requireUser(actor);
  if (!(await repo.markRead(ctx.db, userId, id))) throw notFound("Notification not found.", { code: "notifications.not_found" });
  // The account's other tabs update their badge (issue #20 §1).
  noteLiveChange(ctx.db, { userId });
  return { status: "ok" as const, unread: await repo.unreadCount(ctx.db, userId) };
}

export async function markAllRead(ctx: AppContext, actor: Actor) {
  const userId = requireUser(actor);
  await repo.markAllRead(ctx.db, userId);
  noteLiveChange(ctx.db, { userId });
  return { status: "ok" as const, unread: 0 };
}
