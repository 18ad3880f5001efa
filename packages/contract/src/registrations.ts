import { z } from "zod";
import { endpoint, IdSchema, OkSchema, PageSchema, QueryBoolSchema } from "./common.js";
import { LIMITS } from "./reference.js";
import { TeamRegisterBodySchema, TeamRegisterStatusSchema, TeamRegistrationListSchema } from "./team-registrations.js";

/**
 * Solo and squad registration (001 §2–§9): register and withdraw, squads with invitations and
 * captains, check-ins, the registrations lists with sort codes, admin moves and edits, manual
 * registration and the FFA sheet. Field names and paths are the spec's.
 */

/** Messages of 001 §4, §5 and §8, verbatim. */
export const REGISTRATION_MESSAGES = {
  rejected: "You have been removed from this tournament by staff and may not register at this time.",
  pending_email: "You must verify your email on the MKCentral forums before registering.",
  user_invalid: "Your account is currently either unverified or inactive, and must be activated by a staff member before registering.",
  banned: "Your account has been banned. You may not register at this time.",
  no_profile_team: "You must create a registry profile and join a team to register for this tournament.",
  no_profile: "To register, you must first create a registry profile.",
  removedByStaff: "You have been removed from this tournament by staff and may not participate.",
  closed: "Registrations for this tournament have closed.",
  pendingApproval: "Your registration must be approved before you can play.",
  withdrawnCheckin: "Sorry, you have been withdrawn from this tournament as you did not check in during the check-in window.",
  withdrawnCheckinSquad:
    "Sorry, you have been withdrawn from this tournament as your squad did not meet the minimum required check-ins during the check-in window.",
  squadUnverified: "This squad has not yet been verified and is not yet eligible to play in this tournament.",
  squadWithdrawn: "This squad has withdrawn from this tournament.",
  squadRejected: "This squad has been rejected from entry to this tournament.",
  maxInvited: "You have invited the maximum number of players to this squad.",
  confirmKick: "Are you sure you want to kick this player from your squad?",
  confirmCancelInvite: "Are you sure you want to cancel this invitation?",
  rememberCheckin: "Remember to check in",
  noSquads: "No squads.",
  noPlayers: "No players.",
  alreadyRegistered: "You are already registered for this tournament.",
} as const;

export const squadNeedsMembers = (n: number) => `Your squad needs ${n} more member(s) to be eligible.`;
export const squadNeedsCheckins = (n: number) => `Your squad needs ${n} more checkin(s).`;
export const squadCount = (n: number) => `${n} squad(s)`;
/** What a waitlisted registrant sees (issue #22 §1); `position` counts from 1. */
export const waitlistMessage = (position: number) => `You are on the waitlist (position ${position}).`;

/** Own status from the register call (001 §4). `not_registered` and `anonymous` may register / sign in. */
export const OWN_STATUSES = [
  "registered",
  /** Past the tournament's cap, in the waitlist (issue #22 §1): `registration_details.waitlist_position`. */
  "waitlisted",
  "rejected",
  "no_profile",
  "pending_email",
  "user_invalid",
  "banned",
  "not_registered",
  "anonymous",
] as const;
export type OwnStatus = (typeof OWN_STATUSES)[number];

/** Sort codes (001 §9): field then A or D; default RA. */
export const SORT_FIELDS = ["N", "C", "E", "H", "CH", "R", "P", "M", "F", "T"] as const;
export const SortCodeSchema = z
  .string()
  .regex(/^(N|C|E|H|CH|R|P|M|F|T)(A|D)$/)
  .default("RA");

export const SQUAD_SORT_LABELS = { N: "Squad", C: "Players", E: "Eligible", H: "Can Host", CH: "Checked In", R: "Registered On" } as const;

const Bool = z.union([z.boolean(), z.enum(["0", "1", "true", "false"])]).transform((v) => v === true || v === "1" || v === "true");

