import type { FastifyInstance } from "fastify";
import { NewTeamFormSchema, TeamAdminEditFormSchema, TeamEditFormSchema, teamEndpoints as e } from "@site/contract";
import { parseForm, readMultipart } from "../../lib/multipart.js";
import { PUBLIC_LIST_CACHE_CONTROL } from "../../lib/cache.js";
import { route } from "../../lib/route.js";
import { listTeamTransactions } from "../registry/registry.service.js";
import { claimTeam, decideClaim } from "./team-claims.service.js";
import { requireAccount } from "./team-membership.service.js";
import { adminEditTeam, approveTeam, createShadowTeam, createTeam, editTeam } from "./team-profile.service.js";
import { answerInvitation, answerJoinRequest, invite, kick, leaveTeam, requestJoin, setRole } from "./team-roster.service.js";
import { getTeam, getViewer, listClaims, myInvitations, pickTeams } from "./teams.service.js";

/** The multipart file field of the team saves (000 §3 'team_logo (file)'). */
const LOGO_FIELD = "team_logo";

/** The team registry calls (000 §7): team pages, saves, rosters, invitations, join requests, claims. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  route(app, e.all, async ({ req, query, reply }) => {
    reply.header("cache-control", query.mine ? "private, no-store" : PUBLIC_LIST_CACHE_CONTROL);
    return pickTeams(ctx, query.mine ? (await req.auth()).actor : null, query);
  });
  route(app, e.myInvitations, async ({ req, reply }) => {
    reply.header("cache-control", "private, no-store");
    return myInvitations(ctx, (await req.auth()).actor);
  });
  route(app, e.claims, async ({ req, reply }) => {
    reply.header("cache-control", "private, no-store");
    return listClaims(ctx, (await req.auth()).actor);
  });
  route(app, e.get, ({ req, params, reply }) => {
    // The same answer for everyone (a disapproved team is 404 to all but staff and members), served
    // from the server's cache; browsers revalidate so a roster change shows at once after an action.
    reply.header("cache-control", "no-cache");
    return getTeam(ctx, async () => (await req.auth()).actor, params.id);
  });
  route(app, e.viewer, async ({ req, params, reply }) => {
    reply.header("cache-control", "private, no-store");
    return getViewer(ctx, (await req.auth()).actor, params.id);
  });
  route(app, e.transfers, ({ req, params, query, reply }) => {
    reply.header("cache-control", "no-cache");
    return listTeamTransactions(ctx, async () => (await req.auth()).actor, params.id, query);
  });

  // Multipart saves (000 §7): the account is checked before the body is read, then a logo over
  // 200KB answers 413 'The logo exceeds the maximum size of 200KB.' before any field is judged.
  route(app, e.create, async ({ req }) => {
    const { actor } = await req.auth();
    requireAccount(actor);
    const { fields, file } = await readMultipart(req, LOGO_FIELD, "team_logo", NewTeamFormSchema);
    return createTeam(ctx, actor, parseForm(NewTeamFormSchema, fields), file);
  });
  route(app, e.edit, async ({ req, params }) => {
    const { actor } = await req.auth();
    requireAccount(actor);
    const { fields, file } = await readMultipart(req, LOGO_FIELD, "team_logo", TeamEditFormSchema);
    return editTeam(ctx, actor, params.id, parseForm(TeamEditFormSchema, fields), file, new Set(Object.keys(fields)));
  });
  route(app, e.adminEdit, async ({ req, params }) => {
    const { actor } = await req.auth();
    requireAccount(actor);
    const { fields, file } = await readMultipart(req, LOGO_FIELD, "team_logo", TeamAdminEditFormSchema);
    return adminEditTeam(ctx, actor, params.id, parseForm(TeamAdminEditFormSchema, fields), file, new Set(Object.keys(fields)));
  });
  route(app, e.shadow, async ({ req, body }) => createShadowTeam(ctx, (await req.auth()).actor, body));
  route(app, e.approve, async ({ req, params, body }) => approveTeam(ctx, (await req.auth()).actor, params.id, { approve: body.approve }));
  route(app, e.claim, async ({ req, params }) => claimTeam(ctx, (await req.auth()).actor, params.teamId));
  route(app, e.decideClaim, async ({ req, params }) => decideClaim(ctx, (await req.auth()).actor, params.id, params.action));

  route(app, e.invite, async ({ req, params, body }) => invite(ctx, (await req.auth()).actor, params.id, body.player_id));
  route(app, e.invitation, async ({ req, params, body }) =>
    answerInvitation(ctx, (await req.auth()).actor, params.id, params.action, { leaveCurrent: body?.leave_current ?? false }),
  );
  route(app, e.requestJoin, async ({ req, params, body }) =>
    requestJoin(ctx, (await req.auth()).actor, params.id, { leaveCurrent: body?.leave_current ?? false }),
  );
  route(app, e.joinRequest, async ({ req, params }) => answerJoinRequest(ctx, (await req.auth()).actor, params.id, params.action));
  route(app, e.leave, async ({ req, params }) => leaveTeam(ctx, (await req.auth()).actor, params.id));
  route(app, e.kick, async ({ req, params, body }) => kick(ctx, (await req.auth()).actor, params.id, body.player_id));
  route(app, e.role, async ({ req, params, body }) => setRole(ctx, (await req.auth()).actor, params.id, body.player_id, body.role));
}
