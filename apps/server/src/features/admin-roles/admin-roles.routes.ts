import type { FastifyInstance } from "fastify";
import { adminEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as service from "./admin-roles.service.js";

export async function adminRoleRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.rolePlayers, async ({ req, query }) => service.searchPlayers(ctx, (await req.auth()).actor, query.search));
  route(app, e.roleHolders, async ({ req, params, reply }) => {
    reply.header("cache-control", "no-store");
    return service.holders(ctx, (await req.auth()).actor, params.role);
  });
  route(app, e.addRole, async ({ req, body }) => service.grant(ctx, (await req.auth()).actor, body.role, body.id));
  route(app, e.removeRole, async ({ req, body }) => service.revoke(ctx, (await req.auth()).actor, body.role, body.playerId));
}
