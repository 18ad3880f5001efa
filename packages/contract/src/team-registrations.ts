import { z } from "zod";
import { endpoint, IdSchema, OkSchema } from "./common.js";

/**
 * Team registration (001 §2 Team tournament page, Team eligible players, Team registrations,
 * Team register page, Edit team registration; §3; §4 Opt-in and opt-out; §5 Team
 * self-registration; §7 Teams). Field names and paths are the spec's.
 *
 * This file imports nothing from `registrations.ts`: the shared solo/squad endpoints
 * (`/register`, `/withdraw`, `/registrations…`) import the team shapes from here to answer
 * either format, so the import runs one way only.
 */

/** Messages of 001 §5 and §8 for teams, verbatim where the spec gives them. */
export const TEAM_REGISTRATION_MESSAGES = {
  allRejected: "All available teams that you lead or manage have been rejected entry into this tournament.",
  allRegisteredOrRejected:
    "All available teams that you lead or manage are already registered, or have been rejected entry into this tournament.",
  thanks: "Thanks for Registering!",
  verificationPending: "Verification Pending",
  pendingApproval: "Your registration must be approved before you can play.",
  closed: "Registrations for this tournament have closed.",
  // The spec gives these notices for squads (001 §8); the team page uses the same words for teams.
  teamUnverified: "This team has not yet been verified and is not yet eligible to play in this tournament.",
  teamWithdrawn: "This team has withdrawn from this tournament.",
  teamRejected: "This team has been rejected from entry to this tournament.",
  confirmOptOut: "Are you sure you want to opt out of this tournament?",
  noTeams: "No teams.",
  alreadyRegistered: "This team is already registered for this tournament.",
  onlyLeaders: "Only the team's leaders and managers may do that.",
  primaryRequired: "A primary team is required.",
  leaderNotRepresentative: "The team leader cannot be made a representative.",
  maxRepresentatives: "A team may have at most 3 representatives.",
} as const;

/** 'You must lead or manage a {game mode} team to register for this tournament.' (001 §5). */
export const noTeamsAvailable = (gameMode: string) => `You must lead or manage a ${gameMode} team to register for this tournament.`;

/** The minimum-size message of 001 §5, for one team or for a primary with its secondary team. */
export function notEnoughMembers(count: number, minimum: number, combined: boolean): string {
  return combined
    ? `The selected teams have a combined total of only ${count} eligible members, which does not meet the minimum of ${minimum} members needed to register for this tournament.`
    : `The selected team has only ${count} eligible members, which does not meet the minimum of ${minimum} members needed to register for this tournament.`;
}

/**
 * The representative rule of 001 §5 for N leaders on the chosen teams: rep 1 shown if N < 3 and
 * required if N < 2; rep 2 shown if N < 2 and required if N = 0; rep 3 shown if N = 0, optional.
 */
export function representativeRule(leaders: number): Array<{ shown: boolean; required: boolean }> {
  return [
    { shown: leaders < 3, required: leaders < 2 },
    { shown: leaders < 2, required: leaders === 0 },
    { shown: leaders === 0, required: false },
  ];
}

/** Own statuses of the team register call (001 §4), plus `not_registered` and `anonymous`. */
export const TEAM_OWN_STATUSES = [
  "registered",
  "rejected",
  "no_profile",
  "pending_email",
  "user_invalid",
  "banned",
  "not_registered",
  "anonymous",
] as const;

/**
 * A team's registration status in one tournament; `unregistered` when it has none; `waitlisted`
 * past the tournament's cap (issue #22 §1).
 */
export const TeamRegStatusSchema = z.enum(["registered", "waitlisted", "withdrawn", "rejected", "unregistered"]);
export const TeamMoveStatusSchema = z.enum(["registered", "withdrawn", "rejected"]);
export type TeamMoveStatus = z.infer<typeof TeamMoveStatusSchema>;

/** An eligible member offered by the register form (001 §3 team_members). */
export const TeamMemberOptionSchema = z.object({ id: z.number().int(), name: z.string(), leader: z.boolean() });
export type TeamMemberOption = z.infer<typeof TeamMemberOptionSchema>;

