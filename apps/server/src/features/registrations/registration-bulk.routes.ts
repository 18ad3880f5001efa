import type { FastifyInstance } from "fastify";
import { bulkRegistrationEndpoints as e, ExportQuerySchema, IdParamsSchema, REGISTRATIONS_CSV_PATH } from "@site/contract";
import { sendCsv } from "../../lib/csv.js";
import { route } from "../../lib/route.js";
import { applyBulkAdd, previewBulkAdd } from "./bulk-add.service.js";
import { bulkPlayers, bulkSquads } from "./bulk-actions.service.js";
import { registrationsCsv } from "./registration-export.service.js";

/**
 * The organiser tools of solo and squad tournaments (issue #22 §2, §3): bulk actions on the
 * player and squad tables, bulk add, and the registrations CSV (a download, not JSON).
 */
export async function registrationBulkRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.players, async ({ req, params, body }) => bulkPlayers(ctx, (await req.auth()).actor, params.id, body));
  route(app, e.squads, async ({ req, params, body }) => bulkSquads(ctx, (await req.auth()).actor, params.id, body));
  route(app, e.addPreview, async ({ req, params, body }) => previewBulkAdd(ctx, (await req.auth()).actor, params.id, body));
  route(app, e.add, async ({ req, params, body }) => applyBulkAdd(ctx, (await req.auth()).actor, params.id, body));

  app.get(
    REGISTRATIONS_CSV_PATH,
    { schema: { hide: true, params: IdParamsSchema, querystring: ExportQuerySchema } },
    async (req, reply) => {
      const { id } = req.params as { id: number };
      const { status } = req.query as { status: "registered" | "withdrawn" | "rejected" };
      const csv = await registrationsCsv(ctx, (await req.auth()).actor, id, status);
      return sendCsv(reply, csv.filename, csv.body);
    },
  );
}
