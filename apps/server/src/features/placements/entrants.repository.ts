import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.js";

type Db = Kysely<DB>;

/** The rows a placement names: players, squads and teams by id, and their members in one tournament. */
export function playersByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("players").select(["id", "display_name", "country_code", "is_hidden"]).where("id", "in", ids).execute();
}

export function squadsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("squads").select(["id", "squad_name", "squad_tag", "squad_color"]).where("id", "in", ids).execute();
}

export function teamsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("teams").select(["id", "team_name", "team_tag", "team_color"]).where("id", "in", ids).execute();
}

/** Registered members of squads in one tournament, in one query. */
export function squadMembers(db: Db, tournamentId: number, squadIds: number[]) {
  if (squadIds.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom("registrations as r")
      .innerJoin("players as p", "p.id", "r.player_id")
      .select(["r.squad_id", "p.id as player_id", "p.display_name", "p.country_code", "p.is_hidden"])
      // `+ 0` keeps SQLite on registrations_squad for the listed squads: on the plain column it
      // walked registrations_list through every registration of the tournament (2,000 rows for
      // the 12 squads of a preview).
      .where(sql<number>`r.tournament_id + 0`, "=", tournamentId)
      .where("r.squad_id", "in", squadIds)
      .where("r.status", "=", "registered")
      .orderBy("r.is_captain", "desc")
      .orderBy("r.registered_at", "asc")
      .execute()
  );
}

/** Registered, not opted-out players of teams in one tournament, in one query. */
export function teamMembers(db: Db, tournamentId: number, teamIds: number[]) {
  if (teamIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("registrations as r")
    .innerJoin("players as p", "p.id", "r.player_id")
    .select(["r.team_id", "p.id as player_id", "p.display_name", "p.country_code", "p.is_hidden"])
    .where("r.tournament_id", "=", tournamentId)
    .where("r.team_id", "in", teamIds)
    .where("r.status", "=", "registered")
    .where("r.opted_out", "=", 0)
    .orderBy("r.registered_at", "asc")
    .execute();
}
