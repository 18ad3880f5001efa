import { z } from "zod";
import { endpoint, IdSchema, pagedSchema, PageSchema, QueryBoolSchema } from "./common.js";
import { EventFormatSchema, LIMITS, OrganizerSchema } from "./reference.js";
import { uploadTooLargeMessage } from "./reference-endpoints.js";

/**
 * A tournament card of the listing and the home page (001 §3 Tournament, abridged): badge
 * data, date data (UTC ISO strings and `_human` forms; both null when the date is unset,
 * which the date-range label shows as 'Ongoing').
 */
export const TournamentListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The stored logo file (001 §3), null for none; `logo_url` is where it is served. */
  logo_filename: z.string().nullable(),
  logo_url: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  start_date_human: z.string().nullable(),
  end_date_human: z.string().nullable(),
  game: z.string(),
  game_human: z.string(),
  game_mode: z.string(),
  game_mode_human: z.string(),
  event_format: EventFormatSchema,
  event_format_human: z.string(),
  organizer: OrganizerSchema,
  location: z.string().nullable(),
  location_url: z.string().nullable(),
  tournament_series_id: z.number().int().nullable(),
  series_name: z.string().nullable(),
  series_url_slug: z.string().nullable(),
  published: z.boolean(),
  registrations_open: z.boolean(),
  is_historical: z.boolean(),
  /** Entrants registered so far: players (solo), squads (squad) or teams (team). */
  registration_count: z.number().int(),
  /** Cap on registered entrants (issue #22; shown as 'N / cap'); null: no cap. */
  max_entrants: z.number().int().nullable(),
});
export type TournamentListItem = z.infer<typeof TournamentListItemSchema>;

export const TournamentListQuerySchema = z.object({
  game_mode: z.string().max(40).optional(),
  registration_format: z.enum(["all", "0", "1", "2"]).default("all"),
  search: z.string().trim().max(100).optional(),
  /**
   * Which lists to compute (001 §2 tabs): `latest` = upcoming + ongoing, `past`, `historical`
   * (Pre-MKCentral), or `all` (the home page). Lists outside the tab come back empty.
   */
  tab: z.enum(["all", "latest", "past", "historical"]).default("all"),
  /** Cap of each of upcoming and ongoing; past and historical are paged by `page`. */
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page: PageSchema,
  /**
   * Published tournaments only, whoever asks: the home panel (000 §2 'published only'), which
   * staff would otherwise see filled with their unpublished drafts.
   */
  published_only: QueryBoolSchema.optional(),
});
export type TournamentListQuery = z.input<typeof TournamentListQuerySchema>;

/** `GET /api/tournaments` (001 §7): four lists, filtered and paged on the server. */
export const TournamentListSchema = z.object({
  upcoming: z.array(TournamentListItemSchema),
  ongoing: z.array(TournamentListItemSchema),
  past: z.array(TournamentListItemSchema),
  historical: z.array(TournamentListItemSchema),
  past_has_next_page: z.boolean(),
  historical_has_next_page: z.boolean(),
});
export type TournamentList = z.infer<typeof TournamentListSchema>;

/** A member shown on a result row. */
export const ResultMemberSchema = z.object({ player_id: z.number().int(), display_name: z.string(), country_code: z.string() });

/** One placement row of a results preview (001 §3 Placement plus the entrant's names). */
export const ResultRowSchema = z.object({
  placement: z.number().int().nullable(),
  placement_upper_bound: z.number().int().nullable(),
  dq: z.boolean(),
  title: z.string().nullable(),
  name: z.string(),
  tag: z.string().nullable(),
  color: z.number().int().nullable(),
  team_id: z.number().int().nullable(),
  squad_id: z.number().int().nullable(),
  members: z.array(ResultMemberSchema),
});
export type ResultRow = z.infer<typeof ResultRowSchema>;

/** Home results panel (000 §2): the first past published tournament with placements, 12 rows. */
export const LatestResultsSchema = z.object({
  tournament: TournamentListItemSchema.nullable(),
  placements: z.array(ResultRowSchema),
});
export type LatestResults = z.infer<typeof LatestResultsSchema>;

/** Tournament picker item (000 §3). */
export const TournamentPickerItemSchema = z.object({ id: z.number().int(), title: z.string() });
export const TournamentPickerSchema = z.object({ tournaments: z.array(TournamentPickerItemSchema) });
export const TournamentPickerQuerySchema = z.object({ search: z.string().trim().max(100).default("") });

