import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CALENDAR_FEED_NOT_FOUND_MESSAGE,
  calendarEndpoints,
  calendarFeedUrl,
  MyCalendarFeedSchema,
  teamCalendarUrl,
  tournamentCalendarUrl,
} from "@site/contract";
import { changesCalendar } from "../src/features/tournaments/calendar-changes.js";
import { addMember, createTeam, createTournament, DAY_MS } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries, postForm, tournamentForm } from "./tournament-helpers.js";

const D = await dialects();
const PUBLIC_URL = "https://karts.example.org";
const HOST = "karts.example.org";

/** Every VEVENT of an .ics answer, parsed with ical.js (an independent reader), by UID. */
function eventsOf(body: string): Map<string, ICAL.Component> {
  const cal = new ICAL.Component(ICAL.parse(body));
  expect(cal.name).toBe("vcalendar");
  return new Map(cal.getAllSubcomponents("vevent").map((v) => [String(v.getFirstPropertyValue("uid")), v]));
}
const sequenceOf = (v: ICAL.Component | undefined) => Number(v?.getFirstPropertyValue("sequence"));
const summaryOf = (v: ICAL.Component | undefined) => String(v?.getFirstPropertyValue("summary"));
const uid = (id: number, kind = "") => `tournament-${id}${kind ? `-${kind}` : ""}@${HOST}`;

/** The feed path of a personal URL (the URL is absolute, on PUBLIC_URL). */
const pathOf = (url: string) => url.slice(PUBLIC_URL.length);

describe("changesCalendar", () => {
  it("is true only when a column a calendar shows gets another value", () => {
    const row = { title: "Cup", start_date: 100, rules: "a", published: 1, checkin_opens_at: null };
    expect(changesCalendar(row, { title: "Cup", rules: "b" })).toBe(false);
    expect(changesCalendar(row, { title: "Cup 2" })).toBe(true);
    // PostgreSQL may hand a bigint back as text: the same instant is no change.
    expect(changesCalendar({ start_date: "100" }, { start_date: 100 })).toBe(false);
    expect(changesCalendar(row, { checkin_opens_at: 50 })).toBe(true);
    expect(changesCalendar(row, { published: 0 })).toBe(true);
    expect(changesCalendar(row, { registrations_open: 0 } as Record<string, unknown>)).toBe(false);
  });
});

