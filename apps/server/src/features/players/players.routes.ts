import type { FastifyInstance } from "fastify";
import { playerEndpoints as e, registryEndpoints } from "@site/contract";
import { PUBLIC_LIST_CACHE_CONTROL } from "../../lib/cache.js";
import { route } from "../../lib/route.js";
import * as save from "./player-save.service.js";
import * as players from "./players.service.js";

/** The player registry calls (000 §7): list, picker, profile, own save and staff save. */
export async function playerRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, registryEndpoints.players, async ({ req, query, reply }) => {
    const { actor } = await req.auth();
    // Staff see hidden players too, so their answer must not sit in a shared cache.
    reply.header("cache-control", players.isStaff(actor) ? "private, no-store" : PUBLIC_LIST_CACHE_CONTROL);
    return players.listPlayers(ctx, actor, query);
  });
  route(app, e.all, ({ query, reply }) => {
    reply.header("cache-control", PUBLIC_LIST_CACHE_CONTROL);
    return players.pickPlayers(ctx, query);
  });
  route(app, e.get, async ({ req, params, reply }) => {
    // The answer depends on who asks (hidden players, private tags) and changes on save.
    reply.header("cache-control", "private, no-cache");
    return players.getProfile(ctx, (await req.auth()).actor, params.id);
  });
  route(app, e.editProfile, async ({ req, body }) => save.saveOwnProfile(ctx, (await req.auth()).actor, body));
  route(app, e.adminSave, async ({ req, params, body }) => save.adminSave(ctx, (await req.auth()).actor, params.id, body));
}
