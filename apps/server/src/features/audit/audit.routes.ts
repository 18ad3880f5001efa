import type { FastifyInstance } from "fastify";
import { auditEndpoints } from "@site/contract";
import { route } from "../../lib/route.js";
import * as auditLog from "./audit.service.js";

/** The audit log screen's call (000 §5 audit log; administrators, checked by the service). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, auditEndpoints.list, async ({ req, query, reply }) => {
    reply.header("cache-control", "no-store");
    return auditLog.listAudit(ctx, (await req.auth()).actor, query.page);
  });
}
