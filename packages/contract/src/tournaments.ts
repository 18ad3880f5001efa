import { z } from "zod";
import { endpoint, PageSchema } from "./common.js";
import { EventFormatSchema, OrganizerSchema } from "./reference.js";

/**
 * A tournament card of the listing and the home page (001 §3 Tournament, abridged): badge
 * data, date data (UTC ISO strings and `_human` forms; both null when the date is unset,
 * which the date-range label shows as 'Ongoing').
 */
export const TournamentListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
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
});
export type TournamentListItem = z.infer<typeof TournamentListItemSchema>;

export const TournamentListQuerySchema = z.object({
  game_mode: z.string().max(40).optional(),
  registration_format: z.enum(["all", "0", "1", "2"]).default("all"),
  search: z.string().trim().max(100).optional(),
  /** Cap of each of upcoming and ongoing; past and historical are paged by `page`. */
  limit: z.coerce.number().int().min(1).max(100).default(50),
  page: PageSchema,
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

export const tournamentEndpoints = {
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
