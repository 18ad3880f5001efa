import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import type { Database } from "../src/db/database.js";
import { seedDemo } from "../src/seed/demo/index.js";
import { Client, dialects, freshDatabase, passwordHash } from "./helpers.js";

/**
 * Issue 16 §6: the speed work may not change an answer. Two apps share one demo database, one
 * with the micro-cache on (PUBLIC_CACHE_SECONDS=5) and one with it off; every read route of
 * `npm run bench` (scripts/bench-routes.ts, with demo ids in place of the bench tournaments)
 * answers the same status and body from both, asked twice of the cached app (the first fills
 * the cache, the second is served from it), anonymously and signed in.
 */
const D = await dialects();

async function appOn(database: Database, cacheSeconds: string, dataDir: string): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, WEB_DIST: join(dataDir, "no-web"), PUBLIC_CACHE_SECONDS: cacheSeconds });
  const app = await buildApp({ config, database, logger: false, bench: true });
  await app.ready();
  return app;
}

describe.each(D)("answers with the micro-cache on and off (%s)", (dialect) => {
  let database: Database;
  let cached: FastifyInstance;
  let uncached: FastifyInstance;
  let dataDir: string;
  const anonymous: string[] = [];
  const signedInRoutes: string[] = [];
  let email = "";

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    await seedDemo(database, { scale: "demo", passwordHash: await passwordHash() });
    dataDir = mkdtempSync(join(tmpdir(), "site-cache-eq-"));
    cached = await appOn(database, "5", dataDir);
    uncached = await appOn(database, "0", dataDir);
    const db = database.db;

    // The demo's counterparts of the bench tournaments: the squad tournament with the most
    // registrations, the team tournament with the most teams, the most-placed tournament, the
    // series with the most tournaments, a team with transfers, and a placed squad captain.
    const busiest = async (format: number) =>
      (
        await db
          .selectFrom("registrations as r")
          .innerJoin("tournaments as t", "t.id", "r.tournament_id")
          .select(["r.tournament_id", (eb) => eb.fn.countAll<number>().as("n")])
          .where("t.event_format", "=", format)
          .where("t.published", "=", 1)
          .groupBy("r.tournament_id")
          .orderBy("n", "desc")
          .orderBy("r.tournament_id")
          .executeTakeFirstOrThrow()
      ).tournament_id;
    const squadT = await busiest(2);
    const soloT = await busiest(1);
    const teamT = await busiest(0);
    const teamIds = (
      await db
        .selectFrom("team_registrations")
        .select("team_id")
        .where("tournament_id", "=", teamT)
        .orderBy("registered_at")
        .orderBy("id")
        .execute()
    ).map((r) => r.team_id);
    const placed = await db
      .selectFrom("placements as p")
      .innerJoin("tournaments as t", "t.id", "p.tournament_id")
      .select(["p.tournament_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("t.published", "=", 1)
      .where("p.entrant_type", "=", "squad")
      .groupBy("p.tournament_id")
      .orderBy("n", "desc")
      .orderBy("p.tournament_id")
      .executeTakeFirstOrThrow();
    const series = await db
      .selectFrom("tournament_series as s")
      .innerJoin("tournaments as t", "t.tournament_series_id", "s.id")
      .select(["s.url_slug", (eb) => eb.fn.countAll<number>().as("n")])
      .where("s.published", "=", 1)
      .groupBy("s.url_slug")
      .orderBy("n", "desc")
      .orderBy("s.url_slug")
      .executeTakeFirstOrThrow();
    const team = await db
      .selectFrom("transfers")
      .select(["to_team_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("status", "=", "accepted")
      .where("to_team_id", "is not", null)
      .groupBy("to_team_id")
      .orderBy("n", "desc")
      .orderBy("to_team_id")
      .executeTakeFirstOrThrow();
    const captain = await db
      .selectFrom("placements as p")
      .innerJoin("registrations as r", (j) => j.onRef("r.squad_id", "=", "p.entrant_id").onRef("r.tournament_id", "=", "p.tournament_id"))
      .innerJoin("players as pl", "pl.id", "r.player_id")
      .innerJoin("users as u", "u.id", "pl.user_id")
      .select(["u.email", "pl.id as player_id"])
      .where("p.tournament_id", "=", placed.tournament_id)
      .where("p.entrant_type", "=", "squad")
      .where("r.status", "=", "registered")
      .where("u.state", "=", "active")
      .orderBy("p.placement")
      .orderBy("u.id")
      .executeTakeFirstOrThrow();
    email = captain.email;
    const somePlayer = (
      await db.selectFrom("players").select("id").where("is_hidden", "=", 0).orderBy("id").limit(1).offset(10).executeTakeFirstOrThrow()
    ).id;
    const anyTournament = (
      await db.selectFrom("tournaments").select("id").where("published", "=", 1).orderBy("id").executeTakeFirstOrThrow()
    ).id;
    const P = placed.tournament_id;

    // scripts/bench-routes.ts BASE_ROUTES, registrationRoutes, teamRegistrationRoutes and placementRoutes.
    anonymous.push(
      "/__bench/hello",
      "/api/media/news/latest",
      "/api/media/youtube/latest",
      "/api/media/stream/latest",
      "/api/media/social/latest",
      "/api/tournaments?limit=7&tab=latest&published_only=1",
      "/api/tournaments/latest_results",
      "/api/tournaments?tab=latest",
      "/api/tournaments?tab=past",
      "/api/tournaments?tab=historical",
      "/api/tournaments?tab=latest&registration_format=2&game_mode=mkworld_150",
      "/api/tournaments?tab=past&registration_format=1&search=cup&page=3",
      "/api/tournaments?tab=historical&game_mode=mkw_vs_race&page=2",
      `/api/events/${anyTournament}`,
      "/api/registry/players?order=newest&limit=10",
      "/api/registry/players?search=kart&limit=50",
      "/api/registry/players?country=FR&order=name&limit=50",
      "/api/registry/players?page=5&limit=50",
      "/api/registry/players/all?search=ka",
      `/api/registry/players/${somePlayer}`,
      "/api/registry/teams/category/all?order=newest&limit=10",
      "/api/registry/recent_transactions?limit=5",
      "/api/registry/teams/category/all?page=1",
      "/api/registry/teams/category/mk8dx_150?order=name&page=2",
      `/api/registry/teams/${team.to_team_id}`,
      `/api/registry/teams/${team.to_team_id}/transfers`,
      "/api/registry/recent_transactions?page=1&mode=all",
      ...["RA", "ND", "CHD"].map((o) => `/api/events/${squadT}/registrations?order=${o}`),
      ...["RA", "PA", "TA", "CHD"].map((o) => `/api/events/${squadT}/registered_players?order=${o}`),
      `/api/events/${squadT}/registered_players?order=PA&page=2`,
      `/api/events/${soloT}/registered_players?order=RA`,
      ...["RA", "ND", "CD"].map((o) => `/api/events/${teamT}/registrations?order=${o}`),
      ...[teamIds[0], teamIds[teamIds.length - 1]].map((id) => `/api/events/${teamT}/teams/${id}/eligible_players?order=RA`),
      `/api/events/${P}/placements`,
      `/api/events/${P}/placements?page=2`,
      `/api/events/${P}/placements?limit=12`,
      ...["PD", "NA", "ND"].map((o) => `/api/events/${P}/placements?order=${o}`),
      `/api/registry/players/${captain.player_id}`,
      `/api/tournaments/series/${series.url_slug}`,
      `/api/tournaments/series/${series.url_slug}?page=2`,
      "/api/session",
    );
    signedInRoutes.push(
      `/api/events/${P}/my_placement`,
      `/api/tournaments/series/${series.url_slug}`,
      `/api/events/${squadT}/register`,
      `/api/events/${squadT}/my_placement`,
    );
  });

  afterAll(async () => {
    await cached?.close();
    await uncached?.close();
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Status and body; the session route's CSRF token differs per visitor by design. */
  const answer = (res: { statusCode: number; body: string }) => {
    const body = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : null;
    if (body && typeof body === "object" && "csrfToken" in body) body.csrfToken = "(per session)";
    return { status: res.statusCode, body };
  };

  it("answers every anonymous bench route the same, from the cache and without it", async () => {
    expect(anonymous.length).toBeGreaterThan(40);
    for (const url of anonymous) {
      const off = answer(await uncached.inject({ method: "GET", url }));
      const fill = answer(await cached.inject({ method: "GET", url }));
      const hit = answer(await cached.inject({ method: "GET", url }));
      expect({ url, ...fill }).toEqual({ url, ...off });
      expect({ url, ...hit }).toEqual({ url, ...off });
    }
  });

  it("answers the signed-in bench routes the same for the same account", async () => {
    const a = new Client(cached);
    const b = new Client(uncached);
    expect((await a.login(email, "password")).statusCode).toBe(200);
    expect((await b.login(email, "password")).statusCode).toBe(200);
    const mine = answer(await b.get(signedInRoutes[0]!));
    // The captain's own placement is there (the route is not trivially null on both).
    expect((mine.body as { placement: unknown }).placement).not.toBeNull();
    for (const url of signedInRoutes) {
      const off = answer(await b.get(url));
      const fill = answer(await a.get(url));
      const hit = answer(await a.get(url));
      expect({ url, ...fill }).toEqual({ url, ...off });
      expect({ url, ...hit }).toEqual({ url, ...off });
    }
  });

  it("shows a write at once on both (the cached app is cleared by its own write)", async () => {
    // A placements page read through the cache, then changed through the cached app.
    const url = anonymous.find((u) => u.endsWith("/placements"))!;
    const before = answer(await cached.inject({ method: "GET", url }));
    expect(before.status).toBe(200);
    const id = Number(/events\/(\d+)/.exec(url)![1]);
    await database.db.updateTable("tournaments").set({ total_registrations_override: 999 }).where("id", "=", id).execute();
    // Not through a route: the cached app still answers the old page, the uncached one the new.
    const stale = answer(await cached.inject({ method: "GET", url }));
    const fresh = answer(await uncached.inject({ method: "GET", url }));
    expect(stale).toEqual(before);
    expect((fresh.body as { total_registrations_override: number }).total_registrations_override).toBe(999);
  });
});
