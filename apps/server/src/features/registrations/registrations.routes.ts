import type { FastifyInstance } from "fastify";
import {
  FFA_SHEET_PATH,
  IdParamsSchema,
  type OkSchema,
  registrationEndpoints as e,
  type TeamRegisterStatus,
  type TeamRegistrationList,
  type Waitlist,
} from "@site/contract";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import type { RawJson } from "../../lib/cache.js";
import { route } from "../../lib/route.js";
import type { Actor } from "../permissions/permissions.js";
import { ffaSheet } from "./ffa-sheet.service.js";
import * as admin from "./registration-admin.service.js";
import * as lists from "./registration-lists.service.js";
import * as s from "./registrations.service.js";
import * as squads from "./squads.service.js";
import * as waitlist from "./waitlist.service.js";
import { usesTeamRegistration } from "../access/tournament-access.service.js";

type Ok = z.input<typeof OkSchema>;

/**
 * How team tournaments answer the spec paths they share with solo and squad tournaments
 * (`/register`, `/withdraw`, `/registrations…`). The team-registrations feature supplies them
 * (`teamRegistrationHandlers`) and app.ts hands them in, so this feature never imports it.
 */
export interface TeamRegistrationHandlers {
  registerStatus(ctx: AppContext, actor: Actor, id: number): Promise<TeamRegisterStatus>;
  register(
    ctx: AppContext,
    actor: Actor,
    id: number,
    body: {
      team_id?: number | undefined;
      team2_id?: number | undefined;
      rep1?: number | undefined;
      rep2?: number | undefined;
      rep3?: number | undefined;
    },
  ): Promise<Ok>;
  withdraw(ctx: AppContext, actor: Actor, id: number, teamId: number | undefined): Promise<Ok>;
  listTeams(
    ctx: AppContext,
    actor: Actor,
    id: number,
    status: "registered" | "withdrawn" | "rejected",
    order: string,
  ): Promise<TeamRegistrationList | RawJson>;
  /** The team waitlist (issue #22 §1): the same paths and shapes as solo and squad. */
  waitlist(ctx: AppContext, actor: Actor, id: number): Promise<Waitlist>;
  waitlistMove(ctx: AppContext, actor: Actor, id: number, teamId: number, direction: "up" | "down"): Promise<Ok>;
  waitlistPromote(ctx: AppContext, actor: Actor, id: number, teamId: number): Promise<Ok>;
  waitlistRemove(ctx: AppContext, actor: Actor, id: number, teamId: number): Promise<Ok>;
}

