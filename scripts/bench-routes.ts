/**
 * The read routes `npm run bench` measures, with the ids of the bench tournaments looked up in
 * the database (SQLite or PostgreSQL) by their titles: shared by the bench, the in-process
 * profiler (scripts/bench-profile.ts) and nothing else. The bench tournaments must exist
 * (bench-registrations, bench-team-registrations and bench-placements make them).
 */
import type { Kysely } from "kysely";
import type { DB } from "../apps/server/src/db/schema.js";
import { registrationRoutes } from "./bench-registrations.js";
import { placementRoutes } from "./bench-placements.js";
import { teamRegistrationRoutes } from "./bench-team-registrations.js";

/** The reference route: does nothing, so every other route reads as a share of it. */
export const HELLO = "/__bench/hello";

/** The home page's calls and the listing, registry and tournament routes of issues 3–6. */
export const BASE_ROUTES = [
  HELLO,
  "/api/media/news/latest",
  "/api/media/youtube/latest",
  "/api/media/stream/latest",
  "/api/media/social/latest",
  "/api/tournaments?limit=7&tab=latest&published_only=1",
  "/api/tournaments/latest_results",
  // Tournaments (issue 6): each listing tab, with filters, and a tournament page.
  "/api/tournaments?tab=latest",
  "/api/tournaments?tab=past",
  "/api/tournaments?tab=historical",
  "/api/tournaments?tab=latest&registration_format=2&game_mode=mkworld_150",
  "/api/tournaments?tab=past&registration_format=1&search=cup&page=3",
  "/api/tournaments?tab=historical&game_mode=mkw_vs_race&page=2",
  "/api/events/1844",
  "/api/registry/players?order=newest&limit=10",
  // Player registry (issue 3): list with search, with a country filter, page 50; picker; a player page.
  "/api/registry/players?search=kart&limit=50",
  "/api/registry/players?country=FR&order=name&limit=50",
  "/api/registry/players?page=50&limit=50",
  "/api/registry/players/all?search=ka",
  "/api/registry/players/1000",
  "/api/registry/teams/category/all?order=newest&limit=10",
  "/api/registry/recent_transactions?limit=5",
  // Team registry (issue 4): the teams list, a team page (and its transfers), the transfers page.
  "/api/registry/teams/category/all?page=1",
  "/api/registry/teams/category/mk8dx_150?order=name&page=2",
  "/api/registry/teams/5000",
  "/api/registry/teams/5000/transfers",
  "/api/registry/recent_transactions?page=1&mode=all",
];

export interface BenchRoutes {
  /** Every anonymous read route, hello first, the session and the page shell last. */
  anonymous: string[];
  /** Routes measured signed in as `signedInEmail` (password 'password'). */
  signedIn: string[];
  signedInEmail: string;
  listTournamentId: number;
  teamTournamentId: number;
  bigTournamentId: number;
  seriesSlug: string;
}

/** Looks the bench tournaments up and lists the routes; throws when one is missing. */
export async function benchReadRoutes(db: Kysely<DB>): Promise<BenchRoutes> {
  const byTitle = async (title: string) =>
    (
      await db
        .selectFrom("tournaments")
        .select("id")
        .where("title", "=", title)
        .executeTakeFirstOrThrow(() => new Error(`no '${title}'`))
    ).id;
  const listTournamentId = await byTitle("Bench Registrations 2000");
  const teamTournamentId = await byTitle("Bench Team Registrations 300");
  const bigTournamentId = await byTitle("Bench Placements 500");
  const teamIds = (
    await db
      .selectFrom("team_registrations")
      .select("team_id")
      .where("tournament_id", "=", teamTournamentId)
      .orderBy("registered_at")
      .orderBy("id")
      .execute()
  ).map((r) => r.team_id);
  // The bench player: captain of the first squad of the 500-squad tournament.
  const hero = await db
    .selectFrom("squads as s")
    .innerJoin("registrations as r", "r.squad_id", "s.id")
    .innerJoin("players as p", "p.id", "r.player_id")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["p.id", "u.email"])
    .where("s.tournament_id", "=", bigTournamentId)
    .where("s.squad_name", "=", "Bench Big 1")
    .where("r.is_captain", "=", 1)
    .executeTakeFirstOrThrow();
  const seriesSlug = "bench-series-100";
  return {
    anonymous: [
      ...BASE_ROUTES,
      ...registrationRoutes(listTournamentId),
      ...teamRegistrationRoutes({ tournamentId: teamTournamentId, teamIds }),
      ...placementRoutes({ bigTournamentId, seriesSlug, playerId: hero.id, email: hero.email }),
      "/api/session",
      "/",
    ],
    signedIn: [`/api/events/${bigTournamentId}/my_placement`, `/api/tournaments/series/${seriesSlug}`],
    signedInEmail: hero.email,
    listTournamentId,
    teamTournamentId,
    bigTournamentId,
    seriesSlug,
  };
}
