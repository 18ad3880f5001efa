import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createTournament } from "./factories.js";

const D = await dialects();
const DAY = 86_400_000;

const body = (title: string) => ({
  tournament_title: title,
  game_mode: "mk8dx_150",
  registration_format: "1",
  start_date: new Date(Date.now() + 7 * DAY).toISOString(),
  end_date: new Date(Date.now() + 8 * DAY).toISOString(),
  event_description: "Come race",
});

describe.each(D)("player-hosted tournaments (%s)", (dialect) => {
  let t: TestApp;
  let host: SignedIn;
  let other: SignedIn;
  let mod: Client;
  let eventAdmin: Client;
  let other_t: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    host = await signedIn(t);
    other = await signedIn(t);
    mod = (await signedIn(t, { roles: ["moderate"] })).c;
    eventAdmin = (await signedIn(t, { roles: ["event_admin"] })).c;
    other_t = await createTournament(t.database, { title: "Someone else's", event_format: 1 });
  });
  afterAll(() => t.close());

  it("needs a registry profile and a signed-in account", async () => {
    expect((await new Client(t.app).post("/api/tournaments/proposals", body("X"))).statusCode).toBe(401);
    const noProfile = await signedIn(t, { player: false });
    expect((await noProfile.c.post("/api/tournaments/proposals", body("X"))).statusCode).toBe(403);
  });

  let declinedId = 0;
  it("keeps a proposal unpublished, visible to its proposer only, one pending at a time", async () => {
    const res = await host.c.post("/api/tournaments/proposals", body("Host Cup"));
    expect(res.statusCode).toBe(200);
    declinedId = res.json().id;
    expect((await host.c.post("/api/tournaments/proposals", body("Second"))).statusCode).toBe(409);
    expect((await new Client(t.app).get(`/api/events/${declinedId}`)).statusCode).toBe(404);
    expect((await other.c.get(`/api/events/${declinedId}`)).statusCode).toBe(404);
    const own = await host.c.get(`/api/events/${declinedId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ published: false, can_administrate: false });
    // Pending: the proposer may not publish it.
    expect((await host.c.post(`/api/events/${declinedId}/controls`, { published: true })).statusCode).toBe(403);
    expect((await host.c.get("/api/tournaments/proposals/mine")).json().data).toMatchObject([
      { tournament_title: "Host Cup", status: "pending" },
    ]);
  });

  it("lets event administrators and moderators review the queue, and declines with a reason", async () => {
    expect((await host.c.get("/api/moderation/tournament_proposals")).statusCode).toBe(403);
    const queue = (await mod.get("/api/moderation/tournament_proposals")).json().data as Array<{ id: number; tournament_id: number }>;
    const p = queue.find((x) => x.tournament_id === declinedId)!;
    expect((await mod.post(`/api/moderation/tournament_proposals/${p.id}/decline`, { reason: "" })).statusCode).toBe(400);
    expect((await host.c.post(`/api/moderation/tournament_proposals/${p.id}/decline`, { reason: "no" })).statusCode).toBe(403);
    expect((await mod.post(`/api/moderation/tournament_proposals/${p.id}/decline`, { reason: "Clashes with the league" })).statusCode).toBe(
      200,
    );
    expect((await mod.post(`/api/moderation/tournament_proposals/${p.id}/approve`)).statusCode).toBe(409);
    const notes = (await host.c.get("/api/notifications?filter=all")).json().data as Array<{ message: string }>;
    expect(notes.some((n) => n.message.includes("declined: Clashes with the league"))).toBe(true);
    expect((await new Client(t.app).get(`/api/events/${declinedId}`)).statusCode).toBe(404);
  });

  it("approves: published, the proposer administrates that one tournament, every step logged", async () => {
    const res = await host.c.post("/api/tournaments/proposals", body("Host Cup II"));
    expect(res.statusCode).toBe(200);
    const id = res.json().id as number;
    const p = (
      (await eventAdmin.get("/api/moderation/tournament_proposals")).json().data as Array<{ id: number; tournament_id: number }>
    ).find((x) => x.tournament_id === id)!;
    expect((await eventAdmin.post(`/api/moderation/tournament_proposals/${p.id}/approve`)).statusCode).toBe(200);
    expect((await new Client(t.app).get(`/api/events/${id}`)).json()).toMatchObject({ published: true });
    expect((await host.c.get(`/api/events/${id}`)).json()).toMatchObject({ can_administrate: true, can_moderate: true });
    expect((await host.c.post(`/api/events/${id}/controls`, { registrations_open: true })).statusCode).toBe(200);
    expect((await host.c.post(`/api/events/${other_t}/controls`, { registrations_open: true })).statusCode).toBe(403);
    expect((await other.c.post(`/api/events/${id}/controls`, { registrations_open: false })).statusCode).toBe(403);
    const logs = (await host.c.get(`/api/events/${id}/logs`)).json().data as Array<{ action: string }>;
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(["tournament.propose", "tournament.proposal.approve"]));
    const notes = (await host.c.get("/api/notifications?filter=all")).json().data as Array<{ message: string }>;
    expect(notes.some((n) => n.message.includes("was approved"))).toBe(true);
    expect((await host.c.get("/api/tournaments/proposals/mine")).json().data.map((x: { status: string }) => x.status)).toEqual([
      "approved",
      "declined",
    ]);
  });

  it("limits proposals per day through the shared limiter (429)", async () => {
    // Two made today; the third is allowed (then pending), a fourth refused by the daily limit.
    const third = await host.c.post("/api/tournaments/proposals", body("Host Cup III"));
    expect(third.statusCode).toBe(200);
    await t.database.db
      .updateTable("tournament_proposals")
      .set({ status: "declined" })
      .where("tournament_id", "=", third.json().id)
      .execute();
    const fourth = await host.c.post("/api/tournaments/proposals", body("Host Cup IV"));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^You may propose at most 3 tournaments a day\. Try again in \d+ minutes?\.$/);
    // The counter is the shared limiter's: on PostgreSQL a row of the rate_limits table every node reads.
    if (dialect === "postgres") {
      const { rows } = await sql<{ key: string }>`select key from rate_limits`.execute(t.database.db);
      expect(rows.map((r) => r.key)).toContain(`proposals:${host.userId}`);
    }
    // Another account keeps its own budget.
    expect((await other.c.post("/api/tournaments/proposals", body("Other Cup"))).statusCode).toBe(200);
  });
});
