import { z } from "zod";
import { endpoint, IdParamsSchema, IdSchema } from "./common.js";
import { COUNTRY_NONE, COUNTS, FRIEND_CODE_TYPES, type FriendCodeType, LIMITS, ThemeSchema } from "./reference.js";

/**
 * The player registry (000 §2 Player registry page, Edit profile, admin edit; §3 Player
 * profile and Profile form fields; §4 profile save outcomes; §5 limits; §7 player calls).
 */

/** Longest profile message accepted (the spec sets none; this keeps a page readable). */
export const PROFILE_MESSAGE_MAX = 5000;
/** Supporter border colours (000 §3): 41–60. */
export const BORDER_COLOR_RANGE = { min: 41, max: 60 } as const;

// --- friend codes ---------------------------------------------------------------------------

const FC_RE = /^\d{4}-\d{4}-\d{4}$/;

/** Friend-code fields of the profile form and their type (000 §3). */
export const FC_FIELDS = {
  switch_fc: "switch",
  fc_3ds: "3ds",
  mktour_fc: "mktour",
  nnid: "nnid",
} as const satisfies Record<string, FriendCodeType>;
export type FcField = keyof typeof FC_FIELDS;

/**
 * A friend code as typed (`SW-1234-5678-9012` or `1234-5678-9012`, prefix in any case) to its
 * stored form `1234-5678-9012`; '' → null; anything else → undefined (not a friend code).
 */
export function normalizeFriendCode(type: Exclude<FriendCodeType, "nnid">, input: string): string | null | undefined {
  const v = input.trim();
  if (v === "") return null;
  const prefix = FRIEND_CODE_TYPES[type].prefix;
  const bare = v.toUpperCase().startsWith(prefix) ? v.slice(prefix.length) : v;
  return FC_RE.test(bare) ? bare : undefined;
}

/** A stored code with its display prefix: `SW-1234-5678-9012`; the NNID has none. */
export function displayFriendCode(type: FriendCodeType, fc: string): string {
  return `${FRIEND_CODE_TYPES[type].prefix}${fc}`;
}

const fcField = (type: Exclude<FriendCodeType, "nnid">) =>
  z
    .string()
    .trim()
    .max(LIMITS.friendCode + FRIEND_CODE_TYPES[type].prefix.length, `Friend codes may be at most ${LIMITS.friendCode} characters.`)
    .refine(
      (v) => normalizeFriendCode(type, v) !== undefined,
      `${FRIEND_CODE_TYPES[type].label} friend codes must look like ${FRIEND_CODE_TYPES[type].prefix}XXXX-YYYY-ZZZZ.`,
    );

const nnidField = z
  .string()
  .trim()
  .max(LIMITS.nnid, `Nintendo Network IDs may be at most ${LIMITS.nnid} characters.`)
  .regex(/^[A-Za-z0-9._-]*$/, "Nintendo Network IDs may only use letters, digits, '.', '-' and '_'.");

// --- profile form ---------------------------------------------------------------------------

const displayName = (max: number) =>
  z.string().trim().min(1, "Enter a display name.").max(max, `Display names may be at most ${max} characters.`);

/** Two letters; ZZ means none chosen and is refused where a country is required (000 §5). */
const countryField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "Choose a country.")
  .refine((c) => c !== COUNTRY_NONE, "Choose a country.");

/** 0/1 or a boolean, as the spec's is_hidden (000 §3 'is_hidden (0 or 1)'). */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/**
 * The profile form fields of 000 §3, sent as JSON. A field left out keeps its value. The
 * background is uploaded first (POST /api/uploads?purpose=profile, 8MB) and referenced here:
 * `use_background` 'upload' with `background` = the upload's id; 'existing' keeps the current
 * one; 'default' removes it.
 */