export const ListQuerySchema = z.object({
  order: SortCodeSchema,
  checked_in: QueryBoolSchema.optional(),
  verified: QueryBoolSchema.optional(),
});
/**
 * Player lists page by this many rows (the spec leaves page sizes open; docs/decisions.md "#7
 * registrations list paging"): a 2,000-player table in one answer is ~750 KB and too slow to serve.
 */
export const PLAYER_LIST_PAGE_SIZE = 100;
/** Player list query: the list query plus `page` (from 1); the sort applies across all rows before paging. */
export const RegisteredPlayersQuerySchema = ListQuerySchema.extend({ page: PageSchema });
export const EventParams = z.object({ id: IdSchema });
export const EventSquadParams = z.object({ id: IdSchema, squadId: IdSchema });
export const EventPlayerParams = z.object({ id: IdSchema, playerId: IdSchema });

/** Registration details (own) (001 §3). */
export const RegistrationDetailsSchema = z.object({
  status: z.string(),
  checked_in: z.boolean(),
  verified: z.number().int(),
  squad_id: z.number().int().nullable(),
  squad_name: z.string().nullable(),
  squad_tag: z.string().nullable(),
  squad_color: z.number().int().nullable(),
  squad_status: z.string().nullable(),
  is_captain: z.boolean(),
  register_count: z.number().int(),
  checkin_count: z.number().int(),
  can_host: z.boolean(),
  ign: z.string().nullable(),
  /**
   * True when closing check-ins withdrew this registration: the player did not check in
   * (solo), or their squad was below the check-in minimum, even if they checked in themselves.
   */
  withdrawn_at_checkin: z.boolean(),
  /**
   * While the player (solo) or their squad waits for a place (status `waitlisted`, issue #22):
   * the place in the queue, counted from 1 among those still waiting. Null otherwise.
   */
  waitlist_position: z.number().int().nullable(),
});
export type RegistrationDetails = z.infer<typeof RegistrationDetailsSchema>;

export const SquadInvitationSchema = z.object({
  squad_id: z.number().int(),
  squad_name: z.string(),
  squad_tag: z.string(),
  captain_name: z.string().nullable(),
});

export const RegisterStatusSchema = z.object({
  status: z.enum(OWN_STATUSES),
  registration_details: RegistrationDetailsSchema.nullable(),
  /** Squad invitations waiting for the player's answer (squad tournaments). */
  invitations: z.array(SquadInvitationSchema),
  discord_tag: z.string().nullable(),
  required_fields: z.object({
    squad_name: z.boolean(),
    squad_tag: z.boolean(),
    can_host: z.boolean(),
    mii_name: z.boolean(),
    mii_name_max_length: z.number().int(),
  }),
  /** The viewer administrates the tournament (staff may register while closed). */
  can_administrate: z.boolean(),
  /**
   * The viewer moderates the tournament's registrations (000 §6 canEventModerate: event
   * moderators and every tournament administrator): IDs, the status filter and the Move/Edit
   * actions of the registration tables. Always true when `can_administrate` is.
   */
  can_moderate: z.boolean(),
});
export type RegisterStatus = z.infer<typeof RegisterStatusSchema>;

/** Solo / squad self-registration and self-edit (001 §5 Input limits; requirement flags decide which are needed). */
export const RegisterBodySchema = z.object({
  squad_name: z.string().trim().max(LIMITS.squadName).optional(),
  squad_tag: z.string().trim().max(LIMITS.squadTag).optional(),
  squad_color: z.coerce.number().int().min(1).max(40).default(1),
  can_host: Bool.optional(),
  mii_name: z.string().trim().max(100).optional(),
});
export type RegisterBody = z.input<typeof RegisterBodySchema>;

export const PlayerIdBodySchema = z.object({ player_id: z.coerce.number().int().positive() });
export const MoveStatusSchema = z.enum(["registered", "withdrawn", "rejected"]);
/** A registration list (and a move target) by status: registered, withdrawn or rejected. */
export type MoveStatus = z.infer<typeof MoveStatusSchema>;
export const MoveSquadBodySchema = z.object({ status: MoveStatusSchema, squad_id: z.coerce.number().int().positive() });
export const MovePlayerBodySchema = z.object({ status: MoveStatusSchema, player_id: z.coerce.number().int().positive() });

