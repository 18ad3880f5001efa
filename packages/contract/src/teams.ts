import { z } from "zod";
import { endpoint, IdSchema, PageSchema, QueryBoolSchema } from "./common.js";
import { LANGUAGES, LIMITS, RECRUITMENT_STATUSES, TEAM_CATEGORY_KEYS, TEAM_STATUSES } from "./reference.js";
import { TransactionListSchema } from "./registry.js";

/**
 * The team registry (000 §2 New team page, Team edit and team edit admin, shadow teams;
 * §3 Team, Team form fields, New team form; §4 team states and the leave-first prompt; §5
 * limits; §6 permissions; §7 team calls; §8 team error texts).
 */

// --- texts of the spec (000 §8) ---------------------------------------------------------------

/** The claim offer when a historical team of the category has the name (000 §8). */
export const HISTORICAL_TEAM_EXISTS_MESSAGE = "A historical team with this name already exists";
/** The empty state of a team without a logo (000 §8). */
export const NO_LOGO_TEXT = "No Logo Available";
/** What joining a second team of a category asks first (000 §4). */
export const LEAVE_FIRST_MESSAGE = "You are already on a team in this category. Leave that team first?";
/** Longest team description accepted (the spec sets none; this keeps a page readable). */
export const TEAM_DESCRIPTION_MAX = 5000;
/** Most tournament results a team page lists (newest first). */
export const TEAM_RESULTS_MAX = 100;

export const RECRUITMENT_LABELS = { recruiting: "Recruiting", invite_only: "Invite Only", closed: "Closed" } as const;
export const TEAM_STATUS_LABELS = { unapproved: "Unapproved", approved: "Approved", disapproved: "Disapproved", banned: "Banned" } as const;

export const TeamStatusSchema = z.enum(TEAM_STATUSES);
export type TeamStatus = z.infer<typeof TeamStatusSchema>;
export const RecruitmentStatusSchema = z.enum(RECRUITMENT_STATUSES);
export type RecruitmentStatus = z.infer<typeof RecruitmentStatusSchema>;
export const TeamCategorySchema = z.enum(TEAM_CATEGORY_KEYS as [string, ...string[]], { message: "Choose a category." });

// --- form fields (multipart strings; 000 §3 Team form fields sent, New team form) -----------

/** Checkbox flags: "1", "true" or "on" are true; anything else is false. */
const flag = z.union([z.boolean(), z.string()]).transform((v) => v === true || v === "1" || v === "true" || v === "on");
/** An optional id: '', '0' or absent is null (000 §3 'primary_team (0 if none)'). */
const optionalId = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{0,9}$/, "Invalid team id."),
  ])
  .optional()
  .transform((v) => (v === undefined || v === "" || Number(v) === 0 ? null : Number(v)));

export const teamNameField = (max: number = LIMITS.teamName) =>
  z.string().trim().min(1, "Enter a team name.").max(max, `Team names may be at most ${max} characters.`);
export const teamTagField = z
  .string()
  .trim()
  .min(1, "Enter a team tag.")
  .max(LIMITS.teamTag, `Team tags may be at most ${LIMITS.teamTag} characters.`);
/** Team colour 1–40 (000 §3, §5 'Required: team colour'); the form's default is 1. */
export const teamColorField = z.coerce
  .number({ message: "Choose a team colour from 1 to 40." })
  .int("Choose a team colour from 1 to 40.")
  .min(1, "Choose a team colour from 1 to 40.")
  .max(40, "Choose a team colour from 1 to 40.");
const LANGUAGE_KEYS = ["", ...Object.keys(LANGUAGES)] as [string, ...string[]];
const mainLanguageField = z.enum(LANGUAGE_KEYS, { message: "Choose a language." });
const languageNameField = z.string().trim().max(LIMITS.languageName, `Language names may be at most ${LIMITS.languageName} characters.`);
const descriptionField = z.string().max(TEAM_DESCRIPTION_MAX, `The description may be at most ${TEAM_DESCRIPTION_MAX} characters.`);
/** What happens to the logo on save: keep the current one, use the uploaded file `team_logo`, or remove it. */
export const UseLogoSchema = z.enum(["existing", "upload", "none"]);