export const SecondaryTeamSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
  status: TeamRegStatusSchema,
  team_leader_count: z.number().int(),
  team_size: z.number().int(),
  team_members: z.array(TeamMemberOptionSchema),
});
export type SecondaryTeam = z.infer<typeof SecondaryTeamSchema>;

/** One team the viewer leads or manages in the tournament's category (001 §3 Team register status response). */
export const TeamRegisterTeamSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
  team_tag: z.string(),
  team_color: z.number().int(),
  status: TeamRegStatusSchema,
  primary_team_id: z.number().int().nullable(),
  secondary_team_id: z.number().int().nullable(),
  secondary_team_name: z.string().nullable(),
  /** When the team plays as another registration's secondary team: that registration's primary team id. */
  registered_with: z.number().int().nullable(),
  verified: z.number().int(),
  /** The team's 1-based place on the waitlist when `status` is `waitlisted` (issue #22 §1). */
  waitlist_position: z.number().int().nullable().optional(),
  /** Leaders among the team's eligible members. */
  team_leader_count: z.number().int(),
  /** Eligible members (on the roster by the transfer deadline, not claimed by another registered team). */
  team_size: z.number().int(),
  team_members: z.array(TeamMemberOptionSchema),
  /** Its secondary teams (teams whose primary team it is). */
  secondary_teams: z.array(SecondaryTeamSchema),
});
export type TeamRegisterTeam = z.infer<typeof TeamRegisterTeamSchema>;

/**
 * `GET /api/events/{id}/register` for a team tournament (001 §3 Team register status response).
 * `my_team_*` describe the registration the viewer plays for (null when none).
 */
export const TeamRegisterStatusSchema = z.object({
  status: z.enum(TEAM_OWN_STATUSES),
  teams: z.array(TeamRegisterTeamSchema),
  my_team_id: z.number().int().nullable(),
  my_team_name: z.string().nullable(),
  my_team_verified: z.number().int().nullable(),
  opted_out: z.boolean(),
  rejected: z.boolean(),
  can_administrate: z.boolean(),
  /**
   * The viewer moderates the tournament's registrations (000 §6 canEventModerate: event
   * moderators and every tournament administrator): IDs, the status filter and the Move/Edit
   * actions of the registration tables. Always true when `can_administrate` is.
   */
  can_moderate: z.boolean(),
});
export type TeamRegisterStatus = z.infer<typeof TeamRegisterStatusSchema>;

const OptionalId = z.preprocess(
  (v) => (v === "" || v === null || v === undefined ? undefined : v),
  z.coerce.number().int().min(0).optional(),
);

/** `POST /api/events/{id}/register` body for teams: 0 or absent means none. */
export const TeamRegisterBodySchema = z.object({
  team_id: OptionalId,
  team2_id: OptionalId,
  rep1: OptionalId,
  rep2: OptionalId,
  rep3: OptionalId,
});
export type TeamRegisterBody = z.input<typeof TeamRegisterBodySchema>;

/** `POST /api/events/{id}/withdraw {team_id}` (teams). */
export const TeamWithdrawBodySchema = z.object({ team_id: OptionalId });

/** Team registration row (001 §3), plus status, verified and the raw time for sorting. */
export const TeamRegistrationRowSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
  team_tag: z.string(),
  team_color: z.number().int(),
  secondary_team_id: z.number().int().nullable(),
  secondary_team_name: z.string().nullable(),
  /** Eligible players (not opted out). */
  player_count: z.number().int(),
  status: TeamMoveStatusSchema,
  verified: z.number().int(),
  /** When it registered, in ms since the epoch: the tables write its UTC day (`registered_at_human`) in the page's language (#21 §4). */
  registered_at: z.number().int(),
  registered_at_human: z.string(),
});
export type TeamRegistrationRow = z.infer<typeof TeamRegistrationRowSchema>;
export const TeamRegistrationListSchema = z.object({ data: z.array(TeamRegistrationRowSchema) });
export type TeamRegistrationList = z.infer<typeof TeamRegistrationListSchema>;

