import type { FastifyInstance } from "fastify";
import { tournamentProposalEndpoints as e } from "@site/contract";
import { route } from "../../lib/route.js";
import * as proposals from "./tournament-proposals.service.js";

/** Player-hosted tournaments (issue #22 §5). */
export async function tournamentProposalRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  route(app, e.propose, async ({ req, body }) => proposals.propose(ctx, (await req.auth()).actor, body));
  route(app, e.mine, async ({ req }) => proposals.myProposals(ctx, (await req.auth()).actor));
  route(app, e.queue, async ({ req, query }) => proposals.proposalQueue(ctx, (await req.auth()).actor, query.status));
  route(app, e.approve, async ({ req, params }) => proposals.approveProposal(ctx, (await req.auth()).actor, params.id));
  route(app, e.decline, async ({ req, params, body }) => proposals.declineProposal(ctx, (await req.auth()).actor, params.id, body.reason));
}
