import type { FastifyInstance } from "fastify";
import { banEndpoints as b, moderationEndpoints as e, newsEndpoints as n, pendingCountEndpoints as pc } from "@site/contract";
import { route } from "../../lib/route.js";
import * as bans from "./bans.service.js";
import * as service from "./moderation.service.js";
import * as news from "./news.service.js";

export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.profileChanges, async ({ req, reply }) => {
    reply.header("cache-control", "no-store");
    return service.listChanges(ctx, (await req.auth()).actor);
  });
  route(app, e.approveChange, async ({ req, body }) => service.decideChange(ctx, (await req.auth()).actor, body.change_id, true));
  route(app, e.declineChange, async ({ req, body }) => service.decideChange(ctx, (await req.auth()).actor, body.change_id, false));

  // Counts change with every decision anywhere: never kept by the browser or a proxy.
  route(app, pc.pendingCounts, async ({ req, reply }) => {
    reply.header("cache-control", "no-store");
    return service.pendingCounts(ctx, (await req.auth()).actor);
  });

  route(app, b.list, async ({ req, reply }) => {
    reply.header("cache-control", "no-store");
    return bans.listBans(ctx, (await req.auth()).actor);
  });
  route(app, b.ban, async ({ req, body }) => bans.ban(ctx, (await req.auth()).actor, body));
  route(app, b.unban, async ({ req, body }) => bans.unban(ctx, (await req.auth()).actor, body.player_id));
  route(app, b.inactive, async ({ req, reply }) => {
    reply.header("cache-control", "no-store");
    return bans.listInactive(ctx, (await req.auth()).actor);
  });
  route(app, b.activate, async ({ req, body }) => bans.activate(ctx, (await req.auth()).actor, body.user_id));

  route(app, n.list, async ({ req, query, reply }) => {
    const { actor } = await req.auth();
    reply.header("cache-control", "no-store");
    return news.listNews(ctx, actor, query.page);
  });
  route(app, n.source, async ({ req, params }) => news.newsSource(ctx, (await req.auth()).actor, params.id));
  route(app, n.save, async ({ req, params, body }) => {
    const { actor, user } = await req.auth();
    return news.saveNews(ctx, actor, user?.display_name ?? user?.email ?? "", params.id, body);
  });

  // Ended bans are lifted within a minute even when nobody opens the ban list.
  const timer = setInterval(() => {
    bans.liftExpiredBans(ctx).catch((err: unknown) => app.log.error({ err }, "lifting ended bans failed"));
  }, 60_000);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