/**
 * `POST /api/registry/teams/new` (000 §3 New team form), multipart with the logo file in
 * `team_logo` (≤ 200KB). `join_team` (default true) makes the creator the team's first leader;
 * only staff may create a team without joining it. `leave_current` answers the leave-first
 * prompt (000 §4) when the creator already has an established team in the category.
 */
export const NewTeamFormSchema = z.object({
  team_category: TeamCategorySchema,
  team_name: teamNameField(),
  team_tag: teamTagField,
  team_color: teamColorField,
  use_logo: UseLogoSchema.default("upload"),
  main_language: mainLanguageField.default(""),
  language_name: languageNameField.default(""),
  team_description: descriptionField.default(""),
  recruitment_status: RecruitmentStatusSchema.default("recruiting"),
  primary_team_id: optionalId,
  join_team: flag.default(true),
  leave_current: flag.default(false),
});
export type NewTeamFormInput = z.input<typeof NewTeamFormSchema>;
export type NewTeamForm = z.output<typeof NewTeamFormSchema>;

/**
 * `POST /api/registry/teams/{id}` (leaders; 000 §3 Team form fields sent): every field is
 * optional and an absent one keeps its value. A new name or tag becomes a pending profile
 * change (once every 12 weeks, 000 §5). The full edit form may come back with team_status,
 * team_historical and team_category: equal to the team's they are accepted, a change is
 * refused (000 §6 admin-only). primary_team (0 if none) is the leader's to set, to a team they
 * also lead.
 */
export const TeamEditFormSchema = z.object({
  team_name: teamNameField().optional(),
  team_tag: teamTagField.optional(),
  team_color: teamColorField.optional(),
  use_logo: UseLogoSchema.default("existing"),
  main_language: mainLanguageField.optional(),
  language_name: languageNameField.optional(),
  team_description: descriptionField.optional(),
  recruitment_status: RecruitmentStatusSchema.optional(),
  team_status: TeamStatusSchema.optional(),
  team_historical: flag.optional(),
  primary_team: optionalId,
  team_category: TeamCategorySchema.optional(),
});
export type TeamEditFormInput = z.input<typeof TeamEditFormSchema>;
export type TeamEditForm = z.output<typeof TeamEditFormSchema>;

/**
 * `POST /api/registry/teams/{id}/admin` (administrators): the leader's fields, applied at once
 * (no pending change), including team_status, team_historical, primary_team (0 if none) and
 * team_category, which administrators may change.
 */
export const TeamAdminEditFormSchema = TeamEditFormSchema;
export type TeamAdminEditFormInput = z.input<typeof TeamAdminEditFormSchema>;
export type TeamAdminEditForm = z.output<typeof TeamAdminEditFormSchema>;

/**
 * `POST /api/registry/teams/shadow` (staff; 000 §7 'POST shadow teams'): JSON. Name ≤ 30
 * (001 §5 'Shadow team name up to 30'), tag ≤ 5, colour required.
 */
export const ShadowTeamBodySchema = z.object({
  team_category: TeamCategorySchema,
  team_name: teamNameField(LIMITS.shadowTeamName),
  team_tag: teamTagField,
  team_color: teamColorField,
});
export type ShadowTeamBody = z.input<typeof ShadowTeamBodySchema>;

// --- wire objects ------------------------------------------------------------------------------

/** A team as other rows mention it. */
export const TeamRefSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
  team_tag: z.string(),
  team_color: z.number().int(),
  category: z.string(),
  category_title: z.string(),
});
export type TeamRef = z.infer<typeof TeamRefSchema>;

/**
 * Answer of the team saves (000 §7 'status, message, team_id'; New team: error, claim or
 * success). Refusals ('error') arrive as HTTP 4xx `{status: 'error', message}`; 413 carries
 * 'The logo exceeds the maximum size of 200KB.'.
 * - success: `team_id` is the saved team (go to its page);
 * - claim: a historical team of the category has the name; `team_id` is that team, to claim;
 * - confirm_leave: the creator must leave `current_team` first; resubmit with leave_current.
 */
export const TeamSaveResponseSchema = z.object({
  status: z.enum(["success", "claim", "confirm_leave"]),
  message: z.string(),
  team_id: z.number().int().nullable(),
  current_team: TeamRefSchema.nullable().optional(),
});
export type TeamSaveResponse = z.infer<typeof TeamSaveResponseSchema>;