/** Team eligible players response (001 §3). */
export const EligibleMemberSchema = z.object({
  player_id: z.number().int(),
  display_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  opted_out: z.boolean(),
  team_manager: z.boolean(),
  team_leader: z.boolean(),
  team_representative: z.boolean(),
  custom_field: z.string().nullable(),
  registered_since_human: z.string(),
  /** Since when the player counts as registered (UTC ISO): the roster writes `registered_since_human`'s day in the page's language (#21 §4). */
  registered_since: z.string(),
});
export type EligibleMember = z.infer<typeof EligibleMemberSchema>;
export const EligiblePlayersSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
  team_tag: z.string(),
  secondary_team_id: z.number().int().nullable(),
  secondary_team_name: z.string().nullable(),
  status: TeamMoveStatusSchema,
  verified: z.number().int(),
  custom_field_name: z.string().nullable(),
  members: z.array(EligibleMemberSchema),
});
export type EligiblePlayers = z.infer<typeof EligiblePlayersSchema>;

/** Edit team registration response (001 §3), plus the secondary teams the picker offers. */
export const EditTeamRegistrationSchema = z.object({
  team_name: z.string(),
  status: TeamMoveStatusSchema,
  team2_id: z.number().int().nullable(),
  team2_name: z.string().nullable(),
  secondary_options: z.array(z.object({ team_id: z.number().int(), team_name: z.string() })),
});
export type EditTeamRegistration = z.infer<typeof EditTeamRegistrationSchema>;
export const EditTeamBodySchema = z.object({ status: TeamMoveStatusSchema, team2_id: OptionalId });
export type EditTeamBody = z.input<typeof EditTeamBodySchema>;

export const MoveTeamBodySchema = z.object({ status: TeamMoveStatusSchema, team_id: IdSchema });

/** Manual team registration (001 §2, §5 Shadow team name ≤ 30, tag ≤ 5; §7). */
export const AdminRegisterTeamBodySchema = z.object({
  register_mode: z.enum(["existing", "shadow"]),
  register_mode2: z.enum(["none", "existing", "shadow"]).default("none"),
  team_id: OptionalId,
  team_id2: OptionalId,
  shadow_name: z.string().trim().max(30, "Team Name must be at most 30 characters.").default(""),
  shadow_tag: z.string().trim().max(5, "Team Tag must be at most 5 characters.").default(""),
  shadow_name2: z.string().trim().max(30, "Team Name must be at most 30 characters.").default(""),
  shadow_tag2: z.string().trim().max(5, "Team Tag must be at most 5 characters.").default(""),
});
export type AdminRegisterTeamBody = z.input<typeof AdminRegisterTeamBodySchema>;
export const TeamStatusMessageSchema = z.object({ status: z.string(), message: z.string() });

const EventParams = z.object({ id: IdSchema });
const EventTeamParams = z.object({ id: IdSchema, teamId: IdSchema });
const EventPlayerParams = z.object({ id: IdSchema, playerId: IdSchema });
const EventTeamPlayerParams = z.object({ id: IdSchema, teamId: IdSchema, playerId: IdSchema });
const OrderQuery = z.object({
  order: z
    .string()
    .regex(/^(N|C|E|R|F|T|P)(A|D)$/)
    .default("RA"),
});

/**
 * `POST …/register` of a team tournament: the spec's English `message`, and past the cap the
 * team's place on the waitlist (null when registered), so a page in another language says it
 * in its own words (#21) without reading the English text.
 */
export const TeamRegisterResultSchema = OkSchema.extend({ waitlist_position: z.number().int().nullable() });

const P = "/api/events/:id";
/**
 * Team registration endpoints. The first six are the calls team tournaments share with solo and
 * squad ones (`/register`, `/withdraw`, `/registrations…`) as a team tournament answers them:
 * same method and path as the union descriptors of `registrationEndpoints`, which are the ones
 * the server registers (one route per path); a client that knows the format uses these, so it
 * never narrows a union answer by hand. The rest are team-only calls.
 */
