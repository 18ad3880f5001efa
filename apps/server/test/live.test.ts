import type { AddressInfo } from "node:net";
import { LiveEventSchema } from "@site/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notify } from "../src/features/notifications/notifications.service.js";
import { LIVE_MESSAGES } from "../src/features/live/live.service.js";
import { createPlayer, createTournament } from "./factories.js";
import { Client, createSecondNode, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { openSse, type SseEvent, type SseStream } from "./sse-client.js";
import { createSeries } from "./tournament-helpers.js";

/**
 * Live updates over SSE (issue #20 §1) on a real listener: writes reach subscribers after they
 * commit, with ids and kinds only; Last-Event-ID replays what a client missed or asks it to
 * resync; heartbeats; the per-address cap; unpublished tournaments and notifications only for
 * those allowed; two apps on one PostgreSQL schema; app.close() not held by open streams.
 */
const D = await dialects();
const CAP = 4;

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe.each(D)("live updates over SSE (%s)", (dialect) => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let racerA: SignedIn;
  let racerB: SignedIn;
  let anon: Client;
  let T: number;
  let hidden: number;
  const open: SseStream[] = [];

  const sse = async (topics: string, who?: Client, headers: Record<string, string> = {}, at = base) => {
    const s = await openSse(`${at}/api/live?topics=${topics}`, { ...(who ? { cookie: who.cookie } : {}), ...headers });
    open.push(s);
    return s;
  };
  const ev = (id: number, p: string) => `/api/events/${id}${p}`;
  const kind = (k: string, topic?: string) => (e: SseEvent) => e.event === k && (!topic || (e.data as { topic: string }).topic === topic);

  beforeAll(async () => {
    t = await createTestApp(dialect, { SSE_HEARTBEAT_MS: "150", SSE_MAX_PER_IP: String(CAP) });
    base = await listen(t);
    admin = await signedIn(t, { roles: ["event_admin"], player: false });
    racerA = await signedIn(t);
    racerB = await signedIn(t);
    anon = new Client(t.app);
    const series = await createSeries(t.database);
    T = await createTournament(t.database, {
      title: "Live Cup",
      event_format: 1,
      registrations_open: 1,
      checkin_required: 1,
      tournament_series_id: series,
    });
    hidden = await createTournament(t.database, {
      title: "Hidden Cup",
      event_format: 1,
      published: 0,
      registrations_open: 1,
      tournament_series_id: series,
    });
  });
  afterEach(async () => {
    for (const s of open.splice(0)) s.close();
    // The server frees a stream's slot when it sees the client gone: wait for that, so the cap
    // test's streams do not count against the next test's.
    for (let i = 0; i < 100; i++) {
      if (/^sse_connections 0$/m.test((await t.app.inject({ method: "GET", url: "/metrics" })).body)) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  afterAll(() => t?.close());

  it("streams a registration and a check-in to a subscriber once committed, with ids and kinds only", async () => {
    const s = await sse(`tournament:${T}`);
    expect(s.status).toBe(200);
    expect(s.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(s.headers.get("x-accel-buffering")).toBe("no");
    expect(s.headers.get("cache-control")).toBe("no-store");
    await s.comment((c) => c.startsWith("open"));
    expect(s.retry).toBe(3000);

    expect((await racerA.c.post(ev(T, "/register"), {})).statusCode).toBe(200);
    const reg = await s.next(kind("registrations"));
    expect(reg.id).toMatch(/^\d{13}-[0-9a-z]+$/);
    expect(reg.data).toEqual({ topic: `tournament:${T}`, kind: "registrations", tournament_id: T });
    expect(LiveEventSchema.parse(reg.data)).toEqual(reg.data);

    expect((await admin.c.post(ev(T, "/controls"), { checkin_status: 1 })).statusCode).toBe(200);
    await s.next(kind("tournament"));
    expect((await racerA.c.post(ev(T, "/checkin"))).statusCode).toBe(200);
    const checkin = await s.next(kind("check_ins"));
    expect(checkin.data).toEqual({ topic: `tournament:${T}`, kind: "check_ins", tournament_id: T });
  });

  it("sends nothing for a write that was refused (rolled back)", async () => {
    const s = await sse(`tournament:${T}`);
    await s.comment((c) => c.startsWith("open"));
    // Already registered: the transaction throws, nothing commits, nothing is published.
    expect((await racerA.c.post(ev(T, "/register"), {})).statusCode).toBe(400);
    expect(await s.quiet(300)).toEqual([]);
  });

  it("names the round and room of a submitted table", async () => {
    const R = await createTournament(t.database, {
      title: "Live FFA",
      event_format: 1,
      registrations_open: 0,
      start_date: Date.now() - 3600_000,
    });
    for (let i = 0; i < 12; i++) {
      const pid = await createPlayer(t.database, { display_name: `LiveRacer${i}` });
      await t.database.db
        .insertInto("registrations")
        .values({ tournament_id: R, player_id: pid, status: "registered", can_host: i === 0 ? 1 : 0, registered_at: Date.now() - i })
        .execute();
    }
    const s = await sse(`tournament:${R}`);
    await s.comment((c) => c.startsWith("open"));
    expect((await admin.c.post(ev(R, "/rounds"), { races: 4, room_size: 12, seed: 1 })).statusCode).toBe(200);
    await s.next(kind("rounds"));
    expect((await admin.c.post(ev(R, "/rounds/1/publish"))).statusCode).toBe(200);
    expect((await s.next((e) => e.event === "rounds" && (e.data as { round?: number }).round === 1)).data).toMatchObject({ round: 1 });
    const round = (await admin.c.get(ev(R, "/rounds/1"))).json() as {
      rooms: Array<{ number: number; sides: Array<{ racers: Array<{ player_id: number }> }> }>;
    };
    const room = round.rooms[0]!;
    const ids = room.sides.flatMap((x) => x.racers.map((r) => r.player_id));
    const totals = ids.map((player_id, k) => ({ player_id, total: 4 * ([15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1][k] ?? 0) }));
    expect((await admin.c.post(ev(R, `/rounds/1/rooms/${room.number}/table`), { mode: "totals", totals })).json().saved).toBe(true);
    const table = await s.next(kind("table"));
    expect(table.data).toMatchObject({ topic: `tournament:${R}`, kind: "table", tournament_id: R, round: 1, room: room.number });
    expect((table.data as { room_id: number }).room_id).toBeGreaterThan(0);
    // No room code, no names: ids only.
    expect(Object.keys(table.data as object).sort()).toEqual(["kind", "room", "room_id", "round", "topic", "tournament_id"]);
  });

  it("replays what a reconnecting client missed (Last-Event-ID), and asks for a resync when it cannot", async () => {
    let s = await sse(`tournament:${T}`);
    await s.comment((c) => c.startsWith("open"));
    expect((await racerB.c.post(ev(T, "/register"), {})).statusCode).toBe(200);
    const seen = await s.next(kind("registrations"));
    s.close();
    // Missed while away: B checks in, A withdraws.
    expect((await racerB.c.post(ev(T, "/checkin"))).statusCode).toBe(200);
    expect((await racerA.c.post(ev(T, "/withdraw"), {})).json()).toMatchObject({ status: "ok" });
    await new Promise((r) => setTimeout(r, 50));
    s = await sse(`tournament:${T}`, undefined, { "last-event-id": seen.id });
    await s.next(kind("registrations"));
    const kinds = s.events.map((e) => e.event);
    expect(kinds).toContain("check_ins");
    expect(kinds).toContain("registrations");
    expect(s.events.map((e) => e.id)).not.toContain(seen.id);

    // The same through the query (a client that reopened for new topics).
    const q = await sse(`tournament:${T}&last_event_id=${encodeURIComponent(seen.id)}`);
    await q.next(kind("check_ins"));

    // Too old, or not one of ours: one resync per topic.
    const old = await sse(`tournament:${T},tournament:${hidden}`, admin.c, { "last-event-id": `${Date.now() - 3600_000}-abc` });
    const resyncs = [await old.next(kind("resync", `tournament:${T}`)), await old.next(kind("resync", `tournament:${hidden}`))];
    expect(resyncs.map((e) => e.data)).toEqual([
      { topic: `tournament:${T}`, kind: "resync", tournament_id: T },
      { topic: `tournament:${hidden}`, kind: "resync", tournament_id: hidden },
    ]);
    const junk = await sse(`tournament:${T}`, undefined, { "last-event-id": "nonsense" });
    await junk.next(kind("resync"));
  });

  it("writes a heartbeat comment on idle streams", async () => {
    const s = await sse(`tournament:${T}`);
    await s.comment((c) => c === "hb", 2000);
  });

  it(`caps streams per address (${CAP}) with a 429 and a message`, async () => {
    for (let i = 0; i < CAP; i++) expect((await sse(`tournament:${T}`)).status).toBe(200);
    const refused = await sse(`tournament:${T}`);
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.text())).toEqual({ status: "error", message: LIVE_MESSAGES.perIp, code: "live.too_many_per_address" });
    const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.body).toMatch(new RegExp(`^sse_connections ${CAP}$`, "m"));
    open.shift()!.close();
    // The slot is released when the server sees the client gone.
    for (let i = 0; ; i++) {
      const again = await sse(`tournament:${T}`);
      if (again.status === 200) break;
      open.pop();
      if (i > 50) throw new Error("slot never released");
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  it("refuses an unpublished tournament's topic to the anonymous but not to staff, and stops events once a tournament is unpublished", async () => {
    const outsider = await sse(`tournament:${hidden}`);
    const staff = await sse(`tournament:${hidden}`, admin.c);
    expect(await outsider.comment((c) => c.startsWith("open"))).toBe("open");
    expect(await staff.comment((c) => c.startsWith("open"))).toBe(`open tournament:${hidden}`);
    expect((await admin.c.post(ev(hidden, "/controls"), { registrations_open: false })).statusCode).toBe(200);
    await staff.next(kind("tournament"));
    expect(await outsider.quiet(200)).toEqual([]);

    // Published now: the anonymous viewer subscribes; unpublished again: it hears nothing more.
    const b0 = staff.events.length;
    expect((await admin.c.post(ev(hidden, "/controls"), { published: true })).statusCode).toBe(200);
    await staff.next(kind("tournament"), 5000, b0);
    const viewer = await sse(`tournament:${hidden}`);
    expect(await viewer.comment((c) => c.startsWith("open"))).toBe(`open tournament:${hidden}`);
    const before = staff.events.length;
    expect((await admin.c.post(ev(hidden, "/controls"), { published: false })).statusCode).toBe(200);
    const unpublished = await staff.next(kind("tournament"), 5000, before);
    expect((await admin.c.post(ev(hidden, "/controls"), { registrations_open: true })).statusCode).toBe(200);
    const later = await staff.next(kind("tournament"), 5000, before + 1);
    await viewer.quiet(100);
    expect(unpublished.id).not.toBe(later.id);
    expect(viewer.events).toEqual([]);
  });

  it("sends each account only its own notifications; the anonymous asking for them get none", async () => {
    const a = await sse("notifications", racerA.c);
    const b = await sse("notifications", racerB.c);
    const nobody = await sse("notifications", anon);
    expect(await a.comment((c) => c.startsWith("open"))).toBe("open notifications");
    expect(await nobody.comment((c) => c.startsWith("open"))).toBe("open");
    await t.database.db.transaction().execute((trx) => notify(trx, racerA.userId, "info", { key: "account.activated" }));
    expect((await a.next(kind("notifications"))).data).toEqual({ topic: "notifications", kind: "notifications" });
    expect(await b.quiet(200)).toEqual([]);
    expect(nobody.events).toEqual([]);
    // Marking read refreshes the account's other tabs too.
    const list = (await racerA.c.get("/api/notifications?filter=unread")).json() as { data: Array<{ id: number }> };
    // Counted before the write: its event may arrive before the POST's answer does.
    const seen = a.events.length;
    expect((await racerA.c.post(`/api/notifications/${list.data[0]!.id}/read`)).statusCode).toBe(200);
    await a.next(kind("notifications"), 5000, seen);
  });

  it("ends open streams when the app closes, without holding app.close()", async () => {
    const other = await createSecondNode(t);
    const at = await listen(other);
    const s = await sse(`tournament:${T}`, undefined, {}, at);
    await s.comment((c) => c.startsWith("open"));
    const started = Date.now();
    await other.close();
    await s.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.skipIf(dialect !== "postgres")("delivers a write made through one node to a subscriber on another", async () => {
    const b = await createSecondNode(t);
    try {
      const at = await listen(b);
      const s = await sse(`tournament:${T}`, undefined, {}, at);
      await s.comment((c) => c.startsWith("open"));
      const player = await signedIn(t);
      expect((await player.c.post(ev(T, "/register"), {})).statusCode).toBe(200);
      await s.next(kind("registrations"));
      // And B's answer is already the new one (the cache invalidation arrived first).
      const list = (await new Client(b.app).get(ev(T, "/registered_players"))).body;
      expect(list).toContain(player.name);
    } finally {
      await b.close();
    }
  });
});
