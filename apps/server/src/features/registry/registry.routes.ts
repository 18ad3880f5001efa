import type { FastifyInstance } from "fastify";
import { registryEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as registry from "./registry.service.js";

const PUBLIC_CACHE = "public, max-age=30";

export async function registryRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.teams, ({ params, query, reply }) => {
    reply.header("cache-control", PUBLIC_CACHE);
    return registry.listTeams(ctx, params.cat, query);
  });
  route(app, e.transactions, ({ query, reply }) => {
    reply.header("cache-control", PUBLIC_CACHE);
    return registry.listTransactions(ctx, query);
  });
}
