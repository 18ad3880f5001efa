import { REGISTRATION_MESSAGES as RM, TEAM_REGISTRATION_MESSAGES as M } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareMine, statusOf, whenOf } from "../src/features/tournaments/my-tournaments-rules.js";
import { addMember, createTeam, createTournament, DAY_MS as DAY } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

const D = await dialects();

describe("my tournaments: the pure rules", () => {
  const now = Date.UTC(2026, 5, 10, 12);
  it("splits upcoming, ongoing and past like the listing", () => {
    expect(whenOf({ start_date: now + 1, end_date: now + DAY, is_historical: 0 }, now)).toBe("upcoming");
    expect(whenOf({ start_date: now, end_date: now + DAY, is_historical: 0 }, now)).toBe("ongoing");
    expect(whenOf({ start_date: now - DAY, end_date: now, is_historical: 0 }, now)).toBe("ongoing");
    expect(whenOf({ start_date: now - DAY, end_date: now - 1, is_historical: 0 }, now)).toBe("past");
    expect(whenOf({ start_date: null, end_date: null, is_historical: 0 }, now)).toBe("ongoing");
    expect(whenOf({ start_date: now + DAY, end_date: now + 2 * DAY, is_historical: 1 }, now)).toBe("past");
  });

  it("says opted out, pending approval or registered", () => {
    expect(statusOf(0, 0)).toBe("registered");
    expect(statusOf(1, 1)).toBe("registered");
    expect(statusOf(0, 1)).toBe("pending_approval");
    expect(statusOf(0, 1, true)).toBe("opted_out");
    expect(statusOf(1, 0, true)).toBe("opted_out");
  });

  it("orders ongoing, upcoming (soonest first), then past (latest end first)", () => {
    const items = [
      { when: "past" as const, start: 1, end: 10, id: 1 },
      { when: "upcoming" as const, start: 500, end: 600, id: 2 },
      { when: "past" as const, start: 20, end: 30, id: 3 },
      { when: "ongoing" as const, start: 100, end: 900, id: 4 },
      { when: "upcoming" as const, start: 300, end: 400, id: 5 },
      { when: "ongoing" as const, start: null, end: null, id: 6 },
    ];
    expect([...items].sort(compareMine).map((x) => x.id)).toEqual([6, 4, 5, 2, 3, 1]);
  });
});

