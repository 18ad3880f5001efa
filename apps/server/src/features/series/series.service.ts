import { EVENT_FORMATS, type EventFormat, GAME_MODES, type Organizer, type SeriesListItem } from "@site/contract";
import type { AppContext } from "../../context.js";
import { type Actor, can } from "../permissions/permissions.js";
import { uploadUrl } from "../tournaments/tournaments.service.js";
import * as repo from "./series.repository.js";

/** `GET /api/tournaments/series` (001 §2 Series listing): unpublished series only for event staff. */
export async function listSeries(ctx: AppContext, actor: Actor): Promise<{ all_series: SeriesListItem[] }> {
  const rows = await repo.listSeries(ctx.db, can(actor, "tournaments.view_unpublished"));
  const latestIds = rows.map((r) => r.latest_event_id).filter((x): x is number => x !== null);
  const latest = new Map((await repo.tournamentsByIds(ctx.db, latestIds)).map((t) => [t.id, t]));
  return {
    all_series: rows.map((r) => {
      const mode = r.game_mode ? (GAME_MODES as Record<string, { title: string; abbrev: string }>)[r.game_mode] : undefined;
      const ev = r.latest_event_id !== null ? latest.get(r.latest_event_id) : undefined;
      return {
        id: r.id,
        series_name: r.series_name,
        url_slug: r.url_slug,
        display_order: r.display_order,
        logo_url: uploadUrl(r.logo_filename),
        organizer: r.organizer as Organizer,
        location: r.location,
        game_mode: r.game_mode,
        game_mode_human: mode?.abbrev ?? null,
        default_event_format: r.default_event_format,
        event_format_human: r.default_event_format === null ? null : (EVENT_FORMATS[r.default_event_format as EventFormat] ?? null),
        short_description: r.short_description,
        published: r.published === 1,
        historical: r.historical === 1,
        latest_event_id: ev?.id ?? null,
        latest_event_title: ev?.title ?? null,
        registrations_open: ev?.registrations_open === 1,
      };
    }),
  };
}
