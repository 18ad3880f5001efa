import type { FastifyInstance } from "fastify";
import { FFA_SHEET_PATH, IdParamsSchema, registrationEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import { ffaSheet } from "./ffa-sheet.service.js";
import * as s from "./registrations.service.js";
import * as teams from "../team-registrations/team-registrations.service.js";

export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const actor = async (req: { auth(): Promise<{ actor: import("../permissions/permissions.js").Actor }> }) => (await req.auth()).actor;

  // Team tournaments (event_format 0) share these paths; their service answers them (issue #8).
  const team = (id: number) => teams.isTeamEvent(ctx, id);
  route(app, e.registerStatus, async ({ req, params }) =>
    (await team(params.id)) ? teams.registerStatus(ctx, await actor(req), params.id) : s.registerStatus(ctx, await actor(req), params.id),
  );
  route(app, e.register, async ({ req, params, body }) =>
    (await team(params.id)) ? teams.register(ctx, await actor(req), params.id, body) : s.register(ctx, await actor(req), params.id, body),
  );
  route(app, e.updateRegistration, async ({ req, params, body }) => s.updateOwnRegistration(ctx, await actor(req), params.id, body));
  route(app, e.withdraw, async ({ req, params, body }) =>
    (await team(params.id))
      ? teams.withdraw(ctx, await actor(req), params.id, Number((body as { team_id?: unknown } | undefined)?.team_id) || undefined)
      : s.withdraw(ctx, await actor(req), params.id),
  );
  route(app, e.checkin, async ({ req, params }) => s.selfCheckin(ctx, await actor(req), params.id, true));
  route(app, e.checkout, async ({ req, params }) => s.selfCheckin(ctx, await actor(req), params.id, false));
  route(app, e.adminCheckin, async ({ req, params }) => s.adminCheckin(ctx, await actor(req), params.id, params.playerId, true));
  route(app, e.adminCheckout, async ({ req, params }) => s.adminCheckin(ctx, await actor(req), params.id, params.playerId, false));

  route(app, e.registeredPlayers, async ({ req, params, query }) => s.listPlayers(ctx, await actor(req), params.id, "registered", query));
  route(app, e.withdrawnPlayers, async ({ req, params, query }) => s.listPlayers(ctx, await actor(req), params.id, "withdrawn", query));
  route(app, e.rejectedPlayers, async ({ req, params, query }) => s.listPlayers(ctx, await actor(req), params.id, "rejected", query));
  route(app, e.registrations, async ({ req, params, query }) =>
    (await team(params.id))
      ? teams.listTeams(ctx, await actor(req), params.id, "registered", query.order)
      : s.listSquads(ctx, await actor(req), params.id, "registered", query),
  );
  route(app, e.withdrawnSquads, async ({ req, params, query }) =>
    (await team(params.id))
      ? teams.listTeams(ctx, await actor(req), params.id, "withdrawn", query.order)
      : s.listSquads(ctx, await actor(req), params.id, "withdrawn", query),
  );
  route(app, e.rejectedSquads, async ({ req, params, query }) =>
    (await team(params.id))
      ? teams.listTeams(ctx, await actor(req), params.id, "rejected", query.order)
      : s.listSquads(ctx, await actor(req), params.id, "rejected", query),
  );

  route(app, e.squad, async ({ req, params, query }) => s.viewSquad(ctx, await actor(req), params.id, params.squadId, query.order));
  route(app, e.invited, async ({ req, params }) => s.invitedPlayers(ctx, await actor(req), params.id, params.squadId));
  route(app, e.invitable, async ({ req, params, query }) =>
    s.invitablePlayers(ctx, await actor(req), params.id, params.squadId, query.search),
  );
  route(app, e.invite, async ({ req, params, body }) => s.invite(ctx, await actor(req), params.id, params.squadId, body.player_id));
  route(app, e.kick, async ({ req, params, body }) => s.kick(ctx, await actor(req), params.id, params.squadId, body.player_id));
  route(app, e.changeCaptain, async ({ req, params, body }) =>
    s.changeCaptain(ctx, await actor(req), params.id, params.squadId, body.player_id),
  );
  route(app, e.acceptInvite, async ({ req, params, body }) => s.acceptInvite(ctx, await actor(req), params.id, params.squadId, body));
  route(app, e.declineInvite, async ({ req, params }) => s.declineInvite(ctx, await actor(req), params.id, params.squadId));

  route(app, e.moveSquad, async ({ req, params, body }) => s.moveSquad(ctx, await actor(req), params.id, body.status, body.squad_id));
  route(app, e.moveSquadPlayer, async ({ req, params, body }) =>
    s.movePlayer(ctx, await actor(req), params.id, body.status, body.player_id, true),
  );
  route(app, e.movePlayer, async ({ req, params, body }) =>
    s.movePlayer(ctx, await actor(req), params.id, body.status, body.player_id, false),
  );

  route(app, e.adminRegisterSquad, async ({ req, params, body }) => s.adminRegisterSquad(ctx, await actor(req), params.id, body));
  route(app, e.adminRegisterPlayer, async ({ req, params, body }) => s.adminRegisterPlayer(ctx, await actor(req), params.id, body));
  route(app, e.adminRegisterSquadPlayer, async ({ req, params, body }) =>
    s.adminRegisterPlayer(ctx, await actor(req), params.id, body, params.squadId),
  );

  route(app, e.editSquad, async ({ req, params }) => s.getSquadEdit(ctx, await actor(req), params.id, params.squadId));
  route(app, e.saveSquad, async ({ req, params, body }) => s.saveSquadEdit(ctx, await actor(req), params.id, params.squadId, body));
  route(app, e.editSquadPlayer, async ({ req, params }) => s.getPlayerEdit(ctx, await actor(req), params.id, params.playerId));
  route(app, e.saveSquadPlayer, async ({ req, params, body }) =>
    s.savePlayerEdit(ctx, await actor(req), params.id, params.playerId, body, true),
  );
  route(app, e.editPlayer, async ({ req, params }) => s.getPlayerEdit(ctx, await actor(req), params.id, params.playerId));
  route(app, e.savePlayer, async ({ req, params, body }) =>
    s.savePlayerEdit(ctx, await actor(req), params.id, params.playerId, body, false),
  );

  // The FFA sheet is a download at a browser path (001 §2), not JSON.
  app.get(FFA_SHEET_PATH, { schema: { hide: true, params: IdParamsSchema } }, async (req, reply) => {
    const { id } = req.params as { id: number };
    const sheet = await ffaSheet(ctx, (await req.auth()).actor, id);
    return reply
      .type("text/tab-separated-values; charset=utf-8")
      .header("content-disposition", `attachment; filename="${sheet.filename}"`)
      .header("cache-control", "private, no-store")
      .send(sheet.body);
  });
}