export const teamRegistrationEndpoints = {
  registerStatus: endpoint({
    method: "GET",
    path: `${P}/register`,
    params: EventParams,
    response: TeamRegisterStatusSchema,
    summary: "Own registration status (team)",
  }),
  register: endpoint({
    method: "POST",
    path: `${P}/register`,
    params: EventParams,
    body: TeamRegisterBodySchema,
    response: TeamRegisterResultSchema,
    summary: "Register a team (leaders and managers)",
  }),
  withdraw: endpoint({
    method: "POST",
    path: `${P}/withdraw`,
    params: EventParams,
    body: TeamWithdrawBodySchema,
    response: OkSchema,
    summary: "Withdraw a team",
  }),
  registrations: endpoint({
    method: "GET",
    path: `${P}/registrations`,
    params: EventParams,
    query: OrderQuery,
    response: TeamRegistrationListSchema,
    summary: "Registered teams",
  }),
  withdrawnTeams: endpoint({
    method: "GET",
    path: `${P}/registrations/withdrawn`,
    params: EventParams,
    query: OrderQuery,
    response: TeamRegistrationListSchema,
    summary: "Withdrawn teams (admin)",
  }),
  rejectedTeams: endpoint({
    method: "GET",
    path: `${P}/registrations/rejected`,
    params: EventParams,
    query: OrderQuery,
    response: TeamRegistrationListSchema,
    summary: "Rejected teams (admin)",
  }),
  eligiblePlayers: endpoint({
    method: "GET",
    path: `${P}/teams/:teamId/eligible_players`,
    params: EventTeamParams,
    query: OrderQuery,
    response: EligiblePlayersSchema,
    summary: "Eligible players of a registered team",
  }),
  addRepresentative: endpoint({
    method: "POST",
    path: `${P}/add_representative/:playerId`,
    params: EventPlayerParams,
    response: OkSchema,
    summary: "Admin: set a team member as representative",
  }),
  removeRepresentative: endpoint({
    method: "POST",
    path: `${P}/remove_representative/:playerId`,
    params: EventPlayerParams,
    response: OkSchema,
    summary: "Admin: remove a representative",
  }),
  adminOptin: endpoint({
    method: "POST",
    path: `${P}/player_optin/:teamId/:playerId`,
    params: EventTeamPlayerParams,
    response: OkSchema,
    summary: "Admin: re-register a team member (opt in)",
  }),
  adminOptout: endpoint({
    method: "POST",
    path: `${P}/player_optout/:teamId/:playerId`,
    params: EventTeamPlayerParams,
    response: OkSchema,
    summary: "Admin: withdraw a team member (opt out)",
  }),
  optin: endpoint({ method: "POST", path: `${P}/player_optin`, params: EventParams, response: OkSchema, summary: "Opt in (self)" }),
  optout: endpoint({ method: "POST", path: `${P}/player_optout`, params: EventParams, response: OkSchema, summary: "Opt out (self)" }),
  moveTeam: endpoint({
    method: "POST",
    path: `${P}/move_team`,
    params: EventParams,
    body: MoveTeamBodySchema,
    response: OkSchema,
    summary: "Admin: move a team (registered also verifies)",
  }),
  editTeam: endpoint({
    method: "GET",
    path: `${P}/registrations/teams/:teamId/edit`,
    params: EventTeamParams,
    response: EditTeamRegistrationSchema,
    summary: "Edit team registration (read)",
  }),
  saveTeam: endpoint({
    method: "POST",
    path: `${P}/registrations/teams/:teamId/edit`,
    params: EventTeamParams,
    body: EditTeamBodySchema,
    response: TeamStatusMessageSchema,
    summary: "Edit team registration",
  }),
  adminRegisterTeam: endpoint({
    method: "POST",
    path: `${P}/admin_register_team`,
    params: EventParams,
    body: AdminRegisterTeamBodySchema,
    response: TeamStatusMessageSchema,
    summary: "Admin: register a team (existing or new shadow teams)",
  }),
};
