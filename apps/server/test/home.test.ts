import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTS } from "@site/contract";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import {
  addMember,
  createNews,
  createPlayer,
  createSquad,
  createTeam,
  createTournament,
  createTransfer,
  DAY_MS,
  place,
} from "./factories.js";

const D = await dialects();

describe.each(D)("home page calls (%s)", (dialect) => {
  let t: TestApp;
  let c: Client;
  let pastId: number;
  let playerIds: number[];
  const now = Date.now();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    c = new Client(t.app);
    const d = t.database;
    // The third post has a list and a heading: its preview must keep the blocks apart.
    const listPost = "## Season two\n\nIt is back!\n\n- Ten weekly qualifiers\n- A live final for the top 12\n\nRegistrations open soon";
    const content = (i: number) => (i === 0 ? "x".repeat(2000) : i === 2 ? listPost : `**Bold** news ${i}`);
    for (let i = 0; i < 5; i++) await createNews(d, { content: content(i), created_at: now - i * 1000 });
    await createNews(d, { title: "Unpublished", published: 0, created_at: now + 5000 });

    playerIds = [];
    for (let i = 0; i < 14; i++) playerIds.push(await createPlayer(d, { created_at: now - i * 1000, display_name: `Racer ${i}` }));
    await createPlayer(d, { display_name: "Banned One", is_banned: 1, created_at: now + 10_000 });
    await createPlayer(d, { display_name: "Hidden One", is_hidden: 1, created_at: now + 10_000 });

    for (let i = 0; i < 12; i++) await createTeam(d, { team_name: `Squadron ${i}`, created_at: now - i * 1000 });
    await createTeam(d, { team_name: "Waiting Team", team_status: "unapproved", created_at: now + 10_000 });
    const teamA = await createTeam(d, { team_name: "Alpha", team_tag: "ALP", team_color: 5 });
    const teamB = await createTeam(d, { team_name: "Bravo", team_tag: "BRV", team_color: 9 });
    await addMember(d, teamA, playerIds[0]!);
    for (let i = 0; i < 7; i++)
      await createTransfer(d, { player_id: playerIds[i]!, from_team_id: teamA, to_team_id: teamB, created_at: now - i * 1000 });
    await createTransfer(d, { player_id: playerIds[8]!, to_team_id: teamB, status: "invited", created_at: now + 1000 });

    for (let i = 0; i < 9; i++)
      await createTournament(d, { title: `Upcoming ${i}`, start_date: now + (i + 1) * DAY_MS, end_date: now + (i + 2) * DAY_MS });
    await createTournament(d, { title: "Secret Upcoming", published: 0, start_date: now + DAY_MS / 2, end_date: now + DAY_MS });
    await createTournament(d, { title: "Live Now", start_date: now - DAY_MS, end_date: now + DAY_MS, registrations_open: 1 });
    await createTournament(d, { title: "Forever", start_date: null, end_date: null });
    await createTournament(d, { title: "Old Times", is_historical: 1, start_date: now - 4000 * DAY_MS, end_date: now - 4000 * DAY_MS });
    // The newest past tournament has no placements, so the panel must skip it.
    await createTournament(d, { title: "Past Without Results", start_date: now - 3 * DAY_MS, end_date: now - 2 * DAY_MS });
    pastId = await createTournament(d, { title: "Past Squad Cup", start_date: now - 10 * DAY_MS, end_date: now - 9 * DAY_MS });
    const unpublishedPast = await createTournament(d, {
      title: "Hidden Past",
      published: 0,
      start_date: now - 2 * DAY_MS,
      end_date: now - DAY_MS,
    });
    await place(d, unpublishedPast, "player", playerIds[0]!, { placement: 1 });
    // 14 squads: the first has 2 members (names shown), the second 5 (squad name shown).
    for (let i = 0; i < 7; i++) {
      const members =
        i === 0
          ? playerIds.slice(0, 2)
          : i === 1
            ? playerIds.slice(2, 7)
            : [await createPlayer(d, { created_at: 0 }), await createPlayer(d, { created_at: 0 })];
      const sq = await createSquad(d, pastId, `Squad ${i}`, members);
      await place(d, pastId, "squad", sq, {
        // The old site's tie: 4 squads over ranks 4–7 store placement 7 (the worse rank) and upper bound 4.
        placement: i < 3 ? i + 1 : 7,
        placement_upper_bound: i >= 3 ? 4 : null,
        title: i === 0 ? "Champion" : null,
      });
    }
    const teamPast = await createTournament(d, { title: "Other Past", start_date: now - 30 * DAY_MS, end_date: now - 29 * DAY_MS });
    await place(d, teamPast, "team", teamA, { placement: 1 });
  });
  afterAll(() => t.close());

  it("news: the 3 newest published items with previews of at most 450 characters", async () => {
    const r = await c.get("/api/media/news/latest");
    expect(r.statusCode).toBe(200);
    const { data } = r.json();
    expect(data).toHaveLength(COUNTS.homeNews);
    expect(data.map((n: { title: string }) => n.title)).not.toContain("Unpublished");
    expect(data[0].preview.length).toBeLessThanOrEqual(450);
    expect(data[0].preview.endsWith("…")).toBe(true);
    expect(data[1].preview).toBe("Bold news 1");
    // Blocks and list items do not run together: a '.' where a block ends without punctuation.
    expect(data[2].preview).toBe("Season two. It is back! Ten weekly qualifiers. A live final for the top 12. Registrations open soon");
    // `date` (#21 §4): the instant of `date_human` as UTC ISO, so the screens write the day in the page's language.
    expect(Object.keys(data[0]).sort()).toEqual(["author", "date", "date_human", "id", "image", "preview", "title", "url"]);
    expect(data[0].date).toBe(new Date(now).toISOString());
    expect(data[1].date).toBe(new Date(now - 1000).toISOString());
  });

  it("news post: rendered HTML; unknown or unpublished posts 404", async () => {
    const { data } = (await c.get("/api/media/news/latest")).json();
    const post = (await c.get(`/api/media/news/${data[1].id}`)).json();
    expect(post.content_html).toContain("<strong>Bold</strong>");
    expect(post).not.toHaveProperty("preview");
    expect(post.date).toBe(new Date(now - 1000).toISOString());
    expect((await c.get("/api/media/news/999999")).statusCode).toBe(404);
  });

  it("tournaments: upcoming and ongoing exclude unpublished for visitors; filters work", async () => {
    const r = (await c.get("/api/tournaments?limit=7")).json();
    expect(r.upcoming).toHaveLength(7);
    expect(r.upcoming.map((x: { title: string }) => x.title)).not.toContain("Secret Upcoming");
    expect(r.upcoming[0].title).toBe("Upcoming 0");
    expect(r.ongoing.map((x: { title: string }) => x.title).sort()).toEqual(["Forever", "Live Now"]);
    expect(r.historical.map((x: { title: string }) => x.title)).toEqual(["Old Times"]);
    expect(r.past[0].title).toBe("Past Without Results");
    const forever = r.ongoing.find((x: { title: string }) => x.title === "Forever");
    expect(forever.start_date_human).toBeNull();
    const searched = (await c.get("/api/tournaments?search=live%20NOW")).json();
    expect(searched.ongoing.map((x: { title: string }) => x.title)).toEqual(["Live Now"]);
    expect(searched.upcoming).toHaveLength(0);
    const solo = (await c.get("/api/tournaments?registration_format=1")).json();
    expect(solo.upcoming).toHaveLength(0);
    const wild = (await c.get("/api/tournaments?search=%25")).json();
    expect(wild.upcoming).toHaveLength(0);
  });

  it("tournaments: event staff also see unpublished ones", async () => {
    const { c: staff } = await signedIn(t, { email: "em@example.com", roles: ["event_mod"], player: false });
    const r = (await staff.get("/api/tournaments?limit=20")).json();
    expect(r.upcoming.map((x: { title: string }) => x.title)).toContain("Secret Upcoming");
    // The home panel asks for published ones only (000 §2), staff or not.
    const home = (await staff.get("/api/tournaments?limit=20&tab=latest&published_only=1")).json();
    expect(home.upcoming.length).toBeGreaterThan(0);
    expect(home.upcoming.map((x: { title: string }) => x.title)).not.toContain("Secret Upcoming");
    expect(home.past).toEqual([]);
  });

  it("latest results: first past published tournament with placements, medals data and members", async () => {
    const r = (await c.get("/api/tournaments/latest_results")).json();
    expect(r.tournament.title).toBe("Past Squad Cup");
    expect(r.placements.length).toBeLessThanOrEqual(COUNTS.homeResults);
    expect(r.placements).toHaveLength(7);
    expect(r.placements[0]).toMatchObject({ placement: 1, title: "Champion", name: "Squad 0", dq: false });
    expect(r.placements[0].members.map((m: { display_name: string }) => m.display_name)).toEqual(["Racer 0", "Racer 1"]);
    expect(r.placements[1].members).toHaveLength(5);
    expect(r.placements[4]).toMatchObject({ placement: 7, placement_upper_bound: 4 });
  });

  it("newest players: 10, banned and hidden excluded, newest first", async () => {
    const r = (await c.get("/api/registry/players?order=newest&limit=10")).json();
    expect(r.data).toHaveLength(10);
    expect(r.has_next_page).toBe(true);
    const names = r.data.map((p: { display_name: string }) => p.display_name);
    expect(names).not.toContain("Banned One");
    expect(names).not.toContain("Hidden One");
    expect(names[0]).toBe("Racer 0");
    expect(r.data[0].country_name).toBe("United States");
    const search = (await c.get("/api/registry/players?search=racer%201")).json();
    expect(search.data.map((p: { display_name: string }) => p.display_name).sort()).toEqual([
      "Racer 1",
      "Racer 10",
      "Racer 11",
      "Racer 12",
      "Racer 13",
    ]);
  });

  it("large cached lists are sent gzipped to browsers that accept it", async () => {
    const res = await c.request({ method: "GET", url: "/api/registry/players?limit=100", headers: { "accept-encoding": "gzip" } });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers.vary).toContain("accept-encoding");
    const body = JSON.parse(gunzipSync(res.rawPayload).toString());
    expect(body.data.length).toBeGreaterThan(10);
  });

  it("newest teams: 10 approved teams with member counts", async () => {
    const r = (await c.get("/api/registry/teams/category/all?order=newest&limit=10")).json();
    expect(r.data).toHaveLength(10);
    expect(r.data.map((x: { team_name: string }) => x.team_name)).not.toContain("Waiting Team");
    const bad = await c.get("/api/registry/teams/category/nonsense");
    expect(bad.statusCode).toBe(400);
    const alpha = (await c.get("/api/registry/teams/category/mk8dx_150?search=alp")).json();
    expect(alpha.data[0]).toMatchObject({ team_name: "Alpha", team_tag: "ALP", member_count: 1, category_title: "MK8DX 150cc" });
  });

  it("recent transfers: 5 accepted ones with the transaction row fields", async () => {
    const r = (await c.get("/api/registry/recent_transactions?limit=5")).json();
    expect(r.data).toHaveLength(5);
    expect(r.has_next_page).toBe(true);
    expect(r.data[0]).toMatchObject({
      player_name: "Racer 0",
      from_team_tag: "ALP",
      from_team_color: 5,
      to_team_tag: "BRV",
      mode_key: "mk8dx_150",
      mode_abbrev: "MK8DX 150cc",
      game: "mk8dx",
      game_title: "Mario Kart 8 Deluxe",
    });
    // `transfer_date` (#21 §4): the instant of `transfer_date_human` as UTC ISO.
    expect(r.data[0].transfer_date).toBe(new Date(now).toISOString());
    expect(r.data[1].transfer_date).toBe(new Date(now - 1000).toISOString());
    const page2 = (await c.get("/api/registry/recent_transactions?limit=5&page=2")).json();
    expect(page2.data).toHaveLength(2);
    expect(page2.has_next_page).toBe(false);
    expect((await c.get("/api/registry/recent_transactions?page=0")).statusCode).toBe(400);
  });

  it("media panels answer per kind and refuse unknown kinds", async () => {
    const r = await c.get("/api/media/youtube/latest");
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ data: [] });
    expect((await c.get("/api/media/myspace/latest")).statusCode).toBe(400);
  });

  it("media items: administrators add and delete; others are refused", async () => {
    await signedIn(t, { email: "boss@example.com", roles: ["administrate"], player: false, signIn: false });
    const { c: pleb } = await signedIn(t, { email: "pleb@example.com", player: false });
    const item = { kind: "stream", title: "Finals live", url: "https://www.twitch.tv/example" };
    expect((await pleb.post("/api/media/items", item)).statusCode).toBe(403);
    const anon = new Client(t.app);
    await anon.session();
    // Anonymous callers are refused before the body is read (issue #15): 401.
    expect((await anon.post("/api/media/items", item)).statusCode).toBe(401);

    const boss = await signIn(t, "boss@example.com");
    const bad = await boss.post("/api/media/items", { ...item, url: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    const created = await boss.post("/api/media/items", item);
    expect(created.statusCode).toBe(200);
    const list = (await c.get("/api/media/stream/latest")).json();
    expect(list.data[0]).toMatchObject({ title: "Finals live", url: "https://www.twitch.tv/example" });
    expect((await pleb.post(`/api/media/items/${created.json().id}/delete`)).statusCode).toBe(403);
    expect((await boss.post(`/api/media/items/${created.json().id}/delete`)).statusCode).toBe(200);
    expect((await boss.post(`/api/media/items/${created.json().id}/delete`)).statusCode).toBe(404);
  });

  it("tournament picker: case-insensitive, at most 100", async () => {
    const r = (await c.get("/api/tournaments/picker?search=UPCOMING")).json();
    expect(r.tournaments.length).toBe(9);
    expect(r.tournaments[0]).toEqual({ id: expect.any(Number), title: expect.stringMatching(/Upcoming/) });
  });
});