/**
 * The viewer's standing in one of their tournaments (001 §2 status block): REGISTERED, PENDING
 * APPROVAL, OPTED OUT, or WAITLISTED past the tournament's cap (issue #22 §1).
 */
export const MY_TOURNAMENT_STATUSES = ["registered", "pending_approval", "opted_out", "waitlisted"] as const;
export const MY_TOURNAMENT_STATUS_LABELS: Record<(typeof MY_TOURNAMENT_STATUSES)[number], string> = {
  registered: "Registered",
  pending_approval: "Pending approval",
  opted_out: "Opted out",
  waitlisted: "Waitlisted",
};

/**
 * One tournament the signed-in player is in: the card of the tournament, `when` it is (upcoming,
 * ongoing or past, as the listing decides), their `status`, and the squad or team they entered
 * with (`squad_*` for squad tournaments, `team_*` for team tournaments; null otherwise).
 */
export const MyTournamentSchema = z.object({
  tournament: TournamentListItemSchema,
  when: z.enum(["upcoming", "ongoing", "past"]),
  status: z.enum(MY_TOURNAMENT_STATUSES),
  squad_id: z.number().int().nullable(),
  squad_name: z.string().nullable(),
  squad_tag: z.string().nullable(),
  team_id: z.number().int().nullable(),
  team_name: z.string().nullable(),
  team_tag: z.string().nullable(),
  /** With `status` waitlisted: the entrant's 1-based place among those still waiting; else null. */
  waitlist_position: z.number().int().nullable().optional(),
});
export type MyTournament = z.infer<typeof MyTournamentSchema>;

/**
 * `GET /api/tournaments/mine`: the signed-in player's registrations (registered, pending approval,
 * opted out or waitlisted; withdrawn and rejected ones are not listed), upcoming and ongoing first (soonest
 * first), then past (newest first). Empty for an account without a profile. Per viewer, so never
 * part of the cached public lists.
 */
export const MyTournamentsSchema = z.object({ data: z.array(MyTournamentSchema) });
export type MyTournaments = z.infer<typeof MyTournamentsSchema>;

export const tournamentEndpoints = {
  mine: endpoint({
    method: "GET",
    path: "/api/tournaments/mine",
    response: MyTournamentsSchema,
    summary: "The signed-in player's tournaments (account only)",
  }),
  list: endpoint({
    method: "GET",
    path: "/api/tournaments",
    query: TournamentListQuerySchema,
    response: TournamentListSchema,
    summary: "Upcoming, ongoing, past and historical tournaments",
  }),
  latestResults: endpoint({
    method: "GET",
    path: "/api/tournaments/latest_results",
    response: LatestResultsSchema,
    summary: "Placements of the latest past published tournament that has them",
  }),
  picker: endpoint({
    method: "GET",
    path: "/api/tournaments/picker",
    query: TournamentPickerQuerySchema,
    response: TournamentPickerSchema,
    summary: "Tournament picker search (title, case-insensitive, at most 100)",
  }),
};

// ---------------------------------------------------------------------------------------
// One tournament: page, edit, controls, logs (001 §2, §3, §7)
// ---------------------------------------------------------------------------------------

/** The save texts of 001 §8. */
export const LOGO_TOO_LARGE_MESSAGE = uploadTooLargeMessage("tournament_logo");
export const MISCONFIGURED_TEMPLATE_MESSAGE =
  "This template is misconfigured. A Global Event Administrator must set the following fields on the template: ";
/** The fields of 001 §5 "cannot be changed after creation", with their form labels. */
export const IMMUTABLE_TOURNAMENT_FIELDS = {
  registration_format: "Registration Format",
  squad_tag_required: "Squad Tag Required",
  squad_name_required: "Squad Name Required",
  host_required: "Host Required",
  ign_required: "In-Game Name Required",
} as const;
export function immutableFieldMessage(field: keyof typeof IMMUTABLE_TOURNAMENT_FIELDS): string {
  return `${IMMUTABLE_TOURNAMENT_FIELDS[field]} cannot be changed after the tournament is created.`;
}

