import { queryOptions, useQuery } from "@tanstack/react-query";
import { webhookEndpoints, type WebhookScope } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { webhookKeys } from "./keys";

/** GET /api/webhooks/{scope}/{id}: the scope's hooks (its owners only). */
export function getWebhooks(scope: WebhookScope, id: number, signal?: AbortSignal) {
  return callApi(webhookEndpoints.list, { params: { scope, id }, signal });
}

export const webhooksQueryOptions = (scope: WebhookScope, id: number) =>
  queryOptions({ queryKey: webhookKeys.list(scope, id), queryFn: ({ signal }) => getWebhooks(scope, id, signal) });

export function useWebhooks(scope: WebhookScope, id: number) {
  return useQuery(webhooksQueryOptions(scope, id));
}
