import type { FastifyInstance } from "fastify";
import { registryEndpoints as e } from "@site/contract";
import { PUBLIC_LIST_CACHE_CONTROL } from "../../lib/cache.js";
import { route } from "../../lib/route.js";
import * as registry from "./registry.service.js";

export async function registryRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.teams, async ({ req, params, query, reply }) => {
    // Lists by another status than approved are staff-only, so never kept by shared caches.
    const staffList = query.status !== undefined && query.status !== "approved";
    reply.header("cache-control", staffList ? "private, no-store" : PUBLIC_LIST_CACHE_CONTROL);
    return registry.listTeams(ctx, params.cat, query, staffList ? (await req.auth()).actor : null);
  });
  route(app, e.transactions, async ({ req, query, reply }) => {
    reply.header("cache-control", PUBLIC_LIST_CACHE_CONTROL);
    // Moderators and administrators also see hidden players' transfers (an answer of their own).
    return registry.listTransactions(ctx, query, (await req.auth()).actor);
  });
}
