import type { FastifyInstance, FastifyReply } from "fastify";
import {
  CALENDAR_FEED_PATH,
  calendarEndpoints as e,
  CalendarFeedQuerySchema,
  IdParamsSchema,
  PERSONAL_CALENDAR_PATH,
  TEAM_CALENDAR_PATH,
  TOURNAMENT_CALENDAR_PATH,
} from "@site/contract";
import { z } from "zod";
import { route } from "../../lib/route.js";
import { SESSION_COOKIE } from "../auth/session.js";
import { type CalendarFile, myFeed, personalFeed, publicFeed, rotateMyFeed, teamFeed, tournamentCalendar } from "./calendar.service.js";

/** A personal feed's token as the path carries it: base64url, bounded (anything else cannot match). */
const TokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** Sends an iCalendar file: `attachment` for a one-off download, `inline` for a subscribed feed. */
function sendCalendar(reply: FastifyReply, file: CalendarFile, disposition: "attachment" | "inline", cacheControl: string) {
  return reply
    .type("text/calendar; charset=utf-8")
    .header("content-disposition", `${disposition}; filename="${file.filename}"`)
    .header("cache-control", cacheControl)
    .send(file.body);
}

/**
 * iCalendar downloads and feeds (issue 17 §2 "Add to calendar", issue #20 §4) and the account's
 * personal feed link. The .ics paths are not JSON, so plain routes.
 */
export async function calendarRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.get(TOURNAMENT_CALENDAR_PATH, { schema: { hide: true, params: IdParamsSchema } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const file = await tournamentCalendar(ctx, (await req.auth()).actor, id);
    // Drafts are visible to staff only: signed-in answers are never kept by a shared cache.
    return sendCalendar(reply, file, "attachment", req.cookies[SESSION_COOKIE] ? "private, no-store" : "public, max-age=60");
  });

  app.get(CALENDAR_FEED_PATH, { schema: { hide: true, querystring: CalendarFeedQuerySchema } }, async (req, reply) => {
    const file = await publicFeed(ctx, req.query as z.output<typeof CalendarFeedQuerySchema>);
    // Published tournaments only, the same for everyone: shared caches may keep it for 5 minutes.
    return sendCalendar(reply, file, "inline", "public, max-age=300");
  });

  app.get(TEAM_CALENDAR_PATH, { schema: { hide: true, params: IdParamsSchema } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const file = await teamFeed(ctx, async () => (await req.auth()).actor, id);
    // A disapproved team's feed is shown to its members and staff only: theirs is never shared.
    return sendCalendar(reply, file, "inline", req.cookies[SESSION_COOKIE] ? "private, no-store" : "public, max-age=300");
  });

  app.get(PERSONAL_CALENDAR_PATH, { schema: { hide: true, params: TokenParamsSchema } }, async (req, reply) => {
    const { token } = req.params as { token: string };
    // One account's registrations behind a secret URL: no shared cache may keep it.
    return sendCalendar(reply, await personalFeed(ctx, token), "inline", "private, max-age=300");
  });

  route(app, e.myFeed, async ({ req, reply }) => {
    reply.header("cache-control", "private, no-store");
    return myFeed(ctx, (await req.auth()).actor);
  });
  route(app, e.rotateMyFeed, async ({ req, reply }) => {
    reply.header("cache-control", "private, no-store");
    return rotateMyFeed(ctx, (await req.auth()).actor);
  });
}
