import type { FastifyInstance } from "fastify";
import { moderationEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as service from "./moderation.service.js";

export async function moderationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.profileChanges, async ({ req, reply }) => {
    reply.header("cache-control", "no-store");
    return service.listChanges(ctx, (await req.auth()).actor);
  });
  route(app, e.approveChange, async ({ req, body }) => service.decideChange(ctx, (await req.auth()).actor, body.change_id, true));
  route(app, e.declineChange, async ({ req, body }) => service.decideChange(ctx, (await req.auth()).actor, body.change_id, false));
}