/**
 * Answer of the calls that put a player on a team (accept an invitation, request to join):
 * 'ok', or 'confirm_leave' with the team of the category the player is on (000 §4) — repeat
 * the call with `leave_current: true` to move.
 */
export const JoinResponseSchema = z.object({
  status: z.enum(["ok", "confirm_leave"]),
  message: z.string(),
  team_id: z.number().int(),
  current_team: TeamRefSchema.nullable(),
});
export type JoinResponse = z.infer<typeof JoinResponseSchema>;

export const TeamOkSchema = z.object({ status: z.literal("ok"), message: z.string() });
export type TeamOk = z.infer<typeof TeamOkSchema>;

/** A current member of the roster. */
export const RosterMemberSchema = z.object({
  player_id: z.number().int(),
  display_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  is_leader: z.boolean(),
  is_manager: z.boolean(),
  joined_human: z.string(),
  /** When the player joined (UTC ISO): the screens write `joined_human`'s day in the page's language (#21 §4). */
  joined_at: z.string(),
});
export type RosterMember = z.infer<typeof RosterMemberSchema>;

/** A placement of the team (entrant type team) in a published tournament. */
export const TeamResultSchema = z.object({
  tournament_id: z.number().int(),
  tournament_title: z.string(),
  date_human: z.string().nullable(),
  /** The tournament's start (else end) as UTC ISO, the instant of `date_human`; null without dates. */
  date: z.string().nullable(),
  mode_abbrev: z.string(),
  placement: z.number().int().nullable(),
  placement_upper_bound: z.number().int().nullable(),
  dq: z.boolean(),
  title: z.string().nullable(),
});
export type TeamResult = z.infer<typeof TeamResultSchema>;

/**
 * `GET /api/registry/teams/{id}` (000 §3 Team plus what the team page shows): the same for
 * every viewer, so it is cached; what the viewer may do comes from `.../viewer`.
 */
export const TeamDetailSchema = z.object({
  id: z.number().int(),
  team_name: z.string(),
  team_tag: z.string(),
  team_color: z.number().int(),
  /** URL of the logo, or null ('No Logo Available'). */
  team_logo: z.string().nullable(),
  recruitment_status: RecruitmentStatusSchema,
  /** Markdown as saved, and rendered to sanitized HTML. */
  team_description: z.string(),
  team_description_html: z.string(),
  main_language: z.string(),
  language_name: z.string(),
  primary_team_id: z.number().int().nullable(),
  primary_team_name: z.string().nullable(),
  team_status: TeamStatusSchema,
  is_historical: z.boolean(),
  is_shadow: z.boolean(),
  category: z.string(),
  category_title: z.string(),
  created_human: z.string(),
  /** When it was made (UTC ISO): the screens write `created_human`'s day in the page's language (#21 §4). */
  created_at: z.string(),
  /** Teams of the same organisation in other categories (the primary and its sister teams). */
  linked_teams: z.array(TeamRefSchema),
  /** Current members: leaders first, then managers, then members, each by join date. */
  roster: z.array(RosterMemberSchema),
  results: z.array(TeamResultSchema),
});
export type TeamDetail = z.infer<typeof TeamDetailSchema>;

/** A pending invitation or join request as the team's managers see it. */
export const PendingPlayerSchema = z.object({
  id: z.number().int(),
  player_id: z.number().int(),
  display_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  created_human: z.string(),
  /** When it was made (UTC ISO): the screens write `created_human`'s day in the page's language (#21 §4). */
  created_at: z.string(),
});
export type PendingPlayer = z.infer<typeof PendingPlayerSchema>;

/** A pending claim of a historical team as moderators see it. */
export const TeamClaimSchema = z.object({
  id: z.number().int(),
  team: TeamRefSchema,
  user_id: z.number().int(),
  player_id: z.number().int().nullable(),
  display_name: z.string(),
  created_human: z.string(),
  /** When it was made (UTC ISO): the screens write `created_human`'s day in the page's language (#21 §4). */
  created_at: z.string(),
});
export type TeamClaim = z.infer<typeof TeamClaimSchema>;

/**
 * `GET /api/registry/teams/{id}/viewer`: what the signed-in viewer is on this team and may do
 * here (000 §6). The server enforces each of these on the calls themselves.
 */