/** Player registration row (001 §3) — also the squad player row when squad fields are present. */
export const PlayerRowSchema = z.object({
  player_id: z.number().int(),
  display_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  squad_id: z.number().int().nullable(),
  squad_name: z.string().nullable(),
  squad_tag: z.string().nullable(),
  squad_color: z.number().int().nullable(),
  mii_name: z.string().nullable(),
  discord_tag: z.string().nullable(),
  eligible: z.boolean(),
  custom_field: z.string().nullable(),
  /** Registration verification level, compared with the tournament's verification_required (the admin's Verify). */
  verified: z.number().int(),
  player_can_host: z.boolean(),
  can_host: z.boolean(),
  checked_in: z.boolean(),
  /** When it registered, in ms since the epoch: the tables write its UTC day (`registered_at_human`) in the page's language (#21 §4). */
  registered_at: z.number().int(),
  registered_at_human: z.string(),
});
export type PlayerRow = z.infer<typeof PlayerRowSchema>;
/**
 * One page of a player list: `data` (at most PLAYER_LIST_PAGE_SIZE rows), `count` (rows of the
 * whole list under the filters), `page` (from 1) and `page_count` (at least 1).
 */
export const RegisteredPlayerListSchema = z.object({
  data: z.array(PlayerRowSchema),
  custom_field_name: z.string().nullable(),
  count: z.number().int(),
  page: z.number().int(),
  page_count: z.number().int(),
});
export type RegisteredPlayerList = z.infer<typeof RegisteredPlayerListSchema>;

/** Squad registration row (001 §3). */
export const SquadRowSchema = z.object({
  squad_id: z.number().int(),
  squad_name: z.string(),
  squad_tag: z.string(),
  squad_color: z.number().int(),
  verified: z.number().int(),
  player_count: z.number().int(),
  eligible: z.boolean(),
  can_host: z.boolean(),
  checked_in: z.boolean(),
  checkin_count: z.number().int(),
  /** When it registered, in ms since the epoch: the tables write its UTC day (`registered_at_human`) in the page's language (#21 §4). */
  registered_at: z.number().int(),
  registered_at_human: z.string(),
});
export type SquadRow = z.infer<typeof SquadRowSchema>;
export const SquadListSchema = z.object({ data: z.array(SquadRowSchema) });
export type SquadList = z.infer<typeof SquadListSchema>;

/** Squad view (001 §3). */
export const SquadMemberSchema = z.object({
  player_id: z.number().int(),
  display_name: z.string(),
  country: z.string(),
  team_leader: z.boolean(),
  mii_name: z.string().nullable(),
  custom_field: z.string().nullable(),
  can_host: z.boolean(),
  checked_in: z.boolean(),
  status: z.string(),
});
export const SquadViewSchema = z.object({
  squad_id: z.number().int(),
  squad_name: z.string(),
  squad_tag: z.string(),
  squad_color: z.number().int(),
  status: z.string(),
  verified: z.number().int(),
  mii_name_active: z.boolean(),
  members: z.array(SquadMemberSchema),
  /** Viewer is the captain or a tournament administrator (invite, kick, cancel). */
  can_manage: z.boolean(),
  can_administrate: z.boolean(),
  /**
   * The viewer moderates the tournament's registrations (000 §6 canEventModerate: event
   * moderators and every tournament administrator): IDs, the status filter and the Move/Edit
   * actions of the registration tables. Always true when `can_administrate` is.
   */
  can_moderate: z.boolean(),
});
export type SquadView = z.infer<typeof SquadViewSchema>;

