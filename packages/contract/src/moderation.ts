import { z } from "zod";
import { endpoint, IdSchema, OkSchema, PageSchema, pagedSchema } from "./common.js";

/**
 * 000 §3 Profile change: a pending player name or team name/tag change. Team fields are null
 * for player changes and player fields null for team changes.
 */
export const ProfileChangeSchema = z.object({
  change_id: z.number().int(),
  table_name: z.enum(["teams", "players"]),
  field_name: z.enum(["team_name", "team_tag", "display_name"]),
  from_value: z.string(),
  to_value: z.string(),
  date_human: z.string(),
  /** When it was asked for (UTC ISO): the queue writes `date_human`'s day in the page's language (#21 §4). */
  date: z.string(),
  team_id: z.number().int().nullable(),
  team_tag: z.string().nullable(),
  team_name: z.string().nullable(),
  team_color: z.number().int().nullable(),
  player_id: z.number().int().nullable(),
  country_code: z.string().nullable(),
  country_name: z.string().nullable(),
});
export type ProfileChange = z.infer<typeof ProfileChangeSchema>;

export const ProfileChangesSchema = z.object({ data: z.array(ProfileChangeSchema) });

export const ChangeIdBodySchema = z.object({ change_id: IdSchema });

/** The empty state of the queue (000 §8). */
export const NO_PENDING_PROFILE_CHANGES = "No pending profile changes.";

export const moderationEndpoints = {
  profileChanges: endpoint({
    method: "GET",
    path: "/api/registry/profile_changes",
    response: ProfileChangesSchema,
    summary: "Pending name and tag changes, oldest first (moderators, administrators)",
  }),
  approveChange: endpoint({
    method: "POST",
    path: "/api/registry/profile_changes/approve",
    body: ChangeIdBodySchema,
    response: OkSchema,
    summary: "Approve a pending change: the name is applied and recorded in the name history",
  }),
  declineChange: endpoint({
    method: "POST",
    path: "/api/registry/profile_changes/decline",
    body: ChangeIdBodySchema,
    response: OkSchema,
    summary: "Decline a pending change",
  }),
};

// --- pending counts of the moderation queues (issue #17 §8) ---------------------------------

/**
 * How many items wait in each moderation queue the viewer may work on; `null` for a queue the
 * viewer may not moderate (the server decides by permission, the menu hides the count).
 * `unapproved_teams` and `team_claims` are the two lists of the Team Approvals page;
 * `inactive_accounts` waits on the Bans page (accounts to activate).
 */
export const PendingCountsSchema = z.object({
  profile_changes: z.number().int().nullable(),
  unapproved_teams: z.number().int().nullable(),
  team_claims: z.number().int().nullable(),
  tournament_proposals: z.number().int().nullable(),
  inactive_accounts: z.number().int().nullable(),
});
export type PendingCounts = z.infer<typeof PendingCountsSchema>;

export const pendingCountEndpoints = {
  pendingCounts: endpoint({
    method: "GET",
    path: "/api/moderation/pending_counts",
    response: PendingCountsSchema,
    summary: "Items waiting in each moderation queue the viewer may moderate (null: not theirs); any signed-in account",
  }),
};

// --- bans and account states (issue 5 §5) ---------------------------------------------------

/** A current ban: the player, why, since when, until when (null: until lifted) and by whom. */
export const BanSchema = z.object({
  ban_id: z.number().int(),
  player_id: z.number().int(),
  display_name: z.string(),
  country_code: z.string(),
  reason: z.string(),
  banned_human: z.string(),
  /** When the ban began (UTC ISO): the list writes `banned_human`'s day in the page's language (#21 §4). */
  banned_at: z.string(),
  /** The last day of the ban, as `dateHuman` of the instant before `ends_at`. */
  ends_human: z.string().nullable(),
  /** When the ban ends (UTC ISO, the midnight after its last day), null: until lifted. */
  ends_at: z.string().nullable(),
  banned_by: z.string().nullable(),
});
export type Ban = z.infer<typeof BanSchema>;

export const BanBodySchema = z.object({
  player_id: IdSchema,
  reason: z.string().trim().min(1, "Enter a reason for the ban.").max(500, "The reason may be at most 500 characters."),
  /** Last day of the ban (UTC, 'YYYY-MM-DD'); the ban is lifted automatically when it ends. Empty: until lifted. */
  ends_on: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, "Enter the end date as YYYY-MM-DD.")
    .optional(),
});
export type BanBody = z.infer<typeof BanBodySchema>;

