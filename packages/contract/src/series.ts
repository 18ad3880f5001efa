import { z } from "zod";
import { endpoint, IdSchema, OkSchema, PageSchema } from "./common.js";
import { EventFormatSchema, LIMITS, OrganizerSchema } from "./reference.js";
import { formFlag, IdOrNewParamsSchema, SaveResultSchema } from "./tournaments.js";

/** A card of the series listing (001 §2 Series listing, §3 Tournament series). */
export const SeriesListItemSchema = z.object({
  id: z.number().int(),
  series_name: z.string(),
  url_slug: z.string(),
  display_order: z.number().int(),
  /** The stored logo file (001 §3), null for none; `logo_url` is where it is served. */
  logo_filename: z.string().nullable(),
  logo_url: z.string().nullable(),
  organizer: OrganizerSchema,
  location: z.string().nullable(),
  game_mode: z.string().nullable(),
  game_mode_human: z.string().nullable(),
  default_event_format: z.number().int().nullable(),
  event_format_human: z.string().nullable(),
  short_description: z.string(),
  published: z.boolean(),
  historical: z.boolean(),
  latest_event_id: z.number().int().nullable(),
  latest_event_title: z.string().nullable(),
  registrations_open: z.boolean(),
});
export type SeriesListItem = z.infer<typeof SeriesListItemSchema>;

/** `GET /api/tournaments/series` (001 §7): `{ all_series }`, unpublished only for event staff. */
export const SeriesListSchema = z.object({ all_series: z.array(SeriesListItemSchema) });

/** Aggregation field and finalist criteria of a series (001 §3). */
export const AGGREGATION_FIELDS = { none: "None", team_id: "Team", player_id: "Player", squad_name: "Squad Name" } as const;
export const FINALIST_CRITERIA = { none: "None", top_2: "Top 2", top_3_or_finalist: "Top 3 or Finalist" } as const;
/** Series LAN locations besides a specified place (001 §4). */
export const SERIES_LOCATION_TBD = "TBD";
export const SERIES_LOCATION_VARIOUS = "Various";

/** A tournament of a series' history and of its edit form's tournament list. */
export const SeriesTournamentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  start_date_human: z.string().nullable(),
  end_date_human: z.string().nullable(),
  organizer: OrganizerSchema,
  location: z.string().nullable(),
  location_url: z.string().nullable(),
  game: z.string(),
  game_human: z.string(),
  game_mode: z.string(),
  game_mode_human: z.string(),
  event_format: EventFormatSchema,
  event_format_human: z.string(),
  registrations_open: z.boolean(),
  published: z.boolean(),
  /** The medal placements (1 to 3, ties included) with linked members (001 §2 Tournament History, §3). */
  placements: z
    .array(
      z.object({
        id: z.number().int(),
        placement: z.number().int(),
        placement_upper_bound: z.number().int().nullable(),
        name: z.string(),
        tag: z.string().nullable(),
        color: z.number().int().nullable(),
        team_id: z.number().int().nullable(),
        members: z.array(z.object({ player_id: z.number().int(), player_name: z.string(), country_code: z.string() })),
      }),
    )
    .default([]),
});
export type SeriesTournament = z.infer<typeof SeriesTournamentSchema>;

/**
 * One row of the Podium Finishes medal table (000 §2 Medal table): `key` is the aggregated
 * player_id, team_id or squad name; `placement` the rank in the table (equal counts share it);
 * `icon` a country code (players) or logo URL (teams).
 */
export const SeriesMedalRowSchema = z.object({
  key: z.union([z.number().int(), z.string()]),
  placement: z.number().int(),
  icon: z.string().nullable(),
  name: z.string(),
  gold: z.number().int(),
  silver: z.number().int(),
  bronze: z.number().int(),
});
export type SeriesMedalRow = z.infer<typeof SeriesMedalRowSchema>;

/** One row of an appearance table (000 §2 Appearance table). */
export const SeriesAppearanceRowSchema = z.object({
  key: z.union([z.number().int(), z.string()]),
  placement: z.number().int(),
  icon: z.string().nullable(),
  name: z.string(),
  count: z.number().int(),
});
export type SeriesAppearanceRow = z.infer<typeof SeriesAppearanceRowSchema>;

/**
 * The Stats panel of a series (001 §2 Series detail, §3 stats), computed on the server from the
 * placements of its published tournaments with series_stats_include, aggregated by the
 * series' aggregation_field. Appearance lists carry the top 25 and, when aggregating by player,
 * the viewer's own row after them when it ranks lower. Empty lists mean the tab is not shown.
 */
