import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import { noteLiveChange } from "../../lib/live-changes.js";
import * as repo from "./notifications.repository.js";

/** Notification levels (000 §3 Notification): critical and warning count as important. */
export type NotificationLevel = "info" | "success" | "warning" | "critical";

/** Escapes text for the HTML of a notification message. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** `<a href="…">text</a>` with the text escaped; `href` must be a site path the caller built. */
export function link(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

/**
 * Sends a notification to an account (000 §3 Notification: level, message HTML). Takes the
 * database or a transaction, so a notification is written together with the change it reports.
 * `messageHtml` must already be safe HTML: build it with `escapeHtml` / `link`. A null user
 * (a shadow player has no account) is skipped. An identical unread notification is not
 * repeated: it moves to the top instead (issue #15 §4).
 */
export async function notify(db: Kysely<DB>, userId: number | null, level: NotificationLevel, messageHtml: string): Promise<void> {
  await notifyMany(db, [userId], level, messageHtml);
}

/** The same notification to several accounts (duplicates and nulls dropped; identical unread ones refreshed, not repeated). */
export async function notifyMany(
  db: Kysely<DB>,
  userIds: Array<number | null>,
  level: NotificationLevel,
  messageHtml: string,
): Promise<void> {
  const ids = [...new Set(userIds.filter((u): u is number => u !== null))];
  const now = Date.now();
  const refreshed = await repo.refreshUnreadDuplicates(db, ids, level, messageHtml, now);
  await repo.insertNotifications(
    db,
    ids.filter((userId) => !refreshed.has(userId)).map((userId) => ({ userId, level, message: messageHtml })),
    now,
  );
  // Each account's badge and list refresh live once this commits (issue #20 §1).
  for (const userId of ids) noteLiveChange(db, { userId });
}
