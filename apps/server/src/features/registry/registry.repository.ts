import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.js";
import { containsInsensitive } from "../../lib/sql.js";

type Db = Kysely<DB>;

/** Approved teams (of one category, or all); one extra row for has_next_page. */
export function listTeams(
  db: Db,
  f: {
    category?: string | undefined;
    search?: string | undefined;
    order: "newest" | "name";
    limit: number;
    offset: number;
    /** Only recruiting teams (team registry). */
    recruiting?: boolean | undefined;
    /** Team status to list (staff); approved when absent. */
    status?: string | undefined;
  },
) {
  let q = db
    .selectFrom("teams as t")
    .leftJoin("uploads as u", "u.id", "t.logo_upload_id")
    .select([
      "t.id",
      "t.team_name",
      "t.team_tag",
      "t.team_color",
      "u.filename as logo_filename",
      "t.category",
      "t.recruitment_status",
      "t.main_language",
      "t.is_historical",
      "t.created_at",
      (eb) =>
        eb
          .selectFrom("team_memberships as m")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("m.team_id", "=", "t.id")
          .where("m.left_at", "is", null)
          .as("member_count"),
    ])
    .where("t.team_status", "=", f.status ?? "approved");
  if (f.category) q = q.where("t.category", "=", f.category);
  if (f.recruiting) q = q.where("t.recruitment_status", "=", "recruiting");
  if (f.search) q = q.where((eb) => eb.or([containsInsensitive("t.team_name", f.search!), containsInsensitive("t.team_tag", f.search!)]));
  q =
    f.order === "name"
      ? q.orderBy((eb) => eb.fn("lower", ["t.team_name"]), "asc").orderBy("t.id", "asc")
      : q.orderBy("t.created_at", "desc").orderBy("t.id", "desc");
  return q
    .limit(f.limit + 1)
    .offset(f.offset)
    .execute();
}

/**
 * Accepted transfers, newest first, with player and both teams; one extra row for has_next_page.
 * Hidden players' transfers only with `includeHidden` (issue 15 C).
 */
export function listTransfers(
  db: Db,
  f: { category?: string | undefined; teamId?: number | undefined; includeHidden: boolean; limit: number; offset: number },
) {
  const all = db.selectFrom("transfers as x");
  // One team's transfers start from its two indexes (transfers_from_team, transfers_to_team)
  // and are then sorted: written as `from = ? or to = ?` (or `id in (…)`), SQLite walked
  // transfers_recent through every accepted transfer of the site, newest first, looking for the
  // team's (15 ms of 50,000 rows for a page of 1.8 KB); as a joined subquery, it still did.
  const teamId = f.teamId;
  const from =
    teamId === undefined
      ? all
      : (db
          .selectFrom((eb) =>
            eb
              .selectFrom("transfers")
              .select("id")
              .where("from_team_id", "=", teamId)
              .union(eb.selectFrom("transfers").select("id").where("to_team_id", "=", teamId))
              .as("ids"),
          )
          // CROSS JOIN keeps `ids` the outer loop in SQLite (PostgreSQL plans it as an inner join).
          .crossJoin("transfers as x")
          .whereRef("x.id", "=", "ids.id") as unknown as typeof all);
  let q = from
    .innerJoin("players as p", "p.id", "x.player_id")
    .leftJoin("teams as ft", "ft.id", "x.from_team_id")
    .leftJoin("teams as tt", "tt.id", "x.to_team_id")
    .select([
      "x.id",
      "x.created_at",
      "x.category",
      "p.id as player_id",
      "p.display_name as player_name",
      "p.country_code",
      "ft.id as from_team_id",
      "ft.team_tag as from_team_tag",
      "ft.team_color as from_team_color",
      "tt.id as to_team_id",
      "tt.team_tag as to_team_tag",
      "tt.team_color as to_team_color",
    ])
    .where("x.status", "=", "accepted");
  if (!f.includeHidden) q = q.where("p.is_hidden", "=", 0);
  if (f.category) q = q.where("x.category", "=", f.category);
  return q
    .orderBy("x.created_at", "desc")
    .orderBy("x.id", "desc")
    .limit(f.limit + 1)
    .offset(f.offset)
    .execute();
}

/** A team's status, for who may see its transfers (undefined: no such team). */
export function teamStatus(db: Db, teamId: number) {
  return db.selectFrom("teams").select("team_status").where("id", "=", teamId).executeTakeFirst();
}

/** Whether the player is currently on the team. */
export async function isActiveMember(db: Db, teamId: number, playerId: number): Promise<boolean> {
  const r = await db
    .selectFrom("team_memberships")
    .select("id")
    .where("team_id", "=", teamId)
    .where("player_id", "=", playerId)
    .where("left_at", "is", null)
    .executeTakeFirst();
  return r !== undefined;
}
