import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

/**
 * Every series in listing order with its latest published tournament (by start date), in one
 * query: the latest event is a correlated subquery per series, and there are few series.
 */
export function listSeries(db: Kysely<DB>, includeUnpublished: boolean) {
  let q = db
    .selectFrom("tournament_series as s")
    .leftJoin("uploads as u", "u.id", "s.logo_upload_id")
    .select([
      "s.id",
      "s.series_name",
      "s.url_slug",
      "s.display_order",
      "u.filename as logo_filename",
      "s.organizer",
      "s.location",
      "s.game_mode",
      "s.default_event_format",
      "s.short_description",
      "s.published",
      "s.historical",
      (eb) =>
        eb
          .selectFrom("tournaments as t")
          .select("t.id")
          .whereRef("t.tournament_series_id", "=", "s.id")
          .where("t.published", "=", 1)
          .orderBy("t.start_date", "desc")
          .orderBy("t.id", "desc")
          .limit(1)
          .as("latest_event_id"),
    ]);
  if (!includeUnpublished) q = q.where("s.published", "=", 1);
  return q.orderBy("s.display_order", "asc").orderBy("s.series_name", "asc").execute();
}

export function tournamentsByIds(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("tournaments").select(["id", "title", "registrations_open"]).where("id", "in", ids).execute();
}