const profileFields = {
  country: countryField.optional(),
  discord_tag: z.string().trim().max(LIMITS.discordTag, `Discord tags may be at most ${LIMITS.discordTag} characters.`).optional(),
  discord_privacy: z.enum(["public", "private"]).optional(),
  switch_fc: fcField("switch").optional(),
  fc_3ds: fcField("3ds").optional(),
  mktour_fc: fcField("mktour").optional(),
  nnid: nnidField.optional(),
  profile_message: z.string().max(PROFILE_MESSAGE_MAX, `Profile messages may be at most ${PROFILE_MESSAGE_MAX} characters.`).optional(),
  border_color: z
    .number()
    .int()
    .min(BORDER_COLOR_RANGE.min, "Border colours are 41 to 60.")
    .max(BORDER_COLOR_RANGE.max, "Border colours are 41 to 60.")
    .optional(),
  site_theme: ThemeSchema.optional(),
  use_background: z.enum(["default", "existing", "upload"]).optional(),
  /** The id of an upload of purpose 'profile' made by the same account (with use_background 'upload'). */
  background: IdSchema.optional(),
  /** Resubmission after the friend-code conflict popup's Yes (000 §4). */
  override_fc_warning: z.boolean().default(false),
};

/** `POST /api/registry/edit_profile` body: the player's own profile (display name ≤ 20). */
export const OwnProfileBodySchema = z.object({
  display_name: displayName(LIMITS.displayNameOwn).optional(),
  ...profileFields,
});
export type OwnProfileBody = z.input<typeof OwnProfileBodySchema>;

/**
 * `POST /api/registry/players/{id|new}` body (staff): display name ≤ 50 (a shadow player's ≤ 20),
 * plus the admin-only fields: shadow, user_id (link an account), no_account (unlink),
 * delete_background, is_hidden.
 */
export const AdminProfileBodySchema = z.object({
  display_name: displayName(LIMITS.displayNameAdmin).optional(),
  ...profileFields,
  shadow: z.boolean().optional(),
  user_id: IdSchema.nullable().optional(),
  no_account: z.boolean().optional(),
  delete_background: z.boolean().optional(),
  is_hidden: flag.optional(),
});
export type AdminProfileBody = z.input<typeof AdminProfileBodySchema>;

/** One conflicting code of an fc_error answer: its label (type and code) and the last other player who used it. */
export const FcErrorSchema = z.object({ fc_label: z.string(), player_name: z.string() });
export type FcError = z.infer<typeof FcErrorSchema>;

/** The success codes of the profile saves (ProfileSaveResponseSchema's `code`). */
export const PROFILE_SAVE_CODES = [
  "profile.created",
  "profile.saved",
  "profile.name_request",
  "player.saved",
  "player.created",
  "player.shadow_created",
] as const;
export type ProfileSaveCode = (typeof PROFILE_SAVE_CODES)[number];

/**
 * Answer of both profile saves (000 §4, §7): 'success' (go to the profile), 'fc_error' (show the
 * conflict popup). Refusals ('error') come as HTTP 4xx with `{status: 'error', message}` from
 * the one error handler, so every caller treats a non-2xx answer as the error box's message.
 */
