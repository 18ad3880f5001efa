import type { FastifyInstance } from "fastify";
import {
  bulkRegistrationEndpoints as bulk,
  ExportQuerySchema,
  IdParamsSchema,
  TEAM_REGISTRATIONS_CSV_PATH,
  teamRegistrationEndpoints as e,
} from "@site/contract";
import { sendCsv } from "../../lib/csv.js";
import { route } from "../../lib/route.js";
import type { Actor } from "../permissions/permissions.js";
import type { TeamRegistrationHandlers } from "../registrations/registrations.routes.js";
import * as admin from "./team-registration-admin.service.js";
import * as lists from "./team-registration-lists.service.js";
import * as s from "./team-registrations.service.js";
import { bulkTeams, teamRegistrationsCsv } from "./team-bulk.service.js";
import * as tw from "./team-waitlist.service.js";

/**
 * Team-only calls (001 §7 Teams, Moves, Manual registration, Edit registrations). The calls
 * shared with solo and squad registration (`/register`, `/withdraw`, `/registrations…`) are
 * registered by the registrations feature, which hands team tournaments to this service.
 */
export async function teamRegistrationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const actor = async (req: { auth(): Promise<{ actor: Actor }> }) => (await req.auth()).actor;

  route(app, e.eligiblePlayers, async ({ req, params, query }) =>
    lists.eligiblePlayers(ctx, await actor(req), params.id, params.teamId, query.order),
  );
  route(app, e.addRepresentative, async ({ req, params }) =>
    s.setRepresentative(ctx, await actor(req), params.id, params.playerId, { on: true }),
  );
  route(app, e.removeRepresentative, async ({ req, params }) =>
    s.setRepresentative(ctx, await actor(req), params.id, params.playerId, { on: false }),
  );
  route(app, e.adminOptin, async ({ req, params }) =>
    s.adminOpt(ctx, await actor(req), params.id, params.teamId, params.playerId, { optOut: false }),
  );
  route(app, e.adminOptout, async ({ req, params }) =>
    s.adminOpt(ctx, await actor(req), params.id, params.teamId, params.playerId, { optOut: true }),
  );
  route(app, e.optin, async ({ req, params }) => s.selfOpt(ctx, await actor(req), params.id, { optOut: false }));
  route(app, e.optout, async ({ req, params }) => s.selfOpt(ctx, await actor(req), params.id, { optOut: true }));
  route(app, e.moveTeam, async ({ req, params, body }) => admin.moveTeam(ctx, await actor(req), params.id, body.status, body.team_id));
  route(app, e.editTeam, async ({ req, params }) => admin.getTeamEdit(ctx, await actor(req), params.id, params.teamId));
  route(app, e.saveTeam, async ({ req, params, body }) => admin.saveTeamEdit(ctx, await actor(req), params.id, params.teamId, body));
  route(app, e.adminRegisterTeam, async ({ req, params, body }) => admin.adminRegisterTeam(ctx, await actor(req), params.id, body));
  // Organiser tools (issue #22 §2, §3): bulk Verify/Move and the teams CSV (a download, not JSON).
  route(app, bulk.teams, async ({ req, params, body }) => bulkTeams(ctx, await actor(req), params.id, body));
  app.get(
    TEAM_REGISTRATIONS_CSV_PATH,
    { schema: { hide: true, params: IdParamsSchema, querystring: ExportQuerySchema } },
    async (req, reply) => {
      const { id } = req.params as { id: number };
      const { status } = req.query as { status: "registered" | "withdrawn" | "rejected" };
      const csv = await teamRegistrationsCsv(ctx, await actor(req), id, status);
      return sendCsv(reply, csv.filename, csv.body);
    },
  );
}

/** The team answers of the spec paths shared with solo and squad registration (registered by `registrationRoutes`). */
export const teamRegistrationHandlers: TeamRegistrationHandlers = {
  registerStatus: s.registerStatus,
  register: s.register,
  withdraw: s.withdraw,
  listTeams: lists.listTeams,
  waitlist: tw.listTeamWaitlist,
  waitlistMove: tw.moveTeamInWaitlist,
  waitlistPromote: tw.promoteTeamFromWaitlist,
  waitlistRemove: tw.removeTeamFromWaitlist,
};
