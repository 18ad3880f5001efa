import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Bus, channelFor, MemoryBus, MAX_PAYLOAD_BYTES, PostgresBus, shareCacheOverBus, topicFamily } from "../src/lib/bus.js";
import { TtlCache } from "../src/lib/cache.js";
import { createTournament } from "./factories.js";
import { Client, createSecondNode, createTestApp, dialects, PG_URL, signedIn, signIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries, grantSeriesRole } from "./tournament-helpers.js";

/**
 * Issue #18 §1–3: one event bus, caches that never serve stale authorization on another
 * node, and limits shared by every node. Two apps on one PostgreSQL schema stand for two
 * nodes; "at once" is polled for up to 2 s (the latency itself: scripts/measure-bus.ts).
 */

const D = await dialects();
const quiet = { warn: () => {}, error: () => {}, info: () => {} };

/** Polls `probe` until it returns true, for up to `ms`; returns how long it took, or throws. */
async function within(ms: number, probe: () => Promise<boolean>, what: string): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await probe()) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The next message of `topic` on `bus`. */
function nextMessage<T>(
  bus: Bus,
  topic: "cache:invalidate" | "bus:reconnected" | "bus:disconnected",
): Promise<{ payload: T; fromSelf: boolean }> {
  return new Promise((resolve) => {
    const off = bus.subscribe(topic, (payload, meta) => {
      off();
      resolve({ payload: payload as T, fromSelf: meta.fromSelf });
    });
  });
}

describe("event bus (in process)", () => {
  it("delivers to its own subscribers, marked as its own, and refuses local topics and oversized payloads", async () => {
    const bus = new MemoryBus(quiet);
    const got = nextMessage<{ prefixes: string[] }>(bus, "cache:invalidate");
    bus.publish("cache:invalidate", { prefixes: ["tournaments:"] });
    expect(await got).toEqual({ payload: { prefixes: ["tournaments:"] }, fromSelf: true });
    expect(() => bus.publish("bus:reconnected", {})).toThrow(/raised locally/);
    expect(() => bus.publish("cache:invalidate", { prefixes: ["x".repeat(MAX_PAYLOAD_BYTES)] })).toThrow(/exceeds/);
  });

  it("names topic families for metrics and channels per schema", () => {
    expect(topicFamily("tournament:12")).toBe("tournament:{id}");
    expect(topicFamily("tournament:12:round:3")).toBe("tournament:{id}:round:{id}");
    expect(topicFamily("cache:invalidate")).toBe("cache:invalidate");
    expect(channelFor("t_1_abc")).toBe("site_bus_t_1_abc");
    expect(channelFor("s".repeat(80))).toMatch(/^site_bus_[0-9a-f]{32}$/);
  });

  it("sends one message per tick for every prefix a cache clears, and skips its own echo", async () => {
    const bus = new MemoryBus(quiet);
    const cache = new TtlCache(60_000);
    shareCacheOverBus(cache, bus);
    const sent: string[][] = [];
    bus.subscribe("cache:invalidate", (p) => sent.push(p.prefixes));
    await cache.get("tournaments:a", async () => 1);
    await cache.get("registry:b", async () => 2);
    cache.invalidate("tournaments:");
    cache.invalidate("registry:");
    // Gone here at once, before any message.
    expect(await cache.get("tournaments:a", async () => 3)).toBe(3);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([["tournaments:", "registry:"]]);
    // Its own echo did not clear what was cached since.
    expect(await cache.get("tournaments:a", async () => 4)).toBe(3);
  });
});

