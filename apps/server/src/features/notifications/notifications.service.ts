import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
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
 * (a shadow player has no account) is skipped.
 */
export async function notify(db: Kysely<DB>, userId: number | null, level: NotificationLevel, messageHtml: string): Promise<void> {
  if (userId === null) return;
  await repo.insertNotifications(db, [{ userId, level, message: messageHtml }], Date.now());
}

/** The same notification to several accounts (duplicates and nulls dropped). */
export async function notifyMany(
  db: Kysely<DB>,
  userIds: Array<number | null>,
  level: NotificationLevel,
  messageHtml: string,
): Promise<void> {
  const ids = [...new Set(userIds.filter((u): u is number => u !== null))];
  await repo.insertNotifications(
    db,
    ids.map((userId) => ({ userId, level, message: messageHtml })),
    Date.now(),
  );
}
