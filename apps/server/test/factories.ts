import type { Insertable } from "kysely";
import type { Database } from "../src/db/database.js";
import type { DB } from "../src/db/schema.js";

/**
 * Composable test factories: each inserts one row with sensible defaults and returns its id.
 * Overrides use the table's own column names.
 */
let seq = 0;
const next = () => ++seq;
const DAY = 86_400_000;

export async function createPlayer(d: Database, o: Partial<Insertable<DB["players"]>> = {}): Promise<number> {
  const n = next();
  const r = await d.db
    .insertInto("players")
    .values({ display_name: `Player ${n}`, country_code: "US", created_at: Date.now() - n * 1000, ...o })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function createTeam(d: Database, o: Partial<Insertable<DB["teams"]>> = {}): Promise<number> {
  const n = next();
  const r = await d.db
    .insertInto("teams")
    .values({
      team_name: `Team ${n}`,
      team_tag: `T${n % 1000}`,
      category: "mk8dx_150",
      team_status: "approved",
      created_at: Date.now() - n * 1000,
      ...o,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function addMember(d: Database, teamId: number, playerId: number, o: Partial<Insertable<DB["team_memberships"]>> = {}) {
  await d.db
    .insertInto("team_memberships")
    .values({ team_id: teamId, player_id: playerId, joined_at: Date.now(), ...o })
    .execute();
}

export async function createTransfer(d: Database, o: Partial<Insertable<DB["transfers"]>> & { player_id: number }): Promise<number> {
  const r = await d.db
    .insertInto("transfers")
    .values({ category: "mk8dx_150", status: "accepted", created_at: Date.now() - next() * 1000, ...o })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function createTournament(d: Database, o: Partial<Insertable<DB["tournaments"]>> = {}): Promise<number> {
  const n = next();
  const now = Date.now();
  const r = await d.db
    .insertInto("tournaments")
    .values({
      title: `Cup ${n}`,
      game: "mk8dx",
      game_mode: "mk8dx_150",
      event_format: 2,
      published: 1,
      start_date: now + 10 * DAY,
      end_date: now + 11 * DAY,
      created_at: now,
      ...o,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function createSquad(d: Database, tournamentId: number, name: string, memberIds: number[]): Promise<number> {
  const s = await d.db
    .insertInto("squads")
    .values({ tournament_id: tournamentId, squad_name: name, squad_tag: name.slice(0, 3).toUpperCase(), created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  let i = 0;
  for (const pid of memberIds) {
    await d.db
      .insertInto("registrations")
      .values({ tournament_id: tournamentId, player_id: pid, squad_id: s.id, is_captain: i++ === 0 ? 1 : 0, registered_at: Date.now() + i })
      .execute();
  }
  return s.id;
}

export async function place(
  d: Database,
  tournamentId: number,
  entrantType: string,
  entrantId: number,
  o: Partial<Insertable<DB["placements"]>> = {},
) {
  await d.db
    .insertInto("placements")
    .values({ tournament_id: tournamentId, entrant_type: entrantType, entrant_id: entrantId, ...o })
    .execute();
}

export async function createNews(d: Database, o: Partial<Insertable<DB["news_posts"]>> = {}) {
  const n = next();
  await d.db
    .insertInto("news_posts")
    .values({ title: `News ${n}`, content: `Body ${n}`, author_name: "Staff", created_at: Date.now() - n * 1000, ...o })
    .execute();
}

export const DAY_MS = DAY;