describe.skipIf(!D.includes("postgres"))("event bus on PostgreSQL", () => {
  let t: TestApp;
  const pools: pg.Pool[] = [];
  const buses: Bus[] = [];
  beforeAll(async () => {
    t = await createTestApp("postgres");
  }, 60_000);
  afterAll(async () => {
    for (const b of buses) await b.close();
    for (const p of pools) await p.end();
    await t?.close();
  });

  const busOn = async (schema: string | undefined) => {
    const pool = new pg.Pool({ connectionString: PG_URL, max: 2, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
    pools.push(pool);
    const bus = new PostgresBus(pool, quiet);
    buses.push(bus);
    await bus.start();
    return bus;
  };

  it("carries a message to every node of the schema, the sender's own included, and to no other schema", async () => {
    const a = await busOn(t.database.schema);
    const b = await busOn(t.database.schema);
    const other = await busOn(undefined);
    let heardElsewhere = 0;
    other.subscribe("cache:invalidate", () => heardElsewhere++);
    const onB = nextMessage<{ prefixes: string[] }>(b, "cache:invalidate");
    const onA = nextMessage<{ prefixes: string[] }>(a, "cache:invalidate");
    a.publish("cache:invalidate", { prefixes: ["series:"] });
    expect(await onB).toEqual({ payload: { prefixes: ["series:"] }, fromSelf: false });
    expect(await onA).toEqual({ payload: { prefixes: ["series:"] }, fromSelf: true });
    await new Promise((r) => setTimeout(r, 100));
    expect(heardElsewhere).toBe(0);
  });

  it("reconnects when its connection dies, suspending the cache meanwhile and starting it empty", async () => {
    const a = await busOn(t.database.schema);
    const b = await busOn(t.database.schema);
    const cache = new TtlCache(60_000);
    shareCacheOverBus(cache, b);
    await cache.get("tournaments:x", async () => "old");
    const down = nextMessage(b, "bus:disconnected");
    const back = nextMessage(b, "bus:reconnected");
    const killer = new pg.Client({ connectionString: PG_URL });
    await killer.connect();
    await killer.query("select pg_terminate_backend($1)", [(b as PostgresBus).backendPid]);
    await killer.end();
    await down;
    expect(b.connected).toBe(false);
    // Suspended: nothing served from memory, nothing stored.
    expect(await cache.get("tournaments:x", async () => "computed")).toBe("computed");
    expect(await cache.get("tournaments:x", async () => "computed again")).toBe("computed again");
    await back;
    expect(b.connected).toBe(true);
    expect(await cache.get("tournaments:x", async () => "cached after")).toBe("cached after");
    // Listening again: another node's invalidation arrives.
    a.publish("cache:invalidate", { prefixes: ["tournaments:"] });
    await within(2000, async () => (await cache.get("tournaments:x", async () => "fresh")) === "fresh", "invalidation after reconnect");
  }, 20_000);
});

describe.skipIf(!D.includes("postgres"))("two nodes on one PostgreSQL database", () => {
  let a: TestApp;
  let b: TestApp;
  let eventAdmin: SignedIn;
  let seriesAdmin: SignedIn;
  // Both nodes cache public reads for a minute: only the bus can make B fresh at once.
  const env = { PUBLIC_CACHE_SECONDS: "60" };
  beforeAll(async () => {
    a = await createTestApp("postgres", env);
    b = await createSecondNode(a, env);
    eventAdmin = await signedIn(a, { roles: ["event_admin"] });
    seriesAdmin = await signedIn(a);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("answers 404 on B at once for a tournament unpublished through A, though B had it cached", async () => {
    const id = await createTournament(a.database, { title: "Cached Cup" });
    const anonB = new Client(b.app);
    expect((await anonB.get(`/api/events/${id}`)).json().title).toBe("Cached Cup");
    // B serves from memory: a change behind its back (no invalidation) is not seen.
    await a.database.db.updateTable("tournaments").set({ title: "Renamed Behind The Cache" }).where("id", "=", id).execute();
    expect((await anonB.get(`/api/events/${id}`)).json().title).toBe("Cached Cup");
    expect((await eventAdmin.c.post(`/api/events/${id}/controls`, { published: false })).statusCode).toBe(200);
    const ms = await within(2000, async () => (await anonB.get(`/api/events/${id}`)).statusCode === 404, "404 on B");
    expect(ms).toBeLessThan(2000);
  });

  it("refuses on B at once a series administrator removed through A", async () => {
    const series = await createSeries(a.database, { series_name: "Bus Series" });
    await grantSeriesRole(a.database, series, seriesAdmin.userId, "series_admin");
    const onB = await signIn(b, seriesAdmin.email);
    const rolesPage = () => onB.get(`/api/tournaments/series/${series}/roles?role=series_mod`);
    expect((await rolesPage()).statusCode).toBe(200);
    // B caches the account's series roles: removing the row behind its back is not seen.
    const row = await a.database.db
      .selectFrom("series_roles")
      .selectAll()
      .where("user_id", "=", seriesAdmin.userId)
      .executeTakeFirstOrThrow();
    await a.database.db.deleteFrom("series_roles").where("user_id", "=", seriesAdmin.userId).execute();
    expect((await rolesPage()).statusCode).toBe(200);
    await a.database.db.insertInto("series_roles").values(row).execute();
    // Removed through A: B refuses within the bus's latency.
    const removed = await eventAdmin.c.post(`/api/tournaments/series/${series}/roles/edit`, {
      player: seriesAdmin.playerId,
      role: "series_admin",
      action: "remove",
    });
    expect(removed.json()).toEqual({ status: "ok" });
    await within(2000, async () => (await rolesPage()).statusCode === 403, "403 on B");
  });

  it("refuses on B at once a series administrator banned through A (bans and site roles are read per request)", async () => {
    const series = await createSeries(a.database, { series_name: "Ban Series" });
    const mod = await signedIn(a, { roles: ["moderate"] });
    const victim = await signedIn(a);
    await grantSeriesRole(a.database, series, victim.userId, "series_admin");
    const onB = await signIn(b, victim.email);
    const rolesPage = () => onB.get(`/api/tournaments/series/${series}/roles?role=series_mod`);
    expect((await rolesPage()).statusCode).toBe(200);
    expect((await mod.c.post("/api/admin/bans", { player_id: victim.playerId, reason: "test" })).statusCode).toBe(200);
    expect((await rolesPage()).statusCode).toBe(403);
  });

  it("shares the login limits: failures through A count on B", async () => {
    const email = "limited@example.com";
    await signedIn(a, { email, player: false, signIn: false });
    const wrong = async (t: TestApp) => {
      const c = new Client(t.app);
      await c.session();
      return c.request({ method: "POST", url: "/api/auth/login", payload: { email, password: "wrong" }, remoteAddress: "203.0.113.50" });
    };
    for (let i = 0; i < 5; i++) expect((await wrong(a)).statusCode).toBe(401);
    // The sixth try from the same address, on the other node: refused, whatever the password.
    const onB = await wrong(b);
    expect([onB.statusCode, onB.json().message]).toEqual([429, expect.stringMatching(/^Too many failed login attempts/)]);
    const row = await a.database.db
      .selectFrom("rate_limits" as never)
      .select(["points" as never])
      .where("key" as never, "=", `login_ip_account:203.0.113.50\n${email}` as never)
      .executeTakeFirst();
    expect(row).toEqual({ points: 5 });
  });

  it("shares the per-address limits of the calls that mail (10 forgotten-password calls in 15 minutes)", async () => {
    const forgot = async (t: TestApp) => {
      const c = new Client(t.app);
      await c.session();
      return c.request({
        method: "POST",
        url: "/api/auth/forgot_password",
        payload: { email: "x@example.com" },
        remoteAddress: "203.0.113.60",
      });
    };
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await forgot(a)).statusCode);
    for (let i = 0; i < 5; i++) answers.push((await forgot(b)).statusCode);
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
    expect(answers.at(-1)).toBe(429);
  });
});
