import type { FastifyInstance } from "fastify";
import { webhookEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as hooks from "./webhooks.service.js";

/** Outgoing webhooks' API (issue #20 §5): `/api/webhooks/{scope}/{id}[/{hookId}…]`, owners only (the service checks the scope). */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.list, async ({ req, params }) => hooks.listHooks(ctx, (await req.auth()).actor, params.scope, params.id));
  route(app, e.create, async ({ req, params, body }) => hooks.createHook(ctx, (await req.auth()).actor, params.scope, params.id, body));
  route(app, e.update, async ({ req, params, body }) =>
    hooks.updateHook(ctx, (await req.auth()).actor, params.scope, params.id, params.hookId, body),
  );
  route(app, e.remove, async ({ req, params }) => hooks.deleteHook(ctx, (await req.auth()).actor, params.scope, params.id, params.hookId));
  route(app, e.test, async ({ req, params }) => hooks.sendTest(ctx, (await req.auth()).actor, params.scope, params.id, params.hookId));
  route(app, e.deliveries, async ({ req, params }) =>
    hooks.listDeliveries(ctx, (await req.auth()).actor, params.scope, params.id, params.hookId),
  );
}
