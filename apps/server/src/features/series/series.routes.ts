import type { FastifyInstance } from "fastify";
import { seriesEndpoints as e, SeriesFormSchema } from "@site/contract";
import { parseForm, readMultipart } from "../../lib/multipart.js";
import { route } from "../../lib/route.js";
import * as series from "./series.service.js";

export async function seriesRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.list, async ({ req }) => series.listSeries(ctx, (await req.auth()).actor));
  route(app, e.names, async ({ req }) => series.seriesNames(ctx, (await req.auth()).actor));
  route(app, e.detail, async ({ req, params, query }) => series.getSeries(ctx, (await req.auth()).actor, params.slugOrId, query));
  route(app, e.save, async ({ req, params }) => {
    const { actor } = await req.auth();
    const { fields, file } = await readMultipart(req, "series_logo", "tournament_logo", SeriesFormSchema);
    return series.saveSeries(ctx, actor, params.id, parseForm(SeriesFormSchema, fields), file, "tournaments" in fields);
  });
  route(app, e.roles, async ({ req, params, query }) => series.listRoleHolders(ctx, (await req.auth()).actor, params.id, query.role));
  route(app, e.editRole, async ({ req, params, body }) => series.editRole(ctx, (await req.auth()).actor, params.id, body));
}
