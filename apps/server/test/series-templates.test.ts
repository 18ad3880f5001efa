import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import { bigFile, createSeries, createTemplate, type FormValue, grantSeriesRole, postForm, smallPng } from "./tournament-helpers.js";

const D = await dialects();

describe.each(D)("series templates (%s)", (dialect) => {
  let t: TestApp;
  let s1: number;
  let s2: number;
  let t2: number;
  const clients: Record<string, Client> = {};
  const as = (who: string) => clients[who]!;

  const templateForm = (o: Record<string, FormValue> = {}): Record<string, FormValue> => ({
    series_id: s1,
    template_name: "Weekly Squads",
    tournament_title: "Weekly Squads #",
    use_logo: "default",
    organizer: "default",
    location: "",
    game_mode: "mk8dx_150",
    registration_format: "2",
    pr_value: "0",
    minimum_team_size: "2",
    maximum_team_size: "4",
    squad_tag_required: true,
    squad_name_required: false,
    host_required: true,
    ign_required: false,
    checkin_required: true,
    minimum_checkins: "2",
    verification_required: false,
    description: "Desc",
    rules: "Rules",
    post_registration_message: "See you",
    ...o,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    s1 = await createSeries(d, { series_name: "Alpha Series", game_mode: "mk8dx_150", default_event_format: 2 });
    s2 = await createSeries(d, { series_name: "Beta Series" });
    t2 = await createTemplate(d, s2, { template_name: "Beta weekly" });
    for (const [who, roles] of [
      ["eventadmin", ["event_admin"]],
      ["organizer", []],
      ["player", []],
    ] as Array<[string, string[]]>) {
      const a = await signedIn(t, { email: `${who}@example.com`, roles, player: { display_name: who, country_code: "FR" }, signIn: false });
      if (who === "organizer") await grantSeriesRole(d, s1, a.userId, "series_mod");
      clients[who] = await signIn(t, a.email);
    }
    clients.anonymous = new Client(t.app);
    await clients.anonymous.session();
  });
  afterAll(() => t.close());

  const save = (who: string, id: number | "new", o: Record<string, FormValue> = {}) =>
    postForm(as(who), `/api/tournaments/series/templates/${id}`, templateForm(o));

  it("creates, lists, reads, edits and deletes a template of one's own series", async () => {
    const res = await save("organizer", "new");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", series_id: s1, id: expect.any(Number) });
    const id = res.json().id;
    const list = (await as("organizer").get(`/api/tournaments/series/${s1}/templates`)).json();
    expect(list).toEqual({
      series_id: s1,
      series_name: "Alpha Series",
      data: [
        {
          id,
          template_name: "Weekly Squads",
          tournament_title: "Weekly Squads #",
          game_mode_human: "MK8DX 150cc",
          event_format_human: "Squad",
        },
      ],
    });
    const tpl = (await as("organizer").get(`/api/tournaments/series/templates/${id}`)).json();
    expect(tpl).toMatchObject({
      id,
      template_id: id,
      series_id: s1,
      logo_mode: "default",
      logo_filename: "default",
      organizer: null,
      resolved_organizer: "mkc",
      default_game_mode: "mk8dx_150",
      default_event_format: 2,
      team_tag_required: true,
      player_host_required: true,
      checkin_minimum: 2,
      misconfigured_fields: [],
    });
    expect((await save("organizer", id, { template_name: "Weekly Squads v2" })).statusCode).toBe(200);
    expect((await as("organizer").get(`/api/tournaments/series/templates/${id}`)).json().template_name).toBe("Weekly Squads v2");
    expect((await as("organizer").post(`/api/tournaments/series/templates/${id}/delete`)).json()).toEqual({ status: "ok" });
    expect((await as("organizer").get(`/api/tournaments/series/templates/${id}`)).statusCode).toBe(404);
    expect((await as("organizer").get(`/api/tournaments/series/${s1}/templates`)).json().data).toEqual([]);
  });

  it("answers a copy with ' - Copy' appended and keeps the logo of the copied template", async () => {
    const res = await postForm(
      as("eventadmin"),
      "/api/tournaments/series/templates/new",
      templateForm({ use_logo: "upload", template_name: "Logo One" }),
      {
        field: "template_logo",
        data: await smallPng(),
      },
    );
    const id = res.json().id;
    const original = (await as("eventadmin").get(`/api/tournaments/series/templates/${id}`)).json();
    expect(original.logo_mode).toBe("file");
    expect(original.logo_url).toBe(`/uploads/${original.logo_filename}`);
    const copy = (await as("eventadmin").get(`/api/tournaments/series/templates/${id}?copy=1`)).json();
    expect(copy).toMatchObject({ id: null, template_id: null, template_name: "Logo One - Copy", logo_url: original.logo_url });
    const long = (await save("eventadmin", "new", { template_name: "n".repeat(250) })).json().id;
    const longCopy = (await as("eventadmin").get(`/api/tournaments/series/templates/${long}?copy=1`)).json().template_name;
    expect([longCopy.length, longCopy.endsWith(" - Copy")]).toEqual([250, true]);
    const saved = await save("eventadmin", "new", { template_name: copy.template_name, use_logo: "existing", from_template: id });
    const savedCopy = (await as("eventadmin").get(`/api/tournaments/series/templates/${saved.json().id}`)).json();
    expect(savedCopy).toMatchObject({ template_name: "Logo One - Copy", logo_mode: "file", logo_url: original.logo_url });
  });

  it("checks the limits and the 2MB logo cap", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ template_name: "" }, "Template name is required."],
      [{ template_name: "x".repeat(251) }, "Template name may be at most 250 characters."],
      [{ tournament_title: "x".repeat(251) }, "Tournament title may be at most 250 characters."],
      [{ organizer: "lan", location: "x".repeat(121) }, "The location may be at most 120 characters."],
      [{ minimum_team_size: "100" }, "Minimum players must be a number of at most 2 digits."],
      [{ maximum_team_size: "100" }, "Maximum players must be a number of at most 2 digits."],
      [{ minimum_checkins: "100" }, "Minimum check-ins must be a number of at most 2 digits."],
      [{ series_id: "" }, "Series is required."],
      [{ minimum_team_size: "5", maximum_team_size: "4" }, "Minimum players may not be more than maximum players."],
      [{ use_logo: "upload" }, "Choose a logo file to upload."],
    ];
    for (const [o, message] of cases) {
      const r = await save("eventadmin", "new", o);
      expect([r.statusCode, r.json().message]).toEqual([400, message]);
    }
    const big = await postForm(as("eventadmin"), "/api/tournaments/series/templates/new", templateForm({ use_logo: "upload" }), {
      field: "template_logo",
      data: bigFile(),
    });
    expect([big.statusCode, big.json().message]).toEqual([413, "The logo exceeds the maximum size of 2MB."]);
  });

  it("keeps organizers to their own series' templates and the event administrators' fields", async () => {
    expect((await as("organizer").get(`/api/tournaments/series/${s2}/templates`)).statusCode).toBe(403);
    expect((await as("organizer").get(`/api/tournaments/series/templates/${t2}`)).statusCode).toBe(403);
    expect((await save("organizer", t2, { series_id: s2 })).statusCode).toBe(403);
    expect((await save("organizer", "new", { series_id: s2 })).statusCode).toBe(403);
    expect((await as("organizer").post(`/api/tournaments/series/templates/${t2}/delete`)).statusCode).toBe(403);
    for (const o of [{ game_mode: "mkworld_150" }, { registration_format: "1" }, { organizer: "lan" }]) {
      const r = await save("organizer", "new", o);
      expect([r.statusCode, r.json().message]).toEqual([
        403,
        "Only event administrators may set the organizer, game mode and registration format of a template.",
      ]);
    }
    const unspecified = await save("eventadmin", "new", { game_mode: "", registration_format: "" });
    expect((await as("eventadmin").get(`/api/tournaments/series/templates/${unspecified.json().id}`)).json().misconfigured_fields).toEqual([
      "Game Mode",
      "Registration Format",
    ]);
    expect((await as("player").get(`/api/tournaments/series/${s1}/templates`)).statusCode).toBe(403);
    expect((await as("anonymous").get(`/api/tournaments/series/${s1}/templates`)).statusCode).toBe(401);
    expect((await save("anonymous", "new")).statusCode).toBe(401);
    expect((await as("eventadmin").get(`/api/tournaments/series/999999/templates`)).statusCode).toBe(404);
  });
});
