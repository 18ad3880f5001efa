import { z } from "zod";
import { endpoint, IdSchema, OkSchema } from "./common.js";

/**
 * Outgoing webhooks (issue #20 §5, docs/decisions.md "#20 outgoing webhooks"). Tournament,
 * series and team administrators register URLs; the site POSTs an event to each hook of the
 * event's scope (a tournament's events also go to its series' hooks) from a durable queue,
 * retrying with backoff, and keeps a delivery log the owner reads.
 *
 * Formats: `discord` (Discord's execute-webhook body: one embed, no mass mentions; only
 * discord.com / discordapp.com webhook URLs) or `json` (`{ event, delivered_at, data }` signed
 * with `X-Webhook-Signature: sha256=<hex HMAC-SHA256 of "<X-Webhook-Timestamp>.<body>">`).
 */

/** Who owns a hook: a tournament, a series or a registry team. */
export const WebhookScopeSchema = z.enum(["tournament", "series", "team"]);
export type WebhookScope = z.infer<typeof WebhookScopeSchema>;

/** Event kinds a hook may subscribe to, with the label the form shows. */
export const WEBHOOK_EVENTS = {
  "registrations.opened": "Registrations open",
  "checkin.opened": "Check-in opens",
  "round.published": "A round is drawn (rooms and hosts)",
  "room.table_submitted": "A room's table is submitted",
  "placements.final": "Final placements",
  "team.transfer": "A player joins or leaves the team",
} as const;
export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WebhookEventSchema = z.enum(Object.keys(WEBHOOK_EVENTS) as [WebhookEvent, ...WebhookEvent[]]);

/** The events each scope offers: tournament and series hooks hear tournament events, team hooks the team's transfers. */
export const WEBHOOK_SCOPE_EVENTS: Readonly<Record<WebhookScope, readonly WebhookEvent[]>> = {
  tournament: ["registrations.opened", "checkin.opened", "round.published", "room.table_submitted", "placements.final"],
  series: ["registrations.opened", "checkin.opened", "round.published", "room.table_submitted", "placements.final"],
  team: ["team.transfer"],
};

/** Kinds a delivery may have: the events plus `test` ("Send test"). */
export const WebhookDeliveryKindSchema = z.union([WebhookEventSchema, z.literal("test")]);

export const WebhookFormatSchema = z.enum(["discord", "json"]);
export type WebhookFormat = z.infer<typeof WebhookFormatSchema>;
export const WEBHOOK_FORMATS: Readonly<Record<WebhookFormat, string>> = {
  discord: "Discord",
  json: "JSON (signed)",
};

/** Delivery states: pending (due at next_attempt_at), delivering (claimed by a node), delivered, failed (will retry), dead (given up). */
export const WebhookDeliveryStatusSchema = z.enum(["pending", "delivering", "delivered", "failed", "dead"]);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

export const WEBHOOK_LIMITS = {
  /** Hooks per tournament, series or team. */
  perScope: 10,
  urlLength: 500,
  /** Rows of the delivery log shown per hook. */
  logRows: 50,
} as const;

export const WEBHOOK_MESSAGES = {
  tooMany: `A tournament, series or team can have at most ${WEBHOOK_LIMITS.perScope} webhooks.`,
  notFound: "Webhook not found.",
  https: "The webhook URL must start with https://.",
  invalidUrl: "Enter a valid URL.",
  privateAddress: "The webhook URL must point to a public internet address.",
  unresolvable: "The webhook URL's host could not be found.",
  discordOnly: "The Discord format needs a Discord webhook URL (https://discord.com/api/webhooks/…).",
  eventsForScope: "Choose events this webhook can receive.",
  created: "Webhook created. Copy the signing secret now: it is not shown again.",
  saved: "Webhook saved.",
  deleted: "Webhook deleted.",
  testQueued: "Test event queued; it appears in the delivery log within a few seconds.",
} as const;