/** The tournament as its pages and edit form need it (001 §3 Tournament). Dates are UTC. */
export const TournamentDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The stored logo file (001 §3), null for none; `logo_url` is where it is served. */
  logo_filename: z.string().nullable(),
  logo_url: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  start_date_human: z.string().nullable(),
  end_date_human: z.string().nullable(),
  /** True when the tournament has no dates ('Ongoing'). */
  no_date: z.boolean(),
  /** The deadline's date, YYYY-MM-DD (UTC); the deadline is the end of that day. */
  transfer_deadline: z.string().nullable(),
  /** 'Nov 22, 2026 23:59:59 UTC'. */
  transfer_deadline_human: z.string().nullable(),
  organizer: OrganizerSchema,
  location: z.string().nullable(),
  location_url: z.string().nullable(),
  tournament_series_id: z.number().int().nullable(),
  series_name: z.string().nullable(),
  series_stats_include: z.boolean(),
  series_published: z.boolean(),
  series_url_slug: z.string().nullable(),
  template_id: z.number().int().nullable(),
  game: z.string(),
  game_human: z.string(),
  game_human_full: z.string(),
  game_mode: z.string(),
  game_mode_human: z.string(),
  event_format: EventFormatSchema,
  event_format_human: z.string(),
  pr_value: z.number().int(),
  minimum_team_size: z.number().int(),
  maximum_team_size: z.number().int(),
  team_name_required: z.boolean(),
  team_tag_required: z.boolean(),
  player_host_required: z.boolean(),
  player_mii_name_required: z.boolean(),
  player_mii_name_max_length: z.number().int(),
  checkin_required: z.boolean(),
  checkin_status: z.number().int(),
  checkin_minimum: z.number().int(),
  /**
   * The schedule (issue #17 §2), UTC ISO strings, null when unset: registrations close at
   * `registrations_close_at`; with a check-in window time set, `checkin_status` follows the window.
   * `registrations_open` and `checkin_status` above are always the effective values at answer time.
   */
  registrations_close_at: z.string().nullable(),
  checkin_opens_at: z.string().nullable(),
  checkin_closes_at: z.string().nullable(),
  verification_required: z.number().int(),
  description: z.string(),
  rules: z.string(),
  post_registration_message: z.string(),
  description_formatted: z.string(),
  rules_formatted: z.string(),
  post_registration_message_formatted: z.string(),
  published: z.boolean(),
  registrations_open: z.boolean(),
  show_on_profiles: z.boolean(),
  is_historical: z.boolean(),
  /** Entrants registered so far: players (solo), squads (squad) or teams (team). */
  registration_count: z.number().int(),
  /** Cap on registered entrants (issue #22; shown as 'N / cap'); null: no cap. */
  max_entrants: z.number().int().nullable(),
  /** The viewer may edit, control and read the logs of this tournament (001 §6 canAdministrate). */
  can_administrate: z.boolean(),
  /**
   * The viewer moderates the tournament's registrations (000 §6 canEventModerate: event
   * moderators and every tournament administrator): IDs, the status filter and the Move/Edit
   * actions of the registration tables. Always true when `can_administrate` is.
   */
  can_moderate: z.boolean(),
});
export type TournamentDetail = z.infer<typeof TournamentDetailSchema>;

/** `:id` of the save call: a tournament id or 'new'. */
export const IdOrNewSchema = z.union([z.literal("new"), IdSchema]);
export const IdOrNewParamsSchema = z.object({ id: IdOrNewSchema });

/** Multipart/checkbox booleans: "1", "true" or "on" are true; anything else or absent is false. */
const formFlag = z
  .string()
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "on");
/** An optional id field: '' or absent is null. */
const formId = z
  .string()
  .trim()
  .regex(/^\d{0,9}$/, "Invalid id.")
  .optional()
  .transform((v) => (v ? Number(v) : null));
/** A count of at most 2 digits (001 §5): '' or absent is null. */
const formDigits = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{0,2}$/, `${label} must be a number of at most ${LIMITS.teamSizeDigits} digits.`)
    .optional()
    .transform((v) => (v ? Number(v) : null));
/** The entrant cap (issue #22): up to 4 digits; '', absent or 0 is no cap (null). */
const formCap = z
  .string()
  .trim()
  .regex(/^\d{0,4}$/, "Maximum entrants must be a number of at most 4 digits.")
  .optional()
  .transform((v) => (v && Number(v) > 0 ? Number(v) : null));
const markdownField = (label: string) => z.string().max(100000, `${label} may be at most 100000 characters.`).default("");
export { formFlag, formId, formDigits };

