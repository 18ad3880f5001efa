import { createHmac } from "node:crypto";

/**
 * Pure pieces of outgoing webhooks (issue #20 §5): the stored event, its two wire formats,
 * the signature and the retry schedule. No I/O; unit-tested in test/webhooks-format.test.ts.
 */

/** One field of a message: plain text (never markdown; the Discord format escapes it). */
export interface MessageField {
  name: string;
  value: string;
  inline?: boolean;
}

/**
 * What a delivery row stores (`payload`): a message drawn the same way for every format, and
 * the structured `data` the JSON format sends. All texts are plain; user text (titles, names)
 * is escaped by the format that needs it.
 */
export interface WebhookPayload {
  message: {
    title: string;
    /** Absolute link (the tournament page, the team page). */
    url: string | null;
    description: string;
    fields: MessageField[];
    /** Absolute PNG URL (a room's table). */
    image_url: string | null;
    /** Embed colour, 0xRRGGBB. */
    color: number;
    /** ms UTC of the event. */
    at: number;
  };
  data: Record<string, unknown>;
}

/** Discord's documented embed limits. */
export const DISCORD_LIMITS = { title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024, total: 6000 } as const;

/** Escapes Discord markdown (and mention/link syntax) in plain text so it shows literally. */
export function escapeDiscordMarkdown(s: string): string {
  return s.replace(/([\\*_~`|>#[\]()<@])/g, "\\$1");
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/**
 * The Discord execute-webhook body: one embed (title, url, description, colour, fields, the
 * table image, timestamp), `allowed_mentions.parse = []` so no text can ping @everyone, a role
 * or a user. Every text is markdown-escaped, then clipped to Discord's limits: 256 per title and
 * field name, 4096 description, 1024 per field value, 25 fields, 6000 characters in all (fields
 * are dropped from the end, with a last "…and N more" field, until the embed fits).
 */
export function discordBody(p: WebhookPayload, siteName: string) {
  const m = p.message;
  const title = clip(escapeDiscordMarkdown(m.title), DISCORD_LIMITS.title);
  const description = clip(escapeDiscordMarkdown(m.description), DISCORD_LIMITS.description);
  const footer = clip(siteName, 100);
  let fields = m.fields.map((f) => ({
    name: clip(escapeDiscordMarkdown(f.name), DISCORD_LIMITS.fieldName),
    value: clip(escapeDiscordMarkdown(f.value) || "\u200b", DISCORD_LIMITS.fieldValue),
    inline: f.inline ?? false,
  }));
  const size = () => title.length + description.length + footer.length + fields.reduce((n, f) => n + f.name.length + f.value.length, 0);
  const total = fields.length;
  if (fields.length > DISCORD_LIMITS.fields) fields = fields.slice(0, DISCORD_LIMITS.fields - 1);
  while (size() > DISCORD_LIMITS.total - 40 && fields.length > 0) fields = fields.slice(0, -1);
  if (fields.length < total) fields.push({ name: "…", value: `and ${total - fields.length} more`, inline: false });
  return {
    embeds: [
      {
        title,
        ...(m.url ? { url: m.url } : {}),
        description,
        color: m.color,
        fields,
        ...(m.image_url ? { image: { url: m.image_url } } : {}),
        footer: { text: footer },
        timestamp: new Date(m.at).toISOString(),
      },
    ],
    allowed_mentions: { parse: [] as string[] },
  };
}

/** The JSON format's body: `{ event, delivered_at, data }` (event = the delivery's kind). */
export function jsonBody(kind: string, p: WebhookPayload, deliveredAt: number) {
  return { event: kind, delivered_at: new Date(deliveredAt).toISOString(), data: p.data };
}

/**
 * `X-Webhook-Signature`'s value: `sha256=` + hex HMAC-SHA256 with the hook's secret over
 * `"<timestamp>.<body>"`, timestamp = `X-Webhook-Timestamp` (seconds since the epoch). A
 * receiver recomputes it over the raw body, compares in constant time and refuses old timestamps.
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** Waits after the 1st, 2nd, … failed attempt: 30 s, 2 min, 10 min, 1 h, 6 h. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
/** Attempts before a delivery is given up (dead). */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * When to try again after attempt number `attempts` (1-based) failed, or null when that was the
 * last one. `random` in [0, 1) adds ±20 % jitter so hooks that failed together do not retry in
 * lockstep. A 429's Retry-After (ms) is honoured when longer than the backoff (capped at 6 h).
 */
export function nextAttemptAt(now: number, attempts: number, random: number, retryAfterMs: number | null = null): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!;
  const wait = Math.round(base * (0.8 + 0.4 * random));
  const honoured = retryAfterMs !== null ? Math.min(Math.max(retryAfterMs, wait), RETRY_DELAYS_MS.at(-1)!) : wait;
  return now + honoured;
}

/** Retry-After as ms: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * What an answer means for the delivery: 2xx delivered; 404 / 410 (the Discord webhook or the
 * endpoint was deleted) give up now; anything else (and network errors) retries.
 */
export function outcomeOf(status: number | null): "delivered" | "retry" | "give_up" {
  if (status !== null && status >= 200 && status < 300) return "delivered";
  if (status === 404 || status === 410) return "give_up";
  return "retry";
}
