import type { FastifyInstance } from "fastify";
import { templateEndpoints as e, TemplateFormSchema } from "@site/contract";
import { parseForm, readMultipart } from "../../lib/multipart.js";
import { route } from "../../lib/route.js";
import * as templates from "./templates.service.js";

export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.list, async ({ req, params }) => templates.listTemplates(ctx, (await req.auth()).actor, params.id));
  route(app, e.get, async ({ req, params, query }) => templates.getTemplate(ctx, (await req.auth()).actor, params.id, query.copy));
  route(app, e.save, async ({ req, params }) => {
    const { actor } = await req.auth();
    const { fields, file } = await readMultipart(req, "template_logo", "tournament_logo", TemplateFormSchema);
    return templates.saveTemplate(ctx, actor, params.id, parseForm(TemplateFormSchema, fields), file);
  });
  route(app, e.remove, async ({ req, params }) => templates.deleteTemplate(ctx, (await req.auth()).actor, params.id));
}
