import type { FastifyInstance } from "fastify";
import { notificationEndpoints as e } from "@site/contract";
import { requestLanguage } from "../../i18n/language.js";
import { route } from "../../lib/route.js";
import * as feed from "./notifications.feed.service.js";

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.list, async ({ req, query, reply }) => {
    reply.header("cache-control", "no-store");
    const auth = await req.auth();
    // Each message in the reader's language (#21 §3): the account's, else the request's.
    return feed.list(ctx, auth.actor, query.filter, query.page, requestLanguage(req, auth.user?.language));
  });
  route(app, e.markAllRead, async ({ req }) => feed.markAllRead(ctx, (await req.auth()).actor));
  route(app, e.markRead, async ({ req, params }) => feed.markRead(ctx, (await req.auth()).actor, params.id));
}
