import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPageRoute } from "@site/contract";
import { escapeHtml, matchPageRoute, siteDescription, tournamentWhen } from "../src/features/pages/page-meta.service.js";
import { addMember, createPlayer, createTeam, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";
import { createSeries, postForm, tournamentForm } from "./tournament-helpers.js";

const D = await dialects();
const SITE = "Link Central";
const PUBLIC_URL = "https://karts.example.org";

/**
 * The head of a page answer: its title and its meta tags by name or property (values unescaped),
 * but for the drawing's instant (`page-drawn-at`, the live stream's, #20 §1): not a preview's.
 */
function headOf(html: string) {
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)">/g)) {
    if (m[1] !== "page-drawn-at") tags[m[1]!] = unescape(m[2]!);
  }
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => unescape(m[1]!));
  return { title: titles.length === 1 ? titles[0]! : `${titles.length} titles`, tags };
}

describe("link previews: routes and wording", () => {
  it("matches the same paths as isPageRoute, the most specific pattern first", () => {
    const paths = [
      "/",
      "/tournaments/12",
      "/tournaments/12/",
      "/tournaments/series",
      "/tournaments/series/spring-cup",
      "/tournaments/series/edit",
    ];
    const more = ["/registry/players/5", "/registry/teams/category/mk8dx_150", "/registry/teams/shadow/new", "/nope", "/tournaments/1/2/3"];
    for (const p of [...paths, ...more]) expect(matchPageRoute(p) !== null).toBe(isPageRoute(p));
    expect(matchPageRoute("/tournaments/series")?.route).toBe("/tournaments/series");
    expect(matchPageRoute("/tournaments/series/edit")).toEqual({ route: "/tournaments/series/:slugOrId", params: { slugOrId: "edit" } });
    expect(matchPageRoute("/tournaments/12/")).toEqual({ route: "/tournaments/:id", params: { id: "12" } });
    expect(matchPageRoute("/registry/teams/shadow/new")?.route).toBe("/registry/teams/shadow/new");
  });

  it("says when a tournament runs in UTC, or that it is ongoing", () => {
    const at = (y: number, mo: number, d: number, h = 0, mi = 0) => new Date(Date.UTC(y, mo - 1, d, h, mi)).toISOString();
    expect(tournamentWhen(at(2026, 12, 26, 19), null)).toBe("Sat Dec 26 2026, 19:00 UTC");
    expect(tournamentWhen(at(2026, 12, 26, 19, 5), at(2026, 12, 26, 23))).toBe("Sat Dec 26 2026, 19:05 UTC");
    expect(tournamentWhen(at(2026, 12, 26, 9), at(2026, 12, 28, 3))).toBe("Sat Dec 26 2026, 09:00 UTC – Mon Dec 28 2026");
    expect(tournamentWhen(null, at(2027, 1, 2))).toBe("Until Sat Jan 2 2027");
    expect(tournamentWhen(null, null)).toBe("Ongoing");
  });

  it("escapes markup and both quotes", () => {
    expect(escapeHtml(`<script>"a" & 'b'</script>`)).toBe("&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;");
  });
});