export const TeamViewerSchema = z.object({
  logged_in: z.boolean(),
  has_profile: z.boolean(),
  is_member: z.boolean(),
  is_leader: z.boolean(),
  is_manager: z.boolean(),
  /** Leaders: the team edit page. */
  can_edit: z.boolean(),
  /** Administrators: the admin team edit page. */
  can_admin_edit: z.boolean(),
  /** Leaders, managers, administrators: invite, answer join requests, remove members. */
  can_manage_roster: z.boolean(),
  /** Roster managers of a team that takes new members (not banned, disapproved, historical or shadow). */
  can_invite: z.boolean(),
  /** Leaders and administrators: promote and demote. */
  can_change_roles: z.boolean(),
  /** Moderators and administrators, while the team is unapproved. */
  can_approve: z.boolean(),
  can_leave: z.boolean(),
  /** A player with a profile, not on the team, the team recruiting and accepting members. */
  can_request_join: z.boolean(),
  /** Signed-in users on a historical team without a pending claim of their own. */
  can_claim: z.boolean(),
  claim_pending: z.boolean(),
  /** The viewer's own pending invitation to / request for this team. */
  invitation: z.object({ id: z.number().int(), created_human: z.string(), created_at: z.string() }).nullable(),
  join_request: z.object({ id: z.number().int(), created_human: z.string(), created_at: z.string() }).nullable(),
  /** For roster managers. */
  invitations: z.array(PendingPlayerSchema),
  join_requests: z.array(PendingPlayerSchema),
  /** Pending name and tag changes, for leaders and staff. */
  pending_changes: z.array(
    z.object({ field_name: z.enum(["team_name", "team_tag"]), to_value: z.string(), date_human: z.string(), date: z.string() }),
  ),
  /** Pending claims of this historical team, for moderators and administrators. */
  claims: z.array(TeamClaimSchema),
});
export type TeamViewer = z.infer<typeof TeamViewerSchema>;

/** One of the signed-in player's pending invitations. */
export const MyInvitationSchema = z.object({
  id: z.number().int(),
  team: TeamRefSchema,
  created_human: z.string(),
  created_at: z.string(),
});
export type MyInvitation = z.infer<typeof MyInvitationSchema>;

/** Primary-team picker (000 §7 'GET all teams': team_id, team_name). */
export const TeamPickerQuerySchema = z.object({
  search: z.string().trim().max(50).optional(),
  /** Only teams the signed-in player leads (the new team form's primary team). */
  mine: QueryBoolSchema.default(false),
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type TeamPickerQuery = z.input<typeof TeamPickerQuerySchema>;
export const TeamPickerItemSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
  team_tag: z.string(),
  category: z.string(),
  category_title: z.string(),
});
export type TeamPickerItem = z.infer<typeof TeamPickerItemSchema>;

const TeamIdParams = z.object({ id: IdSchema });
const LeaveCurrentBody = z.object({ leave_current: z.boolean().default(false) }).default({ leave_current: false });

