import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { bigFile, createSeries, type FormValue, grantSeriesRole, postForm, smallPng } from "./tournament-helpers.js";

const D = await dialects();

const seriesForm = (o: Record<string, FormValue> = {}): Record<string, FormValue> => ({
  series_title: "Gamma Grand Prix",
  url_slug: "gamma-gp",
  display_order: "10",
  organizer: "mkc",
  location: "",
  game_mode: "mkworld_150",
  registration_format: "2",
  short_description: "Monthly squad cups.",
  long_description: "## Gamma\n\nDetails.",
  aggregation_field: "none",
  finalist_criteria: "none",
  published: true,
  historical: false,
  ...o,
});

describe.each(D)("series: detail, edit, roles (%s)", (dialect) => {
  let t: TestApp;
  let s1: number;
  let s2: number;
  let hidden: number;
  const clients: Record<string, Client> = {};
  const as = (who: string) => clients[who]!;
  const ids: Record<string, SignedIn> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    s1 = await createSeries(d, { series_name: "Alpha Series", url_slug: "alpha" });
    s2 = await createSeries(d, { series_name: "Beta Series", url_slug: "beta" });
    hidden = await createSeries(d, { series_name: "Hidden Series", url_slug: "hidden", published: 0 });
    const accounts: Array<[string, string, string[]]> = [
      ["eventAdmin", "EventBoss", ["event_admin"]],
      ["seriesAdmin", "AlphaAdmin", []],
      ["organizer", "AlphaOrganizer", []],
      ["hiddenOrganizer", "HiddenOrganizer", []],
      ["player", "JustPlayer", []],
      ["newbie", "Newbie", []],
    ];
    for (const [who, name, roles] of accounts) {
      ids[who] = await signedIn(t, {
        email: `${who.toLowerCase()}@example.com`,
        roles,
        player: { display_name: name, country_code: "FR" },
      });
      clients[who] = ids[who].c;
    }
    await grantSeriesRole(d, s1, ids.seriesAdmin!.userId, "series_admin");
    await grantSeriesRole(d, s1, ids.organizer!.userId, "series_mod");
    await grantSeriesRole(d, hidden, ids.hiddenOrganizer!.userId, "series_mod");
    clients.anonymous = new Client(t.app);
    await clients.anonymous.session();
  });
  afterAll(() => t.close());

  const save = (who: string, id: number | "new", o: Record<string, FormValue> = {}) =>
    postForm(as(who), `/api/tournaments/series/${id}`, seriesForm(o));

  it("lets event administrators create a series, and nobody else", async () => {
    const res = await save("eventAdmin", "new");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", id: expect.any(Number) });
    const detail = (await as("anonymous").get("/api/tournaments/series/gamma-gp")).json();
    expect(detail).toMatchObject({
      series_name: "Gamma Grand Prix",
      display_order: 10,
      game_mode: "mkworld_150",
      default_event_format: 2,
      event_format_human: "Squad",
      full_description_formatted: expect.stringContaining("<h2>Gamma</h2>"),
      can_edit: false,
      can_manage_templates: false,
    });
    expect((await as("anonymous").get(`/api/tournaments/series/${res.json().id}`)).json().url_slug).toBe("gamma-gp");
    for (const who of ["seriesAdmin", "organizer", "player"]) {
      const r = await save(who, "new", { url_slug: `x-${who}` });
      expect([r.statusCode, r.json().message]).toEqual([403, "Only event administrators may create a series."]);
    }
    expect((await save("anonymous", "new", { url_slug: "anon" })).statusCode).toBe(401);
  });

  it("checks the limits: title ≤ 250, URL ID ≤ 30 and unique, display order ≤ 4 characters, short description ≤ 100000", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ series_title: "" }, "Series title is required."],
      [{ series_title: "x".repeat(251) }, "Series title may be at most 250 characters."],
      [{ url_slug: "" }, "URL ID is required."],
      [{ url_slug: "a".repeat(31) }, "URL ID may be at most 30 characters."],
      [{ url_slug: "has space" }, "URL ID may contain only letters, numbers, - and _, and may not be only numbers."],
      [{ url_slug: "12345" }, "URL ID may contain only letters, numbers, - and _, and may not be only numbers."],
      [{ url_slug: "ALPHA" }, "This URL ID is already in use."],
      [{ display_order: "" }, "Display order is required."],
      [{ display_order: "12345" }, "Display order may be at most 4 characters."],
      [{ display_order: "ab" }, "Display order must be a number."],
      [{ short_description: " " }, "Short description is required."],
      [{ short_description: "x".repeat(100001) }, "Short description may be at most 100000 characters."],
      [{ game_mode: "nope" }, "Unknown game mode."],
    ];
    for (const [o, message] of cases) {
      const r = await save("eventAdmin", "new", { url_slug: "limits", ...o });
      expect([r.statusCode, r.json().message]).toEqual([400, message]);
    }
    const ok = await save("eventAdmin", "new", {
      url_slug: "b".repeat(30),
      series_title: "y".repeat(250),
      display_order: "9999",
      short_description: "z".repeat(100000),
      organizer: "lan",
      location: "Various",
      game_mode: "none",
    });
    expect(ok.statusCode).toBe(200);
    const detail = (await as("eventAdmin").get(`/api/tournaments/series/${"b".repeat(30)}`)).json();
    expect(detail).toMatchObject({
      location: "Various",
      organizer: "lan",
      game_mode: null,
      default_event_format: null,
      display_order: 9999,
    });
  });

  it("lets a series administrator edit their series but not another, and not an organizer", async () => {
    const mine = await save("seriesAdmin", s1, { url_slug: "alpha", series_title: "Alpha Series Renamed" });
    expect(mine.statusCode).toBe(200);
    expect((await as("anonymous").get("/api/tournaments/series/alpha")).json().series_name).toBe("Alpha Series Renamed");
    const other = await save("seriesAdmin", s2, { url_slug: "beta" });
    expect([other.statusCode, other.json().message]).toEqual([403, "You do not have permission to edit this series."]);
    expect((await save("organizer", s1, { url_slug: "alpha" })).statusCode).toBe(403);
    expect((await save("player", s1, { url_slug: "alpha" })).statusCode).toBe(403);
    const detail = (await as("seriesAdmin").get("/api/tournaments/series/alpha")).json();
    expect(detail).toMatchObject({ can_edit: true, can_manage_templates: true, can_manage_roles: true, can_assign_series_admin: false });
    const orgView = (await as("organizer").get("/api/tournaments/series/alpha")).json();
    expect(orgView).toMatchObject({ can_edit: false, can_manage_templates: true, can_manage_roles: false });
  });

  it("hides an unpublished series from the public (404) and shows it to its staff", async () => {
    for (const who of ["anonymous", "player", "organizer"]) {
      expect((await as(who).get("/api/tournaments/series/hidden")).statusCode).toBe(404);
      expect((await as(who).get(`/api/tournaments/series/${hidden}`)).statusCode).toBe(404);
    }
    expect((await as("hiddenOrganizer").get("/api/tournaments/series/hidden")).statusCode).toBe(200);
    expect((await as("eventAdmin").get("/api/tournaments/series/hidden")).statusCode).toBe(200);
    const names = async (who: string) =>
      (await as(who).get("/api/tournaments/series")).json().all_series.map((s: { url_slug: string }) => s.url_slug);
    expect(await names("player")).not.toContain("hidden");
    expect(await names("hiddenOrganizer")).toContain("hidden");
    expect((await as("player").get("/api/tournaments/series/nope")).statusCode).toBe(404);
  });

  it("shows published tournaments in the history; managers also get unpublished ones", async () => {
    const now = Date.now();
    await createTournament(t.database, { tournament_series_id: s2, title: "Beta Old", start_date: now - 9e8, end_date: now - 8e8 });
    await createTournament(t.database, { tournament_series_id: s2, title: "Beta Next", registrations_open: 1 });
    await createTournament(t.database, { tournament_series_id: s2, title: "Beta Draft", published: 0 });
    const pub = (await as("player").get("/api/tournaments/series/beta")).json();
    expect(pub.tournaments.map((x: { title: string }) => x.title)).toEqual(["Beta Next", "Beta Old"]);
    expect(pub.tournaments[0]).toMatchObject({ registrations_open: true, event_format_human: "Squad", game_human: "Mario Kart 8 Deluxe" });
    const staff = (await as("eventAdmin").get("/api/tournaments/series/beta")).json();
    expect(staff.tournaments.map((x: { title: string }) => x.title)).toContain("Beta Draft");
  });

  it("sets the tournament list: event administrators add and remove, series administrators only remove", async () => {
    const a = await createTournament(t.database, { tournament_series_id: s1, title: "A1" });
    const b = await createTournament(t.database, { tournament_series_id: s1, title: "A2" });
    const loose = await createTournament(t.database, { title: "Loose" });
    const refused = await save("seriesAdmin", s1, { url_slug: "alpha", tournaments: `${a},${b},${loose}` });
    expect([refused.statusCode, refused.json().message]).toEqual([403, "Only event administrators may add tournaments to a series."]);
    expect((await save("seriesAdmin", s1, { url_slug: "alpha", tournaments: `${a}` })).statusCode).toBe(200);
    let list = (await as("eventAdmin").get("/api/tournaments/series/alpha")).json().tournaments.map((x: { id: number }) => x.id);
    expect(list).toEqual([a]);
    expect((await save("eventAdmin", s1, { url_slug: "alpha", tournaments: `${a},${loose}` })).statusCode).toBe(200);
    list = (await as("eventAdmin").get("/api/tournaments/series/alpha")).json().tournaments.map((x: { id: number }) => x.id);
    expect(list.sort()).toEqual([a, loose].sort());
    expect((await as("eventAdmin").get(`/api/events/${loose}`)).json().tournament_series_id).toBe(s1);
    const bad = await save("eventAdmin", s1, { url_slug: "alpha", tournaments: "999999" });
    expect([bad.statusCode, bad.json().message]).toEqual([400, "One of the tournaments does not exist."]);
  });

  it("takes a series logo, refuses one over 2MB, and No Logo removes it", async () => {
    const big = await postForm(as("eventAdmin"), `/api/tournaments/series/${s2}`, seriesForm({ url_slug: "beta" }), {
      field: "series_logo",
      data: bigFile(),
    });
    expect([big.statusCode, big.json().message]).toEqual([413, "The logo exceeds the maximum size of 2MB."]);
    const ok = await postForm(as("eventAdmin"), `/api/tournaments/series/${s2}`, seriesForm({ url_slug: "beta" }), {
      field: "series_logo",
      data: await smallPng(),
    });
    expect(ok.statusCode).toBe(200);
    const withLogo = (await as("anonymous").get("/api/tournaments/series/beta")).json();
    expect(withLogo.logo_url).toMatch(/^\/uploads\//);
    expect(withLogo.logo_url).toBe(`/uploads/${withLogo.logo_filename}`);
    expect((await save("eventAdmin", s2, { url_slug: "beta" })).statusCode).toBe(200);
    expect((await as("anonymous").get("/api/tournaments/series/beta")).json().logo_url).toMatch(/^\/uploads\//);
    expect((await save("eventAdmin", s2, { url_slug: "beta", no_logo: true })).statusCode).toBe(200);
    expect((await as("anonymous").get("/api/tournaments/series/beta")).json()).toMatchObject({ logo_url: null, logo_filename: null });
  });

  it("manages roles: only event administrators assign Series Administrator; series administrators assign organizers", async () => {
    const roles = (who: string, role: string) => as(who).get(`/api/tournaments/series/${s1}/roles?role=${role}`);
    const editRole = (who: string, player: number, role: string, action: string) =>
      as(who).post(`/api/tournaments/series/${s1}/roles/edit`, { player, role, action });
    expect((await roles("eventAdmin", "series_admin")).json().data).toEqual([
      { player_id: ids.seriesAdmin!.playerId, display_name: "AlphaAdmin", country_code: "FR" },
    ]);
    expect((await roles("seriesAdmin", "series_mod")).json().data.map((h: { display_name: string }) => h.display_name)).toEqual([
      "AlphaOrganizer",
    ]);
    expect((await roles("organizer", "series_mod")).statusCode).toBe(403);
    expect((await roles("player", "series_mod")).statusCode).toBe(403);
    expect((await roles("anonymous", "series_mod")).statusCode).toBe(401);

    const newbie = ids.newbie!.playerId;
    const refused = await editRole("seriesAdmin", newbie, "series_admin", "add");
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      "Only event administrators may assign the Series Administrator role.",
    ]);
    expect((await editRole("organizer", newbie, "series_mod", "add")).statusCode).toBe(403);
    expect((await editRole("seriesAdmin", newbie, "series_mod", "add")).json()).toEqual({ status: "ok" });
    expect((await editRole("seriesAdmin", newbie, "series_mod", "add")).statusCode).toBe(200); // idempotent
    expect((await roles("seriesAdmin", "series_mod")).json().data.map((h: { display_name: string }) => h.display_name)).toEqual([
      "AlphaOrganizer",
      "Newbie",
    ]);
    expect((await editRole("eventAdmin", newbie, "series_admin", "add")).statusCode).toBe(200);
    expect((await roles("eventAdmin", "series_admin")).json().data).toHaveLength(2);
    // The new organizer now manages the series' content.
    expect((await as("newbie").get(`/api/tournaments/series/${s1}/templates`)).statusCode).toBe(200);
    expect((await editRole("eventAdmin", newbie, "series_admin", "remove")).statusCode).toBe(200);
    expect((await editRole("seriesAdmin", newbie, "series_mod", "remove")).statusCode).toBe(200);
    expect((await roles("seriesAdmin", "series_mod")).json().data).toHaveLength(1);

    const shadow = await createPlayer(t.database, { display_name: "Shadowy", is_shadow: 1 });
    const s = await editRole("eventAdmin", shadow, "series_mod", "add");
    expect([s.statusCode, s.json().message]).toEqual([400, "This player has no account and cannot hold a series role."]);
    expect((await editRole("eventAdmin", 999999, "series_mod", "add")).statusCode).toBe(404);
    expect((await as("eventAdmin").get(`/api/tournaments/series/${s2}/roles?role=series_admin`)).json().data).toEqual([]);
  });

  it("lists series names for the tournament form", async () => {
    const pub = (await as("player").get("/api/tournaments/all_series")).json().data.map((s: { series_name: string }) => s.series_name);
    expect(pub).not.toContain("Hidden Series");
    const staff = (await as("eventAdmin").get("/api/tournaments/all_series"))
      .json()
      .data.map((s: { series_name: string }) => s.series_name);
    expect(staff).toContain("Hidden Series");
  });
});