export const ProfileSaveResponseSchema = z.object({
  status: z.enum(["success", "error", "fc_error"]),
  message: z.string(),
  player_id: z.number().int().nullable(),
  fc_errors: z.array(FcErrorSchema).optional(),
  /**
   * A success's stable name (#21): which of the fixed success texts `message` is, so a page in
   * another language words it without reading the English; `profile.name_request` has
   * `params.name` (the name asked for).
   */
  code: z.enum(PROFILE_SAVE_CODES).optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export type ProfileSaveResponse = z.infer<typeof ProfileSaveResponseSchema>;

export const AdminPlayerParamsSchema = z.object({ id: z.union([z.literal("new"), IdSchema]) });

// --- profile (read) -------------------------------------------------------------------------

export const PlayerTeamSchema = z.object({
  team_id: z.number().int(),
  team_name: z.string(),
  team_tag: z.string(),
  team_color: z.number().int(),
  team_logo: z.string().nullable(),
  category: z.string(),
  category_title: z.string(),
  is_leader: z.boolean(),
  is_manager: z.boolean(),
  joined_human: z.string(),
  /** When the player joined (UTC ISO): the screens write `joined_human`'s day in the page's language (#21 §4). */
  joined_at: z.string(),
});
export type PlayerTeam = z.infer<typeof PlayerTeamSchema>;

/** A team membership past or present: joined and (when left) left dates. */
export const PlayerTeamHistorySchema = PlayerTeamSchema.omit({ is_leader: true, is_manager: true, team_logo: true }).extend({
  left_human: z.string().nullable(),
  /** When the player left (UTC ISO), null while a member. */
  left_at: z.string().nullable(),
});
export type PlayerTeamHistory = z.infer<typeof PlayerTeamHistorySchema>;

/** A placement of the player (solo, or through a squad or team) in a tournament shown on profiles. */
export const PlayerResultSchema = z.object({
  tournament_id: z.number().int(),
  tournament_title: z.string(),
  date_human: z.string().nullable(),
  /** The tournament's end (else start) as UTC ISO, the instant of `date_human`; null without dates. */
  date: z.string().nullable(),
  game_mode: z.string(),
  mode_abbrev: z.string(),
  entrant_type: z.enum(["player", "squad", "team"]),
  /** The squad's or team's name; null for a solo placement. */
  entrant_name: z.string().nullable(),
  placement: z.number().int().nullable(),
  placement_upper_bound: z.number().int().nullable(),
  dq: z.boolean(),
  title: z.string().nullable(),
});
export type PlayerResult = z.infer<typeof PlayerResultSchema>;

/** Most results a profile lists (newest first). */
export const PROFILE_RESULTS_MAX = 100;

/**
 * `GET /api/registry/players/{id}`: the player profile of 000 §3 plus current_teams, team
 * history and results. discord_tag is null when private (only staff, the player and the tags
 * of team leaders are shown, 000 §6); pending_display_name is only given to the player and staff.
 * Border, theme and background are the supporter's choices, or the defaults for others.
 */
export const PlayerProfileSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  display_name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  discord_tag: z.string().nullable(),
  discord_privacy: z.enum(["public", "private"]),
  switch_fc: z.string().nullable(),
  nnid: z.string().nullable(),
  fc_3ds: z.string().nullable(),
  mktour_fc: z.string().nullable(),
  profile_message: z.string(),
  /** profile_message rendered to sanitized HTML. */
  profile_message_html: z.string(),
  profile_picture_border_color: z.number().int(),
  site_theme: ThemeSchema,
  /** URL of the background image, or null for the default. */
  background: z.string().nullable(),
  is_hidden: z.union([z.literal(0), z.literal(1)]),
  is_shadow: z.boolean(),
  is_banned: z.boolean(),
  is_supporter: z.boolean(),
  joined_human: z.string(),
  /** When the profile was made (UTC ISO), the instant of `joined_human`. */
  joined_at: z.string(),
  pending_display_name: z.string().nullable(),
  current_teams: z.array(PlayerTeamSchema),
  team_history: z.array(PlayerTeamHistorySchema),
  results: z.array(PlayerResultSchema),
});
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;

// --- picker ---------------------------------------------------------------------------------

export const PlayerPickerQuerySchema = z.object({
  search: z.string().trim().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(COUNTS.pickerResults).default(COUNTS.pickerResults),
});
export type PlayerPickerQuery = z.input<typeof PlayerPickerQuerySchema>;

export const PlayerPickerItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country_code: z.string(),
  is_shadow: z.boolean(),
});
export type PlayerPickerItem = z.infer<typeof PlayerPickerItemSchema>;
export const PlayerPickerSchema = z.object({ data: z.array(PlayerPickerItemSchema) });

export const playerEndpoints = {
  all: endpoint({
    method: "GET",
    path: "/api/registry/players/all",
    query: PlayerPickerQuerySchema,
    response: PlayerPickerSchema,
    summary: "Player picker: id, name, country of up to 100 players matching `search` (names starting with it first)",
  }),
  get: endpoint({
    method: "GET",
    path: "/api/registry/players/:id",
    params: IdParamsSchema,
    response: PlayerProfileSchema,
    summary: "A player's profile with current teams, team history and results",
  }),
  editProfile: endpoint({
    method: "POST",
    path: "/api/registry/edit_profile",
    body: OwnProfileBodySchema,
    response: ProfileSaveResponseSchema,
    summary: "Create or edit the signed-in account's own profile",
  }),
  adminSave: endpoint({
    method: "POST",
    path: "/api/registry/players/:id",
    params: AdminPlayerParamsSchema,
    body: AdminProfileBodySchema,
    response: ProfileSaveResponseSchema,
    summary: "Staff: edit any player, or create one with id 'new' (shadow: true for a shadow player)",
  }),
};
