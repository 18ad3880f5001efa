import {
  checkPlacementList,
  formatBulkPlacements,
  parseBulkPlacements,
  PLACEMENT_MESSAGES as M,
  PLACEMENTS_PAGE_SIZE,
  rankFromOrder,
  SERIES_TOURNAMENTS_PAGE_SIZE,
} from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSquad, createTeam, createTournament, DAY_MS, place } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries, grantSeriesRole } from "./tournament-helpers.js";

const D = await dialects();

describe("placement rules (shared by server and editor)", () => {
  const row = (id: number, placement: number | null, ub: number | null = null, dq = false, title: string | null = null) => ({
    entrant_id: id,
    placement,
    placement_upper_bound: ub,
    dq,
    title,
  });

  it("accepts ties, gaps and DQ last", () => {
    expect(checkPlacementList([row(1, 1), row(2, 2), row(3, 4, 3), row(4, 4, 3), row(5, 7), row(6, null, null, true)])).toBeNull();
    // Back-filled old events may miss places and list only part of a tie.
    expect(checkPlacementList([row(1, 2), row(2, 8, 5)])).toBeNull();
  });

  it("refuses each broken rule with its message", () => {
    expect(checkPlacementList([row(1, 1), row(1, 2)])).toBe(M.duplicate(1));
    expect(checkPlacementList([row(1, null, null, true), row(2, 1)])).toBe(M.dqLast);
    expect(checkPlacementList([row(1, 1, null, true)])).toBe(M.dqNoPlacement);
    expect(checkPlacementList([row(1, null)])).toBe(M.needsPlacement);
    expect(checkPlacementList([row(1, 3, 4)])).toBe(M.badBound);
    expect(checkPlacementList([row(1, 1), row(2, 1)])).toBe(M.outOfOrder("1"));
    expect(checkPlacementList([row(1, 2), row(2, 1)])).toBe(M.outOfOrder("1"));
    expect(checkPlacementList([row(1, 4, 3), row(2, 4, 3), row(3, 4, 3)])).toBe(M.tooManyTied("3–4"));
    // A tie split by another row is out of order.
    expect(checkPlacementList([row(1, 4, 3), row(2, 5), row(3, 4, 3)])).toBe(M.outOfOrder("3–4"));
    expect(checkPlacementList([row(1, 1, null, false, "x".repeat(33))])).toBe(M.titleTooLong);
  });

  it("ranks an ordered list with ties the old site's way", () => {
    const ranked = rankFromOrder([
      { id: 1, tied: false, dq: false },
      { id: 2, tied: false, dq: true },
      { id: 3, tied: false, dq: false },
      { id: 4, tied: false, dq: false },
      { id: 5, tied: true, dq: false },
      { id: 6, tied: false, dq: false },
    ]);
    expect(ranked.map((r) => [r.id, r.placement, r.placement_upper_bound])).toEqual([
      [1, 1, null],
      [3, 2, null],
      [4, 4, 3],
      [5, 4, 3],
      [6, 5, null],
      [2, null, null],
    ]);
  });

  it("parses and formats the bulk text mode", () => {
    const parsed = parseBulkPlacements("# id place title\n12 3-4 Finalist\n9, DQ\n\n7\t1\tChampion\n8 3–4\n5 2");
    expect(parsed).toEqual({
      rows: [
        { entrant_id: 7, placement: 1, placement_upper_bound: null, dq: false, title: "Champion" },
        { entrant_id: 5, placement: 2, placement_upper_bound: null, dq: false, title: null },
        { entrant_id: 12, placement: 4, placement_upper_bound: 3, dq: false, title: "Finalist" },
        { entrant_id: 8, placement: 4, placement_upper_bound: 3, dq: false, title: null },
        { entrant_id: 9, placement: null, placement_upper_bound: null, dq: true, title: null },
      ],
    });
    if (!("rows" in parsed)) throw new Error("unreachable");
    expect(formatBulkPlacements(parsed.rows)).toBe("7 1 Champion\n5 2\n12 3-4 Finalist\n8 3-4\n9 DQ");
    expect(parseBulkPlacements("abc")).toEqual({ error: "Line 1: expected 'id placement [title]', e.g. '12 3-4 Finalist' or '9 DQ'." });
    expect(parseBulkPlacements("1 1\n2 5-3")).toEqual({ error: "Line 2: write a range best first, e.g. 3-4." });
    expect(parseBulkPlacements(`1 1 ${"y".repeat(33)}`)).toEqual({ error: `Line 1: ${M.titleTooLong}` });
  });
});

