import type { FastifyInstance } from "fastify";
import { IdParamsSchema, PLACEMENTS_CSV_PATH, placementEndpoints as e } from "@site/contract";
import { sendCsv } from "../../lib/csv.js";
import { route } from "../../lib/route.js";
import { placementsCsv } from "./placements-export.service.js";
import * as placements from "./placements.service.js";

/** Placements (001 §7): the list, the viewer's own placement, and the editor's read and save. */
export async function placementRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.list, async ({ req, params, query, reply }) => {
    const { actor } = await req.auth();
    const body = await placements.listPlacements(ctx, actor, params.id, query);
    // Signed-in viewers may see unpublished tournaments; only anonymous answers may be shared.
    if (actor.userId === null) reply.header("cache-control", "public, max-age=10");
    return body;
  });
  route(app, e.mine, async ({ req, params }) => placements.myPlacement(ctx, (await req.auth()).actor, params.id));
  route(app, e.editor, async ({ req, params }) => placements.editor(ctx, (await req.auth()).actor, params.id));
  route(app, e.save, async ({ req, params, body }) => placements.savePlacements(ctx, (await req.auth()).actor, params.id, body));
  // The CSV download (issue #22 §3), public like the page: a file, not JSON.
  app.get(PLACEMENTS_CSV_PATH, { schema: { hide: true, params: IdParamsSchema } }, async (req, reply) => {
    const csv = await placementsCsv(ctx, (await req.auth()).actor, (req.params as { id: number }).id);
    return sendCsv(reply, csv.filename, csv.body);
  });
}
