import type { FastifyInstance } from "fastify";
import { tournamentEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import { SESSION_COOKIE } from "../auth/session.js";
import * as tournaments from "./tournaments.service.js";

export async function tournamentRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.list, async ({ req, reply, query }) => {
    // Anonymous answers are the same for everyone, so a shared cache may keep them briefly.
    reply.header("cache-control", req.cookies[SESSION_COOKIE] ? "private, no-store" : "public, max-age=30");
    return tournaments.listTournaments(ctx, (await req.auth()).actor, query);
  });
  route(app, e.latestResults, ({ reply }) => {
    reply.header("cache-control", "public, max-age=60");
    return tournaments.latestResults(ctx);
  });
  route(app, e.picker, async ({ req, query }) => tournaments.pickerSearch(ctx, (await req.auth()).actor, query.search));
}