describe.each(D)("calendar feeds (%s)", (dialect) => {
  let t: TestApp;
  let anon: Client;
  let eventAdmin: SignedIn;
  let player: SignedIn;
  let other: SignedIn;
  // Whole minutes: iCalendar times have seconds, no milliseconds.
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const start = now + 5 * DAY_MS;
  let mk8Squad = 0;
  let worldSolo = 0;
  let teamCup = 0;
  let draft = 0;
  let oldOne = 0;
  let inSeries = 0;
  let series = 0;
  let hiddenSeries = 0;
  let team = 0;
  let otherSolo = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL, SITE_NAME: "Kart Central" });
    anon = new Client(t.app);
    eventAdmin = await signedIn(t, { roles: ["event_admin"] });
    player = await signedIn(t);
    other = await signedIn(t);
    const d = t.database;
    series = await createSeries(d, { series_name: "Winter League", url_slug: "winter-league" });
    hiddenSeries = await createSeries(d, { series_name: "Hidden League", url_slug: "hidden-league", published: 0 });
    mk8Squad = await createTournament(d, { title: "MK8 Squad Cup", start_date: start, end_date: start + 3 * 3600_000 });
    worldSolo = await createTournament(d, {
      title: "World Solo Cup",
      game: "mkworld",
      game_mode: "mkworld_150",
      event_format: 1,
      start_date: start + DAY_MS,
      end_date: start + DAY_MS + 3600_000,
      checkin_required: 1,
      checkin_opens_at: start + DAY_MS - 2 * 3600_000,
      checkin_closes_at: start + DAY_MS - 15 * 60_000,
    });
    teamCup = await createTournament(d, {
      title: "Team Clash",
      event_format: 0,
      start_date: start + 2 * DAY_MS,
      end_date: start + 2 * DAY_MS + 3600_000,
      transfer_deadline: Date.UTC(2031, 0, 10),
    });
    draft = await createTournament(d, { title: "Secret Draft", published: 0, event_format: 1, start_date: start });
    oldOne = await createTournament(d, { title: "Long Ago Cup", start_date: now - 200 * DAY_MS, end_date: now - 199 * DAY_MS });
    inSeries = await createTournament(d, { title: "League Week 1", tournament_series_id: series, start_date: start + 3 * DAY_MS });
    await createTournament(d, { title: "Hidden League Week", tournament_series_id: hiddenSeries, start_date: start });
    otherSolo = await createTournament(d, { title: "Other Solo", event_format: 1, start_date: start + 4 * DAY_MS });
    // The player: solo in World Solo Cup (and in the draft), on a team registered in Team Clash.
    // The other account: solo in Other Solo only.
    for (const id of [worldSolo, draft])
      await d.db.insertInto("registrations").values({ tournament_id: id, player_id: player.playerId, registered_at: now }).execute();
    await d.db.insertInto("registrations").values({ tournament_id: otherSolo, player_id: other.playerId, registered_at: now }).execute();
    team = await createTeam(d, { team_name: "Blue Shells" });
    await addMember(d, team, player.playerId, { joined_at: now - 30 * DAY_MS });
    await d.db.insertInto("team_registrations").values({ tournament_id: teamCup, team_id: team, registered_at: now }).execute();
    await d.db.insertInto("team_registrations").values({ tournament_id: draft, team_id: team, registered_at: now }).execute();
  });
  afterAll(() => t.close());

  describe("public feed", () => {
    it("lists published tournaments with dates from 60 days ago, one VEVENT each, cached publicly for 5 minutes", async () => {
      const res = await anon.get(calendarFeedUrl({}));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("public, max-age=300");
      const events = eventsOf(res.body);
      for (const id of [mk8Squad, worldSolo, teamCup, inSeries]) expect(events.has(uid(id))).toBe(true);
      expect(events.has(uid(oldOne))).toBe(false);
      expect(res.body).not.toContain("Secret Draft");
      // The public feed gives the tournaments only, not check-in windows or deadlines.
      expect([...events.keys()].every((k) => /^tournament-\d+@/.test(k))).toBe(true);
      const e = events.get(uid(mk8Squad))!;
      expect(e.getFirstPropertyValue("url")).toBe(`${PUBLIC_URL}/tournaments/${mk8Squad}`);
      expect(new ICAL.Event(e).startDate.toJSDate().getTime()).toBe(start);
      expect(e.getFirstProperty("dtstamp")).not.toBeNull();
      expect(e.getFirstProperty("last-modified")).not.toBeNull();
    });

    it("filters by game, mode, format and series", async () => {
      const ids = async (q: Parameters<typeof calendarFeedUrl>[0]) => {
        const res = await anon.get(calendarFeedUrl(q));
        expect(res.statusCode).toBe(200);
        return [...eventsOf(res.body).keys()];
      };
      expect(await ids({ game: "mkworld" })).toEqual([uid(worldSolo)]);
      expect(await ids({ mode: "mkworld_150" })).toEqual([uid(worldSolo)]);
      const teams = await ids({ format: "0" });
      expect(teams).toEqual([uid(teamCup)]);
      const solo = await ids({ format: "1" });
      expect(solo).toContain(uid(worldSolo));
      expect(solo).not.toContain(uid(mk8Squad));
      expect(await ids({ series })).toEqual([uid(inSeries)]);
      expect(await ids({ game: "mk8dx", format: "2", series })).toEqual([uid(inSeries)]);
    });

    it("refuses an unknown filter value with 400 naming it, and an unknown or unpublished series with 404", async () => {
      for (const [q, message] of [
        ["game=gta", "game: Unknown game."],
        ["mode=mk8dx_999", "mode: Unknown game mode."],
        ["format=duo", "format: Unknown format: use all, 0 (team), 1 (solo) or 2 (squad)."],
        ["series=abc", "series: A series is given by its number."],
      ] as const) {
        const res = await anon.get(`/api/calendar/tournaments.ics?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json()).toEqual({ status: "error", message, code: "validation.invalid", params: { field: q.split("=")[0] } });
      }
      for (const id of [999_999, hiddenSeries]) {
        const res = await anon.get(calendarFeedUrl({ series: id }));
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: "Series not found." });
      }
    });

    it("keeps the UID across fetches and raises SEQUENCE after an edit of the title or start, like Add to calendar", async () => {
      const first = eventsOf((await anon.get(calendarFeedUrl({}))).body).get(uid(mk8Squad));
      const again = eventsOf((await anon.get(calendarFeedUrl({}))).body).get(uid(mk8Squad));
      expect(again?.getFirstPropertyValue("uid")).toBe(first?.getFirstPropertyValue("uid"));
      expect(sequenceOf(again)).toBe(sequenceOf(first));
      const edit = (o: Record<string, string | boolean>) =>
        postForm(
          eventAdmin.c,
          `/api/events/${mk8Squad}`,
          tournamentForm({ tournament_title: "MK8 Squad Cup", squad_tag_required: false, squad_name_required: false, ...o }),
        );

      // The first save writes the form's own dates and texts: a change calendars show.
      const r = await edit({ start_date: "2031-12-28T18:00", end_date: "2031-12-28T22:00" });
      expect(r.statusCode, r.body).toBe(200);
      const saved = eventsOf((await anon.get(calendarFeedUrl({}))).body).get(uid(mk8Squad));
      expect(sequenceOf(saved)).toBeGreaterThan(sequenceOf(first));
      // A save changing only what calendars do not show (the rules) leaves SEQUENCE as it is.
      await edit({ start_date: "2031-12-28T18:00", end_date: "2031-12-28T22:00", event_rules: "New rules." });
      expect(sequenceOf(eventsOf((await anon.get(calendarFeedUrl({}))).body).get(uid(mk8Squad)))).toBe(sequenceOf(saved));

      // A new title: same UID, higher SEQUENCE, the new summary.
      await edit({ tournament_title: "MK8 Squad Cup Finals", start_date: "2031-12-28T18:00", end_date: "2031-12-28T22:00" });
      const renamed = eventsOf((await anon.get(calendarFeedUrl({}))).body).get(uid(mk8Squad));
      expect(summaryOf(renamed)).toBe("MK8 Squad Cup Finals");
      expect(sequenceOf(renamed)).toBeGreaterThan(sequenceOf(saved));

      // A new start: higher again, and the start moved.
      await edit({ tournament_title: "MK8 Squad Cup Finals", start_date: "2031-12-29T18:00", end_date: "2031-12-29T22:00" });
      const moved = eventsOf((await anon.get(calendarFeedUrl({}))).body).get(uid(mk8Squad));
      expect(moved?.getFirstPropertyValue("uid")).toBe(uid(mk8Squad));
      expect(sequenceOf(moved)).toBeGreaterThan(sequenceOf(renamed));
      expect(new ICAL.Event(moved!).startDate.toJSDate().getTime()).toBe(Date.UTC(2031, 11, 29, 18));

      // "Add to calendar" gives the same event: UID and SEQUENCE.
      const file = eventsOf((await anon.get(tournamentCalendarUrl(mk8Squad))).body).get(uid(mk8Squad));
      expect(sequenceOf(file)).toBe(sequenceOf(moved));
    });

    it("drops a tournament that is unpublished (controls) from the feed", async () => {
      const id = await createTournament(t.database, { title: "Soon Hidden", start_date: start });
      expect(eventsOf((await anon.get(calendarFeedUrl({}))).body).has(uid(id))).toBe(true);
      expect((await eventAdmin.c.post(`/api/events/${id}/controls`, { published: false })).statusCode).toBe(200);
      expect(eventsOf((await anon.get(calendarFeedUrl({}))).body).has(uid(id))).toBe(false);
    });
  });

  describe("personal feed", () => {
    it("needs an account to get or rotate the link; the link is shown only by the call that made it", async () => {
      expect((await anon.get(calendarEndpoints.myFeed.path)).statusCode).toBe(401);
      expect((await anon.post(calendarEndpoints.rotateMyFeed.path, {})).statusCode).toBe(401);
      const none = MyCalendarFeedSchema.parse((await player.c.get(calendarEndpoints.myFeed.path)).json());
      expect(none).toEqual({ created_at: null, url: null, webcal_url: null });
      const made = MyCalendarFeedSchema.parse((await player.c.post(calendarEndpoints.rotateMyFeed.path, {})).json());
      expect(made.url).toMatch(new RegExp(`^${PUBLIC_URL}/api/calendar/u/[A-Za-z0-9_-]{43}\\.ics$`));
      expect(made.webcal_url).toBe(made.url!.replace("https:", "webcal:"));
      const after = MyCalendarFeedSchema.parse((await player.c.get(calendarEndpoints.myFeed.path)).json());
      expect(after).toEqual({ created_at: made.created_at, url: null, webcal_url: null });
      // Only the hash is stored.
      const row = await t.database.db
        .selectFrom("calendar_feed_tokens")
        .selectAll()
        .where("user_id", "=", player.userId)
        .executeTakeFirstOrThrow();
      expect(made.url).not.toContain(row.token_hash);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it("gives the player's tournaments, the check-in window with a reminder when it opens, and the team's transfer deadline", async () => {
      const made = MyCalendarFeedSchema.parse((await player.c.post(calendarEndpoints.rotateMyFeed.path, {})).json());
      const res = await anon.get(pathOf(made.url!));
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, max-age=300");
      const events = eventsOf(res.body);
      expect([...events.keys()].sort()).toEqual([uid(worldSolo), uid(worldSolo, "checkin"), uid(teamCup), uid(teamCup, "deadline")].sort());
      const checkin = events.get(uid(worldSolo, "checkin"))!;
      expect(summaryOf(checkin)).toBe("Check-in: World Solo Cup");
      const ev = new ICAL.Event(checkin);
      expect(ev.startDate.toJSDate().getTime()).toBe(start + DAY_MS - 2 * 3600_000);
      expect(ev.endDate.toJSDate().getTime()).toBe(start + DAY_MS - 15 * 60_000);
      const alarm = checkin.getFirstSubcomponent("valarm")!;
      expect(alarm.getFirstPropertyValue("action")).toBe("DISPLAY");
      // The reminder fires when the window opens: 0 s from the event's start.
      expect(String(alarm.getFirstPropertyValue("trigger"))).toMatch(/^-?PT0S$/);
      const deadline = new ICAL.Event(events.get(uid(teamCup, "deadline"))!);
      expect(deadline.endDate.toJSDate().getTime()).toBe(Date.UTC(2031, 0, 11));
      expect(deadline.summary).toBe("Transfer deadline: Team Clash");
      // Every event of one tournament carries its SEQUENCE.
      expect(sequenceOf(events.get(uid(worldSolo, "checkin")))).toBe(sequenceOf(events.get(uid(worldSolo))));
      expect(res.body).not.toContain("Secret Draft");
      expect(res.body).not.toContain("Other Solo");
    });

    it("raises SEQUENCE of the check-in event when the window changes (controls clear it)", async () => {
      const made = MyCalendarFeedSchema.parse((await player.c.post(calendarEndpoints.rotateMyFeed.path, {})).json());
      const before = eventsOf((await anon.get(pathOf(made.url!))).body);
      expect((await eventAdmin.c.post(`/api/events/${worldSolo}/controls`, { checkin_status: 1 })).statusCode).toBe(200);
      const after = eventsOf((await anon.get(pathOf(made.url!))).body);
      expect(sequenceOf(after.get(uid(worldSolo)))).toBeGreaterThan(sequenceOf(before.get(uid(worldSolo))));
      // The window has no times any more: no check-in event.
      expect(after.has(uid(worldSolo, "checkin"))).toBe(false);
    });

    it("rotating makes the old URL 404 and the new one work; a token never shows another account's data", async () => {
      const old = MyCalendarFeedSchema.parse((await player.c.post(calendarEndpoints.rotateMyFeed.path, {})).json());
      expect((await anon.get(pathOf(old.url!))).statusCode).toBe(200);
      const fresh = MyCalendarFeedSchema.parse((await player.c.post(calendarEndpoints.rotateMyFeed.path, {})).json());
      expect(fresh.url).not.toBe(old.url);
      const gone = await anon.get(pathOf(old.url!));
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ message: CALENDAR_FEED_NOT_FOUND_MESSAGE });
      expect((await anon.get(pathOf(fresh.url!))).statusCode).toBe(200);

      const theirs = MyCalendarFeedSchema.parse((await other.c.post(calendarEndpoints.rotateMyFeed.path, {})).json());
      const body = (await anon.get(pathOf(theirs.url!))).body;
      expect([...eventsOf(body).keys()]).toEqual([uid(otherSolo)]);
      expect(body).not.toContain("World Solo Cup");
      // Asked with the player's own session, the other account's token still gives the other account's feed.
      expect((await player.c.get(pathOf(theirs.url!))).body).not.toContain("World Solo Cup");
      for (const bad of ["x", "A".repeat(43), `${fresh.url!.slice(-47, -4)}Z`])
        expect((await anon.get(`/api/calendar/u/${bad}.ics`)).statusCode).toBe(404);
    });
  });

  describe("team feed", () => {
    it("gives the team's published tournaments with their transfer deadline, never a draft", async () => {
      const res = await anon.get(teamCalendarUrl(team));
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=300");
      const events = eventsOf(res.body);
      expect([...events.keys()].sort()).toEqual([uid(teamCup), uid(teamCup, "deadline")].sort());
      expect(res.body).not.toContain("Secret Draft");
      expect(res.body).toContain("Blue Shells");
    });

    it("follows the team page's visibility: a disapproved team is 404 for visitors", async () => {
      const hidden = await createTeam(t.database, { team_status: "disapproved" });
      const res = await anon.get(teamCalendarUrl(hidden));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: "Team not found." });
      expect((await anon.get(teamCalendarUrl(999_999))).statusCode).toBe(404);
      expect((await anon.get("/api/calendar/teams/abc.ics")).statusCode).toBe(400);
    });
  });
});
