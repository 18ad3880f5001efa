import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";
import { createPlayer, createTournament, place } from "./factories.js";
import { computeStandings, parsePointsCsv, pointsForPlacement } from "../src/features/series/series-points-rules.js";

/**
 * Issue #22 §4 series points, by hand. Rule: 1st 100, 2nd 80, 3rd–4th 60, 5th–8th 40; T2 is a
 * major (×2); best 2 results of 3 count.
 *
 * | player | T1                 | T2 (×2)     | T3       |
 * |--------|--------------------|-------------|----------|
 * | A      | 1st: 100           | 2nd: 160    | 5th: 40  |
 * | B      | 2nd–3rd tie        | 3rd: 120    | –        |
 * | C      | 2nd–3rd tie        | –           | 2nd: 80  |
 * | D      | 4th: 60            | –           | 1st: 100 |
 * | E      | 5th: 40            | 1st: 200    | –        |
 *
 * The tie earns 80 (best), 70 (average) or 60 (worst). Best 2 of 3: A drops T3.
 * best:    A 260, E 240, B 200, C 160, D 160 → ranks 1, 2, 3, 4, 4
 * average: A 260, E 240, B 190, D 160, C 150
 * worst:   A 260, E 240, B 180, D 160, C 140
 */
const RANGES = [
  { from: 1, to: 1, points: 100 },
  { from: 2, to: 2, points: 80 },
  { from: 3, to: 4, points: 60 },
  { from: 5, to: 8, points: 40 },
];

describe("points arithmetic", () => {
  it("gives a tie the best, average or worst places' points", () => {
    const rule = { ranges: RANGES };
    expect(pointsForPlacement(rule, "best", 2, 3)).toBe(80);
    expect(pointsForPlacement(rule, "average", 2, 3)).toBe(70);
    expect(pointsForPlacement(rule, "worst", 2, 3)).toBe(60);
    // 4th–6th: 60, 40, 40 → average 46.67 (rounded in standings), best 60, worst 40.
    expect(pointsForPlacement(rule, "average", 4, 6)).toBeCloseTo(46.667, 2);
    expect(pointsForPlacement(rule, "worst", 7, 9)).toBe(0);
  });

  it("drops all but the best N and shares ranks on equal totals", () => {
    const rule = { ranges: RANGES, tie_rule: "best" as const, best_n: 1, multipliers: { "2": 2 } };
    const rows = computeStandings(
      rule,
      [
        { key: 1, tournament_id: 1, order: 0, placement: 1, placement_upper_bound: null, dq: false },
        { key: 1, tournament_id: 2, order: 1, placement: 5, placement_upper_bound: null, dq: false },
        { key: 2, tournament_id: 2, order: 1, placement: 2, placement_upper_bound: null, dq: false },
        { key: 3, tournament_id: 1, order: 0, placement: 1, placement_upper_bound: null, dq: true },
      ],
      new Map([[3, 160]]),
      new Map<number | string, string>([
        [1, "One"],
        [2, "Two"],
        [3, "Three"],
      ]),
    );
    expect(rows.map((r) => [r.rank, r.name, r.total])).toEqual([
      [1, "Three", 160],
      [1, "Two", 160],
      [3, "One", 100],
    ]);
    expect(rows[2]!.results.map((r) => [r.points, r.counted])).toEqual([
      [100, true],
      [80, false],
    ]);
    expect(rows[0]!.results).toEqual([{ tournament_id: 1, placement: 1, placement_upper_bound: null, points: 0, counted: true }]);
  });

  it("parses id,points CSV and names a bad line", () => {
    expect(parsePointsCsv("id,points\n12,50\r\n\n13,-5\n", 10)).toEqual([
      { id: 12, points: 50 },
      { id: 13, points: -5 },
    ]);
    expect(() => parsePointsCsv("12,50\nx,1", 10)).toThrow("Line 2");
    expect(() => parsePointsCsv("id,points\n", 10)).toThrow("no rows");
    expect(() => parsePointsCsv("1,1\n2,2\n3,3", 2)).toThrow("At most 2");
  });
});

const D = await dialects();

