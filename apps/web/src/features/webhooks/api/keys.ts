import type { WebhookScope } from "@site/contract";

/** Query keys of outgoing webhooks (issue #20 §5); every write invalidates `webhookKeys.scope(scope, id)`. */
export const webhookKeys = {
  all: ["webhooks"] as const,
  /** Everything of one tournament's, series' or team's hooks. */
  scope: (scope: WebhookScope, id: number) => [...webhookKeys.all, scope, id] as const,
  list: (scope: WebhookScope, id: number) => [...webhookKeys.scope(scope, id), "list"] as const,
  deliveries: (scope: WebhookScope, id: number, hookId: number) => [...webhookKeys.scope(scope, id), "deliveries", hookId] as const,
};