export const SeriesStatsSchema = z.object({
  aggregation_field: z.enum(["none", "team_id", "player_id", "squad_name"]),
  podium_finishes: z.array(SeriesMedalRowSchema),
  finals_appearances: z.array(SeriesAppearanceRowSchema),
  appearances: z.array(SeriesAppearanceRowSchema),
});
export type SeriesStats = z.infer<typeof SeriesStatsSchema>;

/**
 * Tournament History of a series page shows this many tournaments per page (the spec leaves
 * page sizes open; docs/decisions.md "#9 placements", paging).
 */
export const SERIES_TOURNAMENTS_PAGE_SIZE = 20;

/**
 * `?page&all_tournaments` of `GET /api/tournaments/series/{slugOrId}`: the Tournament History
 * page, from 1 (default 1); `all_tournaments=1` answers every tournament on one page instead (the
 * series edit form, whose save replaces the series' whole tournament list).
 */
export const SeriesDetailQuerySchema = z.object({
  page: PageSchema,
  all_tournaments: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
});

/**
 * `GET /api/tournaments/series/{slugOrId}` (001 §2 Series detail, §3 Tournament series): the
 * series with one page of its tournaments (SERIES_TOURNAMENTS_PAGE_SIZE), newest first
 * (published ones only, unless the viewer manages the series), `tournaments_count` (all of
 * them), `page` and `page_count` (at least 1; a page past the end has no tournaments), the
 * whole Stats panel, and what the viewer may do with it. Like a card of the listing (001 §2),
 * it names the latest published tournament (`latest_event_id`, `latest_event_title`, null when
 * none) and whether its registrations are open (Register Now!).
 */
export const SeriesDetailSchema = z.object({
  id: z.number().int(),
  series_name: z.string(),
  url_slug: z.string(),
  display_order: z.number().int(),
  /** The stored logo file (001 §3), null for none; `logo_url` is where it is served. */
  logo_filename: z.string().nullable(),
  logo_url: z.string().nullable(),
  organizer: OrganizerSchema,
  location: z.string().nullable(),
  location_url: z.string().nullable(),
  game_mode: z.string().nullable(),
  game_mode_human: z.string().nullable(),
  default_event_format: EventFormatSchema.nullable(),
  event_format_human: z.string().nullable(),
  short_description: z.string(),
  full_description: z.string(),
  full_description_formatted: z.string(),
  aggregation_field: z.string(),
  finalist_criteria: z.string(),
  published: z.boolean(),
  historical: z.boolean(),
  latest_event_id: z.number().int().nullable(),
  latest_event_title: z.string().nullable(),
  registrations_open: z.boolean(),
  tournaments: z.array(SeriesTournamentSchema),
  tournaments_count: z.number().int(),
  page: z.number().int(),
  page_count: z.number().int(),
  stats: SeriesStatsSchema,
  /** Edit the series (event administrators, its series administrators). */
  can_edit: z.boolean(),
  /** Manage its tournaments and templates (also its series organizers). */
  can_manage_templates: z.boolean(),
  /** Open the roles page (event administrators, its series administrators). */
  can_manage_roles: z.boolean(),
  /** Assign Series Administrator (event administrators only). */
  can_assign_series_admin: z.boolean(),
});
export type SeriesDetail = z.infer<typeof SeriesDetailSchema>;

/** `GET /api/tournaments/all_series` (001 §7 "GET all series (id, series_name)"), for the tournament form. */
export const SeriesNameSchema = z.object({
  id: z.number().int(),
  series_name: z.string(),
  organizer: OrganizerSchema,
  game_mode: z.string().nullable(),
  default_event_format: EventFormatSchema.nullable(),
});
export const AllSeriesSchema = z.object({ data: z.array(SeriesNameSchema) });

/**
 * The series form as sent (001 §5 Series edit fields, §7 Series): multipart strings; the logo
 * is the file field `series_logo`; `tournaments` is a comma-separated id list.
 */
