import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type EndpointBody, webhookEndpoints, type WebhookScope } from "@site/contract";
import { callApi } from "@/lib/api-client";
import { webhookKeys } from "./keys";

type Scoped = { scope: WebhookScope; id: number };
type Hook = Scoped & { hookId: number };

/** POST /api/webhooks/{scope}/{id}: register a hook; the answer carries the JSON format's secret, once. */
export function createWebhook({ scope, id, body }: Scoped & { body: EndpointBody<typeof webhookEndpoints.create> }) {
  return callApi(webhookEndpoints.create, { params: { scope, id }, body });
}

/** POST /api/webhooks/{scope}/{id}/{hookId}: enable/disable or change events. */
export function updateWebhook({ scope, id, hookId, body }: Hook & { body: EndpointBody<typeof webhookEndpoints.update> }) {
  return callApi(webhookEndpoints.update, { params: { scope, id, hookId }, body });
}

/** POST …/{hookId}/delete. */
export function deleteWebhook({ scope, id, hookId }: Hook) {
  return callApi(webhookEndpoints.remove, { params: { scope, id, hookId } });
}

/** POST …/{hookId}/test: queue a test event. */
export function testWebhook({ scope, id, hookId }: Hook) {
  return callApi(webhookEndpoints.test, { params: { scope, id, hookId } });
}

function useScopedMutation<V extends Scoped, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_r, v) => queryClient.invalidateQueries({ queryKey: webhookKeys.scope(v.scope, v.id) }),
  });
}

export const useCreateWebhook = () => useScopedMutation(createWebhook);
export const useUpdateWebhook = () => useScopedMutation(updateWebhook);
export const useDeleteWebhook = () => useScopedMutation(deleteWebhook);
export const useTestWebhook = () => useScopedMutation(testWebhook);
