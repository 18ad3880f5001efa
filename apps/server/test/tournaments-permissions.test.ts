import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import { createSeries, createTemplate, grantSeriesRole, postForm, tournamentForm } from "./tournament-helpers.js";

const D = await dialects();

/**
 * 001 §6 as a table: site roles and series roles × the tournament and series actions, checked
 * through the HTTP API. "Allowed" means 200; a refusal is 401 for anonymous visitors, 404 where
 * the thing is unpublished (invisible), 403 otherwise.
 */
const ACTORS = ["anonymous", "player", "moderator", "eventMod", "eventAdmin", "admin", "s1Admin", "s1Organizer", "s2Organizer"] as const;
type ActorName = (typeof ACTORS)[number];

// prettier-ignore
const TABLE: Record<string, { allowed: boolean[]; denied?: number }> = {
  //                                    anon   player mod    evMod  evAdm  admin  s1Adm  s1Org  s2Org
  "create a tournament from scratch":  { allowed: [false, false, false, false, true,  true,  false, false, false] },
  "create from an S1 template":        { allowed: [false, false, false, false, true,  true,  true,  true,  false] },
  "edit an S1 tournament":             { allowed: [false, false, false, false, true,  true,  true,  true,  false] },
  "change an S1 tournament's controls":{ allowed: [false, false, false, false, true,  true,  true,  true,  false] },
  "read an S1 tournament's logs":      { allowed: [false, false, false, false, true,  true,  true,  true,  false] },
  "see an unpublished S1 tournament":  { allowed: [false, false, false, true,  true,  true,  true,  true,  false], denied: 404 },
  "see an unpublished series they staff":{ allowed: [false, false, false, true,  true,  true,  true,  true,  false], denied: 404 },
  "create a series":                   { allowed: [false, false, false, false, true,  true,  false, false, false] },
  "edit S1":                           { allowed: [false, false, false, false, true,  true,  true,  false, false] },
  "list S1 role holders":              { allowed: [false, false, false, false, true,  true,  true,  false, false] },
  "assign Series Organizer in S1":     { allowed: [false, false, false, false, true,  true,  true,  false, false] },
  "assign Series Administrator in S1": { allowed: [false, false, false, false, true,  true,  false, false, false] },
  "manage S1 templates":               { allowed: [false, false, false, false, true,  true,  true,  true,  false] },
  "delete an S1 template":             { allowed: [false, false, false, false, true,  true,  true,  true,  false] },
};

describe.each(D)("tournament and series permissions, role × action (%s)", (dialect) => {
  let t: TestApp;
  const clients = new Map<ActorName, Client>();
  let run: Record<string, (c: Client, n: number) => Promise<LightMyRequestResponse>>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    const s1 = await createSeries(d, { series_name: "S1", url_slug: "s-one" });
    const s2 = await createSeries(d, { series_name: "S2", url_slug: "s-two" });
    const s3 = await createSeries(d, { series_name: "S3", url_slug: "s-three", published: 0 });
    const tpl = await createTemplate(d, s1);
    const published = await createTournament(d, { tournament_series_id: s1, event_format: 2 });
    const hidden = await createTournament(d, { tournament_series_id: s1, published: 0 });
    const target = await signedIn(t, {
      email: "target@example.com",
      player: { display_name: "Target", country_code: "FR" },
      signIn: false,
    });
    const siteRoles: Partial<Record<ActorName, string[]>> = {
      moderator: ["moderate"],
      eventMod: ["event_mod"],
      eventAdmin: ["event_admin"],
      admin: ["administrate"],
    };
    for (const name of ACTORS) {
      let c = new Client(t.app);
      if (name === "anonymous") await c.session();
      else {
        const player = { display_name: name, country_code: "FR" };
        const a = await signedIn(t, { email: `${name.toLowerCase()}@example.com`, roles: siteRoles[name] ?? [], player, signIn: false });
        if (name === "s1Admin") await grantSeriesRole(d, s1, a.userId, "series_admin");
        if (name === "s1Organizer") await grantSeriesRole(d, s1, a.userId, "series_mod");
        // S3 is unpublished and staffed by the same people.
        if (name === "s1Admin") await grantSeriesRole(d, s3, a.userId, "series_admin");
        if (name === "s1Organizer") await grantSeriesRole(d, s3, a.userId, "series_mod");
        if (name === "s2Organizer") await grantSeriesRole(d, s2, a.userId, "series_mod");
        c = await signIn(t, a.email);
      }
      clients.set(name, c);
    }
    const edit = {
      registration_format: "2",
      squad_tag_required: false,
      squad_name_required: false,
      organizer: "",
      game_mode: "",
      series: s1,
    };
    run = {
      "create a tournament from scratch": (c) => postForm(c, "/api/events/new", tournamentForm()),
      "create from an S1 template": (c) =>
        postForm(
          c,
          "/api/events/new",
          tournamentForm({ template_id: tpl, series: s1, organizer: "", game_mode: "", registration_format: "" }),
        ),
      "edit an S1 tournament": (c) => postForm(c, `/api/events/${published}`, tournamentForm(edit)),
      "change an S1 tournament's controls": (c, n) => c.post(`/api/events/${published}/controls`, { registrations_open: n % 2 === 0 }),
      "read an S1 tournament's logs": (c) => c.get(`/api/events/${published}/logs`),
      "see an unpublished S1 tournament": (c) => c.get(`/api/events/${hidden}`),
      "see an unpublished series they staff": (c) => c.get("/api/tournaments/series/s-three"),
      "create a series": (c, n) =>
        postForm(c, "/api/tournaments/series/new", {
          series_title: `New ${n}`,
          url_slug: `new-${n}`,
          display_order: "1",
          short_description: "x",
        }),
      "edit S1": (c) =>
        postForm(c, `/api/tournaments/series/${s1}`, {
          series_title: "S1",
          url_slug: "s-one",
          display_order: "1",
          short_description: "x",
          published: true,
        }),
      "list S1 role holders": (c) => c.get(`/api/tournaments/series/${s1}/roles?role=series_mod`),
      "assign Series Organizer in S1": (c) =>
        c.post(`/api/tournaments/series/${s1}/roles/edit`, { player: target.playerId, role: "series_mod", action: "add" }),
      "assign Series Administrator in S1": (c) =>
        c.post(`/api/tournaments/series/${s1}/roles/edit`, { player: target.playerId, role: "series_admin", action: "remove" }),
      "manage S1 templates": (c) => c.get(`/api/tournaments/series/${s1}/templates`),
      "delete an S1 template": async (c) => {
        const id = await createTemplate(d, s1);
        return c.post(`/api/tournaments/series/templates/${id}/delete`);
      },
    };
  });
  afterAll(() => t.close());

  it("covers every action of the table", () => {
    expect(Object.keys(run).sort()).toEqual(Object.keys(TABLE).sort());
  });

  for (const [action, row] of Object.entries(TABLE)) {
    it(action, async () => {
      const got: Array<[ActorName, number]> = [];
      const want: Array<[ActorName, number]> = [];
      let n = 0;
      for (const [i, name] of ACTORS.entries()) {
        const res = await run[action]!(clients.get(name)!, ++n);
        if (res.statusCode === 400) throw new Error(`${action} as ${name}: ${res.body}`);
        got.push([name, res.statusCode]);
        const denied = row.denied ?? (name === "anonymous" ? 401 : 403);
        want.push([name, row.allowed[i] ? 200 : denied]);
      }
      expect(got).toEqual(want);
    });
  }
});
