import { z } from "zod";
import { endpoint, IdSchema, OkSchema } from "./common.js";
import { LIMITS } from "./reference.js";

/**
 * Player-hosted tournaments (issue #22 §5): a player with a registry profile proposes a
 * tournament from the basic form; it stays unpublished until an event administrator or
 * moderator approves it (the proposer then administrates that one tournament) or declines it
 * with a reason. One pending proposal per player; PROPOSAL_LIMITS.perDay proposals a day.
 */
export const PROPOSAL_LIMITS = { perDay: 3, reason: 500 } as const;

export const ProposalBodySchema = z.object({
  tournament_title: z
    .string()
    .trim()
    .min(1, "Tournament title is required.")
    .max(LIMITS.tournamentTitle, `Tournament title may be at most ${LIMITS.tournamentTitle} characters.`),
  game_mode: z.string().trim().min(1, "Game mode is required.").max(40),
  registration_format: z.enum(["0", "1", "2"], { message: "Choose a registration format." }),
  /** ISO date-times (UTC). */
  start_date: z.string().trim().min(1, "Start date is required.").max(40),
  end_date: z.string().trim().min(1, "End date is required.").max(40),
  minimum_players: z.coerce.number().int().min(1).max(99).default(1),
  maximum_players: z.coerce.number().int().min(1).max(99).default(1),
  event_description: z.string().max(20000, "The description may be at most 20000 characters.").default(""),
  /** Entrants need the host's Verify before they count (001 §5 verification_required). */
  verification_required: z.boolean().default(false),
});
export type ProposalBody = z.infer<typeof ProposalBodySchema>;

export const ProposalStatusSchema = z.enum(["pending", "approved", "declined"]);

export const ProposalSchema = z.object({
  id: z.number().int(),
  tournament_id: z.number().int(),
  tournament_title: z.string(),
  game_mode: z.string(),
  event_format: z.number().int(),
  start_date: z.string().nullable(),
  player_id: z.number().int(),
  player_name: z.string(),
  status: ProposalStatusSchema,
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

export const ProposalListSchema = z.object({ data: z.array(ProposalSchema) });
export const ProposalQueueQuerySchema = z.object({ status: ProposalStatusSchema.default("pending") });
export const ProposalDeclineBodySchema = z.object({
  reason: z.string().trim().min(1, "A reason is required.").max(PROPOSAL_LIMITS.reason),
});
export const ProposalCreatedSchema = z.object({ status: z.literal("ok"), message: z.string(), id: z.number().int() });

export const tournamentProposalEndpoints = {
  propose: endpoint({
    method: "POST",
    path: "/api/tournaments/proposals",
    body: ProposalBodySchema,
    response: ProposalCreatedSchema,
    summary: "Propose a tournament (players with a registry profile; one pending at a time)",
  }),
  mine: endpoint({
    method: "GET",
    path: "/api/tournaments/proposals/mine",
    response: ProposalListSchema,
    summary: "The signed-in player's proposals, newest first",
  }),
  queue: endpoint({
    method: "GET",
    path: "/api/moderation/tournament_proposals",
    query: ProposalQueueQuerySchema,
    response: ProposalListSchema,
    summary: "Proposed tournaments by status (event administrators and moderators)",
  }),
  approve: endpoint({
    method: "POST",
    path: "/api/moderation/tournament_proposals/:id/approve",
    params: z.object({ id: IdSchema }),
    response: OkSchema,
    summary: "Approve a proposal: publish the tournament, its proposer administrates it",
  }),
  decline: endpoint({
    method: "POST",
    path: "/api/moderation/tournament_proposals/:id/decline",
    params: z.object({ id: IdSchema }),
    body: ProposalDeclineBodySchema,
    response: OkSchema,
    summary: "Decline a proposal with a reason",
  }),
};
