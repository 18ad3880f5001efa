import type { FastifyInstance } from "fastify";
import { adminEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as service from "./word-filter.service.js";

export async function wordFilterRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.getWordFilter, async ({ req, reply }) => {
    reply.header("cache-control", "no-store");
    return service.getFilter(ctx, (await req.auth()).actor);
  });
  route(app, e.saveWordFilter, async ({ req, body }) => service.saveFilter(ctx, (await req.auth()).actor, body.words));
}
