import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import {
  bigFile,
  createSeries,
  createTemplate,
  DAY_MS,
  grantSeriesRole,
  localDate,
  postForm,
  smallPng,
  tournamentForm,
} from "./tournament-helpers.js";

const D = await dialects();

describe.each(D)("tournaments: create, edit, page, controls, logs (%s)", (dialect) => {
  let t: TestApp;
  let s1: number;
  let s2: number;
  let t1: number;
  let t2: number;
  let tMisconfigured: number;
  const clients: Record<string, Client> = {};
  const as = (who: string) => clients[who]!;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    s1 = await createSeries(d, { series_name: "Alpha Series", organizer: "affiliate" });
    s2 = await createSeries(d, { series_name: "Beta Series" });
    t1 = await createTemplate(d, s1, { template_name: "Alpha weekly", organizer: null, game_mode: "mk8dx_200", event_format: 2 });
    t2 = await createTemplate(d, s2, { template_name: "Beta weekly" });
    tMisconfigured = await createTemplate(d, s1, { template_name: "Half done", game_mode: null, event_format: null });
    const account = (email: string, name: string, roles: string[] = []) =>
      signedIn(t, { email, roles, player: { display_name: name, country_code: "FR" }, signIn: false });
    const accounts = {
      eventAdmin: await account("ea@example.com", "EventBoss", ["event_admin"]),
      admin: await account("admin@example.com", "SiteBoss", ["administrate"]),
      eventMod: await account("em@example.com", "EventMod", ["event_mod"]),
      seriesAdmin: await account("sa@example.com", "AlphaAdmin"),
      organizer: await account("org@example.com", "AlphaOrganizer"),
      otherOrganizer: await account("org2@example.com", "BetaOrganizer"),
      player: await account("player@example.com", "JustPlayer"),
    };
    await grantSeriesRole(d, s1, accounts.seriesAdmin.userId, "series_admin");
    await grantSeriesRole(d, s1, accounts.organizer.userId, "series_mod");
    await grantSeriesRole(d, s2, accounts.otherOrganizer.userId, "series_mod");
    for (const [who, a] of Object.entries(accounts)) clients[who] = await signIn(t, a.email);
    const anon = new Client(t.app);
    await anon.session();
    clients.anonymous = anon;
  });
  afterAll(() => t.close());

  const create = (who: string, o: Record<string, string | number | boolean | null | undefined> = {}) =>
    postForm(as(who), "/api/events/new", tournamentForm(o));
  const edit = (who: string, id: number, o: Record<string, string | number | boolean | null | undefined> = {}) =>
    postForm(as(who), `/api/events/${id}`, tournamentForm(o));
  const get = (who: string, id: number) => as(who).get(`/api/events/${id}`);

  it("lets an event administrator create a squad tournament from scratch and shows it", async () => {
    const res = await create("eventAdmin", { series: s2, transfer_deadline: "2030-01-15" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: "ok", message: expect.any(String), id: expect.any(Number) });
    const page = (await get("anonymous", body.id)).json();
    expect(page).toMatchObject({
      title: "Spring Squad Cup",
      event_format: 2,
      event_format_human: "Squad",
      game: "mk8dx",
      game_human: "Mario Kart 8 Deluxe",
      game_mode_human: "150cc",
      tournament_series_id: s2,
      series_name: "Beta Series",
      minimum_team_size: 2,
      maximum_team_size: 4,
      team_tag_required: true,
      team_name_required: true,
      published: true,
      registrations_open: true,
      no_date: false,
      transfer_deadline: "2030-01-15",
      transfer_deadline_human: "Jan 15, 2030 23:59:59 UTC",
      description_formatted: "<p>Welcome!</p>\n",
      can_administrate: false,
    });
    expect((await get("eventAdmin", body.id)).json().can_administrate).toBe(true);
  });

  it("checks the limits: title required ≤ 250, location ≤ 120, player counts and check-ins ≤ 2 digits", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ tournament_title: "  " }, "Tournament title is required."],
      [{ tournament_title: "x".repeat(251) }, "Tournament title may be at most 250 characters."],
      [{ organizer: "lan", specify_location: "x".repeat(121) }, "The location may be at most 120 characters."],
      [{ minimum_players: "100" }, "Minimum players must be a number of at most 2 digits."],
      [{ maximum_players: "100" }, "Maximum players must be a number of at most 2 digits."],
      [{ checkin_minimum: "100" }, "Minimum check-ins must be a number of at most 2 digits."],
      [{ minimum_players: "5", maximum_players: "4" }, "Minimum players may not be more than maximum players."],
      [
        { start_date: localDate(Date.now() + 5 * DAY_MS), end_date: localDate(Date.now() + 4 * DAY_MS) },
        "The end date must be after the start date.",
      ],
      [{ start_date: "" }, "Start date is required."],
      [{ game_mode: "" }, "Game mode is required."],
      [{ game_mode: "nope" }, "Unknown game mode."],
      [{ organizer: "lan", location: "specify", specify_location: "" }, "Enter the location, or choose TBD."],
    ];
    for (const [o, message] of cases) {
      const res = await create("eventAdmin", o);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await create("eventAdmin", { tournament_title: "x".repeat(250) })).statusCode).toBe(200);
    const lan = await create("eventAdmin", { organizer: "lan", specify_location: "y".repeat(120) });
    expect((await get("eventAdmin", lan.json().id)).json()).toMatchObject({ organizer: "lan", location: "y".repeat(120) });
    const tbd = await create("eventAdmin", { organizer: "lan", location: "tbd" });
    expect((await get("eventAdmin", tbd.json().id)).json().location).toBe("TBD");
  });

  it("stores no dates for date modes tbd and ongoing", async () => {
    for (const mode of ["tbd", "ongoing"]) {
      const res = await create("eventAdmin", { date: mode, start_date: "", end_date: "" });
      expect(res.statusCode).toBe(200);
      expect((await get("eventAdmin", res.json().id)).json()).toMatchObject({ no_date: true, start_date: null, end_date: null });
    }
  });

  it("refuses to change the registration format and the four requirements after creation", async () => {
    const id = (await create("eventAdmin")).json().id;
    const refusals: Array<[Record<string, string | boolean>, string]> = [
      [{ registration_format: "1" }, "Registration Format cannot be changed after the tournament is created."],
      [{ squad_tag_required: false }, "Squad Tag Required cannot be changed after the tournament is created."],
      [{ squad_name_required: false }, "Squad Name Required cannot be changed after the tournament is created."],
      [{ host_required: true }, "Host Required cannot be changed after the tournament is created."],
      [{ ign_required: true }, "In-Game Name Required cannot be changed after the tournament is created."],
    ];
    for (const [o, message] of refusals) {
      const res = await edit("eventAdmin", id, o);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await get("eventAdmin", id)).json()).toMatchObject({ event_format: 2, team_tag_required: true, player_host_required: false });
    const ok = await edit("eventAdmin", id, { tournament_title: "Renamed Cup" });
    expect(ok.json()).toMatchObject({ status: "ok", id });
    expect((await get("eventAdmin", id)).json().title).toBe("Renamed Cup");
  });

  it("gives series staff the template's series, organizer, mode and format, and only for their series", async () => {
    const res = await create("organizer", { template_id: t1, series: s1, organizer: "", game_mode: "", registration_format: "" });
    expect(res.statusCode).toBe(200);
    expect((await get("organizer", res.json().id)).json()).toMatchObject({
      tournament_series_id: s1,
      organizer: "affiliate", // the template says default: the series' organizer
      game_mode: "mk8dx_200",
      event_format: 2,
      template_id: t1,
    });
    // Read-only fields may not be changed.
    for (const o of [{ registration_format: "1" }, { game_mode: "mk8dx_150" }, { organizer: "lan" }, { series: s2 }]) {
      const r = await create("organizer", { template_id: t1, series: s1, organizer: "", game_mode: "", registration_format: "", ...o });
      expect([r.statusCode, r.json().message]).toEqual([
        403,
        "Only event administrators may choose the series, organizer, game mode and registration format.",
      ]);
    }
    // Another series' template, or no template at all.
    const other = await create("organizer", { template_id: t2, series: s2 });
    expect([other.statusCode, other.json().message]).toEqual([403, "You may only create tournaments from the templates of your series."]);
    const scratch = await create("organizer");
    expect([scratch.statusCode, scratch.json().message]).toEqual([
      403,
      "Only event administrators may create a tournament without a template.",
    ]);
    expect((await create("player", { template_id: t1 })).statusCode).toBe(403);
    expect((await create("anonymous")).statusCode).toBe(401);
  });

  it("reports a template without game mode and format as misconfigured and lets staff pick them", async () => {
    const tpl = (await as("seriesAdmin").get(`/api/tournaments/series/templates/${tMisconfigured}`)).json();
    expect(tpl.misconfigured_fields).toEqual(["Game Mode", "Registration Format"]);
    const noFormat = await create("seriesAdmin", { template_id: tMisconfigured, series: s1, organizer: "", registration_format: "" });
    expect([noFormat.statusCode, noFormat.json().message]).toEqual([400, "Registration format is required."]);
    const res = await create("seriesAdmin", {
      template_id: tMisconfigured,
      series: s1,
      organizer: "",
      game_mode: "mkworld_150",
      registration_format: "1",
    });
    expect(res.statusCode).toBe(200);
    expect((await get("seriesAdmin", res.json().id)).json()).toMatchObject({ game: "mkworld", event_format: 1, minimum_team_size: 1 });
  });

  it("lets series staff edit their series' tournaments but not another series' (403)", async () => {
    const mine = await createTournament(t.database, { tournament_series_id: s1, title: "Alpha #1" });
    const theirs = await createTournament(t.database, { tournament_series_id: s2, title: "Beta #1" });
    const base = {
      registration_format: "2",
      squad_tag_required: false,
      squad_name_required: false,
      series: undefined,
      organizer: "",
      game_mode: "",
    };
    expect((await edit("organizer", mine, { ...base, tournament_title: "Alpha #1 (edited)" })).statusCode).toBe(200);
    expect((await get("organizer", mine)).json()).toMatchObject({ title: "Alpha #1 (edited)", tournament_series_id: s1 });
    const refused = await edit("organizer", theirs, { ...base, tournament_title: "Hijacked" });
    expect([refused.statusCode, refused.json().message]).toEqual([403, "You do not have permission to edit this tournament."]);
    expect((await edit("seriesAdmin", theirs, base)).statusCode).toBe(403);
    expect((await edit("otherOrganizer", theirs, base)).statusCode).toBe(200);
    expect((await edit("player", mine, base)).statusCode).toBe(403);
    expect((await edit("anonymous", mine, base)).statusCode).toBe(401);
    // Series staff cannot move a tournament to another series.
    expect((await edit("organizer", mine, { ...base, series: s2 })).statusCode).toBe(403);
    expect((await get("organizer", mine)).json().can_administrate).toBe(true);
    expect((await get("organizer", theirs)).json().can_administrate).toBe(false);
  });

  it("hides unpublished tournaments from the public with 404 on page and listing", async () => {
    const id = await createTournament(t.database, { tournament_series_id: s1, title: "Secret Alpha", published: 0 });
    for (const who of ["anonymous", "player", "otherOrganizer"]) {
      const res = await get(who, id);
      expect([who, res.statusCode, res.json().message]).toEqual([who, 404, "Tournament not found."]);
      // The logs need an account before anything is read (issue #15): anonymous 401, others 404.
      expect((await as(who).get(`/api/events/${id}/logs`)).statusCode).toBe(who === "anonymous" ? 401 : 404);
    }
    for (const who of ["organizer", "seriesAdmin", "eventMod", "eventAdmin", "admin"]) expect((await get(who, id)).statusCode).toBe(200);
    const titles = async (who: string) => {
      const r = (await as(who).get("/api/tournaments?search=Secret%20Alpha")).json();
      return [...r.upcoming, ...r.ongoing].map((x: { title: string }) => x.title);
    };
    expect(await titles("player")).toEqual([]);
    expect(await titles("anonymous")).toEqual([]);
    expect(await titles("organizer")).toEqual(["Secret Alpha"]);
    expect(await titles("eventMod")).toEqual(["Secret Alpha"]);
    expect((await get("anonymous", 999999)).statusCode).toBe(404);
  });

  it("takes a logo upload, refuses one over 2MB with the spec's message, and can drop it", async () => {
    const big = await postForm(as("eventAdmin"), "/api/events/new", tournamentForm({ use_logo: "upload" }), {
      field: "logo",
      data: bigFile(),
    });
    expect([big.statusCode, big.json()]).toEqual([
      413,
      { status: "error", message: "The logo exceeds the maximum size of 2MB.", code: "uploads.too_large", params: { size: 2, unit: "MB" } },
    ]);
    const res = await postForm(as("eventAdmin"), "/api/events/new", tournamentForm({ use_logo: "upload" }), {
      field: "logo",
      data: await smallPng(),
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().id;
    const logo = (await get("eventAdmin", id)).json().logo_url;
    expect(logo).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
    // 001 §3 names the stored file logo_filename; logo_url is where it is served.
    expect(`/uploads/${(await get("eventAdmin", id)).json().logo_filename}`).toBe(logo);
    expect((await edit("eventAdmin", id, { use_logo: "existing" })).statusCode).toBe(200);
    expect((await get("eventAdmin", id)).json().logo_url).toBe(logo);
    expect((await edit("eventAdmin", id, { use_logo: "none" })).statusCode).toBe(200);
    expect((await get("eventAdmin", id)).json()).toMatchObject({ logo_url: null, logo_filename: null });
    const missing = await edit("eventAdmin", id, { use_logo: "upload" });
    expect([missing.statusCode, missing.json().message]).toEqual([400, "Choose a logo file to upload."]);
  });

  it("refuses a multipart save without the CSRF header", async () => {
    const c = as("eventAdmin");
    const token = c.csrfToken;
    c.csrfToken = "";
    try {
      expect((await create("eventAdmin")).statusCode).toBe(403);
    } finally {
      c.csrfToken = token;
    }
  });

  it("logs every control change (who, what, before, after), newest first and paged", async () => {
    const id = await createTournament(t.database, { tournament_series_id: s1, title: "Controlled", published: 0, checkin_required: 1 });
    const c = as("organizer");
    const steps = [
      { published: true },
      { registrations_open: true },
      { checkin_status: 1 },
      { checkin_status: 2 },
      { show_on_profiles: false },
      { published: true }, // unchanged: no log line
    ];
    for (const body of steps) expect((await c.post(`/api/events/${id}/controls`, body)).statusCode).toBe(200);
    const state = (await c.post(`/api/events/${id}/controls`, { registrations_open: false })).json();
    expect(state).toEqual({ status: "ok", published: true, registrations_open: false, checkin_status: 2, show_on_profiles: false });
    const logs = (await c.get(`/api/events/${id}/logs`)).json();
    expect(logs.has_next_page).toBe(false);
    expect(logs.data.map((l: { action: string; before: string; after: string }) => [l.action, l.before, l.after])).toEqual([
      ["controls.registrations_open", "Open", "Closed"],
      ["controls.show_on_profiles", "Shown", "Hidden"],
      ["controls.checkin_status", "1 (Open)", "2 (Closed)"],
      ["controls.checkin_status", "0 (Not Open)", "1 (Open)"],
      ["controls.registrations_open", "Closed", "Open"],
      ["controls.published", "Hidden", "Published"],
    ]);
    expect(logs.data[0]).toMatchObject({
      user_name: "AlphaOrganizer",
      action_human: "Changed registrations",
      created_at_human: expect.stringMatching(/UTC$/),
    });
    expect((await as("player").post(`/api/events/${id}/controls`, { published: false })).statusCode).toBe(403);
    expect((await as("player").get(`/api/events/${id}/logs`)).statusCode).toBe(403);
    expect((await as("otherOrganizer").post(`/api/events/${id}/controls`, { published: false })).statusCode).toBe(403);
    expect((await as("anonymous").post(`/api/events/${id}/controls`, { published: false })).statusCode).toBe(401);
    const bad = await c.post(`/api/events/${id}/controls`, { checkin_status: 3 });
    expect(bad.statusCode).toBe(400);
    // Paging: 50 per page.
    for (let i = 0; i < 25; i++) {
      await c.post(`/api/events/${id}/controls`, { published: false });
      await c.post(`/api/events/${id}/controls`, { published: true });
    }
    const p1 = (await c.get(`/api/events/${id}/logs?page=1`)).json();
    const p2 = (await c.get(`/api/events/${id}/logs?page=2`)).json();
    expect([p1.data.length, p1.has_next_page, p2.data.length, p2.has_next_page]).toEqual([50, true, 6, false]);
    expect(p1.data[0].after).toBe("Published");
  });

  it("logs creation and edits with before and after", async () => {
    const id = (await create("eventAdmin", { tournament_title: "Logged Cup" })).json().id;
    await edit("eventAdmin", id, { tournament_title: "Logged Cup II", event_rules: "New rules" });
    const logs = (await as("eventAdmin").get(`/api/events/${id}/logs`)).json().data;
    expect(logs.map((l: { action: string }) => l.action)).toEqual(["tournament.edit", "tournament.create"]);
    expect(logs[0].before).toContain("title: Logged Cup");
    expect(logs[0].after).toContain("title: Logged Cup II");
    expect(logs[0].after).toContain("rules: (changed)");
    expect(logs[1]).toMatchObject({ after: "Logged Cup", user_name: "EventBoss" });
  });

  it("lists each tab with filters; a tournament moves from Latest to Past after its end date", async () => {
    const res = await create("eventAdmin", { tournament_title: "Tabbed Squad Cup", registrations_open: true });
    const id = res.json().id;
    const tab = async (name: string, q = "") => (await as("anonymous").get(`/api/tournaments?tab=${name}&search=Tabbed${q}`)).json();
    let latest = await tab("latest");
    expect(latest.upcoming.map((x: { id: number }) => x.id)).toEqual([id]);
    expect(latest.upcoming[0].registrations_open).toBe(true);
    expect(latest.past).toEqual([]);
    expect((await tab("latest", "&registration_format=1")).upcoming).toEqual([]);
    expect((await tab("latest", "&registration_format=2&game_mode=mk8dx_150")).upcoming).toHaveLength(1);
    expect((await tab("latest", "&game_mode=mk8dx_200")).upcoming).toEqual([]);
    const now = Date.now();
    const moved = await edit("eventAdmin", id, {
      tournament_title: "Tabbed Squad Cup",
      start_date: localDate(now - 3 * DAY_MS),
      end_date: localDate(now - 2 * DAY_MS),
    });
    expect(moved.json()).toMatchObject({ status: "ok" });
    latest = await tab("latest");
    expect([...latest.upcoming, ...latest.ongoing]).toEqual([]);
    const past = await tab("past");
    expect(past.past.map((x: { id: number }) => x.id)).toEqual([id]);
    expect(past.upcoming).toEqual([]);
    expect((await tab("historical")).historical).toEqual([]);
  });

  it("offers template choices: all to event administrators, their series' to series staff", async () => {
    const ea = (await as("eventAdmin").get("/api/tournaments/template_choices")).json();
    expect(ea.can_start_from_scratch).toBe(true);
    expect(ea.data.map((x: { id: number }) => x.id).sort()).toEqual([t1, t2, tMisconfigured].sort());
    const org = (await as("organizer").get("/api/tournaments/template_choices")).json();
    expect(org).toEqual({
      can_start_from_scratch: false,
      data: expect.arrayContaining([
        expect.objectContaining({ id: t1, series_id: s1, series_name: "Alpha Series", template_name: "Alpha weekly" }),
      ]),
    });
    expect(org.data).toHaveLength(2);
    expect((await as("player").get("/api/tournaments/template_choices")).json()).toEqual({ data: [], can_start_from_scratch: false });
    expect((await as("anonymous").get("/api/tournaments/template_choices")).statusCode).toBe(401);
  });
});
