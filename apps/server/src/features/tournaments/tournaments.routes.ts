import type { FastifyInstance } from "fastify";
import { tournamentEndpoints as e, tournamentEventEndpoints as ev, TournamentFormSchema } from "@site/contract";
import { parseForm, readMultipart } from "../../lib/multipart.js";
import { route } from "../../lib/route.js";
import { SESSION_COOKIE } from "../auth/session.js";
import * as mine from "./my-tournaments.service.js";
import * as events from "./tournament-events.service.js";
import { saveTournament } from "./tournament-save.service.js";
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
  route(app, e.mine, async ({ req, reply }) => {
    // The viewer's own registrations: never stored by a shared cache.
    reply.header("cache-control", "private, no-store");
    return mine.myTournaments(ctx, (await req.auth()).actor);
  });
  route(app, e.picker, async ({ req, query }) => tournaments.pickerSearch(ctx, (await req.auth()).actor, query.search));

  route(app, ev.detail, async ({ req, reply, params }) => {
    reply.header("cache-control", req.cookies[SESSION_COOKIE] ? "private, no-store" : "public, max-age=30");
    return events.getTournament(ctx, (await req.auth()).actor, params.id);
  });
  route(app, ev.save, async ({ req, params }) => {
    const { actor } = await req.auth();
    // Multipart (001 §7 Tournament save): fields validated with the contract's schema, logo in `logo`.
    const { fields, file } = await readMultipart(req, "logo", "tournament_logo", TournamentFormSchema);
    return saveTournament(ctx, actor, params.id, parseForm(TournamentFormSchema, fields), file, new Set(Object.keys(fields)));
  });
  route(app, ev.controls, async ({ req, params, body }) => events.setControls(ctx, (await req.auth()).actor, params.id, body));
  route(app, ev.logs, async ({ req, params, query }) => events.getLogs(ctx, (await req.auth()).actor, params.id, query.page));
  route(app, ev.templateChoices, async ({ req }) => events.templateChoices(ctx, (await req.auth()).actor));
}