/** Solo and squad registration routes, and the shared paths (dispatched to `teams` for team tournaments). */
export async function registrationRoutes(app: FastifyInstance, opts: { teams: TeamRegistrationHandlers }): Promise<void> {
  const ctx = app.ctx;
  const teams = opts.teams;
  const actor = async (req: { auth(): Promise<{ actor: Actor }> }) => (await req.auth()).actor;

  // Team tournaments (event_format 0) share these paths; their service answers them (issue #8).
  // The request's actor lets a read request read the tournament's access row once (#16).
  const team = async (id: number, req: { auth(): Promise<{ actor: Actor }> }) => usesTeamRegistration(ctx, id, await actor(req));
  route(app, e.registerStatus, async ({ req, params }) =>
    (await team(params.id, req))
      ? teams.registerStatus(ctx, await actor(req), params.id)
      : s.registerStatus(ctx, await actor(req), params.id),
  );
  route(app, e.register, async ({ req, params, body }) =>
    (await team(params.id, req))
      ? teams.register(ctx, await actor(req), params.id, body)
      : s.register(ctx, await actor(req), params.id, body),
  );
  route(app, e.updateRegistration, async ({ req, params, body }) => s.updateOwnRegistration(ctx, await actor(req), params.id, body));
  route(app, e.withdraw, async ({ req, params, body }) =>
    (await team(params.id, req))
      ? teams.withdraw(ctx, await actor(req), params.id, Number(body?.team_id) || undefined)
      : s.withdraw(ctx, await actor(req), params.id),
  );
  route(app, e.checkin, async ({ req, params }) => s.selfCheckin(ctx, await actor(req), params.id, { checkedIn: true }));
  route(app, e.checkout, async ({ req, params }) => s.selfCheckin(ctx, await actor(req), params.id, { checkedIn: false }));
  route(app, e.adminCheckin, async ({ req, params }) =>
    s.adminCheckin(ctx, await actor(req), params.id, params.playerId, { checkedIn: true }),
  );
  route(app, e.adminCheckout, async ({ req, params }) =>
    s.adminCheckin(ctx, await actor(req), params.id, params.playerId, { checkedIn: false }),
  );

  route(app, e.registeredPlayers, async ({ req, params, query }) =>
    lists.listPlayers(ctx, await actor(req), params.id, "registered", query),
  );
  route(app, e.withdrawnPlayers, async ({ req, params, query }) => lists.listPlayers(ctx, await actor(req), params.id, "withdrawn", query));
  route(app, e.rejectedPlayers, async ({ req, params, query }) => lists.listPlayers(ctx, await actor(req), params.id, "rejected", query));
  route(app, e.registrations, async ({ req, params, query }) =>
    (await team(params.id, req))
      ? teams.listTeams(ctx, await actor(req), params.id, "registered", query.order)
      : lists.listSquads(ctx, await actor(req), params.id, "registered", query),
  );
  route(app, e.withdrawnSquads, async ({ req, params, query }) =>
    (await team(params.id, req))
      ? teams.listTeams(ctx, await actor(req), params.id, "withdrawn", query.order)
      : lists.listSquads(ctx, await actor(req), params.id, "withdrawn", query),
  );
  route(app, e.rejectedSquads, async ({ req, params, query }) =>
    (await team(params.id, req))
      ? teams.listTeams(ctx, await actor(req), params.id, "rejected", query.order)
      : lists.listSquads(ctx, await actor(req), params.id, "rejected", query),
  );

  route(app, e.squad, async ({ req, params, query }) => squads.viewSquad(ctx, await actor(req), params.id, params.squadId, query.order));
  route(app, e.invited, async ({ req, params }) => squads.invitedPlayers(ctx, await actor(req), params.id, params.squadId));
  route(app, e.invitable, async ({ req, params, query }) =>
    squads.invitablePlayers(ctx, await actor(req), params.id, params.squadId, query.search),
  );
  route(app, e.invite, async ({ req, params, body }) => squads.invite(ctx, await actor(req), params.id, params.squadId, body.player_id));
  route(app, e.kick, async ({ req, params, body }) => squads.kick(ctx, await actor(req), params.id, params.squadId, body.player_id));
  route(app, e.changeCaptain, async ({ req, params, body }) =>
    squads.changeCaptain(ctx, await actor(req), params.id, params.squadId, body.player_id),
  );
  route(app, e.acceptInvite, async ({ req, params, body }) => squads.acceptInvite(ctx, await actor(req), params.id, params.squadId, body));
  route(app, e.declineInvite, async ({ req, params }) => squads.declineInvite(ctx, await actor(req), params.id, params.squadId));

  route(app, e.moveSquad, async ({ req, params, body }) => admin.moveSquad(ctx, await actor(req), params.id, body.status, body.squad_id));
  route(app, e.moveSquadPlayer, async ({ req, params, body }) =>
    admin.movePlayer(ctx, await actor(req), params.id, body.status, body.player_id, { inSquad: true }),
  );
  route(app, e.movePlayer, async ({ req, params, body }) =>
    admin.movePlayer(ctx, await actor(req), params.id, body.status, body.player_id, { inSquad: false }),
  );

  // The waitlist past a tournament's cap (issue #22 §1); team tournaments' is the team service's.
  route(app, e.waitlist, async ({ req, params }) =>
    (await team(params.id, req))
      ? teams.waitlist(ctx, await actor(req), params.id)
      : waitlist.listWaitlist(ctx, await actor(req), params.id),
  );
  route(app, e.waitlistMove, async ({ req, params, body }) =>
    (await team(params.id, req))
      ? teams.waitlistMove(ctx, await actor(req), params.id, body.entrant_id, body.direction)
      : waitlist.moveInWaitlist(ctx, await actor(req), params.id, body.entrant_id, body.direction),
  );
  route(app, e.waitlistPromote, async ({ req, params, body }) =>
    (await team(params.id, req))
      ? teams.waitlistPromote(ctx, await actor(req), params.id, body.entrant_id)
      : waitlist.promoteFromWaitlist(ctx, await actor(req), params.id, body.entrant_id),
  );
  route(app, e.waitlistRemove, async ({ req, params, body }) =>
    (await team(params.id, req))
      ? teams.waitlistRemove(ctx, await actor(req), params.id, body.entrant_id)
      : waitlist.removeFromWaitlist(ctx, await actor(req), params.id, body.entrant_id),
  );

  route(app, e.adminRegisterSquad, async ({ req, params, body }) => admin.adminRegisterSquad(ctx, await actor(req), params.id, body));
  route(app, e.adminRegisterPlayer, async ({ req, params, body }) => admin.adminRegisterPlayer(ctx, await actor(req), params.id, body));
  route(app, e.adminRegisterSquadPlayer, async ({ req, params, body }) =>
    admin.adminRegisterPlayer(ctx, await actor(req), params.id, body, params.squadId),
  );

  route(app, e.editSquad, async ({ req, params }) => admin.getSquadEdit(ctx, await actor(req), params.id, params.squadId));
  route(app, e.saveSquad, async ({ req, params, body }) => admin.saveSquadEdit(ctx, await actor(req), params.id, params.squadId, body));
  route(app, e.editSquadPlayer, async ({ req, params }) => admin.getPlayerEdit(ctx, await actor(req), params.id, params.playerId));
  route(app, e.saveSquadPlayer, async ({ req, params, body }) =>
    admin.savePlayerEdit(ctx, await actor(req), params.id, params.playerId, body, { inSquad: true }),
  );
  route(app, e.editPlayer, async ({ req, params }) => admin.getPlayerEdit(ctx, await actor(req), params.id, params.playerId));
  route(app, e.savePlayer, async ({ req, params, body }) =>
    admin.savePlayerEdit(ctx, await actor(req), params.id, params.playerId, body, { inSquad: false }),
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