describe.each(D)("my tournaments and registering again (%s)", (dialect) => {
  let t: TestApp;
  const u: Record<string, SignedIn> = {};
  let anon: Client;
  let noProfile: Client;
  const T: Record<string, number> = {};
  let TEAM: number;
  const now = Date.now();
  const ids = (r: { json(): { data: Array<{ tournament: { id: number } }> } }) => r.json().data.map((x) => x.tournament.id);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    for (const who of ["admin", "solo", "other", "captain", "leader", "m1", "m2", "late"]) {
      u[who] = await signedIn(t, {
        email: `${who}@example.com`,
        roles: who === "admin" ? ["event_admin"] : [],
        player: { display_name: who.toUpperCase(), country_code: "FR" },
      });
    }
    noProfile = (await signedIn(t, { email: "noprofile@example.com", player: false })).c;
    anon = new Client(t.app);
    await anon.session();
    const open = { registrations_open: 1 };
    T.upcoming = await createTournament(d, {
      ...open,
      title: "Solo Upcoming",
      event_format: 1,
      start_date: now + 10 * DAY,
      end_date: now + 11 * DAY,
    });
    T.soon = await createTournament(d, {
      ...open,
      title: "Solo Soon",
      event_format: 1,
      start_date: now + 2 * DAY,
      end_date: now + 3 * DAY,
    });
    T.ongoing = await createTournament(d, {
      ...open,
      title: "Solo Ongoing",
      event_format: 1,
      start_date: now - DAY,
      end_date: now + DAY,
      verification_required: 1,
    });
    T.past = await createTournament(d, {
      ...open,
      title: "Solo Past",
      event_format: 1,
      start_date: now - 10 * DAY,
      end_date: now - 9 * DAY,
    });
    T.hidden = await createTournament(d, { ...open, title: "Solo Draft", event_format: 1, published: 0 });
    T.squad = await createTournament(d, { ...open, title: "Squad Cup", event_format: 2, minimum_team_size: 1, maximum_team_size: 4 });
    TEAM = await createTournament(d, {
      ...open,
      title: "Team Cup",
      event_format: 0,
      game_mode: "mk8dx_150",
      minimum_team_size: 3,
      transfer_deadline: Math.floor(now / DAY) * DAY + 5 * DAY,
    });
    const team = await createTeam(d, { team_name: "Alpha", team_tag: "ALP" });
    const long = now - 30 * DAY;
    await addMember(d, team, u.leader!.playerId, { is_leader: 1, joined_at: long });
    await addMember(d, team, u.m1!.playerId, { joined_at: long });
    await addMember(d, team, u.m2!.playerId, { joined_at: long });
    T.team = team;
  });
  afterAll(() => t.close());

  const ev = (id: number, p: string) => `/api/events/${id}${p}`;

  it("refuses the anonymous (401) and answers an account without a profile with nothing", async () => {
    const r = await anon.get("/api/tournaments/mine");
    expect(r.statusCode).toBe(401);
    const n = await noProfile.get("/api/tournaments/mine");
    expect(n.statusCode).toBe(200);
    expect(n.json()).toEqual({ data: [] });
    expect(n.headers["cache-control"]).toBe("private, no-store");
  });

  it("a solo player withdraws and registers again while open; a rejected one may not", async () => {
    const solo = u.solo!.c;
    expect((await solo.post(ev(T.upcoming!, "/register"), {})).json().status).toBe("ok");
    expect((await solo.post(ev(T.upcoming!, "/withdraw"), {})).statusCode).toBe(200);
    expect((await solo.get(ev(T.upcoming!, "/register"))).json().status).toBe("not_registered");
    // Withdrawn is not "in": not listed.
    expect(ids(await solo.get("/api/tournaments/mine"))).not.toContain(T.upcoming);
    const again = await solo.post(ev(T.upcoming!, "/register"), {});
    expect(again.statusCode).toBe(200);
    expect((await solo.get(ev(T.upcoming!, "/register"))).json().status).toBe("registered");
    // Staff reject "other": registering again is refused with the spec's message.
    const other = u.other!.c;
    expect((await other.post(ev(T.soon!, "/register"), {})).statusCode).toBe(200);
    const moved = await u.admin!.c.post(ev(T.soon!, "/move_player"), { status: "rejected", player_id: u.other!.playerId });
    expect(moved.statusCode).toBe(200);
    const refused = await other.post(ev(T.soon!, "/register"), {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(RM.rejected);
  });

  it("a squad captain who withdrew the squad can enter a new one", async () => {
    const cap = u.captain!.c;
    expect((await cap.post(ev(T.squad!, "/register"), {})).statusCode).toBe(200);
    const first = (await cap.get(ev(T.squad!, "/register"))).json().registration_details.squad_id as number;
    expect((await cap.post(ev(T.squad!, "/withdraw"), {})).statusCode).toBe(200);
    const again = await cap.post(ev(T.squad!, "/register"), {});
    expect(again.statusCode).toBe(200);
    const d = (await cap.get(ev(T.squad!, "/register"))).json().registration_details;
    expect(d).toMatchObject({ status: "registered", is_captain: true });
    expect(d.squad_id).not.toBe(first);
    const mine = (await cap.get("/api/tournaments/mine")).json().data;
    expect(mine).toEqual([expect.objectContaining({ squad_id: d.squad_id, squad_name: "CAPTAIN", status: "registered", team_id: null })]);
  });

  it("a team withdraws, registers again while open, and a rejected team is still refused", async () => {
    const leader = u.leader!.c;
    const body = { team_id: T.team, rep1: u.m1!.playerId };
    expect((await leader.post(ev(TEAM, "/register"), body)).statusCode).toBe(200);
    expect((await leader.post(ev(TEAM, "/withdraw"), { team_id: T.team })).statusCode).toBe(200);
    // The register status offers the withdrawn team again (the web lists it in the form).
    const st = (await leader.get(ev(TEAM, "/register"))).json();
    expect(st.teams).toEqual([expect.objectContaining({ team_id: T.team, status: "withdrawn" })]);
    const again = await leader.post(ev(TEAM, "/register"), body);
    expect(again.statusCode, again.body).toBe(200);
    expect((await leader.get(ev(TEAM, "/register"))).json()).toMatchObject({ status: "registered", my_team_id: T.team });
    expect((await u.m2!.c.get(ev(TEAM, "/register"))).json().status).toBe("registered");
    // Closed registrations: a withdrawn team may not come back (staff exempt).
    expect((await leader.post(ev(TEAM, "/withdraw"), { team_id: T.team })).statusCode).toBe(200);
    await t.database.db.updateTable("tournaments").set({ registrations_open: 0 }).where("id", "=", TEAM).execute();
    t.app.ctx.cache.invalidate("");
    const closed = await leader.post(ev(TEAM, "/register"), body);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(RM.closed);
    await t.database.db.updateTable("tournaments").set({ registrations_open: 1 }).where("id", "=", TEAM).execute();
    t.app.ctx.cache.invalidate("");
    expect((await leader.post(ev(TEAM, "/register"), body)).statusCode).toBe(200);
    // Rejected by staff: refused, as 001 §5 says.
    expect((await u.admin!.c.post(ev(TEAM, "/move_team"), { status: "rejected", team_id: T.team })).statusCode).toBe(200);
    const refused = await leader.post(ev(TEAM, "/register"), body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.teamRejected);
    // Put back for the next test.
    expect((await u.admin!.c.post(ev(TEAM, "/move_team"), { status: "registered", team_id: T.team })).statusCode).toBe(200);
  });

  it("lists only the viewer's own entries, ongoing and upcoming first, with status and squad or team", async () => {
    const solo = u.solo!.c;
    expect((await solo.post(ev(T.ongoing!, "/register"), {})).statusCode).toBe(200);
    expect((await solo.post(ev(T.soon!, "/register"), {})).statusCode).toBe(200);
    // A past and an unpublished registration, written directly (registrations are closed or hidden there).
    for (const id of [T.past!, T.hidden!])
      await t.database.db
        .insertInto("registrations")
        .values({ tournament_id: id, player_id: u.solo!.playerId, status: "registered", registered_at: now })
        .execute();
    const r = await solo.get("/api/tournaments/mine");
    expect(r.statusCode).toBe(200);
    const data = r.json().data as Array<{ tournament: { id: number; title: string }; when: string; status: string }>;
    expect(data.map((x) => [x.tournament.title, x.when, x.status])).toEqual([
      ["Solo Ongoing", "ongoing", "pending_approval"],
      ["Solo Soon", "upcoming", "registered"],
      ["Solo Upcoming", "upcoming", "registered"],
      ["Solo Past", "past", "registered"],
    ]);
    // Someone else's list holds none of these.
    const other = ids(await u.other!.c.get("/api/tournaments/mine"));
    expect(other).toEqual([]);
    // Staff who may see drafts see the unpublished one in their own list only if they are in it.
    expect(ids(await u.admin!.c.get("/api/tournaments/mine"))).toEqual([]);
  });

  it("lists a team tournament for its members, opted out when they opted out, and for a member who joined by the deadline", async () => {
    const m1 = u.m1!.c;
    let mine = (await m1.get("/api/tournaments/mine")).json().data;
    expect(mine).toEqual([
      expect.objectContaining({ team_id: T.team, team_name: "Alpha", team_tag: "ALP", status: "registered", squad_id: null }),
    ]);
    expect((await u.m2!.c.post(ev(TEAM, "/player_optout"), {})).statusCode).toBe(200);
    mine = (await u.m2!.c.get("/api/tournaments/mine")).json().data;
    expect(mine).toEqual([expect.objectContaining({ team_id: T.team, status: "opted_out" })]);
    // Joined after the team registered, before the deadline: no row yet, still in.
    await addMember(t.database, T.team!, u.late!.playerId, { joined_at: now });
    mine = (await u.late!.c.get("/api/tournaments/mine")).json().data;
    expect(mine).toEqual([expect.objectContaining({ team_id: T.team, team_name: "Alpha", status: "registered" })]);
  });
});