/** A hook as its owners see it (the secret is never sent again after creation). */
export const WebhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  format: WebhookFormatSchema,
  events: z.array(WebhookEventSchema),
  enabled: z.boolean(),
  /** Deliveries given up in a row (reset by a delivered one); the hook is disabled at WEBHOOK_DISABLE_AFTER. */
  consecutive_failures: z.number().int(),
  /** Why the site disabled it (null when enabled or disabled by hand). */
  disabled_reason: z.string().nullable(),
  /** UTC ISO. */
  created_at: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** Dead deliveries in a row after which a hook is disabled and its owners notified. */
export const WEBHOOK_DISABLE_AFTER = 5;

export const WebhookListSchema = z.object({
  data: z.array(WebhookSchema),
  /** The scope's name (tournament title, series title, team name) for the page heading. */
  scope_name: z.string(),
  events: z.array(WebhookEventSchema),
  max: z.number().int(),
});
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WebhookCreateBodySchema = z.object({
  url: z.string().trim().min(1, "Enter the webhook URL.").max(WEBHOOK_LIMITS.urlLength, `At most ${WEBHOOK_LIMITS.urlLength} characters.`),
  format: WebhookFormatSchema,
  events: z.array(WebhookEventSchema).min(1, "Choose at least one event.").max(Object.keys(WEBHOOK_EVENTS).length),
});
export type WebhookCreateBody = z.infer<typeof WebhookCreateBodySchema>;

export const WebhookCreatedSchema = z.object({
  status: z.literal("ok"),
  message: z.string(),
  webhook: WebhookSchema,
  /** The JSON format's signing secret, shown this once (null for Discord hooks). */
  secret: z.string().nullable(),
});

export const WebhookUpdateBodySchema = z.object({
  enabled: z.boolean().optional(),
  events: z.array(WebhookEventSchema).min(1, "Choose at least one event.").max(Object.keys(WEBHOOK_EVENTS).length).optional(),
});

export const WebhookDeliverySchema = z.object({
  id: z.number().int(),
  kind: WebhookDeliveryKindSchema,
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** UTC ISO times. */
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveriesSchema = z.object({ data: z.array(WebhookDeliverySchema) });

const ScopeParams = z.object({ scope: WebhookScopeSchema, id: IdSchema });
const HookParams = z.object({ scope: WebhookScopeSchema, id: IdSchema, hookId: IdSchema });

/** Paths: `/api/webhooks/{scope}/{id}` (scope tournament | series | team) and `…/{hookId}` below it. */
export const webhookEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/webhooks/:scope/:id",
    params: ScopeParams,
    response: WebhookListSchema,
    summary: "A scope's webhooks (its administrators: tournament admins, series editors, team leaders)",
  }),
  create: endpoint({
    method: "POST",
    path: "/api/webhooks/:scope/:id",
    params: ScopeParams,
    body: WebhookCreateBodySchema,
    response: WebhookCreatedSchema,
    summary: "Register a webhook; the JSON format's secret is in this answer only",
  }),
  update: endpoint({
    method: "POST",
    path: "/api/webhooks/:scope/:id/:hookId",
    params: HookParams,
    body: WebhookUpdateBodySchema,
    response: z.object({ status: z.literal("ok"), message: z.string(), webhook: WebhookSchema }),
    summary: "Enable or disable a webhook, or change its events",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/webhooks/:scope/:id/:hookId/delete",
    params: HookParams,
    response: OkSchema,
    summary: "Delete a webhook and its delivery log",
  }),
  test: endpoint({
    method: "POST",
    path: "/api/webhooks/:scope/:id/:hookId/test",
    params: HookParams,
    response: OkSchema,
    summary: "Queue a `test` event for one webhook",
  }),
  deliveries: endpoint({
    method: "GET",
    path: "/api/webhooks/:scope/:id/:hookId/deliveries",
    params: HookParams,
    response: WebhookDeliveriesSchema,
    summary: "The last 50 deliveries of a webhook, newest first",
  }),
};