describe.each(D)("series standings (%s)", (dialect) => {
  let t: TestApp;
  let seriesId: number;
  let hiddenSeries: number;
  let T2: number;
  const P: Record<string, number> = {};
  let F: number;
  let admin: Client;
  let player: Client;
  let eventAdmin: Client;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.database.db;
    const now = Date.now();
    const mk = async (name: string, published: number) =>
      (
        await db
          .insertInto("tournament_series")
          .values({
            series_name: name,
            url_slug: name.toLowerCase().replace(/\W+/g, "-"),
            short_description: name,
            created_at: now,
            aggregation_field: "player_id",
            published,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    seriesId = await mk("Points Circuit", 1);
    hiddenSeries = await mk("Hidden Circuit", 0);
    for (const n of ["A", "B", "C", "D", "E", "F"]) P[n] = await createPlayer(t.database, { display_name: `Player ${n}` });
    F = P.F!;
    const tour = (title: string, day: number) =>
      createTournament(t.database, {
        title,
        tournament_series_id: seriesId,
        series_stats_include: 1,
        event_format: 0,
        start_date: now - day * 86400000,
      });
    const T1 = await tour("Circuit #1", 30);
    T2 = await tour("Circuit Major", 20);
    const T3 = await tour("Circuit #3", 10);
    // Not counted: excluded from stats.
    const T4 = await createTournament(t.database, {
      title: "Exhibition",
      tournament_series_id: seriesId,
      series_stats_include: 0,
      event_format: 0,
    });
    await place(t.database, T1, "player", P.A!, { placement: 1 });
    await place(t.database, T1, "player", P.B!, { placement: 2, placement_upper_bound: 3 });
    await place(t.database, T1, "player", P.C!, { placement: 2, placement_upper_bound: 3 });
    await place(t.database, T1, "player", P.D!, { placement: 4 });
    await place(t.database, T1, "player", P.E!, { placement: 5 });
    await place(t.database, T2, "player", P.E!, { placement: 1 });
    await place(t.database, T2, "player", P.A!, { placement: 2 });
    await place(t.database, T2, "player", P.B!, { placement: 3 });
    await place(t.database, T3, "player", P.D!, { placement: 1 });
    await place(t.database, T3, "player", P.C!, { placement: 2 });
    await place(t.database, T3, "player", P.A!, { placement: 5 });
    await place(t.database, T4, "player", P.F!, { placement: 1 });

    const sa = await signedIn(t);
    await db
      .insertInto("series_roles")
      .values({ series_id: seriesId, user_id: sa.userId, role: "series_admin", created_at: now })
      .execute();
    admin = sa.c;
    player = (await signedIn(t)).c;
    eventAdmin = (await signedIn(t, { roles: ["event_admin"] })).c;
  });
  afterAll(() => t.close());

  const standings = async (c: Client = new Client(t.app)) => {
    const res = await c.get(`/api/tournaments/series/${seriesId}/standings`);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      rule: unknown;
      can_edit: boolean;
      tournaments: Array<{ id: number; multiplier: number }>;
      rows: Array<{
        rank: number;
        key: number;
        name: string;
        total: number;
        adjustments: number;
        results: Array<{ tournament_id: number; points: number; counted: boolean }>;
      }>;
    };
  };
  const table = async () => (await standings()).rows.map((r) => [r.rank, r.name, r.total]);
  const rule = (tie_rule: string) => ({ ranges: RANGES, tie_rule, best_n: 2, multipliers: { [String(T2)]: 2 } });

  it("has no rows until the series has a rule", async () => {
    const s = await standings();
    expect(s.rule).toBeNull();
    expect(s.rows).toEqual([]);
    expect(s.tournaments).toHaveLength(3);
  });

  it("lets only the series' editors set the rule", async () => {
    expect((await new Client(t.app).post(`/api/tournaments/series/${seriesId}/points`, rule("best"))).statusCode).toBe(401);
    expect((await player.post(`/api/tournaments/series/${seriesId}/points`, rule("best"))).statusCode).toBe(403);
    expect((await player.get(`/api/tournaments/series/${seriesId}/points`)).statusCode).toBe(403);
    const overlapping = { ...rule("best"), ranges: [...RANGES, { from: 4, to: 5, points: 1 }] };
    expect((await admin.post(`/api/tournaments/series/${seriesId}/points`, overlapping)).statusCode).toBe(400);
    expect((await admin.post(`/api/tournaments/series/${seriesId}/points`, rule("best"))).statusCode).toBe(200);
    expect((await standings(admin)).can_edit).toBe(true);
    expect((await standings(player)).can_edit).toBe(false);
  });

  it("ranks by the best place's points, the major doubled, best 2 of 3 counted", async () => {
    expect(await table()).toEqual([
      [1, "Player A", 260],
      [2, "Player E", 240],
      [3, "Player B", 200],
      [4, "Player C", 160],
      [4, "Player D", 160],
    ]);
    const a = (await standings()).rows[0]!;
    expect(a.results.map((r) => [r.points, r.counted])).toEqual([
      [100, true],
      [160, true],
      [40, false],
    ]);
    expect((await standings()).tournaments.map((x) => x.multiplier)).toEqual([1, 2, 1]);
  });

  it("downloads the standings as CSV with the breakdown, a dropped result in brackets (issue #22 §3)", async () => {
    const res = await new Client(t.app).get(`/api/tournaments/series/${seriesId}/standings.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="standings_${seriesId}.csv"`);
    expect(res.body).toBe(
      [
        "Rank,ID,Name,Circuit #1,Circuit Major (×2),Circuit #3,Adjustments,Total",
        `1,${P.A},Player A,100,160,(40),0,260`,
        `2,${P.E},Player E,40,200,,0,240`,
        `3,${P.B},Player B,80,120,,0,200`,
        `4,${P.C},Player C,80,,80,0,160`,
        `4,${P.D},Player D,60,,100,0,160`,
        "",
      ].join("\r\n"),
    );
    expect((await new Client(t.app).get(`/api/tournaments/series/${hiddenSeries}/standings.csv`)).statusCode).toBe(404);
  });

  it("shares a tie by the average and by the worst place's points", async () => {
    expect((await eventAdmin.post(`/api/tournaments/series/${seriesId}/points`, rule("average"))).statusCode).toBe(200);
    expect(await table()).toEqual([
      [1, "Player A", 260],
      [2, "Player E", 240],
      [3, "Player B", 190],
      [4, "Player D", 160],
      [5, "Player C", 150],
    ]);
    await admin.post(`/api/tournaments/series/${seriesId}/points`, rule("worst"));
    expect(await table()).toEqual([
      [1, "Player A", 260],
      [2, "Player E", 240],
      [3, "Player B", 180],
      [4, "Player D", 160],
      [5, "Player C", 140],
    ]);
    await admin.post(`/api/tournaments/series/${seriesId}/points`, rule("best"));
  });

  it("adds manual adjustments with who and why, and removes them", async () => {
    const url = `/api/tournaments/series/${seriesId}/points/adjustments`;
    expect((await player.post(url, { key: String(P.D), points: 15, reason: "x" })).statusCode).toBe(403);
    expect((await admin.post(url, { key: String(P.D), points: 15, reason: "" })).statusCode).toBe(400);
    expect((await admin.post(url, { key: "999999", points: 15, reason: "Appeal" })).json().message).toBe(
      "There is no player with the id 999999.",
    );
    expect((await admin.post(url, { key: String(P.D), points: 15, reason: "Appeal upheld" })).statusCode).toBe(200);
    expect((await table()).slice(3)).toEqual([
      [4, "Player D", 175],
      [5, "Player C", 160],
    ]);
    const points = (await admin.get(`/api/tournaments/series/${seriesId}/points`)).json() as {
      adjustments: Array<{ id: number; name: string; points: number; reason: string; created_by: string | null }>;
    };
    expect(points.adjustments[0]).toMatchObject({ name: "Player D", points: 15, reason: "Appeal upheld" });
    expect(points.adjustments[0]!.created_by).toMatch(/^Racer/);
    expect((await admin.post(`${url}/${points.adjustments[0]!.id}/delete`)).statusCode).toBe(200);
    expect((await admin.post(`${url}/${points.adjustments[0]!.id}/delete`)).statusCode).toBe(404);
    expect((await table()).slice(3)).toEqual([
      [4, "Player C", 160],
      [4, "Player D", 160],
    ]);
  });

  it("imports id,points rows as adjustments with the reason 'import'", async () => {
    const url = `/api/tournaments/series/${seriesId}/points/import`;
    expect((await admin.post(url, { csv: `id,points\n${F},abc` })).json().message).toBe('Line 2 is not "id,points".');
    expect((await admin.post(url, { csv: `${F},50\n424242,1` })).statusCode).toBe(400);
    const res = await admin.post(url, { csv: `id,points\n${F},50\n${P.A},-10\n` });
    expect(res.json()).toMatchObject({ imported: 2 });
    const rows = (await standings()).rows;
    expect(rows.map((r) => [r.rank, r.name, r.total])).toEqual([
      [1, "Player A", 250],
      [2, "Player E", 240],
      [3, "Player B", 200],
      [4, "Player C", 160],
      [4, "Player D", 160],
      [6, "Player F", 50],
    ]);
    expect(rows[5]).toMatchObject({ adjustments: 50, results: [] });
    const list = (await admin.get(`/api/tournaments/series/${seriesId}/points`)).json() as { adjustments: Array<{ reason: string }> };
    expect(list.adjustments.filter((a) => a.reason === "import")).toHaveLength(2);
  });

  it("recomputes when placements change", async () => {
    // A placement write clears the tournaments: scope the standings are cached under.
    await t.database.db
      .updateTable("placements")
      .set({ placement: 8 })
      .where("entrant_id", "=", P.E!)
      .where("tournament_id", "=", T2)
      .execute();
    t.app.ctx.cache.invalidate("tournaments:");
    const e = (await standings()).rows.find((r) => r.name === "Player E")!;
    expect(e.total).toBe(120); // 40 + 40×2
  });

  it("hides an unpublished series' standings", async () => {
    expect((await new Client(t.app).get(`/api/tournaments/series/${hiddenSeries}/standings`)).statusCode).toBe(404);
    expect((await eventAdmin.get(`/api/tournaments/series/${hiddenSeries}/standings`)).statusCode).toBe(200);
  });
});
