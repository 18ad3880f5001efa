import { REGISTRATION_MESSAGES as M } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { effectiveSwitches, SCHEDULE_MESSAGES, scheduleProblem } from "../src/features/access/tournament-schedule.js";
import { settleScheduledCheckinCloses } from "../src/features/tournaments/tournament-schedule.service.js";
import { createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { DAY_MS, localDate, postForm, tournamentForm } from "./tournament-helpers.js";

/** Scheduled registration close and check-in window (issue #17 §2, migration 0028). */

const D = await dialects();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("effectiveSwitches (pure rules)", () => {
  const base = { registrations_open: 1, checkin_status: 0, registrations_close_at: null, checkin_opens_at: null, checkin_closes_at: null };
  it("registrations: the switch, and before the close time", () => {
    expect(effectiveSwitches(base, 1000).registrations_open).toBe(1);
    expect(effectiveSwitches({ ...base, registrations_close_at: 2000 }, 1999).registrations_open).toBe(1);
    expect(effectiveSwitches({ ...base, registrations_close_at: 2000 }, 2000).registrations_open).toBe(0);
    expect(effectiveSwitches({ ...base, registrations_open: 0, registrations_close_at: 2000 }, 1000).registrations_open).toBe(0);
  });
  it("check-in: the window when set, else the manual status", () => {
    const w = { ...base, checkin_status: 2, checkin_opens_at: 1000, checkin_closes_at: 2000 };
    expect(effectiveSwitches(w, 999).checkin_status).toBe(0);
    expect(effectiveSwitches(w, 1000).checkin_status).toBe(1);
    expect(effectiveSwitches(w, 2000).checkin_status).toBe(2);
    expect(effectiveSwitches({ ...base, checkin_status: 1, checkin_closes_at: 2000 }, 1500).checkin_status).toBe(1);
    expect(effectiveSwitches({ ...base, checkin_status: 1 }, 5000).checkin_status).toBe(1);
  });
  it("validation: opens before closes, everything before the end", () => {
    expect(scheduleProblem({ registrations_close_at: null, checkin_opens_at: 2000, checkin_closes_at: 2000 }, null)).toBe(
      SCHEDULE_MESSAGES.checkinOrder,
    );
    expect(scheduleProblem({ registrations_close_at: 5000, checkin_opens_at: null, checkin_closes_at: null }, 4000)).toBe(
      SCHEDULE_MESSAGES.afterEnd("registration close time"),
    );
    expect(scheduleProblem({ registrations_close_at: 3000, checkin_opens_at: 1000, checkin_closes_at: 2000 }, 4000)).toBeNull();
  });
});

describe.each(D)("tournament schedule (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  const players: SignedIn[] = [];
  let anon: Client;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signedIn(t, { roles: ["event_admin"] });
    for (let i = 0; i < 4; i++) players.push(await signedIn(t, { player: { display_name: `Sched${i}`, country_code: "FR" } }));
    anon = new Client(t.app);
    await anon.session();
  });
  afterAll(() => t.close());

  const detail = async (c: Client, id: number) => (await c.get(`/api/events/${id}`)).json();

  it("the form saves the schedule, the page shows it, and bad schedules are refused with a clear message", async () => {
    const now = Date.now();
    const times = {
      checkin_required: true,
      registrations_close_at: localDate(now + 2 * DAY_MS),
      checkin_opens_at: localDate(now + 9 * DAY_MS),
      checkin_closes_at: localDate(now + 10 * DAY_MS),
    };
    const saved = await postForm(admin.c, "/api/events/new", tournamentForm(times));
    expect(saved.statusCode).toBe(200);
    const d = await detail(anon, saved.json().id);
    expect(d.registrations_close_at).toBe(new Date(`${times.registrations_close_at}Z`).toISOString());
    expect(d.checkin_opens_at).toBe(new Date(`${times.checkin_opens_at}Z`).toISOString());
    expect(d.registrations_open).toBe(true);
    expect(d.checkin_status).toBe(0);

    const refused = async (o: Record<string, string | boolean>, message: string) => {
      const r = await postForm(admin.c, "/api/events/new", tournamentForm({ ...times, ...o }));
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(message);
    };
    await refused({ checkin_opens_at: times.checkin_closes_at }, "Check-in must open before it closes.");
    await refused(
      { registrations_close_at: localDate(now + 12 * DAY_MS) },
      "The registration close time must be before the tournament ends.",
    );
    await refused({ checkin_closes_at: localDate(now + 12 * DAY_MS) }, "The check-in closing time must be before the tournament ends.");
    await refused({ registrations_close_at: "soon" }, "The registration close time is not a valid date and time.");
    // Without check-ins the window does not apply: ignored, not refused.
    const noCheckin = await postForm(
      admin.c,
      "/api/events/new",
      tournamentForm({ ...times, checkin_required: false, checkin_opens_at: "x" }),
    );
    expect(noCheckin.statusCode).toBe(200);
    expect((await detail(admin.c, noCheckin.json().id)).checkin_opens_at).toBeNull();
  });

  it("registrations close at the scheduled time: the page flips and a late registration is refused", async () => {
    const id = await createTournament(t.database, {
      event_format: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
      registrations_open: 1,
      registrations_close_at: Date.now() + 1500,
    });
    expect((await detail(anon, id)).registrations_open).toBe(true);
    const early = await players[0]!.c.post(`/api/events/${id}/register`, {});
    expect(early.statusCode).toBe(200);
    await sleep(1600);
    // No write happened: readers apply the schedule (the anonymous answer too, near the moment).
    expect((await detail(anon, id)).registrations_open).toBe(false);
    expect((await detail(players[1]!.c, id)).registrations_open).toBe(false);
    const list = (await anon.get("/api/tournaments?tab=latest")).json();
    const card = [...list.upcoming, ...list.ongoing].find((x: { id: number }) => x.id === id);
    expect(card.registrations_open).toBe(false);
    const late = await players[1]!.c.post(`/api/events/${id}/register`, {});
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(M.closed);
    // Opening by hand wins over the schedule and clears its time.
    const opened = await admin.c.post(`/api/events/${id}/controls`, { registrations_open: true });
    expect(opened.json()).toMatchObject({ registrations_open: true });
    const d = await detail(admin.c, id);
    expect(d.registrations_close_at).toBeNull();
    expect(d.registrations_open).toBe(true);
    expect((await players[1]!.c.post(`/api/events/${id}/register`, {})).statusCode).toBe(200);
  });

  it("the check-in window opens and closes on schedule; its close withdraws who did not check in", async () => {
    const now = Date.now();
    const id = await createTournament(t.database, {
      event_format: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
      registrations_open: 1,
      checkin_required: 1,
      checkin_opens_at: now + 1200,
      checkin_closes_at: now + 2600,
    });
    for (const p of [players[2]!, players[3]!]) expect((await p.c.post(`/api/events/${id}/register`, {})).statusCode).toBe(200);
    expect((await detail(anon, id)).checkin_status).toBe(0);
    const tooEarly = await players[2]!.c.post(`/api/events/${id}/checkin`);
    expect(tooEarly.json().message).toBe("Check-ins are not open for this tournament.");
    await sleep(Math.max(0, now + 1300 - Date.now()));
    expect((await detail(anon, id)).checkin_status).toBe(1);
    expect((await players[2]!.c.post(`/api/events/${id}/checkin`)).statusCode).toBe(200);
    await sleep(Math.max(0, now + 2700 - Date.now()));
    expect((await detail(anon, id)).checkin_status).toBe(2);
    expect((await players[3]!.c.post(`/api/events/${id}/checkin`)).statusCode).toBe(400);
    // The sweep stores the close and withdraws the player who did not check in, once.
    // (The app's own 15 s sweep may have got there first: either way it runs once.)
    await settleScheduledCheckinCloses(t.app.ctx);
    expect(await settleScheduledCheckinCloses(t.app.ctx)).toBe(0);
    const closes = await t.database.db
      .selectFrom("tournament_logs")
      .select("details")
      .where("tournament_id", "=", id)
      .where("action", "=", "controls.checkin_status")
      .execute();
    expect(closes).toHaveLength(1);
    expect(closes[0]!.details).toContain("Check-in window closed as scheduled");
    const row = await t.database.db
      .selectFrom("tournaments")
      .select(["checkin_status", "checkin_closes_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.checkin_status).toBe(2);
    expect(row.checkin_closes_at).not.toBeNull();
    expect((await players[3]!.c.get(`/api/events/${id}/register`)).json().registration_details).toMatchObject({
      status: "withdrawn",
      withdrawn_at_checkin: true,
    });
    expect((await players[2]!.c.get(`/api/events/${id}/register`)).json().registration_details.status).toBe("registered");
  });

  it("a promotion's 'Remember to check in.' gives the scheduled window", async () => {
    const opens = Date.UTC(2099, 0, 1, 17, 0);
    const id = await createTournament(t.database, {
      event_format: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
      registrations_open: 1,
      checkin_required: 1,
      max_entrants: 1,
      start_date: Date.UTC(2099, 0, 1, 18, 0),
      end_date: Date.UTC(2099, 0, 1, 22, 0),
      checkin_opens_at: opens,
      checkin_closes_at: opens + 45 * 60_000,
    });
    const [first, waiting] = [players[0]!, players[1]!];
    expect((await first.c.post(`/api/events/${id}/register`, {})).statusCode).toBe(200);
    expect((await waiting.c.post(`/api/events/${id}/register`, {})).json().message).toContain("waitlist");
    const left = await first.c.post(`/api/events/${id}/withdraw`, {});
    expect(left.json().message).toBe("You have withdrawn from this tournament.");
    const notes = await t.database.db.selectFrom("notifications").select("message").where("user_id", "=", waiting.userId).execute();
    const promoted = notes.map((n) => n.message).find((m) => m.includes("promoted from the waitlist"));
    expect(promoted).toContain("Remember to check in. Check-in: Jan 1, 2099, 17:00 UTC to Jan 1, 2099, 17:45 UTC.");
  });

  it("changing check-in by hand clears the window", async () => {
    const now = Date.now();
    const id = await createTournament(t.database, {
      event_format: 1,
      checkin_required: 1,
      checkin_opens_at: now + DAY_MS,
      checkin_closes_at: now + 2 * DAY_MS,
    });
    expect((await detail(admin.c, id)).checkin_status).toBe(0);
    const r = await admin.c.post(`/api/events/${id}/controls`, { checkin_status: 1 });
    expect(r.json()).toMatchObject({ checkin_status: 1 });
    const d = await detail(admin.c, id);
    expect(d).toMatchObject({ checkin_status: 1, checkin_opens_at: null, checkin_closes_at: null });
  });
});