export const SeriesFormSchema = z.object({
  series_title: z
    .string()
    .trim()
    .min(1, "Series title is required.")
    .max(LIMITS.seriesTitle, `Series title may be at most ${LIMITS.seriesTitle} characters.`),
  url_slug: z
    .string()
    .trim()
    .min(1, "URL ID is required.")
    .max(LIMITS.seriesSlug, `URL ID may be at most ${LIMITS.seriesSlug} characters.`)
    .regex(/^(?!\d+$)[A-Za-z0-9_-]+$/, "URL ID may contain only letters, numbers, - and _, and may not be only numbers."),
  display_order: z
    .string()
    .trim()
    .min(1, "Display order is required.")
    .max(LIMITS.seriesDisplayOrder, `Display order may be at most ${LIMITS.seriesDisplayOrder} characters.`)
    .regex(/^-?\d+$/, "Display order must be a number.")
    .transform(Number),
  organizer: OrganizerSchema.default("mkc"),
  location: z.string().trim().max(LIMITS.location, `The location may be at most ${LIMITS.location} characters.`).default(""),
  game_mode: z.string().trim().max(40).default("none"),
  registration_format: z.enum(["", "0", "1", "2"]).default(""),
  short_description: z
    .string()
    .trim()
    .min(1, "Short description is required.")
    .max(LIMITS.seriesShortDescription, `Short description may be at most ${LIMITS.seriesShortDescription} characters.`),
  long_description: z.string().max(200000, "Long description may be at most 200000 characters.").default(""),
  aggregation_field: z.enum(["none", "team_id", "player_id", "squad_name"]).default("none"),
  finalist_criteria: z.enum(["none", "top_2", "top_3_or_finalist"]).default("none"),
  tournaments: z
    .string()
    .trim()
    .regex(/^(\d+(,\d+)*)?$/, "Tournaments must be a comma-separated list of ids.")
    .max(20000)
    .default("")
    .transform((v) => (v ? [...new Set(v.split(",").map(Number))] : [])),
  published: formFlag,
  historical: formFlag,
  no_logo: formFlag,
});
export type SeriesFormInput = z.input<typeof SeriesFormSchema>;

/** Series roles (001 §2 Series roles, §3 Series role holder). */
export const SeriesRoleSchema = z.enum(["series_admin", "series_mod"]);
export type SeriesRole = z.infer<typeof SeriesRoleSchema>;
export const SeriesRoleHolderSchema = z.object({ player_id: z.number().int(), display_name: z.string(), country_code: z.string() });
export type SeriesRoleHolder = z.infer<typeof SeriesRoleHolderSchema>;
export const SeriesRolesSchema = z.object({ data: z.array(SeriesRoleHolderSchema) });
export const SeriesRolesQuerySchema = z.object({ role: SeriesRoleSchema.default("series_mod") });
export const SeriesRoleEditBodySchema = z.object({
  player: z.coerce.number().int().positive({ message: "Choose a player." }),
  role: SeriesRoleSchema,
  action: z.enum(["add", "remove"]),
});
export type SeriesRoleEditBody = z.infer<typeof SeriesRoleEditBodySchema>;

export const seriesEndpoints = {
  list: endpoint({ method: "GET", path: "/api/tournaments/series", response: SeriesListSchema, summary: "All tournament series" }),
  names: endpoint({
    method: "GET",
    path: "/api/tournaments/all_series",
    response: AllSeriesSchema,
    summary: "Every series the viewer may see (id, series_name), for the tournament form",
  }),
  detail: endpoint({
    method: "GET",
    path: "/api/tournaments/series/:slugOrId",
    params: z.object({ slugOrId: z.string().min(1).max(40) }),
    query: SeriesDetailQuerySchema,
    response: SeriesDetailSchema,
    summary: "A series by URL ID or id (404 when unpublished and the viewer may not see it)",
  }),
  save: endpoint({
    method: "POST",
    path: "/api/tournaments/series/:id",
    params: IdOrNewParamsSchema,
    response: SaveResultSchema,
    summary: "Create ('new') or edit a series: multipart fields of SeriesFormSchema, logo file `series_logo`",
  }),
  roles: endpoint({
    method: "GET",
    path: "/api/tournaments/series/:id/roles",
    params: z.object({ id: IdSchema }),
    query: SeriesRolesQuerySchema,
    response: SeriesRolesSchema,
    summary: "Holders of a series role",
  }),
  editRole: endpoint({
    method: "POST",
    path: "/api/tournaments/series/:id/roles/edit",
    params: z.object({ id: IdSchema }),
    body: SeriesRoleEditBodySchema,
    response: OkSchema,
    summary: "Add or remove a series role holder (Series Administrator: event administrators only)",
  }),
};
