import type { FastifyInstance } from "fastify";
import { mediaEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as media from "./media.service.js";

/** Short shared caching: the home page is the hottest read and tolerates 30 s of staleness. */
const PUBLIC_CACHE = "public, max-age=30";

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.newsLatest, ({ reply }) => {
    reply.header("cache-control", PUBLIC_CACHE);
    return media.latestNews(ctx);
  });
  route(app, e.news, ({ params }) => media.newsPost(ctx, params.id));
  route(app, e.latest, ({ params, reply }) => {
    reply.header("cache-control", PUBLIC_CACHE);
    return media.latestMedia(ctx, params.kind);
  });
  route(app, e.addItem, async ({ req, body }) => media.addMedia(ctx, (await req.auth()).actor, body));
  route(app, e.deleteItem, async ({ req, params }) => media.deleteMedia(ctx, (await req.auth()).actor, params.id));
  route(app, e.addNews, async ({ req, body }) => {
    const { actor, user } = await req.auth();
    return media.addNews(ctx, actor, user?.display_name ?? user?.email ?? "", body);
  });
}
