import { EVENT_FORMAT } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runChecks } from "../src/doctor/doctor.checks.js";
import { addMember, createTeam, createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

/**
 * Issue #22 §1 for team tournaments: `max_entrants` counts registered teams; past it a team's
 * registration waits in order; a withdrawal or a staff move out promotes the first waiting team
 * that still qualifies in the same transaction and notifies its leaders and managers; organisers
 * list, reorder, promote and remove; a burst of concurrent team registrations never passes the
 * cap — on both dialects.
 */
describe.each(await dialects())("team capacity and waitlist (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signedIn(t, { roles: ["event_admin"] });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const long = Date.now() - 30 * 86_400_000;
  /** A team of two leaders (no representative needed) and, optionally, a manager; returns its people. */
  const team = async (name: string, o: { manager?: boolean; members?: number } = {}) => {
    const id = await createTeam(t.database, { team_name: name, team_tag: name.slice(0, 3).toUpperCase() });
    const leaders = [await signedIn(t), await signedIn(t)];
    for (const l of leaders) await addMember(t.database, id, l.playerId, { is_leader: 1, joined_at: long });
    const manager = o.manager ? await signedIn(t) : undefined;
    if (manager) await addMember(t.database, id, manager.playerId, { is_manager: 1, joined_at: long });
    return { id, name, leader: leaders[0]!, other: leaders[1]!, manager };
  };
  type Team = Awaited<ReturnType<typeof team>>;
  const cup = (o: Record<string, number | null> = {}) =>
    createTournament(t.database, {
      event_format: EVENT_FORMAT.team,
      game_mode: "mk8dx_150",
      registrations_open: 1,
      minimum_team_size: 2,
      max_entrants: 1,
      ...o,
    });
  const register = (T: number, x: Team) => x.leader.c.post(`/api/events/${T}/register`, { team_id: x.id });
  const regOf = (T: number, x: Team) =>
    db()
      .selectFrom("team_registrations")
      .select(["status", "waitlist_position"])
      .where("tournament_id", "=", T)
      .where("team_id", "=", x.id)
      .executeTakeFirst();
  const memberStatuses = async (T: number, x: Team) =>
    (await db().selectFrom("registrations").select("status").where("tournament_id", "=", T).where("team_id", "=", x.id).execute()).map(
      (r) => r.status,
    );
  const notes = async (who: SignedIn) =>
    (await db().selectFrom("notifications").select("message").where("user_id", "=", who.userId).execute()).map((n) => n.message);
  const waitlist = async (T: number) => (await admin.c.get(`/api/events/${T}/waitlist`)).json();

  it("past the cap a team waits with its members, sees its place, and is promoted and notified when the registered team withdraws", async () => {
    const T = await cup();
    const [a, b, c] = [await team("Alpha"), await team("Bravo", { manager: true }), await team("Charlie")];
    const ra = await register(T, a);
    expect(ra.json()).toEqual({ status: "ok", message: "Your team has been registered.", waitlist_position: null });
    const rb = await register(T, b);
    expect(rb.statusCode).toBe(200);
    expect(rb.json().message).toBe("The tournament is full: your team is on the waitlist (position 1).");
    // The place is on the wire too, so a page in another language need not read the English (#21).
    expect(rb.json().waitlist_position).toBe(1);
    expect((await register(T, c)).json().message).toBe("The tournament is full: your team is on the waitlist (position 2).");
    expect((await register(T, b)).json().message).toBe("This team is already on the waitlist.");
    expect(await regOf(T, b)).toMatchObject({ status: "waitlisted" });
    expect(await memberStatuses(T, b)).toEqual(["waitlisted", "waitlisted", "waitlisted"]);
    // Its register status names the waitlist and the place.
    const own = (await b.leader.c.get(`/api/events/${T}/register`)).json();
    expect(own.teams.find((x: { team_id: number }) => x.team_id === b.id)).toMatchObject({ status: "waitlisted", waitlist_position: 1 });
    // Lists and counts leave waiting teams out.
    expect((await a.leader.c.get(`/api/events/${T}`)).json()).toMatchObject({ registration_count: 1, max_entrants: 1 });

    const wl = await waitlist(T);
    expect(wl).toMatchObject({ max_entrants: 1, registered_count: 1, can_manage: true });
    expect(wl.data.map((e: { name: string; position: number; qualifies: boolean }) => [e.name, e.position, e.qualifies])).toEqual([
      ["Bravo", 1, true],
      ["Charlie", 2, true],
    ]);

    expect((await a.leader.c.post(`/api/events/${T}/withdraw`, { team_id: a.id })).statusCode).toBe(200);
    expect(await regOf(T, b)).toEqual({ status: "registered", waitlist_position: null });
    expect(await memberStatuses(T, b)).toEqual(["registered", "registered", "registered"]);
    // Leaders and the manager are told.
    for (const who of [b.leader, b.other, b.manager!])
      expect((await notes(who)).some((m) => m.includes("promoted from the waitlist"))).toBe(true);
    const logs = await db()
      .selectFrom("tournament_logs")
      .select("details")
      .where("tournament_id", "=", T)
      .where("action", "=", "team.waitlist_promote")
      .execute();
    expect(logs.map((l) => (JSON.parse(l.details) as { summary: string }).summary)).toEqual([
      "Promoted Bravo from the waitlist (a place opened)",
    ]);
    expect((await c.leader.c.get(`/api/events/${T}/register`)).json().teams[0]).toMatchObject({
      status: "waitlisted",
      waitlist_position: 1,
    });
    // A waiting team may leave the waitlist; nobody is promoted.
    expect((await c.leader.c.post(`/api/events/${T}/withdraw`, { team_id: c.id })).statusCode).toBe(200);
    expect((await waitlist(T)).data).toEqual([]);
  });

  it("a staff move out promotes the first waiting team that still qualifies; one that lost members keeps its place", async () => {
    const T = await cup({ minimum_team_size: 3 });
    const a = await team("Able");
    const small = await team("Shrink");
    const ok = await team("Okay");
    for (const x of [a, small, ok]) await addMember(t.database, x.id, (await signedIn(t)).playerId, { joined_at: long });
    for (const x of [a, small, ok]) expect((await register(T, x)).statusCode).toBe(200);
    // Shrink loses a member after registering: it no longer qualifies.
    await db()
      .updateTable("team_memberships")
      .set({ left_at: Date.now() })
      .where("team_id", "=", small.id)
      .where("is_leader", "=", 0)
      .execute();
    expect((await waitlist(T)).data.map((e: { name: string; reason: string | null }) => [e.name, e.reason])).toEqual([
      ["Shrink", "Needs 1 more eligible member(s)."],
      ["Okay", null],
    ]);
    expect((await waitlist(T)).data[0]).toMatchObject({ reason_code: "registration.waitlist.needs_eligible", reason_params: { count: 1 } });
    expect((await admin.c.post(`/api/events/${T}/move_team`, { status: "rejected", team_id: a.id })).statusCode).toBe(200);
    expect((await regOf(T, ok))?.status).toBe("registered");
    expect(await regOf(T, small)).toMatchObject({ status: "waitlisted" });
  });

  it("organisers reorder, promote past the cap and remove; others are refused", async () => {
    const T = await cup();
    const [a, b, c, d] = [await team("One"), await team("Two"), await team("Three"), await team("Four")];
    for (const x of [a, b, c, d]) expect((await register(T, x)).statusCode).toBe(200);
    const names = async () => (await waitlist(T)).data.map((e: { name: string }) => e.name);
    expect(await names()).toEqual(["Two", "Three", "Four"]);
    expect((await admin.c.post(`/api/events/${T}/waitlist/move`, { entrant_id: d.id, direction: "up" })).statusCode).toBe(200);
    expect(await names()).toEqual(["Two", "Four", "Three"]);
    expect((await admin.c.post(`/api/events/${T}/waitlist/move`, { entrant_id: b.id, direction: "up" })).json().message).toBe(
      "This entrant is already first.",
    );
    // A leader of a team is not an organiser.
    expect((await a.leader.c.post(`/api/events/${T}/waitlist/move`, { entrant_id: d.id, direction: "up" })).statusCode).toBe(403);
    expect((await a.leader.c.get(`/api/events/${T}/waitlist`)).statusCode).toBe(403);
    expect((await admin.c.post(`/api/events/${T}/waitlist/promote`, { entrant_id: c.id })).statusCode).toBe(200);
    expect((await regOf(T, c))?.status).toBe("registered");
    expect((await admin.c.post(`/api/events/${T}/waitlist/remove`, { entrant_id: d.id })).statusCode).toBe(200);
    expect((await regOf(T, d))?.status).toBe("withdrawn");
    expect(await memberStatuses(T, d)).toEqual(["withdrawn", "withdrawn"]);
    expect((await notes(d.leader)).some((m) => m.includes("removed from the waitlist"))).toBe(true);
    expect(await names()).toEqual(["Two"]);
  });

  it("a raised cap promotes at once through the tournament's edit", async () => {
    const T = await cup();
    const [a, b] = [await team("Raise A"), await team("Raise B")];
    for (const x of [a, b]) expect((await register(T, x)).statusCode).toBe(200);
    expect((await regOf(T, b))?.status).toBe("waitlisted");
    const { fillTeamPlaces } = await import("../src/features/team-registrations/team-waitlist.service.js");
    await db().updateTable("tournaments").set({ max_entrants: 2 }).where("id", "=", T).execute();
    const ev = await db().selectFrom("tournaments").selectAll().where("id", "=", T).executeTakeFirstOrThrow();
    expect(
      await db()
        .transaction()
        .execute((trx) => fillTeamPlaces(trx, ev, { userId: admin.userId })),
    ).toBe(1);
    expect((await regOf(T, b))?.status).toBe("registered");
  });

  it("a burst of 24 concurrent team registrations for a cap of 8: exactly 8 registered, 16 waiting in positions 1..16", async () => {
    const T = await cup({ max_entrants: 8 });
    const teams: Team[] = [];
    for (let i = 0; i < 24; i++) teams.push(await team(`Burst ${i}`));
    const answers = await Promise.all(teams.map((x) => register(T, x)));
    expect(answers.map((a) => a.statusCode)).toEqual(teams.map(() => 200));
    const rows = await db()
      .selectFrom("team_registrations")
      .select(["team_id", "status", "waitlist_position"])
      .where("tournament_id", "=", T)
      .execute();
    expect(rows).toHaveLength(24);
    expect(rows.filter((r) => r.status === "registered")).toHaveLength(8);
    const waiting = rows.filter((r) => r.status === "waitlisted");
    expect(waiting.map((r) => r.waitlist_position).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    for (const [i, a] of answers.entries()) {
      const row = rows.find((r) => r.team_id === teams[i]!.id)!;
      expect(a.json().message).toBe(
        row.status === "registered"
          ? "Your team has been registered."
          : `The tournament is full: your team is on the waitlist (position ${row.waitlist_position}).`,
      );
    }
    // Member rows follow their team's status.
    const members = await db().selectFrom("registrations").select("status").where("tournament_id", "=", T).execute();
    expect(members.filter((m) => m.status === "registered")).toHaveLength(16);
    expect(members.filter((m) => m.status === "waitlisted")).toHaveLength(32);
    // The doctor knows waiting teams: none of its team checks finds anything in this tournament.
    const { violations } = await runChecks(db());
    expect(violations.filter((v) => v.check.startsWith("team") && v.ids.tournament === T)).toEqual([]);
  });
});
