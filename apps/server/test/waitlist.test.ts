import { EVENT_FORMAT, waitlistMessage } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { promotionBlock, promotionBlocker } from "../src/features/registrations/waitlist-rules.js";
import { createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { postForm, tournamentForm } from "./tournament-helpers.js";

/**
 * Issue #22 §1: a tournament's cap, the waitlist past it, promotion when a place frees (withdraw,
 * staff moves, check-in close, a raised cap), the organisers' reorder/promote/remove, and a
 * burst of concurrent registrations that never passes the cap — on both dialects.
 */
describe.each(await dialects())("capacity and waitlist (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signedIn(t, { roles: ["event_admin"] });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  /** `n` fresh accounts with players (typed so that the first five destructure without checks). */
  type Five = [SignedIn, SignedIn, SignedIn, SignedIn, SignedIn, ...SignedIn[]];
  const players = async (n: number) => (await Promise.all(Array.from({ length: n }, () => signedIn(t)))) as Five;
  const soloCup = (o: Record<string, number | null> = {}) =>
    createTournament(t.database, {
      event_format: EVENT_FORMAT.solo,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
      max_entrants: 2,
      ...o,
    });
  const squadCup = (o: Record<string, number | null> = {}) =>
    createTournament(t.database, {
      event_format: EVENT_FORMAT.squad,
      registrations_open: 1,
      minimum_team_size: 2,
      maximum_team_size: 3,
      max_entrants: 1,
      ...o,
    });
  const status = async (T: number, who: SignedIn) => (await who.c.get(`/api/events/${T}/register`)).json();
  const notes = async (who: SignedIn) =>
    (await db().selectFrom("notifications").select("message").where("user_id", "=", who.userId).execute()).map((n) => n.message);
  const waitlist = async (T: number) => (await admin.c.get(`/api/events/${T}/waitlist`)).json();
  const logs = async (T: number, action: string) =>
    (
      await db()
        .selectFrom("tournament_logs")
        .select("details")
        .where("tournament_id", "=", T)
        .where("action", "=", action)
        .orderBy("id")
        .execute()
    ).map((l) => JSON.parse(l.details) as { summary: string; before: string | null; after: string | null });

  it("promotion rules: banned, squad size, check-ins once closed", () => {
    const t0 = { max_entrants: 2, minimum_team_size: 2, checkin_required: 1, checkin_status: 1, checkin_minimum: 2 };
    expect(promotionBlocker(t0, { members: 2, checkins: 0, banned: false, squad: true })).toBeNull();
    expect(promotionBlocker(t0, { members: 1, checkins: 0, banned: false, squad: true })).toBe("Needs 1 more member(s).");
    expect(promotionBlocker(t0, { members: 3, checkins: 3, banned: true, squad: true })).toBe("The captain is banned.");
    const closed = { ...t0, checkin_status: 2 };
    expect(promotionBlocker(closed, { members: 2, checkins: 1, banned: false, squad: true })).toBe("Has 1 of 2 check-ins.");
    expect(promotionBlocker(closed, { members: 1, checkins: 0, banned: false, squad: false })).toBe("Did not check in.");
    expect(promotionBlocker(closed, { members: 1, checkins: 1, banned: false, squad: false })).toBeNull();
    // Each reason has a code and params for translation (#21).
    expect(promotionBlock(closed, { members: 2, checkins: 1, banned: false, squad: true })).toEqual({
      message: "Has 1 of 2 check-ins.",
      code: "registration.waitlist.checkins",
      params: { count: 1, needed: 2 },
    });
    expect(promotionBlock(t0, { members: 1, checkins: 0, banned: false, squad: true })).toMatchObject({
      code: "registration.waitlist.needs_members",
      params: { count: 1 },
    });
    expect(promotionBlock(t0, { members: 1, checkins: 0, banned: true, squad: false })?.code).toBe("registration.waitlist.player_banned");
  });

  it("solo: past the cap the registrant waits in order, sees the position, and is promoted and notified when a player withdraws", async () => {
    const T = await soloCup();
    const [a, b, c, d] = await players(4);
    for (const p of [a, b])
      expect((await p.c.post(`/api/events/${T}/register`, {})).json().message).toBe("You have registered for this tournament.");
    expect((await c.c.post(`/api/events/${T}/register`, {})).json().message).toBe(waitlistMessage(1));
    expect((await d.c.post(`/api/events/${T}/register`, {})).json().message).toBe(waitlistMessage(2));
    expect((await d.c.post(`/api/events/${T}/register`, {})).json().message).toBe("You are already on the waitlist for this tournament.");

    const sc = await status(T, c);
    expect(sc.status).toBe("waitlisted");
    expect(sc.registration_details.waitlist_position).toBe(1);
    expect((await status(T, d)).registration_details.waitlist_position).toBe(2);
    // Lists and counts leave waitlisted players out.
    expect((await a.c.get(`/api/events/${T}/registered_players`)).json().count).toBe(2);
    expect((await a.c.get(`/api/events/${T}`)).json()).toMatchObject({ registration_count: 2, max_entrants: 2 });

    expect((await a.c.post(`/api/events/${T}/withdraw`, {})).statusCode).toBe(200);
    expect((await status(T, c)).status).toBe("registered");
    expect((await notes(c)).some((m) => m.includes("promoted from the waitlist"))).toBe(true);
    expect((await status(T, d)).registration_details.waitlist_position).toBe(1);
    expect((await logs(T, "registration.waitlist_promote")).map((l) => l.summary)).toEqual([
      `Promoted ${c.name} from the waitlist (a place opened)`,
    ]);
    // A waiting player may leave the waitlist; nobody is promoted (no place freed).
    expect((await d.c.post(`/api/events/${T}/withdraw`, {})).statusCode).toBe(200);
    expect((await status(T, d)).status).toBe("not_registered");
    expect((await waitlist(T)).data).toEqual([]);
  });

  it("squad: a waiting squad invites members and is promoted when a registered squad withdraws; a too-small one is skipped", async () => {
    const T = await squadCup({ max_entrants: 1 });
    const [c1, m1, c2, c3, m3] = await players(5);
    expect((await c1.c.post(`/api/events/${T}/register`, { squad_name: "First" })).statusCode).toBe(200);
    expect((await c2.c.post(`/api/events/${T}/register`, { squad_name: "Small" })).json().message).toBe(waitlistMessage(1));
    expect((await c3.c.post(`/api/events/${T}/register`, { squad_name: "Ready" })).json().message).toBe(waitlistMessage(2));
    const ready = (await status(T, c3)).registration_details.squad_id as number;
    // The waiting captain invites; the member waits with the squad.
    expect((await c3.c.post(`/api/events/${T}/squads/${ready}/invite`, { player_id: m3.playerId })).statusCode).toBe(200);
    expect((await m3.c.post(`/api/events/${T}/squads/${ready}/accept_invite`, {})).statusCode).toBe(200);
    const sm = await status(T, m3);
    expect(sm.status).toBe("waitlisted");
    expect(sm.registration_details.waitlist_position).toBe(2);
    const first = (await status(T, c1)).registration_details.squad_id as number;
    await c1.c.post(`/api/events/${T}/squads/${first}/invite`, { player_id: m1.playerId });
    await m1.c.post(`/api/events/${T}/squads/${first}/accept_invite`, {});

    const wl = await waitlist(T);
    expect(wl.data.map((e: { name: string; qualifies: boolean; reason: string | null }) => [e.name, e.qualifies, e.reason])).toEqual([
      ["Small", false, "Needs 1 more member(s)."],
      ["Ready", true, null],
    ]);
    expect(wl).toMatchObject({ max_entrants: 1, registered_count: 1, can_manage: true });
    expect((await c1.c.get(`/api/events/${T}/registrations`)).json().data).toHaveLength(1);

    expect((await c1.c.post(`/api/events/${T}/withdraw`, {})).statusCode).toBe(200);
    expect((await status(T, c3)).status).toBe("registered");
    expect((await status(T, m3)).status).toBe("registered");
    expect((await notes(m3)).some((m) => m.includes("your squad Ready has been promoted from the waitlist"))).toBe(true);
    expect((await status(T, c2)).status).toBe("waitlisted");
    expect((await status(T, c2)).registration_details.waitlist_position).toBe(1);
    const list = (await c1.c.get(`/api/events/${T}/registrations`)).json().data;
    expect(list.map((s: { squad_name: string }) => s.squad_name)).toEqual(["Ready"]);
  });

  it("staff moving a registered squad out promotes the next; closing check-ins promotes only checked-in waiting players", async () => {
    const T = await squadCup({ max_entrants: 1, minimum_team_size: 1 });
    const [c1, c2] = await players(2);
    await c1.c.post(`/api/events/${T}/register`, { squad_name: "Alpha" });
    await c2.c.post(`/api/events/${T}/register`, { squad_name: "Beta" });
    const alpha = (await status(T, c1)).registration_details.squad_id as number;
    expect((await admin.c.post(`/api/events/${T}/move_squad`, { status: "rejected", squad_id: alpha })).statusCode).toBe(200);
    expect((await status(T, c2)).status).toBe("registered");

    const S = await soloCup({ max_entrants: 1, checkin_required: 1, checkin_status: 1 });
    const [r, w1, w2] = await players(3);
    for (const p of [r, w1, w2]) await p.c.post(`/api/events/${S}/register`, {});
    // Waiting players check in too; w1 does not, w2 does.
    expect((await w2.c.post(`/api/events/${S}/checkin`, {})).statusCode).toBe(200);
    expect((await admin.c.post(`/api/events/${S}/controls`, { checkin_status: 2 })).statusCode).toBe(200);
    expect((await status(S, r)).registration_details.withdrawn_at_checkin).toBe(true);
    expect((await status(S, w1)).status).toBe("waitlisted");
    expect((await status(S, w2)).status).toBe("registered");
    const wl = await waitlist(S);
    expect(wl.data[0]).toMatchObject({
      entrant_id: w1.playerId,
      qualifies: false,
      reason: "Did not check in.",
      reason_code: "registration.waitlist.not_checked_in",
      reason_params: {},
    });
  });

  it("organisers reorder (one log line per move), promote past the cap and remove; moderators only read", async () => {
    const T = await soloCup({ max_entrants: 1 });
    const [r, a, b, c] = await players(4);
    for (const p of [r, a, b, c]) await p.c.post(`/api/events/${T}/register`, {});
    const order = async () => (await waitlist(T)).data.map((e: { entrant_id: number }) => e.entrant_id);
    expect(await order()).toEqual([a.playerId, b.playerId, c.playerId]);
    expect((await admin.c.post(`/api/events/${T}/waitlist/move`, { entrant_id: c.playerId, direction: "up" })).statusCode).toBe(200);
    expect((await admin.c.post(`/api/events/${T}/waitlist/move`, { entrant_id: c.playerId, direction: "up" })).statusCode).toBe(200);
    expect(await order()).toEqual([c.playerId, a.playerId, b.playerId]);
    const up = await admin.c.post(`/api/events/${T}/waitlist/move`, { entrant_id: c.playerId, direction: "up" });
    expect(up.json().message).toBe("This entrant is already first.");
    const moveKey = { summary_key: "waitlist.moved", summary_params: { name: c.name, direction: "up" } };
    expect(await logs(T, "registration.waitlist_move")).toEqual([
      // The summary's key and params for translation (#21) are stored beside it.
      { summary: `Moved ${c.name} up the waitlist`, ...moveKey, before: "3", after: "2" },
      { summary: `Moved ${c.name} up the waitlist`, ...moveKey, before: "2", after: "1" },
    ]);
    expect((await status(T, a)).registration_details.waitlist_position).toBe(2);

    // Staff promote past the cap, and remove.
    expect((await admin.c.post(`/api/events/${T}/waitlist/promote`, { entrant_id: b.playerId })).statusCode).toBe(200);
    expect((await status(T, b)).status).toBe("registered");
    expect((await admin.c.get(`/api/events/${T}`)).json().registration_count).toBe(2);
    expect((await admin.c.post(`/api/events/${T}/waitlist/remove`, { entrant_id: a.playerId })).statusCode).toBe(200);
    expect((await status(T, a)).status).toBe("not_registered");
    expect((await notes(a)).some((m) => m.includes("removed from the waitlist"))).toBe(true);
    expect(await order()).toEqual([c.playerId]);

    const mod = await signedIn(t, { roles: ["event_mod"] });
    expect((await mod.c.get(`/api/events/${T}/waitlist`)).json().can_manage).toBe(false);
    expect((await mod.c.post(`/api/events/${T}/waitlist/promote`, { entrant_id: c.playerId })).statusCode).toBe(403);
    expect((await c.c.get(`/api/events/${T}/waitlist`)).statusCode).toBe(403);
  });

  it("raising the cap in the tournament form promotes at once; lifting it takes everyone", async () => {
    const T = await soloCup({ max_entrants: 1 });
    const [r, a, b] = await players(3);
    for (const p of [r, a, b]) await p.c.post(`/api/events/${T}/register`, {});
    const form = (cap: string) =>
      tournamentForm({ tournament_title: "Capped", registration_format: "1", date: "tbd", checkin_minimum: "", max_entrants: cap });
    const save = async (cap: string) => {
      const res = await postForm(admin.c, `/api/events/${T}`, form(cap));
      return res.statusCode === 200 ? 200 : res.body;
    };
    expect(await save("2")).toBe(200);
    expect((await status(T, a)).status).toBe("registered");
    expect((await status(T, b)).status).toBe("waitlisted");
    expect(await save("")).toBe(200);
    expect((await status(T, b)).status).toBe("registered");
    expect((await admin.c.get(`/api/events/${T}`)).json().max_entrants).toBeNull();
  });

  it("a burst of 60 concurrent registrations for a cap of 20: exactly 20 registered, 40 waiting in positions 1..40, none lost", async () => {
    const T = await soloCup({ max_entrants: 20 });
    const ps = await players(60);
    const answers = await Promise.all(ps.map((p) => p.c.post(`/api/events/${T}/register`, {})));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await db()
      .selectFrom("registrations")
      .select(["player_id", "status", "waitlist_position"])
      .where("tournament_id", "=", T)
      .execute();
    expect(rows).toHaveLength(60);
    expect(rows.filter((r) => r.status === "registered")).toHaveLength(20);
    const waiting = rows.filter((r) => r.status === "waitlisted");
    expect(waiting.map((r) => r.waitlist_position).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // Each answer named the position its row holds.
    for (const [i, a] of answers.entries()) {
      const row = rows.find((r) => r.player_id === ps[i]!.playerId)!;
      expect(a.json().message).toBe(
        row.status === "registered" ? "You have registered for this tournament." : waitlistMessage(row.waitlist_position!),
      );
    }

    // Squads: the same for 30 squads racing for 10 places.
    const Q = await squadCup({ max_entrants: 10, minimum_team_size: 1 });
    const caps = await players(30);
    const sq = await Promise.all(caps.map((p, i) => p.c.post(`/api/events/${Q}/register`, { squad_name: `Burst ${i}` })));
    expect(sq.every((a) => a.statusCode === 200)).toBe(true);
    const squads = await db().selectFrom("squads").select(["status", "waitlist_position"]).where("tournament_id", "=", Q).execute();
    expect(squads.filter((s) => s.status === "registered")).toHaveLength(10);
    expect(
      squads
        .filter((s) => s.status === "waitlisted")
        .map((s) => s.waitlist_position)
        .sort((x, y) => x! - y!),
    ).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