export const teamEndpoints = {
  all: endpoint({
    method: "GET",
    path: "/api/registry/teams/all",
    query: TeamPickerQuerySchema,
    response: z.object({ data: z.array(TeamPickerItemSchema) }),
    summary: "Primary-team picker: team_id, team_name of up to 100 approved teams by name (or the viewer's led teams)",
  }),
  get: endpoint({
    method: "GET",
    path: "/api/registry/teams/:id",
    params: TeamIdParams,
    response: TeamDetailSchema,
    summary: "A team: fields, linked teams, roster, results (disapproved teams: staff and members only)",
  }),
  viewer: endpoint({
    method: "GET",
    path: "/api/registry/teams/:id/viewer",
    params: TeamIdParams,
    response: TeamViewerSchema,
    summary: "What the signed-in viewer is on the team and may do there",
  }),
  transfers: endpoint({
    method: "GET",
    path: "/api/registry/teams/:id/transfers",
    params: TeamIdParams,
    query: z.object({ page: PageSchema, limit: z.coerce.number().int().min(1).max(100).default(20) }),
    response: TransactionListSchema,
    summary: "The team's transfers (joins and leaves), newest first",
  }),
  create: endpoint({
    method: "POST",
    path: "/api/registry/teams/new",
    response: TeamSaveResponseSchema,
    summary: "New team (multipart NewTeamFormSchema, logo file `team_logo` ≤ 200KB): success, claim or confirm_leave",
  }),
  claim: endpoint({
    method: "POST",
    path: "/api/registry/teams/claim/:teamId",
    params: z.object({ teamId: IdSchema }),
    response: TeamOkSchema,
    summary: "Ask to take over a historical team; moderators review the claim",
  }),
  edit: endpoint({
    method: "POST",
    path: "/api/registry/teams/:id",
    params: TeamIdParams,
    response: TeamSaveResponseSchema,
    summary: "Team edit by a leader (multipart TeamEditFormSchema, logo `team_logo`); name/tag become pending changes",
  }),
  adminEdit: endpoint({
    method: "POST",
    path: "/api/registry/teams/:id/admin",
    params: TeamIdParams,
    response: TeamSaveResponseSchema,
    summary: "Team edit by an administrator (multipart TeamAdminEditFormSchema, logo `team_logo`)",
  }),
  shadow: endpoint({
    method: "POST",
    path: "/api/registry/teams/shadow",
    body: ShadowTeamBodySchema,
    response: TeamSaveResponseSchema,
    summary: "Create a shadow team (staff): team_category, team_name (≤ 30), team_tag, team_color",
  }),
  approve: endpoint({
    method: "POST",
    path: "/api/registry/teams/:id/approve",
    params: TeamIdParams,
    body: z.object({ approve: z.boolean() }),
    response: TeamOkSchema,
    summary: "Approve or disapprove an unapproved team (moderators, administrators)",
  }),
  invite: endpoint({
    method: "POST",
    path: "/api/registry/teams/:id/invite",
    params: TeamIdParams,
    body: z.object({ player_id: IdSchema }),
    response: TeamOkSchema,
    summary: "Invite a player (leaders and managers)",
  }),
  myInvitations: endpoint({
    method: "GET",
    path: "/api/registry/teams/invitations",
    response: z.object({ data: z.array(MyInvitationSchema) }),
    summary: "The signed-in player's pending team invitations",
  }),
  invitation: endpoint({
    method: "POST",
    path: "/api/registry/teams/invitations/:id/:action",
    params: z.object({ id: IdSchema, action: z.enum(["accept", "decline", "cancel"]) }),
    body: LeaveCurrentBody,
    response: JoinResponseSchema,
    summary: "Accept or decline an invitation (the player) or cancel it (leaders and managers)",
  }),
  requestJoin: endpoint({
    method: "POST",
    path: "/api/registry/teams/:id/join_request",
    params: TeamIdParams,
    body: LeaveCurrentBody,
    response: JoinResponseSchema,
    summary: "Ask to join a recruiting team",
  }),
  joinRequest: endpoint({
    method: "POST",
    path: "/api/registry/teams/join_requests/:id/:action",
    params: z.object({ id: IdSchema, action: z.enum(["accept", "reject", "cancel"]) }),
    response: JoinResponseSchema,
    summary: "Accept or reject a join request (leaders and managers) or cancel it (the player)",
  }),
  leave: endpoint({
    method: "POST",
    path: "/api/registry/teams/:id/leave",
    params: TeamIdParams,
    response: TeamOkSchema,
    summary: "Leave the team (a team with other members keeps at least one leader)",
  }),
  kick: endpoint({
    method: "POST",
    path: "/api/registry/teams/:id/kick",
    params: TeamIdParams,
    body: z.object({ player_id: IdSchema }),
    response: TeamOkSchema,
    summary: "Remove a member (leaders: anyone else; managers: plain members)",
  }),
  role: endpoint({
    method: "POST",
    path: "/api/registry/teams/:id/role",
    params: TeamIdParams,
    body: z.object({ player_id: IdSchema, role: z.enum(["leader", "manager", "member"]) }),
    response: TeamOkSchema,
    summary: "Promote or demote a member (leaders, administrators); the team keeps at least one leader",
  }),
  claims: endpoint({
    method: "GET",
    path: "/api/registry/teams/claims",
    response: z.object({ data: z.array(TeamClaimSchema) }),
    summary: "Pending claims of historical teams (moderators, administrators)",
  }),
  decideClaim: endpoint({
    method: "POST",
    path: "/api/registry/teams/claims/:id/:action",
    params: z.object({ id: IdSchema, action: z.enum(["approve", "decline"]) }),
    response: TeamOkSchema,
    summary: "Approve (the claimant leads the team, which becomes active) or decline a claim",
  }),
};
