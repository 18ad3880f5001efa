import type { FastifyInstance } from "fastify";
import { IdParamsSchema, TOURNAMENT_CALENDAR_PATH } from "@site/contract";
import { SESSION_COOKIE } from "../auth/session.js";
import { tournamentCalendar } from "./tournament-calendar.service.js";

/** "Add to calendar" (issue 17 §2): the tournament's .ics download. Not JSON, so a plain route. */
export async function tournamentCalendarRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.get(TOURNAMENT_CALENDAR_PATH, { schema: { hide: true, params: IdParamsSchema } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const file = await tournamentCalendar(ctx, (await req.auth()).actor, id);
    return (
      reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        // Drafts are visible to staff only: signed-in answers are never kept by a shared cache.
        .header("cache-control", req.cookies[SESSION_COOKIE] ? "private, no-store" : "public, max-age=60")
        .send(file.body)
    );
  });
}
