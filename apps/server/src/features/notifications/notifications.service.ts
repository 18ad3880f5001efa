import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import { noteLiveChange } from "../../lib/live-changes.js";
import type { SiteLanguage } from "@site/contract";
import {
  checkMessage,
  type LinkParam,
  type Message,
  type NotificationKey,
  paramsJson,
  renderMessage,
  storedMessage,
} from "../../i18n/messages.js";
import * as repo from "./notifications.repository.js";

/** Notification levels (000 §3 Notification): critical and warning count as important. */
export type NotificationLevel = "info" | "success" | "warning" | "critical";

/** A notification's text (#21 §3): a key of the server's catalogue and its parameters. */
export type NotificationMessage = Message<NotificationKey>;

/** A link parameter: `{href, text}`, rendered `<a href="href">text</a>` with both escaped; `href` is a site path the caller built. */
export const linkTo = (href: string, text: string): LinkParam => ({ href, text });

/** A tournament's page (`/tournaments/{id}`, its title) as a link parameter. */
export const tournamentRef = (t: { id: number; title: string }): LinkParam => linkTo(`/tournaments/${t.id}`, t.title);

/**
 * Sends a notification to an account (000 §3 Notification: level, message HTML; #21 §3). Takes
 * the database or a transaction, so a notification is written together with the change it
 * reports. `message` is a catalogue key with its parameters (text parameters are escaped when
 * rendered, links are `{href, text}`): the row stores the key and parameters, each reader sees
 * it in their own language, and the `message` column keeps the English HTML. A null user (a
 * shadow player has no account) is skipped. An identical unread notification (same level, key
 * and parameters) is not repeated: it moves to the top instead (issue #15 §4).
 */
export async function notify(db: Kysely<DB>, userId: number | null, level: NotificationLevel, message: NotificationMessage): Promise<void> {
  await notifyMany(db, [userId], level, message);
}

/** The same notification to several accounts (duplicates and nulls dropped; identical unread ones refreshed, not repeated). */
export async function notifyMany(
  db: Kysely<DB>,
  userIds: Array<number | null>,
  level: NotificationLevel,
  message: NotificationMessage,
): Promise<void> {
  checkMessage(message);
  const ids = [...new Set(userIds.filter((u): u is number => u !== null))];
  if (ids.length === 0) return;
  const stored = { level, key: message.key, params: paramsJson(message.params), html: renderMessage("en", message) };
  const now = Date.now();
  const refreshed = await repo.refreshUnreadDuplicates(db, ids, stored, now);
  await repo.insertNotifications(
    db,
    ids.filter((userId) => !refreshed.has(userId)).map((userId) => ({ userId, ...stored })),
    now,
  );
  // Each account's badge and list refresh live once this commits (issue #20 §1).
  for (const userId of ids) noteLiveChange(db, { userId });
}

/**
 * A stored notification's message in `lang` (#21 §3): rendered from its key and parameters, or
 * its stored `message` when it has no key (rows older than migration 0033) or the key is gone
 * from the catalogue.
 */
export function notificationText(
  row: { message: string; message_key: string | null; message_params: string | null },
  lang: SiteLanguage,
): string {
  if (row.message_key === null) return row.message;
  const message = storedMessage(row.message_key, row.message_params);
  if (!message) return row.message;
  try {
    return renderMessage(lang, message);
  } catch {
    return row.message;
  }
}
