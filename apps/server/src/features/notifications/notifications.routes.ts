import type { FastifyInstance } from "fastify";
import { notificationEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as feed from "./notifications.feed.service.js";

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.list, async ({ req, query, reply }) => {
    reply.header("cache-control", "no-store");
    return feed.list(ctx, (await req.auth()).actor, query.filter, query.page);
  });
  route(app, e.markAllRead, async ({ req }) => feed.markAllRead(ctx, (await req.auth()).actor));
  route(app, e.markRead, async ({ req, params }) => feed.markRead(ctx, (await req.auth()).actor, params.id));
}