describe.each(D)("link previews: page heads (%s)", (dialect) => {
  let t: TestApp;
  let anon: Client;
  let webDist: string;
  const ids: Record<string, number> = {};
  let slug = "";
  let hiddenSlug = "";
  let admin: Client;
  let mod: Client;

  const page = async (url: string) => {
    const plain = await anon.get(url);
    const gz = await anon.request({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    // The gzip answer is the plain one, compressed (each drawn at its own instant, #20 §1).
    const undrawn = (html: string) => html.replace(/<meta name="page-drawn-at" content="\d+">/, "");
    expect(undrawn(gunzipSync(gz.rawPayload).toString())).toBe(undrawn(plain.body));
    expect(plain.headers["content-type"]).toMatch(/text\/html/);
    return { status: plain.statusCode, body: plain.body, ...headOf(plain.body) };
  };
  /** The generic shell of an entity route: its page name, the site's description, no image. */
  const expectGeneric = (p: Awaited<ReturnType<typeof page>>, name: string) => {
    expect(p.status).toBe(200);
    expect(p.title).toBe(`${name} - ${SITE}`);
    expect(p.tags["og:title"]).toBe(name);
    expect(p.tags.description).toBe(siteDescription(SITE));
    expect(p.tags["og:url"]).toBe(`${PUBLIC_URL}/`);
    expect(p.tags["og:image"]).toBeUndefined();
  };

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), "web-dist-"));
    mkdirSync(join(webDist, "assets"));
    writeFileSync(
      join(webDist, "index.html"),
      `<!doctype html><html><head><meta charset="UTF-8" /><title>Racing Central</title></head><body><div id=root></div>${"<!-- padding -->".repeat(80)}</body></html>`,
    );
    // The cache on (tests default to 0): the entity shells are cached and writes must clear them.
    t = await createTestApp(dialect, { WEB_DIST: webDist, SITE_NAME: SITE, PUBLIC_URL, PUBLIC_CACHE_SECONDS: "60" });
    const d = t.database;
    const upload = async (name: string) =>
      (
        await d.db
          .insertInto("uploads")
          .values({
            filename: `${name}.webp`,
            purpose: "logo",
            content_type: "image/webp",
            bytes: 10,
            width: 1,
            height: 1,
            user_id: null,
            created_at: 1,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const logo = await upload("a".repeat(64));
    const seriesId = await createSeries(d, {
      series_name: "Weekly Wars",
      short_description: "Every Sunday, 150cc squads.",
      logo_upload_id: logo,
    });
    slug = (await d.db.selectFrom("tournament_series").select("url_slug").where("id", "=", seriesId).executeTakeFirstOrThrow()).url_slug;
    ids.series = seriesId;
    const hiddenSeries = await createSeries(d, { series_name: "Secret Series", published: 0 });
    hiddenSlug = (await d.db.selectFrom("tournament_series").select("url_slug").where("id", "=", hiddenSeries).executeTakeFirstOrThrow())
      .url_slug;
    ids.tournament = await createTournament(d, {
      title: "Winter Cup",
      event_format: 2,
      game: "mk8dx",
      game_mode: "mk8dx_150",
      start_date: Date.UTC(2026, 11, 26, 19, 0),
      end_date: Date.UTC(2026, 11, 26, 23, 0),
      logo_upload_id: logo,
      tournament_series_id: seriesId,
    });
    ids.ongoing = await createTournament(d, { title: "Forever League", event_format: 1, start_date: null, end_date: null });
    ids.evil = await createTournament(d, { title: `Cup <script>alert("x")</script> & 'friends' $& $1`, event_format: 0 });
    ids.unpublished = await createTournament(d, { title: "Secret Cup", published: 0 });
    ids.player = await createPlayer(d, { display_name: "Speedy", country_code: "FR" });
    ids.hiddenPlayer = await createPlayer(d, { display_name: "Ghost Rider", country_code: "DE", is_hidden: 1 });
    ids.team = await createTeam(d, {
      team_name: "Blue Shells",
      team_tag: "BS",
      category: "mk8dx_150",
      team_status: "approved",
      logo_upload_id: logo,
    });
    ids.pendingTeam = await createTeam(d, { team_name: "Pending Pals", team_tag: "PP", team_status: "unapproved" });
    ids.disapprovedTeam = await createTeam(d, { team_name: "Nope Squad", team_tag: "NS", team_status: "disapproved" });
    await addMember(d, ids.team, ids.player);
    admin = (await signedIn(t, { roles: ["event_admin"], player: false })).c;
    mod = (await signedIn(t, { roles: ["moderate"], player: false })).c;
    anon = new Client(t.app);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("a tournament page: its title, when in UTC, format, game, series, logo and canonical URL", async () => {
    const p = await page(`/tournaments/${ids.tournament}`);
    expect(p.status).toBe(200);
    expect(p.title).toBe(`Winter Cup - ${SITE}`);
    const description = "Sat Dec 26 2026, 19:00 UTC · Squad · Mario Kart 8 Deluxe 150cc · Weekly Wars";
    expect(p.tags).toEqual({
      "site-config": expect.any(String),
      description,
      "og:title": "Winter Cup",
      "og:description": description,
      "og:type": "website",
      "og:url": `${PUBLIC_URL}/tournaments/${ids.tournament}`,
      "og:site_name": SITE,
      "og:image": `${PUBLIC_URL}/uploads/${"a".repeat(64)}.webp`,
      "twitter:card": "summary",
      "twitter:title": "Winter Cup",
      "twitter:description": description,
    });
    // The SPA still boots: the shell's root and site config are there.
    expect(p.body).toContain("<div id=root>");
    expect(p.body).toContain('name="site-config"');
    // A query string or a trailing slash is the same page.
    expect((await page(`/tournaments/${ids.tournament}/?tab=rules`)).tags["og:title"]).toBe("Winter Cup");
  });

  it("an ongoing solo tournament without a logo; a team tournament's title is escaped", async () => {
    const ongoing = await page(`/tournaments/${ids.ongoing}`);
    expect(ongoing.tags.description).toMatch(/^Ongoing · Solo · Mario Kart 8 Deluxe 150cc/);
    expect(ongoing.tags["og:image"]).toBeUndefined();
    const evil = await page(`/tournaments/${ids.evil}`);
    const name = `Cup <script>alert("x")</script> & 'friends' $& $1`;
    expect(evil.title).toBe(`${name} - ${SITE}`);
    expect(evil.tags["og:title"]).toBe(name);
    expect(evil.tags["twitter:title"]).toBe(name);
    expect(evil.tags.description).toContain(" · Team · ");
    expect(evil.body).not.toContain("<script>alert");
    expect(evil.body).toContain("Cup &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39; $&amp; $1");
  });

  it("a series page by slug or id: name, short description, logo", async () => {
    for (const key of [slug, String(ids.series)]) {
      const p = await page(`/tournaments/series/${key}`);
      expect(p.title).toBe(`Weekly Wars - ${SITE}`);
      expect(p.tags).toMatchObject({
        description: "Every Sunday, 150cc squads.",
        "og:title": "Weekly Wars",
        "og:url": `${PUBLIC_URL}/tournaments/series/${slug}`,
        "og:image": `${PUBLIC_URL}/uploads/${"a".repeat(64)}.webp`,
      });
    }
  });

  it("a player page: name, country and current team; a team page: name, tag, category, logo", async () => {
    const player = await page(`/registry/players/${ids.player}`);
    expect(player.title).toBe(`Speedy - ${SITE}`);
    expect(player.tags).toMatchObject({
      "og:title": "Speedy",
      "og:type": "profile",
      description: "Player from France. Team: Blue Shells [BS] (MK8DX 150cc).",
      "og:url": `${PUBLIC_URL}/registry/players/${ids.player}`,
    });
    const team = await page(`/registry/teams/${ids.team}`);
    expect(team.title).toBe(`Blue Shells - ${SITE}`);
    expect(team.tags).toMatchObject({
      "og:title": "Blue Shells",
      description: "Team [BS] · MK8DX 150cc · 1 player",
      "og:image": `${PUBLIC_URL}/uploads/${"a".repeat(64)}.webp`,
      "twitter:card": "summary",
    });
  });

  it("leaks nothing: unpublished tournaments and series, hidden players, unapproved or disapproved teams and unknown ids get the generic shell", async () => {
    const cases: [string, string, string][] = [
      [`/tournaments/${ids.unpublished}`, "Tournament", "Secret Cup"],
      [`/tournaments/series/${hiddenSlug}`, "Tournament Series", "Secret Series"],
      [`/registry/players/${ids.hiddenPlayer}`, "Player", "Ghost Rider"],
      [`/registry/teams/${ids.pendingTeam}`, "Team", "Pending Pals"],
      [`/registry/teams/${ids.disapprovedTeam}`, "Team", "Nope Squad"],
      ["/tournaments/999999", "Tournament", "999999 -"],
      ["/tournaments/99999999999999999999", "Tournament", "9999999 -"],
      ["/registry/players/424242", "Player", "424242 -"],
      ["/tournaments/series/no-such-series", "Tournament Series", "no-such"],
    ];
    for (const [url, name, secret] of cases) {
      const p = await page(url);
      expectGeneric(p, name);
      expect(p.body).not.toContain(secret);
    }
  });

  it("other routes: the page's name and the site's description; unknown paths: 404 'Page not found'", async () => {
    const home = await page("/");
    expect(home.title).toBe(SITE);
    expect(home.tags).toMatchObject({
      "og:title": SITE,
      "og:url": `${PUBLIC_URL}/`,
      description: siteDescription(SITE),
      "og:site_name": SITE,
    });
    const list = await page("/tournaments/series");
    expect(list.title).toBe(`Tournament Series - ${SITE}`);
    expect(list.tags["og:url"]).toBe(`${PUBLIC_URL}/tournaments/series`);
    expect((await page("/registry/players")).title).toBe(`Players - ${SITE}`);
    expect((await page("/tournaments/choose_template")).title).toBe(`New Tournament - ${SITE}`);
    expect((await page(`/tournaments/${ids.tournament}/registrations`)).title).toBe(`Registrations - ${SITE}`);
    const missing = await page("/no/such/page");
    expect(missing.status).toBe(404);
    expect(missing.title).toBe(`Page not found - ${SITE}`);
    expect(missing.body).toContain("<div id=root>");
  });

  it("writes clear the cached shells: a renamed or hidden tournament, an approved team", async () => {
    const url = `/tournaments/${ids.ongoing}`;
    expect((await page(url)).tags["og:title"]).toBe("Forever League");
    // Behind the services' back the cached shell stays (it is cached)…
    await t.database.db.updateTable("tournaments").set({ title: "Sneaky Rename" }).where("id", "=", ids.ongoing!).execute();
    expect((await page(url)).tags["og:title"]).toBe("Forever League");
    // …and a save through the API clears it.
    const saved = await postForm(
      admin,
      `/api/events/${ids.ongoing}`,
      tournamentForm({ tournament_title: "Spring League", date: "ongoing", registration_format: "1" }),
    );
    expect(saved.json()).toMatchObject({ status: "ok" });
    expect((await page(url)).tags["og:title"]).toBe("Spring League");
    expect((await admin.post(`/api/events/${ids.ongoing}/controls`, { published: false })).statusCode).toBe(200);
    const hidden = await page(url);
    expectGeneric(hidden, "Tournament");
    expect(hidden.body).not.toContain("Spring League");

    expectGeneric(await page(`/registry/teams/${ids.pendingTeam}`), "Team");
    expect((await mod.post(`/api/registry/teams/${ids.pendingTeam}/approve`, { approve: true })).statusCode).toBe(200);
    expect((await page(`/registry/teams/${ids.pendingTeam}`)).tags["og:title"]).toBe("Pending Pals");
  });
});
