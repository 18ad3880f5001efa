import type { FastifyInstance } from "fastify";
import { IdParamsSchema, SERIES_STANDINGS_CSV_PATH, seriesPointsEndpoints as e } from "@site/contract";
import { sendCsv } from "../../lib/csv.js";
import { route } from "../../lib/route.js";
import { standingsCsv } from "./series-standings-export.service.js";
import * as points from "./series-points.service.js";

/** Series points and standings (issue #22 §4). */
export async function seriesPointsRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.standings, async ({ req, params }) => points.getStandings(ctx, (await req.auth()).actor, params.id));
  route(app, e.points, async ({ req, params }) => points.getPoints(ctx, (await req.auth()).actor, params.id));
  route(app, e.saveRule, async ({ req, params, body }) => points.saveRule(ctx, (await req.auth()).actor, params.id, body));
  route(app, e.addAdjustment, async ({ req, params, body }) => points.addAdjustment(ctx, (await req.auth()).actor, params.id, body));
  route(app, e.deleteAdjustment, async ({ req, params }) =>
    points.deleteAdjustment(ctx, (await req.auth()).actor, params.id, params.adjustmentId),
  );
  route(app, e.importPoints, async ({ req, params, body }) => points.importPoints(ctx, (await req.auth()).actor, params.id, body.csv));
  // The standings as CSV (issue #22 §3): a download, not JSON, public like the standings.
  app.get(SERIES_STANDINGS_CSV_PATH, { schema: { hide: true, params: IdParamsSchema } }, async (req, reply) => {
    const csv = await standingsCsv(ctx, (await req.auth()).actor, (req.params as { id: number }).id);
    return sendCsv(reply, csv.filename, csv.body);
  });
}