/** An account waiting for staff activation (users.state = 'inactive'). */
export const InactiveAccountSchema = z.object({
  user_id: z.number().int(),
  player_id: z.number().int().nullable(),
  display_name: z.string().nullable(),
  country_code: z.string().nullable(),
  created_human: z.string(),
  /** When the account was made (UTC ISO), the instant of `created_human`. */
  created_at: z.string(),
});
export type InactiveAccount = z.infer<typeof InactiveAccountSchema>;

export const banEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/bans",
    response: z.object({ data: z.array(BanSchema) }),
    summary: "Current bans, newest first (moderators, administrators)",
  }),
  ban: endpoint({
    method: "POST",
    path: "/api/admin/bans",
    body: BanBodySchema,
    response: OkSchema,
    summary: "Ban a player: hidden from public lists, may not register; optional last day",
  }),
  unban: endpoint({
    method: "POST",
    path: "/api/admin/bans/remove",
    body: z.object({ player_id: IdSchema }),
    response: OkSchema,
    summary: "Lift a player's ban",
  }),
  inactive: endpoint({
    method: "GET",
    path: "/api/admin/inactive_accounts",
    response: z.object({ data: z.array(InactiveAccountSchema) }),
    summary: "Accounts waiting for activation (moderators, administrators)",
  }),
  activate: endpoint({
    method: "POST",
    path: "/api/admin/activate",
    body: z.object({ user_id: IdSchema }),
    response: OkSchema,
    summary: "Activate an inactive account",
  }),
};

// --- news (issue 5 §7) --------------------------------------------------------------------------

/** A row of `/news`: the home panel's item plus whether it is published (staff see unpublished ones). */
export const NewsListItemSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  image: z.string().nullable(),
  date_human: z.string(),
  author: z.string(),
  title: z.string(),
  preview: z.string(),
  /** When it was posted (UTC ISO): the list writes `date_human`'s day in the page's language (#21 §4). */
  date: z.string(),
  published: z.boolean(),
});
export type NewsListItem = z.infer<typeof NewsListItemSchema>;
export const NewsListSchema = pagedSchema(NewsListItemSchema);
export const NEWS_PAGE_SIZE = 10;

/** The editable source of a post (staff). */
export const NewsSourceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  published: z.boolean(),
});
export type NewsSource = z.infer<typeof NewsSourceSchema>;

export const NewsSaveBodySchema = z.object({
  title: z.string().trim().min(1, "A title is required.").max(200, "Titles may be at most 200 characters."),
  content: z.string().max(100000),
  image: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === "" || /^https?:\/\//.test(v) || v.startsWith("/uploads/"), "The image must be a link (https://…).")
    .nullable()
    .optional(),
  published: z.boolean(),
});
export type NewsSaveBody = z.infer<typeof NewsSaveBodySchema>;

const NewsIdParams = z.object({ id: z.union([z.literal("new"), IdSchema]) });

export const newsEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/media/news",
    query: z.object({ page: PageSchema }),
    response: NewsListSchema,
    summary: "News posts, newest first, 10 a page (unpublished ones for administrators and moderators)",
  }),
  source: endpoint({
    method: "GET",
    path: "/api/media/news/:id/source",
    params: z.object({ id: IdSchema }),
    response: NewsSourceSchema,
    summary: "A post's markdown source for editing (administrators, moderators)",
  }),
  save: endpoint({
    method: "POST",
    path: "/api/media/news/:id/edit",
    params: NewsIdParams,
    body: NewsSaveBodySchema,
    response: z.object({ status: z.literal("ok"), message: z.string(), id: z.number().int() }),
    summary: "Create ('new') or edit a post, publishing or unpublishing it (administrators, moderators)",
  }),
};

// --- audit log (issue 5 §8) ---------------------------------------------------------------------

/** One moderator or administrator action: who, what, on which row, when, and the values before and after (JSON text). */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int().nullable(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  time_human: z.string(),
  /** When it happened (UTC ISO): the log writes `time_human` in the page's language (#21 §4). */
  time: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AUDIT_PAGE_SIZE = 50;

export const auditEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/admin/audit",
    query: z.object({ page: PageSchema }),
    response: pagedSchema(AuditEntrySchema),
    summary: "The audit log of moderator and administrator actions, newest first (administrators)",
  }),
};
