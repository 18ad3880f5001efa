import { queryOptions, useQuery } from "@tanstack/react-query";
import { webhookEndpoints, type WebhookScope } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { webhookKeys } from "./keys";

/** GET /api/webhooks/{scope}/{id}/{hookId}/deliveries: the last 50 deliveries, newest first. */
export function getDeliveries(scope: WebhookScope, id: number, hookId: number, signal?: AbortSignal) {
  return callApi(webhookEndpoints.deliveries, { params: { scope, id, hookId }, signal });
}

export const deliveriesQueryOptions = (scope: WebhookScope, id: number, hookId: number) =>
  queryOptions({ queryKey: webhookKeys.deliveries(scope, id, hookId), queryFn: ({ signal }) => getDeliveries(scope, id, hookId, signal) });

/** The delivery log; re-read every 5 s while shown, so a test or a retry appears without a reload. */
export function useDeliveries(scope: WebhookScope, id: number, hookId: number) {
  return useQuery({ ...deliveriesQueryOptions(scope, id, hookId), refetchInterval: 5_000 });
}
