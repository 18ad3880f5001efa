import type { FastifyInstance } from "fastify";
import { seriesPointsEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
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
}