describe.each(D)("placements (%s)", (dialect) => {
  let t: TestApp;
  const ids: Record<string, SignedIn> = {};
  const clients: Record<string, Client> = {};
  const as = (who: string) => clients[who]!;
  let seriesId: number;
  let otherSeries: number;
  let squadT: number;
  let hiddenT: number;
  const sq: Record<string, number> = {};
  let strangerSquad: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    for (const who of ["admin", "mod", "othermod", "plain", "a", "b", "c", "d", "e", "f", "g"]) {
      const roles = who === "admin" ? ["event_admin"] : [];
      ids[who] = await signedIn(t, { email: `${who}@example.com`, roles, player: { display_name: who.toUpperCase(), country_code: "FR" } });
      clients[who] = ids[who].c;
    }
    clients.anon = new Client(t.app);
    await clients.anon.session();
    seriesId = await createSeries(d, { aggregation_field: "player_id", finalist_criteria: "top_3_or_finalist" });
    otherSeries = await createSeries(d);
    await grantSeriesRole(d, seriesId, ids.mod!.userId, "series_mod");
    await grantSeriesRole(d, otherSeries, ids.othermod!.userId, "series_mod");
    const past = Date.now() - 5 * DAY_MS;
    squadT = await createTournament(d, { title: "Placed Cup", tournament_series_id: seriesId, start_date: past, end_date: past + DAY_MS });
    hiddenT = await createTournament(d, { title: "Hidden Cup", tournament_series_id: seriesId, published: 0 });
    sq.s1 = await createSquad(d, squadT, "Alpha", [ids.a!.playerId, ids.b!.playerId]);
    sq.s2 = await createSquad(d, squadT, "Bravo", [ids.c!.playerId, ids.d!.playerId]);
    sq.s3 = await createSquad(d, squadT, "Charlie", [ids.e!.playerId]);
    sq.s4 = await createSquad(d, squadT, "Delta", [ids.f!.playerId]);
    sq.s5 = await createSquad(d, squadT, "Echo", [ids.g!.playerId]);
    strangerSquad = await createSquad(d, hiddenT, "Stranger", []);
  });
  afterAll(() => t.close());

  const url = (id: number, p = "") => `/api/events/${id}/placements${p}`;
  const good = () => ({
    placements: [
      { entrant_id: sq.s1!, placement: 1, placement_upper_bound: null, dq: false, title: "Champion" },
      { entrant_id: sq.s2!, placement: 2, placement_upper_bound: null, dq: false, title: null },
      { entrant_id: sq.s3!, placement: 4, placement_upper_bound: 3, dq: false, title: null },
      { entrant_id: sq.s4!, placement: 4, placement_upper_bound: 3, dq: false, title: null },
      { entrant_id: sq.s5!, placement: null, placement_upper_bound: null, dq: true, title: null },
    ],
    total_registrations_override: null,
  });

  it("only tournament administrators edit placements", async () => {
    const anon = await as("anon").post(url(squadT), good());
    expect(anon.statusCode).toBe(401);
    for (const who of ["plain", "othermod", "a"]) {
      const res = await as(who).post(url(squadT), good());
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(M.forbidden);
      expect((await as(who).get(url(squadT, "/edit"))).statusCode).toBe(403);
    }
    expect((await as("anon").get(url(squadT, "/edit"))).statusCode).toBe(401);
    expect(await t.database.db.selectFrom("placements").selectAll().execute()).toHaveLength(0);
    // Without the CSRF token even an administrator is refused.
    expect((await as("admin").post(url(squadT), good(), { csrf: false })).statusCode).toBe(403);
  });

  it("refuses an invalid list as a whole with the rule's message", async () => {
    const bad = async (mutate: (b: ReturnType<typeof good>) => void, message: string | RegExp) => {
      const body = good();
      mutate(body);
      const res = await as("admin").post(url(squadT), body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    };
    await bad((b) => (b.placements[1]!.entrant_id = sq.s1!), M.duplicate(sq.s1!));
    await bad((b) => b.placements.unshift(b.placements.pop()!), M.dqLast);
    await bad((b) => (b.placements[4]!.placement = 5), M.dqNoPlacement);
    await bad((b) => (b.placements[1]!.placement = null), M.needsPlacement);
    await bad((b) => (b.placements[1]!.placement = 1), M.outOfOrder("1"));
    await bad((b) => (b.placements[2]!.placement_upper_bound = 5), M.badBound);
    await bad((b) => {
      b.placements[4] = { entrant_id: sq.s5!, placement: 4, placement_upper_bound: 3, dq: false, title: null };
    }, M.tooManyTied("3–4"));
    await bad((b) => (b.placements[0]!.title = "x".repeat(33)), /Titles may be at most 32 characters/);
    await bad((b) => (b.placements[4]!.entrant_id = strangerSquad), M.notEntrant(strangerSquad));
    expect(await t.database.db.selectFrom("placements").selectAll().execute()).toHaveLength(0);
  });

  it("saves a valid list in one go, logged, and shows it on the placements page", async () => {
    const res = await as("mod").post(url(squadT), { ...good(), total_registrations_override: 40 });
    expect(res.statusCode).toBe(200);
    const page = (await as("anon").get(url(squadT))).json();
    expect(page.count).toBe(5);
    expect(page.total_registrations_override).toBe(40);
    expect(page.total_entrants).toBe(40);
    expect(
      page.data.map((r: { name: string; placement: number | null; placement_upper_bound: number | null; dq: boolean }) => [
        r.name,
        r.placement,
        r.placement_upper_bound,
        r.dq,
      ]),
    ).toEqual([
      ["Alpha", 1, null, false],
      ["Bravo", 2, null, false],
      ["Charlie", 4, 3, false],
      ["Delta", 4, 3, false],
      ["Echo", null, null, true],
    ]);
    expect(page.data[0].title).toBe("Champion");
    expect(page.data[0].members.map((m: { display_name: string }) => m.display_name)).toEqual(["A", "B"]);
    expect(page.data[0].entrant_type).toBe("squad");
    // Top 12 preview and orders; DQ stays last.
    expect((await as("anon").get(url(squadT, "?limit=2"))).json().data).toHaveLength(2);
    expect((await as("anon").get(url(squadT, "?order=PD"))).json().data.map((r: { name: string }) => r.name)).toEqual([
      "Delta",
      "Charlie",
      "Bravo",
      "Alpha",
      "Echo",
    ]);
    const logs = await t.database.db.selectFrom("tournament_logs").selectAll().where("tournament_id", "=", squadT).execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]!.action).toBe("placements.edit");
    expect(logs[0]!.user_id).toBe(ids.mod!.userId);
    expect(JSON.parse(logs[0]!.details).after).toMatch(/^4 placed, 1 disqualified, 40 entrants \(override\)/);

    // The editor sees entrants and the saved list.
    const ed = (await as("admin").get(url(squadT, "/edit"))).json();
    expect(ed.entrant_type).toBe("squad");
    expect(ed.entrants.map((e: { name: string }) => e.name).sort()).toEqual(["Alpha", "Bravo", "Charlie", "Delta", "Echo"]);
    expect(ed.placements).toHaveLength(5);
    expect(ed.total_registrations_override).toBe(40);
  });

  it("answers 'You placed' for members, the tie, the DQ, and nobody else", async () => {
    const mine = async (who: string) => (await as(who).get(`/api/events/${squadT}/my_placement`)).json().placement;
    expect((await mine("a")).placement).toBe(1);
    expect((await mine("a")).title).toBe("Champion");
    expect(await mine("f")).toMatchObject({ placement: 4, placement_upper_bound: 3, name: "Delta" });
    expect(await mine("g")).toMatchObject({ dq: true, name: "Echo" });
    expect(await mine("plain")).toBeNull();
    expect(await mine("anon")).toBeNull();
  });

  it("replaces the whole list on the next save", async () => {
    const res = await as("admin").post(url(squadT), {
      placements: [{ entrant_id: sq.s2!, placement: 1, placement_upper_bound: 1, dq: false, title: "" }],
      total_registrations_override: null,
    });
    expect(res.statusCode).toBe(200);
    const page = (await as("anon").get(url(squadT))).json();
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ name: "Bravo", placement: 1, placement_upper_bound: null, title: null });
    expect(page.total_entrants).toBe(5);
    // Put the full list back for the next tests.
    expect((await as("admin").post(url(squadT), good())).statusCode).toBe(200);
  });

  it("orders by name across the placed entrants, the DQ'd still last, and refuses an unknown order", async () => {
    // Placement order (Delta, Alpha, Charlie, Echo; Bravo DQ) differs from name order here.
    const res = await as("admin").post(url(squadT), {
      placements: [
        { entrant_id: sq.s4!, placement: 1, placement_upper_bound: null, dq: false, title: null },
        { entrant_id: sq.s1!, placement: 2, placement_upper_bound: null, dq: false, title: null },
        { entrant_id: sq.s3!, placement: 3, placement_upper_bound: null, dq: false, title: null },
        { entrant_id: sq.s5!, placement: 4, placement_upper_bound: null, dq: false, title: null },
        { entrant_id: sq.s2!, placement: null, placement_upper_bound: null, dq: true, title: null },
      ],
      total_registrations_override: null,
    });
    expect(res.statusCode).toBe(200);
    const names = async (order: string) =>
      (await as("anon").get(url(squadT, `?order=${order}`))).json().data.map((r: { name: string }) => r.name);
    expect(await names("PA")).toEqual(["Delta", "Alpha", "Charlie", "Echo", "Bravo"]);
    expect(await names("NA")).toEqual(["Alpha", "Charlie", "Delta", "Echo", "Bravo"]);
    expect(await names("ND")).toEqual(["Echo", "Delta", "Charlie", "Alpha", "Bravo"]);
    expect((await as("anon").get(url(squadT, "?order=XX"))).statusCode).toBe(400);
    expect((await as("admin").post(url(squadT), good())).statusCode).toBe(200);
  });

  it("hides an unpublished tournament's placements from the public", async () => {
    await place(t.database, hiddenT, "squad", strangerSquad, { placement: 1 });
    expect((await as("anon").get(url(hiddenT))).statusCode).toBe(404);
    expect((await as("plain").get(url(hiddenT))).statusCode).toBe(404);
    expect((await as("plain").get(`/api/events/${hiddenT}/my_placement`)).statusCode).toBe(404);
    expect((await as("admin").get(url(hiddenT))).json().data).toHaveLength(1);
    expect((await as("mod").get(url(hiddenT))).statusCode).toBe(200);
    // Not in the home results either, nor in the series history.
    const home = (await as("anon").get("/api/tournaments/latest_results")).json();
    expect(home.tournament.id).toBe(squadT);
    expect(home.placements).toHaveLength(5);
  });

  it("shows results on profiles only with show_on_profiles", async () => {
    const results = async () =>
      (await as("anon").get(`/api/registry/players/${ids.a!.playerId}`)).json().results as Array<{ tournament_id: number }>;
    expect((await results()).map((r) => r.tournament_id)).toEqual([squadT]);
    await t.database.db.updateTable("tournaments").set({ show_on_profiles: 0 }).where("id", "=", squadT).execute();
    expect(await results()).toEqual([]);
    await t.database.db.updateTable("tournaments").set({ show_on_profiles: 1 }).where("id", "=", squadT).execute();
  });

  it("saves team placements from team registrations and shows them on the team page with show_on_profiles", async () => {
    const d = t.database;
    const teamT = await createTournament(d, { title: "Team Cup", event_format: 0, tournament_series_id: seriesId });
    const teamA = await createTeam(d, { team_name: "Team A", team_tag: "TA" });
    const teamB = await createTeam(d, { team_name: "Team B", team_tag: "TB" });
    const teamC = await createTeam(d, { team_name: "Team C", team_tag: "TC" });
    for (const team of [teamA, teamB]) {
      await d.db.insertInto("team_registrations").values({ tournament_id: teamT, team_id: team, registered_at: Date.now() }).execute();
    }
    await d.db
      .insertInto("registrations")
      .values({ tournament_id: teamT, player_id: ids.plain!.playerId, team_id: teamA, registered_at: Date.now() })
      .execute();
    const body = (team: number) => ({
      placements: [
        { entrant_id: team, placement: 1, placement_upper_bound: null, dq: false, title: null },
        { entrant_id: teamB, placement: 2, placement_upper_bound: null, dq: false, title: null },
      ],
      total_registrations_override: null,
    });
    const refused = await as("admin").post(url(teamT), body(teamC));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.notEntrant(teamC));
    expect((await as("admin").post(url(teamT), body(teamA))).statusCode).toBe(200);
    const page = (await as("anon").get(url(teamT))).json();
    expect(page.count).toBe(2);
    expect(page.data[0]).toMatchObject({ entrant_type: "team", name: "Team A", tag: "TA", team_id: teamA });
    expect((await as("plain").get(`/api/events/${teamT}/my_placement`)).json().placement).toMatchObject({ name: "Team A", placement: 1 });
    const teamResults = async () => (await as("anon").get(`/api/registry/teams/${teamA}`)).json().results as unknown[];
    expect(await teamResults()).toHaveLength(1);
    await d.db.updateTable("tournaments").set({ show_on_profiles: 0 }).where("id", "=", teamT).execute();
    expect(await teamResults()).toHaveLength(0);
    // Clean up so the series stats below only see the squad tournaments.
    await d.db.deleteFrom("placements").where("tournament_id", "=", teamT).execute();
  });

  it("places solo players by player id, and refuses players who did not register", async () => {
    const d = t.database;
    const soloT = await createTournament(d, { title: "Solo Placed", event_format: 1, maximum_team_size: 1, minimum_team_size: 1 });
    for (const who of ["a", "b"]) {
      await d.db
        .insertInto("registrations")
        .values({ tournament_id: soloT, player_id: ids[who]!.playerId, registered_at: Date.now() })
        .execute();
    }
    const body = (second: number) => ({
      placements: [
        { entrant_id: ids.a!.playerId, placement: 1, placement_upper_bound: null, dq: false, title: null },
        { entrant_id: second, placement: 2, placement_upper_bound: null, dq: false, title: null },
      ],
      total_registrations_override: null,
    });
    const refused = await as("admin").post(url(soloT), body(ids.c!.playerId));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.notEntrant(ids.c!.playerId));
    expect((await as("admin").post(url(soloT), body(ids.b!.playerId))).statusCode).toBe(200);
    const page = (await as("anon").get(url(soloT))).json();
    expect(page.count).toBe(2);
    expect(page.data[0]).toMatchObject({ entrant_type: "player", name: "A", members: [{ display_name: "A" }] });
    expect((await as("b").get(`/api/events/${soloT}/my_placement`)).json().placement).toMatchObject({ placement: 2, name: "B" });
    await d.db.deleteFrom("placements").where("tournament_id", "=", soloT).execute();
  });

  it("computes the series stats of a hand-computed example", async () => {
    const d = t.database;
    const past = Date.now() - 3 * DAY_MS;
    // Tournament 2: Foxtrot {a, c} 1st, Golf {b, d} 2nd, Hotel {e} 5th 'Finalist', India {f} 6th, Juliet {g} DQ.
    const t2 = await createTournament(d, { title: "Second Cup", tournament_series_id: seriesId, start_date: past, end_date: past + 1 });
    const s = async (name: string, members: string[]) =>
      createSquad(
        d,
        t2,
        name,
        members.map((m) => ids[m]!.playerId),
      );
    await place(d, t2, "squad", await s("Foxtrot", ["a", "c"]), { placement: 1 });
    await place(d, t2, "squad", await s("Golf", ["b", "d"]), { placement: 2 });
    await place(d, t2, "squad", await s("Hotel", ["e"]), { placement: 5, title: "Finalist" });
    await place(d, t2, "squad", await s("India", ["f"]), { placement: 6 });
    await place(d, t2, "squad", await s("Juliet", ["g"]), { dq: 1 });
    // Excluded from stats, and unpublished: neither counts.
    const t3 = await createTournament(d, { tournament_series_id: seriesId, series_stats_include: 0, start_date: past, end_date: past + 1 });
    await place(d, t3, "squad", await createSquad(d, t3, "Kilo", [ids.a!.playerId]), { placement: 1 });
    await place(d, hiddenT, "squad", await createSquad(d, hiddenT, "Lima", [ids.b!.playerId]), { placement: 1 });

    const series = (await as("anon").get(`/api/tournaments/series/${seriesId}`)).json();
    const name = (k: number) =>
      Object.entries(ids)
        .find(([, v]) => v.playerId === k)![0]
        .toUpperCase();
    // Tournament 1: Alpha {a,b} 1st, Bravo {c,d} 2nd, Charlie {e} and Delta {f} tied 3rd–4th, Echo {g} DQ.
    expect(series.stats.aggregation_field).toBe("player_id");
    expect(
      series.stats.podium_finishes.map((r: { key: number; placement: number; gold: number; silver: number; bronze: number }) => [
        r.placement,
        name(r.key),
        r.gold,
        r.silver,
        r.bronze,
      ]),
    ).toEqual([
      [1, "A", 2, 0, 0],
      [2, "B", 1, 1, 0],
      [2, "C", 1, 1, 0],
      [4, "D", 0, 2, 0],
      [5, "E", 0, 0, 1],
      [5, "F", 0, 0, 1],
    ]);
    expect(series.stats.podium_finishes[0].icon).toBe("FR");
    // Finals (top 3 or a 'finalist' title): E twice (3rd–4th, Finalist), F once, G never.
    expect(
      series.stats.finals_appearances.map((r: { key: number; placement: number; count: number }) => [r.placement, name(r.key), r.count]),
    ).toEqual([
      [1, "A", 2],
      [1, "B", 2],
      [1, "C", 2],
      [1, "D", 2],
      [1, "E", 2],
      [6, "F", 1],
    ]);
    // Appearances count DQ'd entrants; the excluded and unpublished tournaments do not count.
    expect(
      series.stats.appearances.map((r: { key: number; placement: number; count: number }) => [r.placement, name(r.key), r.count]),
    ).toEqual([
      [1, "A", 2],
      [1, "B", 2],
      [1, "C", 2],
      [1, "D", 2],
      [1, "E", 2],
      [1, "F", 2],
      [1, "G", 2],
    ]);
    // Tournament History medals (1 to 3, the tie included) with members.
    const first = series.tournaments.find((x: { id: number }) => x.id === squadT);
    expect(first.placements.map((p: { name: string; placement: number }) => [p.name, p.placement])).toEqual([
      ["Alpha", 1],
      ["Bravo", 2],
      ["Charlie", 4],
      ["Delta", 4],
    ]);
    expect(first.placements[0].members.map((m: { player_name: string }) => m.player_name)).toEqual(["A", "B"]);
    expect(series.tournaments.find((x: { id: number }) => x.id === t3).placements).toHaveLength(1);
  });

  it("aggregates by squad name and by team, and follows series changes", async () => {
    const d = t.database;
    const byName = await createSeries(d, { aggregation_field: "squad_name", finalist_criteria: "top_2" });
    const x1 = await createTournament(d, { tournament_series_id: byName });
    const x2 = await createTournament(d, { tournament_series_id: byName });
    await place(d, x1, "squad", await createSquad(d, x1, "Alpha", []), { placement: 1 });
    await place(d, x1, "squad", await createSquad(d, x1, "Beta", []), { placement: 2 });
    await place(d, x2, "squad", await createSquad(d, x2, "Gamma", []), { placement: 1 });
    await place(d, x2, "squad", await createSquad(d, x2, "ALPHA ", []), { placement: 2 });
    const stats = (await as("anon").get(`/api/tournaments/series/${byName}`)).json().stats;
    expect(
      stats.podium_finishes.map((r: { key: string; placement: number; gold: number; silver: number }) => [
        r.placement,
        r.key,
        r.gold,
        r.silver,
      ]),
    ).toEqual([
      [1, "alpha", 1, 1],
      [2, "gamma", 1, 0],
      [3, "beta", 0, 1],
    ]);
    expect(stats.finals_appearances.map((r: { key: string; placement: number; count: number }) => [r.placement, r.key, r.count])).toEqual([
      [1, "alpha", 2],
      [2, "beta", 1],
      [2, "gamma", 1],
    ]);

    const byTeam = await createSeries(d, { aggregation_field: "team_id", finalist_criteria: "none" });
    const tt = await createTournament(d, { tournament_series_id: byTeam, event_format: 0 });
    const team = await createTeam(d, { team_name: "Winners" });
    await place(d, tt, "team", team, { placement: 1 });
    const teamStats = (await as("anon").get(`/api/tournaments/series/${byTeam}`)).json().stats;
    expect(teamStats.podium_finishes).toEqual([{ key: team, placement: 1, icon: null, name: "Winners", gold: 1, silver: 0, bronze: 0 }]);
    expect(teamStats.finals_appearances).toEqual([]);
    expect(teamStats.appearances).toHaveLength(1);

    // No aggregation, no stats.
    await d.db.updateTable("tournament_series").set({ aggregation_field: "none" }).where("id", "=", byTeam).execute();
    const none = (await as("anon").get(`/api/tournaments/series/${byTeam}`)).json().stats;
    expect(none).toEqual({ aggregation_field: "none", podium_finishes: [], finals_appearances: [], appearances: [] });
  });

  it("pages the placements list by PLACEMENTS_PAGE_SIZE with the true placements on every page", async () => {
    const d = t.database;
    const big = await createTournament(d, { title: "Paged Cup" });
    // 204 placed squads (a 3rd–4th tie) and one DQ: 205 rows, three pages.
    for (let i = 1; i <= 205; i++) {
      const squad = await createSquad(d, big, `Squad ${String(i).padStart(3, "0")}`, []);
      if (i === 205) await place(d, big, "squad", squad, { dq: 1 });
      else if (i === 3 || i === 4) await place(d, big, "squad", squad, { placement: 4, placement_upper_bound: 3 });
      else await place(d, big, "squad", squad, { placement: i });
    }
    expect(PLACEMENTS_PAGE_SIZE).toBe(100);
    const first = (await as("anon").get(url(big))).json();
    expect(first).toMatchObject({ count: 205, total_entrants: 205, page: 1, page_count: 3 });
    expect(first.data).toHaveLength(100);
    expect(first.data[0]).toMatchObject({ placement: 1, name: "Squad 001" });
    expect(first.data[3]).toMatchObject({ placement: 4, placement_upper_bound: 3 });
    const second = (await as("anon").get(url(big, "?page=2"))).json();
    expect(second).toMatchObject({ page: 2, page_count: 3 });
    expect(second.data.map((r: { placement: number }) => r.placement)).toEqual(Array.from({ length: 100 }, (_, i) => 101 + i));
    const third = (await as("anon").get(url(big, "?page=3"))).json();
    expect(third.data).toHaveLength(5);
    expect(third.data.at(-1)).toMatchObject({ dq: true, placement: null, name: "Squad 205" });
    // The order applies across every row before the cut; DQ rows stay last.
    const pd = (await as("anon").get(url(big, "?order=PD&page=1"))).json();
    expect(pd.data[0]).toMatchObject({ placement: 204 });
    expect((await as("anon").get(url(big, "?order=PD&page=3"))).json().data.at(-1)).toMatchObject({ dq: true });
    // Past the end: no rows, the real totals (as the registrations player lists).
    expect((await as("anon").get(url(big, "?page=4"))).json()).toMatchObject({ data: [], count: 205, page: 4, page_count: 3 });
    expect((await as("anon").get(url(big, "?page=0"))).statusCode).toBe(400);
    expect((await as("anon").get(url(big, "?page=x"))).statusCode).toBe(400);
    // The top-12 preview: `limit` wins over `page`, one page.
    const preview = (await as("anon").get(url(big, "?limit=12&page=2"))).json();
    expect(preview).toMatchObject({ page: 1, page_count: 1, count: 205 });
    expect(preview.data.map((r: { placement: number }) => r.placement)).toEqual([1, 2, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("pages the series' Tournament History and keeps the stats whole", async () => {
    const d = t.database;
    const paged = await createSeries(d, { aggregation_field: "squad_name", finalist_criteria: "top_2" });
    const base = Date.now() - 100 * DAY_MS;
    const made: number[] = [];
    for (let i = 0; i < 45; i++) {
      const tid = await createTournament(d, {
        title: `History ${i}`,
        tournament_series_id: paged,
        start_date: base + i * DAY_MS,
        end_date: base + i * DAY_MS + 1,
      });
      await place(d, tid, "squad", await createSquad(d, tid, `Winner ${i}`, []), { placement: 1 });
      made.push(tid);
    }
    await createTournament(d, { title: "History hidden", tournament_series_id: paged, published: 0, start_date: base - DAY_MS });
    const newestFirst = [...made].reverse();
    expect(SERIES_TOURNAMENTS_PAGE_SIZE).toBe(20);
    const get = async (who: string, q = "") => (await as(who).get(`/api/tournaments/series/${paged}${q}`)).json();
    const p1 = await get("anon");
    expect(p1).toMatchObject({ tournaments_count: 45, page: 1, page_count: 3 });
    expect(p1.tournaments.map((x: { id: number }) => x.id)).toEqual(newestFirst.slice(0, 20));
    expect(p1.tournaments[0].placements[0]).toMatchObject({ placement: 1, name: "Winner 44" });
    // The stats count every tournament, not only the page's.
    expect(p1.stats.podium_finishes).toHaveLength(45);
    const p2 = await get("anon", "?page=2");
    expect(p2).toMatchObject({ tournaments_count: 45, page: 2, page_count: 3 });
    expect(p2.tournaments.map((x: { id: number }) => x.id)).toEqual(newestFirst.slice(20, 40));
    expect(p2.stats).toEqual(p1.stats);
    expect((await get("anon", "?page=3")).tournaments).toHaveLength(5);
    expect(await get("anon", "?page=9")).toMatchObject({ tournaments: [], tournaments_count: 45, page: 9, page_count: 3 });
    expect((await as("anon").get(`/api/tournaments/series/${paged}?page=0`)).statusCode).toBe(400);
    // Managers also see the unpublished one, counted and listed last (oldest).
    const admin3 = await get("admin", "?page=3");
    expect(admin3).toMatchObject({ tournaments_count: 46, page_count: 3 });
    expect(admin3.tournaments.at(-1).title).toBe("History hidden");
    // The series edit form asks for every tournament (its save replaces the whole list).
    const all = await get("admin", "?all_tournaments=1&page=2");
    expect(all).toMatchObject({ tournaments_count: 46, page: 1, page_count: 1 });
    expect(all.tournaments).toHaveLength(46);
  });

  it("sees a series role granted on the roles page at once (the cached roles are cleared)", async () => {
    const d = t.database;
    const hiddenSeries = await createSeries(d, { published: 0 });
    const who = ids.plain!;
    expect((await as("plain").get(`/api/tournaments/series/${hiddenSeries}`)).statusCode).toBe(404);
    const player = (await d.db.selectFrom("players").select("id").where("user_id", "=", who.userId).executeTakeFirstOrThrow()).id;
    const edit = (action: "add" | "remove") =>
      as("admin").post(`/api/tournaments/series/${hiddenSeries}/roles/edit`, { player, role: "series_mod", action });
    expect((await edit("add")).statusCode).toBe(200);
    expect((await as("plain").get(`/api/tournaments/series/${hiddenSeries}`)).statusCode).toBe(200);
    expect((await edit("remove")).statusCode).toBe(200);
    expect((await as("plain").get(`/api/tournaments/series/${hiddenSeries}`)).statusCode).toBe(404);
  });
});