export const InvitedPlayerSchema = z.object({ player_id: z.number().int(), display_name: z.string(), country_code: z.string() });
export const InvitedPlayersSchema = z.object({ members: z.array(InvitedPlayerSchema), member_count: z.number().int() });
export type InvitedPlayers = z.infer<typeof InvitedPlayersSchema>;
export const InvitablePlayerSchema = z.object({ player_id: z.number().int(), player_name: z.string(), country_code: z.string() });
export const InvitablePlayersSchema = z.object({ data: z.array(InvitablePlayerSchema) });
export type InvitablePlayers = z.infer<typeof InvitablePlayersSchema>;

/** Manual registration (001 §7). */
export const AdminRegisterSquadBodySchema = z.object({
  player_id: z.coerce.number().int().min(-1),
  squad_name: z.string().trim().max(LIMITS.squadName).default(""),
  squad_tag: z.string().trim().max(LIMITS.squadTag).default(""),
  squad_color: z.coerce.number().int().min(1).max(40).default(1),
  can_host: Bool.default(false),
  mii_name: z.string().trim().max(100).default(""),
});
export const AdminRegisterPlayerBodySchema = z.object({
  player_id: z.coerce.number().int().positive(),
  can_host: Bool.default(false),
  mii_name: z.string().trim().max(100).default(""),
});
export const StatusMessageSchema = z.object({ status: z.string(), message: z.string() });

/** Edit registrations (001 §3 edit responses, §7). */
export const EditSquadRegistrationSchema = z.object({
  registration_details: z.object({ squad_tag: z.string(), squad_name: z.string(), color_number: z.number().int() }),
  squad_status: z.string(),
});
export const EditSquadBodySchema = z.object({
  squad_name: z.string().trim().max(LIMITS.squadName).optional(),
  squad_tag: z.string().trim().max(LIMITS.squadTag).optional(),
  squad_color: z.coerce.number().int().min(1).max(40).optional(),
});
export const EditSquadPlayerSchema = z.object({
  status: z.string(),
  player_name: z.string(),
  squad_id: z.number().int().nullable(),
  registration_details: z.object({ can_host: z.boolean(), ign: z.string() }),
});
export const EditPlayerBodySchema = z.object({
  status: MoveStatusSchema.optional(),
  can_host: Bool.optional(),
  ign: z.string().trim().max(100).optional(),
});

/**
 * One entrant waiting for a place (issue #22 §1): a solo player, a squad or a team, by
 * `entrant_id` (player id, squad id or team id). `position` counts from 1. `qualifies` says
 * whether promotion would take it now (squad large enough, not banned, checked in once
 * check-ins closed); `reason` says why not.
 */
