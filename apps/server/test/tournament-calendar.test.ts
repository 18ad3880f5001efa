import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_START_DATE_MESSAGE, tournamentCalendarUrl } from "@site/contract";
import { tournamentUid } from "../src/features/calendar/ical-events.js";
import { createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();
const PUBLIC_URL = "https://karts.example.org";

/** The one VEVENT of an .ics answer, parsed with ical.js (an independent reader). */
function eventOf(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  const events = cal.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return { cal, event: new ICAL.Event(events[0]!), raw: events[0]! };
}

describe("tournamentUid", () => {
  it("is tournament-{id}@ the public host, whatever the port or path", () => {
    expect(tournamentUid("https://karts.example.org", 7)).toBe("tournament-7@karts.example.org");
    expect(tournamentUid("http://localhost:3000/base", 12)).toBe("tournament-12@localhost");
  });
});

describe.each(D)("GET /api/events/{id}/calendar.ics (%s)", (dialect) => {
  let t: TestApp;
  let anon: Client;
  let admin: Client;
  let player: Client;
  let published = 0;
  let draft = 0;
  let noDate = 0;
  let openEnded = 0;
  const start = Date.UTC(2031, 11, 28, 18, 0, 0);
  const end = Date.UTC(2031, 11, 28, 22, 30, 0);

  beforeAll(async () => {
    t = await createTestApp(dialect, { PUBLIC_URL, SITE_NAME: "Kart Central" });
    anon = new Client(t.app);
    admin = (await signedIn(t, { roles: ["administrate"], player: false })).c;
    player = (await signedIn(t)).c;
    published = await createTournament(t.database, {
      title: "Winter Cup; Finals, #3",
      start_date: start,
      end_date: end,
      description: "Bring your **A** game.",
      organizer: "lan",
      location: "Paris Expo",
    });
    draft = await createTournament(t.database, { title: "Secret Draft", published: 0, start_date: start, end_date: end });
    noDate = await createTournament(t.database, { title: "Always On", start_date: null, end_date: null });
    openEnded = await createTournament(t.database, { title: "Open End", start_date: start, end_date: null });
  });
  afterAll(() => t.close());

  it("answers text/calendar with one event: UID, summary, start, end, URL, description, location", async () => {
    const res = await anon.get(tournamentCalendarUrl(published));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="tournament-${published}.ics"`);
    const { cal, event, raw } = eventOf(res.body);
    expect(cal.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(event.uid).toBe(`tournament-${published}@karts.example.org`);
    expect(event.summary).toBe("Winter Cup; Finals, #3");
    expect(event.startDate.toJSDate().getTime()).toBe(start);
    expect(event.endDate.toJSDate().getTime()).toBe(end);
    // In UTC on the wire (…Z), so every calendar converts to its own zone.
    expect(res.body).toContain("DTSTART:20311228T180000Z");
    expect(res.body).toContain("DTEND:20311228T223000Z");
    expect(raw.getFirstPropertyValue("url")).toBe(`${PUBLIC_URL}/tournaments/${published}`);
    expect(event.location).toBe("Paris Expo");
    expect(event.description).toBe(`Mario Kart 8 Deluxe 150cc · Squad\n\n${PUBLIC_URL}/tournaments/${published}\n\nBring your **A** game.`);
  });

  it("gives the same UID on every download (a second import updates the event)", async () => {
    const first = eventOf((await anon.get(tournamentCalendarUrl(published))).body).event.uid;
    const second = eventOf((await admin.get(tournamentCalendarUrl(published))).body).event.uid;
    expect(second).toBe(first);
    expect(eventOf((await anon.get(tournamentCalendarUrl(openEnded))).body).event.uid).not.toBe(first);
  });

  it("lasts an hour when the tournament has no end", async () => {
    const { event } = eventOf((await anon.get(tournamentCalendarUrl(openEnded))).body);
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(60 * 60 * 1000);
  });

  it("hides an unpublished tournament from visitors and players (404), not from administrators", async () => {
    for (const c of [anon, player]) {
      const res = await c.get(tournamentCalendarUrl(draft));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: "Tournament not found." });
      expect(res.body).not.toContain("Secret Draft");
    }
    const res = await admin.get(tournamentCalendarUrl(draft));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(eventOf(res.body).event.summary).toBe("Secret Draft");
  });

  it("answers 404 for a tournament without dates and for an unknown one", async () => {
    const res = await anon.get(tournamentCalendarUrl(noDate));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: NO_START_DATE_MESSAGE });
    expect((await anon.get(tournamentCalendarUrl(999_999))).statusCode).toBe(404);
    expect((await anon.get("/api/events/abc/calendar.ics")).statusCode).toBe(400);
  });
});
