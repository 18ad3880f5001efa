import { type Insertable, type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** A template with its series' name and defaults and both logo files (its own and the series'). */
function templateQuery(db: Db) {
  return db
    .selectFrom("templates as t")
    .innerJoin("tournament_series as s", "s.id", "t.series_id")
    .leftJoin("uploads as tu", "tu.id", "t.logo_upload_id")
    .leftJoin("uploads as su", "su.id", "s.logo_upload_id")
    .selectAll("t")
    .select([
      "s.series_name",
      "s.organizer as series_organizer",
      "s.logo_upload_id as series_logo_upload_id",
      "tu.filename as logo_filename",
      "su.filename as series_logo_filename",
    ]);
}
export type TemplateRow = NonNullable<Awaited<ReturnType<ReturnType<typeof templateQuery>["executeTakeFirst"]>>>;

export function findTemplate(db: Db, id: number) {
  return templateQuery(db).where("t.id", "=", id).executeTakeFirst();
}

/** Templates of one series, by name (001 §2 Series templates list). */
export function listTemplates(db: Db, seriesId: number) {
  return db
    .selectFrom("templates")
    .select(["id", "template_name", "tournament_title", "game_mode", "event_format"])
    .where("series_id", "=", seriesId)
    .orderBy(sql`lower(template_name)`)
    .orderBy("id")
    .execute();
}

/** Template choices (001 §2 Choose template): every template, or those of `seriesIds`, by series then name. */
export function templateChoices(db: Db, seriesIds: number[] | null) {
  if (seriesIds !== null && seriesIds.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom("templates as t")
    .innerJoin("tournament_series as s", "s.id", "t.series_id")
    .select(["t.id", "t.template_name", "t.series_id", "s.series_name"]);
  if (seriesIds !== null) q = q.where("t.series_id", "in", seriesIds);
  return q
    .orderBy("s.display_order")
    .orderBy("s.series_name")
    .orderBy(sql`lower(t.template_name)`)
    .orderBy("t.id")
    .execute();
}

export type TemplateValues = Omit<Insertable<DB["templates"]>, "id" | "created_at">;

export async function insertTemplate(db: Db, values: TemplateValues, now: number): Promise<number> {
  const r = await db
    .insertInto("templates")
    .values({ ...values, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function updateTemplate(db: Db, id: number, values: Partial<TemplateValues>): Promise<void> {
  await db.updateTable("templates").set(values).where("id", "=", id).execute();
}

export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.deleteFrom("templates").where("id", "=", id).execute();
}
