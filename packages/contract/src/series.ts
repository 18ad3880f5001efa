import { z } from "zod";
import { endpoint } from "./common.js";
import { OrganizerSchema } from "./reference.js";

/** A card of the series listing (001 §2 Series listing, §3 Tournament series). */
export const SeriesListItemSchema = z.object({
  id: z.number().int(),
  series_name: z.string(),
  url_slug: z.string(),
  display_order: z.number().int(),
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

export const seriesEndpoints = {
  list: endpoint({ method: "GET", path: "/api/tournaments/series", response: SeriesListSchema, summary: "All tournament series" }),
};