/**
 * The tournament form as sent (001 §3 "Tournament form fields sent"), every value a multipart
 * string. Dates: `start_date`/`end_date` are 'YYYY-MM-DDTHH:mm' read as UTC (or full ISO
 * strings); `transfer_deadline` is 'YYYY-MM-DD'. `use_logo`: existing, upload (file field
 * `logo`) or none. `location`: specify (`specify_location`, ≤ 120) or tbd — LAN tournaments
 * only: for another organizer both are ignored, whatever they hold, so the server checks the
 * location's length once it knows the organizer (which may come from the template).
 */
export const TournamentFormSchema = z.object({
  template_id: formId,
  series: formId,
  series_stats_include: formFlag,
  tournament_title: z
    .string()
    .trim()
    .min(1, "Tournament title is required.")
    .max(LIMITS.tournamentTitle, `Tournament title may be at most ${LIMITS.tournamentTitle} characters.`),
  date: z.enum(["specify", "tbd", "ongoing"], { message: "Choose a date mode." }).default("specify"),
  start_date: z.string().trim().max(40).default(""),
  end_date: z.string().trim().max(40).default(""),
  transfer_deadline: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, "The transfer deadline must be a date.")
    .default(""),
  use_logo: z.enum(["existing", "upload", "none"]).default("existing"),
  organizer: z.union([OrganizerSchema, z.literal("")]).default(""),
  location: z.enum(["specify", "tbd"]).catch("specify"),
  specify_location: z.string().trim().default(""),
  game_mode: z.string().trim().max(40).default(""),
  registration_format: z.enum(["", "0", "1", "2"]).default(""),
  minimum_players: formDigits("Minimum players"),
  maximum_players: formDigits("Maximum players"),
  pr_value: z.enum(["0", "10", "20", "30", "40"]).default("0").transform(Number),
  squad_tag_required: formFlag,
  squad_name_required: formFlag,
  host_required: formFlag,
  ign_required: formFlag,
  checkin_required: formFlag,
  checkin_minimum: formDigits("Minimum check-ins"),
  /**
   * The schedule (issue #17 §2): 'YYYY-MM-DDTHH:mm' read as UTC (or full ISO strings), '' for
   * none. Registrations close at the first; the check-in window opens and closes at the others.
   */
  registrations_close_at: z.string().trim().max(40).default(""),
  checkin_opens_at: z.string().trim().max(40).default(""),
  checkin_closes_at: z.string().trim().max(40).default(""),
  /** Past this many registered entrants, registering joins the waitlist (issue #22). */
  max_entrants: formCap,
  verification_required: formFlag,
  event_description: markdownField("The description"),
  event_rules: markdownField("The rules"),
  post_registration_message: markdownField("The post-registration message"),
  public: formFlag,
  registrations_open: formFlag,
  show_on_profiles: formFlag,
});
export type TournamentFormInput = z.input<typeof TournamentFormSchema>;
export type TournamentForm = z.output<typeof TournamentFormSchema>;

/** Answer of every multipart save (001 §7 Tournament save). */
export const SaveResultSchema = z.object({ status: z.literal("ok"), message: z.string(), id: z.number().int() });
export type SaveResult = z.infer<typeof SaveResultSchema>;

/** The controls of 001 §2/§4: each present field is changed and logged. */
export const TournamentControlsBodySchema = z
  .object({
    published: z.boolean().optional(),
    registrations_open: z.boolean().optional(),
    checkin_status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    show_on_profiles: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: "Nothing to change." });
export const TournamentControlsSchema = z.object({
  status: z.literal("ok"),
  published: z.boolean(),
  registrations_open: z.boolean(),
  checkin_status: z.number().int(),
  show_on_profiles: z.boolean(),
});
export type TournamentControls = z.infer<typeof TournamentControlsSchema>;

/**
 * One value of a log line's before or after, for translation (#21); the line's English `before` /
 * `after` text says the same. `field`: the changed field's stable key (a tournament edit's
 * `title`, `start_date`, …; the placements' `placed`, `disqualified`, …), shown by the web as
 * `tournaments.logs.field.<field>`; null when the value stands alone (a control's state, a
 * registration's status). `kind` says how to show `value`:
 * - `word`: a stable key of a word the server chose (`visibility.published`, `checkin.open`,
 *   `status.withdrawn`, `verification.verified`, `yes`, `none`, `text.changed`, …), shown as
 *   `tournaments.logs.value.<value>`;
 * - `text`: as written (a name, a title, a code, an id);
 * - `number`: a count or size, in the page's number format;
 * - `time`: an instant (ISO 8601, UTC), shown as a day and time; `day`: a date (ISO 8601, its
 *   00:00 UTC), shown as a day.
 */