export const WaitlistEntrySchema = z.object({
  entrant_id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  tag: z.string().nullable(),
  country_code: z.string().nullable(),
  member_count: z.number().int(),
  checkin_count: z.number().int(),
  qualifies: z.boolean(),
  /** Why it would be skipped now (English), or null. */
  reason: z.string().nullable(),
  /**
   * `reason`'s stable code and params for translation (#21), when it has one:
   * `registration.waitlist.captain_banned`, `.player_banned`, `.not_checked_in`,
   * `.needs_members` `{count}`, `.checkins` `{count, needed}`, `.needs_eligible` `{count}` (teams),
   * `.secondary_taken`, or a team's registry refusal (`registration.team_banned`, …).
   */
  reason_code: z.string().optional(),
  reason_params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  waitlisted_at: z.number().int(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;
/** A tournament's waitlist in order, with the cap and the registered count it is measured against. */
export const WaitlistSchema = z.object({
  data: z.array(WaitlistEntrySchema),
  max_entrants: z.number().int().nullable(),
  registered_count: z.number().int(),
  /** The viewer may reorder, promote and remove (tournament administrators). */
  can_manage: z.boolean(),
});
export type Waitlist = z.infer<typeof WaitlistSchema>;
export const WaitlistEntrantBodySchema = z.object({ entrant_id: IdSchema });
export const WaitlistMoveBodySchema = WaitlistEntrantBodySchema.extend({ direction: z.enum(["up", "down"]) });

const P = "/api/events/:id";
export const registrationEndpoints = {
  registerStatus: endpoint({
    method: "GET",
    path: `${P}/register`,
    params: EventParams,
    // Team tournaments answer the team shape (001 §3 Team register status response).
    response: z.union([RegisterStatusSchema, TeamRegisterStatusSchema]),
    summary: "Own registration status (solo/squad, or team)",
  }),
  register: endpoint({
    method: "POST",
    path: `${P}/register`,
    params: EventParams,
    // Team tournaments read {team_id, team2_id, rep1, rep2, rep3} (001 §7 Teams).
    body: RegisterBodySchema.merge(TeamRegisterBodySchema),
    // Team tournaments also give the waitlist place past the cap (TeamRegisterResultSchema, #21).
    response: OkSchema.extend({ waitlist_position: z.number().int().nullable().optional() }),
    summary: "Register (solo, or a new squad as captain)",
  }),
  updateRegistration: endpoint({
    method: "POST",
    path: `${P}/update_registration`,
    params: EventParams,
    body: RegisterBodySchema,
    response: OkSchema,
    summary: "Edit own registration while open",
  }),
  withdraw: endpoint({
    method: "POST",
    path: `${P}/withdraw`,
    params: EventParams,
    // Team tournaments name the team (001 §7 Withdraw team: {team_id}); solo and squad send nothing.
    body: z.object({ team_id: z.unknown().optional() }).passthrough().optional(),
    response: OkSchema,
    summary: "Withdraw self (a captain withdraws the squad)",
  }),
  checkin: endpoint({ method: "POST", path: `${P}/checkin`, params: EventParams, response: OkSchema, summary: "Check in self" }),
  checkout: endpoint({ method: "POST", path: `${P}/checkout`, params: EventParams, response: OkSchema, summary: "Check out self" }),
  adminCheckin: endpoint({
    method: "POST",
    path: `${P}/checkins/players/:playerId/checkin`,
    params: EventPlayerParams,
    response: OkSchema,
    summary: "Admin: check a player in",
  }),
  adminCheckout: endpoint({
    method: "POST",
    path: `${P}/checkins/players/:playerId/checkout`,
    params: EventPlayerParams,
    response: OkSchema,
    summary: "Admin: check a player out",
  }),
  registeredPlayers: endpoint({
    method: "GET",
    path: `${P}/registered_players`,
    params: EventParams,
    query: RegisteredPlayersQuerySchema,
    response: RegisteredPlayerListSchema,
    summary: "Registered players",
  }),
  withdrawnPlayers: endpoint({
    method: "GET",
    path: `${P}/registered_players/withdrawn`,
    params: EventParams,
    query: RegisteredPlayersQuerySchema,
    response: RegisteredPlayerListSchema,
    summary: "Withdrawn players (admin)",
  }),
  rejectedPlayers: endpoint({
    method: "GET",
    path: `${P}/registered_players/rejected`,
    params: EventParams,
    query: RegisteredPlayersQuerySchema,
    response: RegisteredPlayerListSchema,
    summary: "Rejected players (admin)",
  }),
  registrations: endpoint({
    method: "GET",
    path: `${P}/registrations`,
    params: EventParams,
    query: ListQuerySchema,
    response: z.union([SquadListSchema, TeamRegistrationListSchema]),
    summary: "Registered squads",
  }),
  withdrawnSquads: endpoint({
    method: "GET",
    path: `${P}/registrations/withdrawn`,
    params: EventParams,
    query: ListQuerySchema,
    response: z.union([SquadListSchema, TeamRegistrationListSchema]),
    summary: "Withdrawn squads (admin)",
  }),
  rejectedSquads: endpoint({
    method: "GET",
    path: `${P}/registrations/rejected`,
    params: EventParams,
    query: ListQuerySchema,
    response: z.union([SquadListSchema, TeamRegistrationListSchema]),
    summary: "Rejected squads (admin)",
  }),
  squad: endpoint({
    method: "GET",
    path: `${P}/squads/:squadId`,
    params: EventSquadParams,
    query: z.object({ order: SortCodeSchema }),
    response: SquadViewSchema,
    summary: "View squad",
  }),
  invited: endpoint({
    method: "GET",
    path: `${P}/squads/:squadId/invited`,
    params: EventSquadParams,
    response: InvitedPlayersSchema,
    summary: "Squad invited players",
  }),
  invitable: endpoint({
    method: "GET",
    path: `${P}/squads/:squadId/invitable`,
    params: EventSquadParams,
    query: z.object({ search: z.string().trim().max(50).default("") }),
    response: InvitablePlayersSchema,
    summary: "Invitable players",
  }),
  invite: endpoint({
    method: "POST",
    path: `${P}/squads/:squadId/invite`,
    params: EventSquadParams,
    body: PlayerIdBodySchema,
    response: OkSchema,
    summary: "Invite a player (captain/admin)",
  }),
  kick: endpoint({
    method: "POST",
    path: `${P}/squads/:squadId/kick`,
    params: EventSquadParams,
    body: PlayerIdBodySchema,
    response: OkSchema,
    summary: "Kick a player or cancel an invitation (captain/admin)",
  }),
  changeCaptain: endpoint({
    method: "POST",
    path: `${P}/squads/:squadId/change_captain`,
    params: EventSquadParams,
    body: PlayerIdBodySchema,
    response: OkSchema,
    summary: "Admin: change captain",
  }),
  acceptInvite: endpoint({
    method: "POST",
    path: `${P}/squads/:squadId/accept_invite`,
    params: EventSquadParams,
    body: RegisterBodySchema,
    response: OkSchema,
    summary: "Accept a squad invitation",
  }),
  declineInvite: endpoint({
    method: "POST",
    path: `${P}/squads/:squadId/decline_invite`,
    params: EventSquadParams,
    response: OkSchema,
    summary: "Decline a squad invitation",
  }),
  moveSquad: endpoint({
    method: "POST",
    path: `${P}/move_squad`,
    params: EventParams,
    body: MoveSquadBodySchema,
    response: OkSchema,
    summary: "Admin: move squad (or verify with registered)",
  }),
  moveSquadPlayer: endpoint({
    method: "POST",
    path: `${P}/move_squad_player`,
    params: EventParams,
    body: MovePlayerBodySchema,
    response: OkSchema,
    summary: "Admin: move squad player",
  }),
  movePlayer: endpoint({
    method: "POST",
    path: `${P}/move_player`,
    params: EventParams,
    body: MovePlayerBodySchema,
    response: OkSchema,
    summary: "Admin: move solo player (or verify with registered)",
  }),
  waitlist: endpoint({
    method: "GET",
    path: `${P}/waitlist`,
    params: EventParams,
    response: WaitlistSchema,
    summary: "The waitlist in order (registration moderators)",
  }),
  waitlistMove: endpoint({
    method: "POST",
    path: `${P}/waitlist/move`,
    params: EventParams,
    body: WaitlistMoveBodySchema,
    response: OkSchema,
    summary: "Admin: move a waitlisted entrant one place up or down",
  }),
  waitlistPromote: endpoint({
    method: "POST",
    path: `${P}/waitlist/promote`,
    params: EventParams,
    body: WaitlistEntrantBodySchema,
    response: OkSchema,
    summary: "Admin: register a waitlisted entrant now (may exceed the cap)",
  }),
  waitlistRemove: endpoint({
    method: "POST",
    path: `${P}/waitlist/remove`,
    params: EventParams,
    body: WaitlistEntrantBodySchema,
    response: OkSchema,
    summary: "Admin: take an entrant off the waitlist (withdrawn)",
  }),
  adminRegisterSquad: endpoint({
    method: "POST",
    path: `${P}/admin_register_squad`,
    params: EventParams,
    body: AdminRegisterSquadBodySchema,
    response: StatusMessageSchema,
    summary: "Admin: register a squad (player_id -1 = shadow squad)",
  }),
  adminRegisterPlayer: endpoint({
    method: "POST",
    path: `${P}/register_player`,
    params: EventParams,
    body: AdminRegisterPlayerBodySchema,
    response: StatusMessageSchema,
    summary: "Admin: register a solo player",
  }),
  adminRegisterSquadPlayer: endpoint({
    method: "POST",
    path: `${P}/squads/:squadId/admin_register_player`,
    params: EventSquadParams,
    body: AdminRegisterPlayerBodySchema,
    response: StatusMessageSchema,
    summary: "Admin: add a player to a squad",
  }),
  editSquad: endpoint({
    method: "GET",
    path: `${P}/registrations/squads/:squadId/edit`,
    params: EventSquadParams,
    response: EditSquadRegistrationSchema,
    summary: "Edit squad registration (read)",
  }),
  saveSquad: endpoint({
    method: "POST",
    path: `${P}/registrations/squads/:squadId/edit`,
    params: EventSquadParams,
    body: EditSquadBodySchema,
    response: StatusMessageSchema,
    summary: "Edit squad registration",
  }),
  editSquadPlayer: endpoint({
    method: "GET",
    path: `${P}/registrations/squads/players/:playerId/edit`,
    params: EventPlayerParams,
    response: EditSquadPlayerSchema,
    summary: "Edit squad player registration (read)",
  }),
  saveSquadPlayer: endpoint({
    method: "POST",
    path: `${P}/registrations/squads/players/:playerId/edit`,
    params: EventPlayerParams,
    body: EditPlayerBodySchema,
    response: StatusMessageSchema,
    summary: "Edit squad player registration",
  }),
  editPlayer: endpoint({
    method: "GET",
    path: `${P}/registrations/players/:playerId/edit`,
    params: EventPlayerParams,
    response: EditSquadPlayerSchema,
    summary: "Edit solo registration (read)",
  }),
  savePlayer: endpoint({
    method: "POST",
    path: `${P}/registrations/players/:playerId/edit`,
    params: EventPlayerParams,
    body: EditPlayerBodySchema,
    response: StatusMessageSchema,
    summary: "Edit solo registration",
  }),
};

/**
 * The shared calls of `registrationEndpoints` as solo and squad tournaments answer them: same
 * method and path, the solo/squad body and response only (team tournaments:
 * `teamRegistrationEndpoints`). The server registers the union descriptors above, one route per
 * path; a client that knows the tournament's format reads and writes through these, so it never
 * narrows a union answer by hand.
 */
export const soloSquadRegistrationEndpoints = {
  registerStatus: endpoint({
    method: "GET",
    path: `${P}/register`,
    params: EventParams,
    response: RegisterStatusSchema,
    summary: "Own registration status (solo/squad)",
  }),
  register: endpoint({
    method: "POST",
    path: `${P}/register`,
    params: EventParams,
    body: RegisterBodySchema,
    response: OkSchema,
    summary: "Register (solo, or a new squad as captain)",
  }),
  withdraw: endpoint({
    method: "POST",
    path: `${P}/withdraw`,
    params: EventParams,
    body: z.object({}).optional(),
    response: OkSchema,
    summary: "Withdraw self (a captain withdraws the squad)",
  }),
  squads: endpoint({
    method: "GET",
    path: `${P}/registrations`,
    params: EventParams,
    query: ListQuerySchema,
    response: SquadListSchema,
    summary: "Registered squads",
  }),
  withdrawnSquads: endpoint({
    method: "GET",
    path: `${P}/registrations/withdrawn`,
    params: EventParams,
    query: ListQuerySchema,
    response: SquadListSchema,
    summary: "Withdrawn squads (admin)",
  }),
  rejectedSquads: endpoint({
    method: "GET",
    path: `${P}/registrations/rejected`,
    params: EventParams,
    query: ListQuerySchema,
    response: SquadListSchema,
    summary: "Rejected squads (admin)",
  }),
};

/** FFA sheet download (001 §2, §9): a browser path, not under /api. */
export const FFA_SHEET_PATH = "/tournaments/:id/mogi_sheet.tsv";
