import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstScreenCalls, HOME_CALLS, isAccountOnlyCall, MY_TOURNAMENTS_CALL, SESSION_CALL, TEMPLATE_CHOICES_CALL } from "@site/contract";
import { createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();

/** The answers a page embeds: the JSON of its `<script id="first-screen">` (exactly one). */
function embedded(html: string): Record<string, unknown> {
  const found = [...html.matchAll(/<script id="first-screen" type="application\/json">([\s\S]*?)<\/script>/g)];
  expect(found).toHaveLength(1);
  return JSON.parse(found[0]![1]!) as Record<string, unknown>;
}

describe("first screen: which calls a page embeds (#17 §6)", () => {
  it("starts with the session call and adds each page's own", () => {
    expect(firstScreenCalls("/")).toEqual([SESSION_CALL, ...HOME_CALLS, MY_TOURNAMENTS_CALL]);
    expect(firstScreenCalls("/tournaments/12")).toEqual([
      SESSION_CALL,
      "/api/events/12",
      "/api/events/12/placements?order=PA&limit=12",
      "/api/events/12/register",
      "/api/events/12/my_placement",
      "/api/events/12/my_room",
    ]);
    expect(firstScreenCalls("/tournaments/12/")).toEqual(firstScreenCalls("/tournaments/12"));
    expect(firstScreenCalls("/tournaments/series/weekly-wars")).toEqual([
      SESSION_CALL,
      "/api/tournaments/series/weekly-wars?page=1",
      MY_TOURNAMENTS_CALL,
    ]);
    expect(firstScreenCalls("/registry/players")).toEqual([
      SESSION_CALL,
      "/api/countries",
      "/api/registry/players?order=newest&page=1&limit=50",
    ]);
    expect(firstScreenCalls("/tournaments")).toEqual([
      SESSION_CALL,
      "/api/tournaments?tab=latest&registration_format=all&page=1",
      MY_TOURNAMENTS_CALL,
      TEMPLATE_CHOICES_CALL,
    ]);
  });

  it("leaves out what depends on the page's own query string, and ids that are not ids", () => {
    expect(firstScreenCalls("/registry/players", "?page=3")).toEqual([SESSION_CALL, "/api/countries"]);
    expect(firstScreenCalls("/tournaments", "?tab=past")).toEqual([SESSION_CALL, MY_TOURNAMENTS_CALL, TEMPLATE_CHOICES_CALL]);
    expect(firstScreenCalls("/tournaments/series/x", "?page=2")).toEqual([SESSION_CALL]);
    expect(firstScreenCalls("/tournaments/mine")).toEqual([SESSION_CALL, MY_TOURNAMENTS_CALL]);
    expect(firstScreenCalls("/tournaments/0")).toEqual([SESSION_CALL]);
    expect(firstScreenCalls("/news")).toEqual([SESSION_CALL]);
  });
});

describe.each(D)("first screen: the page HTML carries the browser's own answers (%s)", (dialect) => {
  let t: TestApp;
  let webDist: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), "web-dist-"));
    mkdirSync(join(webDist, "assets"));
    writeFileSync(
      join(webDist, "index.html"),
      `<!doctype html><html><head><title>Racing Central</title></head><body><div id=root></div></body></html>`,
    );
    writeFileSync(
      join(webDist, "route-chunks.json"),
      JSON.stringify({
        "*": { js: ["/assets/app-main-123.js", "/assets/shared-def.js"], css: ["/assets/app-main-123.css"] },
        "/tournaments/:id": {
          js: ["/assets/tournament-abc.js", "/assets/shared-def.js", "https://evil.example/x.js"],
          css: ["/assets/tournament-abc.css"],
        },
      }),
    );
    t = await createTestApp(dialect, { WEB_DIST: webDist });
    ids.open = await createTournament(t.database, { title: `Cup </script><script>alert("x")</script> \u2028 & friends`, event_format: 0 });
    ids.unpublished = await createTournament(t.database, { title: "Secret Cup", published: 0 });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("embeds every call's answer, equal to the browser's own call, and nothing can close the script early", async () => {
    const anon = new Client(t.app);
    const page = await anon.get(`/tournaments/${ids.open}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-cache");
    expect(String(page.headers.vary)).toMatch(/cookie/);
    const answers = embedded(page.body);
    expect(Object.keys(answers)).toEqual(firstScreenCalls(`/tournaments/${ids.open}`).filter((u) => !isAccountOnlyCall(u)));
    // Account-only calls are not even made for a browser without a session.
    const home = embedded((await anon.get("/")).body);
    expect(Object.keys(home)).toEqual(firstScreenCalls("/").filter((u) => !isAccountOnlyCall(u)));
    for (const url of Object.keys(answers)) {
      const own = await anon.get(url);
      expect(own.statusCode).toBe(200);
      expect(answers[url], url).toEqual(own.json());
    }
    expect((answers[`/api/events/${ids.open}`] as { title: string }).title).toBe(
      `Cup </script><script>alert("x")</script> \u2028 & friends`,
    );
    expect(page.body.match(/<\/script>/g)).toHaveLength(1);
  });

  it("carries the instant its answers were read (the live stream replays what came after, #20 §1)", async () => {
    const anon = new Client(t.app);
    const drawnAt = (body: string) => {
      const found = [...body.matchAll(/<meta name="page-drawn-at" content="(\d+)">/g)];
      expect(found).toHaveLength(1);
      return Number(found[0]![1]);
    };
    const before = Date.now();
    const page = await anon.get(`/tournaments/${ids.open}`);
    const after = Date.now();
    const at = drawnAt(page.body);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    // Each drawing its own instant (a signed-out tournament page is drawn per request).
    await new Promise((r) => setTimeout(r, 5));
    expect(drawnAt((await anon.get(`/tournaments/${ids.open}`)).body)).toBeGreaterThan(at);
  });

  it("sets the CSRF cookie of a first visit, and the embedded session carries the same token", async () => {
    const res = await t.app.inject({ method: "GET", url: "/" });
    const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    const csrf = cookies.map((c) => /^csrf=([^;]+)/.exec(c)?.[1]).find(Boolean);
    expect(csrf).toBeTruthy();
    const session = embedded(res.body)[SESSION_CALL] as { csrfToken: string; user: unknown };
    expect(session.csrfToken).toBe(csrf);
    expect(session.user).toBeNull();
  });

  it("answers as the signed-in browser: an unpublished tournament to its administrator only", async () => {
    const anon = new Client(t.app);
    const hidden = embedded((await anon.get(`/tournaments/${ids.unpublished}`)).body);
    // 404 answers are left out: the page makes that call itself and shows its own message.
    expect(hidden[`/api/events/${ids.unpublished}`]).toBeUndefined();
    expect(hidden[SESSION_CALL]).toMatchObject({ user: null });

    const admin = await signedIn(t, { roles: ["event_admin"], player: false });
    const own = embedded((await admin.c.get(`/tournaments/${ids.unpublished}`)).body);
    expect(own[`/api/events/${ids.unpublished}`]).toMatchObject({ title: "Secret Cup" });
    expect(own[SESSION_CALL]).toMatchObject({ user: expect.objectContaining({ id: admin.userId }) });
    expect(own[`/api/events/${ids.unpublished}/my_room`]).toEqual((await admin.c.get(`/api/events/${ids.unpublished}/my_room`)).json());
    expect(own[`/api/events/${ids.unpublished}/my_placement`]).toEqual(
      (await admin.c.get(`/api/events/${ids.unpublished}/my_placement`)).json(),
    );
    expect(own[`/api/events/${ids.unpublished}/register`]).toEqual((await admin.c.get(`/api/events/${ids.unpublished}/register`)).json());
    // Signed in, the account-only calls are embedded too.
    const home = embedded((await admin.c.get("/")).body);
    expect(home[MY_TOURNAMENTS_CALL]).toEqual((await admin.c.get(MY_TOURNAMENTS_CALL)).json());
  });

  it("announces the app's and the route's own code in the head (modulepreload, stylesheets); other routes get the app's", async () => {
    const anon = new Client(t.app);
    const page = (await anon.get(`/tournaments/${ids.open}`)).body;
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/tournament-abc.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-def.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/tournament-abc.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/app-main-123.css">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/app-main-123.js">');
    // Shared by the app and the route: announced once.
    expect(head.split("/assets/shared-def.js")).toHaveLength(2);
    expect(page).not.toContain("evil.example");
    const players = (await anon.get("/registry/players")).body;
    expect(players).toContain('<link rel="modulepreload" crossorigin href="/assets/app-main-123.js">');
    expect(players).not.toContain("tournament-abc");
  });

  it("a 404 page embeds nothing", async () => {
    const res = await new Client(t.app).get("/no/such/page");
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('id="first-screen"');
  });
});