export const TournamentLogValueSchema = z.object({
  field: z.string().nullable(),
  kind: z.enum(["word", "text", "number", "time", "day"]),
  value: z.union([z.string(), z.number()]),
});
export type TournamentLogValue = z.infer<typeof TournamentLogValueSchema>;

/** A line of the tournament log (001 §2 logs): who, what, when, before and after. */
export const TournamentLogItemSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  created_at_human: z.string(),
  user_id: z.number().int().nullable(),
  player_id: z.number().int().nullable(),
  user_name: z.string(),
  action: z.string(),
  action_human: z.string(),
  /**
   * The line's summary for translation (#21): a key (such as `squad.verified`) of the web's
   * `tournaments.logs.summary.<key>` catalogue, whose English text is `action_human`; null on
   * lines without a summary and on lines written before keys existed (show `action_human`).
   */
  summary_key: z.string().nullable(),
  /**
   * The summary's ICU params: names as written, counts as numbers, a word the server chose as a
   * `select` value (e.g. `direction: "in" | "out"`). Null when `summary_key` is.
   */
  summary_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  /** The value(s) before and after, as English text written by the server (older lines: the only form). */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /**
   * The same values for translation (#21), in the order of the English text: each a field's key
   * and its value (`TournamentLogValueSchema`). Null where the text holds no words to translate
   * (names, positions, points) and on lines written before these existed (show `before` / `after`).
   */
  before_values: z.array(TournamentLogValueSchema).nullable(),
  after_values: z.array(TournamentLogValueSchema).nullable(),
});
export type TournamentLogItem = z.infer<typeof TournamentLogItemSchema>;
export const TournamentLogsSchema = pagedSchema(TournamentLogItemSchema);
export const TournamentLogsQuerySchema = z.object({ page: PageSchema });

/** Human names of the log actions this issue writes; registration issues add theirs. */
export const TOURNAMENT_LOG_ACTIONS: Record<string, string> = {
  "tournament.create": "Created the tournament",
  "tournament.edit": "Edited the tournament",
  "controls.published": "Changed visibility",
  "controls.registrations_open": "Changed registrations",
  "controls.checkin_status": "Changed check-in status",
  "controls.show_on_profiles": "Changed results on profiles",
};

/** Check-in status labels (001 §4). */
export const CHECKIN_STATUS_LABELS: Record<number, string> = { 0: "Not Open", 1: "Open", 2: "Closed" };

/** A template offered on the choose-template page (001 §2). */
export const TemplateChoiceSchema = z.object({
  id: z.number().int(),
  template_name: z.string(),
  series_id: z.number().int(),
  series_name: z.string(),
});
export const TemplateChoicesSchema = z.object({
  data: z.array(TemplateChoiceSchema),
  /** Event administrators may start from scratch (001 §2 Choose template). */
  can_start_from_scratch: z.boolean(),
});
export type TemplateChoices = z.infer<typeof TemplateChoicesSchema>;

export const tournamentEventEndpoints = {
  detail: endpoint({
    method: "GET",
    path: "/api/events/:id",
    params: z.object({ id: IdSchema }),
    response: TournamentDetailSchema,
    summary: "A tournament (404 when unpublished and the viewer may not see it)",
  }),
  save: endpoint({
    method: "POST",
    path: "/api/events/:id",
    params: IdOrNewParamsSchema,
    response: SaveResultSchema,
    summary: "Create ('new') or edit a tournament: multipart fields of TournamentFormSchema, logo file `logo`",
  }),
  controls: endpoint({
    method: "POST",
    path: "/api/events/:id/controls",
    params: z.object({ id: IdSchema }),
    body: TournamentControlsBodySchema,
    response: TournamentControlsSchema,
    summary: "Publish, registrations, check-in status, results on profiles (each change logged)",
  }),
  logs: endpoint({
    method: "GET",
    path: "/api/events/:id/logs",
    params: z.object({ id: IdSchema }),
    query: TournamentLogsQuerySchema,
    response: TournamentLogsSchema,
    summary: "The tournament's log, newest first, paged",
  }),
  templateChoices: endpoint({
    method: "GET",
    path: "/api/tournaments/template_choices",
    response: TemplateChoicesSchema,
    summary: "Templates the viewer may create tournaments from",
  }),
};
