import type { FastifyInstance } from "fastify";
import { seriesEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as series from "./series.service.js";

export async function seriesRoutes(app: FastifyInstance): Promise<void> {
  route(app, e.list, async ({ req }) => series.listSeries(app.ctx, (await req.auth()).actor));
}
