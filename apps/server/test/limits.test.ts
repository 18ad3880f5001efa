import { EVENT_FORMAT } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_ACCOUNT_FREE_FAILURES, LOGIN_MAX_DELAY_MS, LoginLimiter } from "../src/features/auth/login-limiter.js";
import { MemoryLimiterStore, TOO_MANY_INVITATIONS } from "../src/lib/limiter.js";
import { createSquad, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

/** Issue #15 §4: limits on the real client address, per account, per actor; no notification floods. */
describe("login limiter: a growing wait per account, from any address", () => {
  it("lets the first failures through, then makes each further one wait twice as long, up to 15 minutes", async () => {
    const limiter = new LoginLimiter(new MemoryLimiterStore());
    // Every failure from a different address: only the account's own counter can slow them.
    let ip = 0;
    const failFromNewAddress = () => limiter.fail(`10.0.0.${++ip}`, "Target@Example.com");
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES; i++) await failFromNewAddress();
    expect(await limiter.blockedFor("10.9.9.9", "target@example.com")).toBe(0);
    await failFromNewAddress();
    const first = await limiter.blockedFor("10.9.9.9", "target@example.com");
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(1000);
    await failFromNewAddress();
    const second = await limiter.blockedFor("10.9.9.9", "target@example.com");
    expect(second).toBeGreaterThan(1000);
    expect(second).toBeLessThanOrEqual(2000);
    for (let i = 0; i < 20; i++) await failFromNewAddress();
    const capped = await limiter.blockedFor("10.9.9.9", "target@example.com");
    expect(capped).toBeGreaterThan(LOGIN_MAX_DELAY_MS - 5000);
    expect(capped).toBeLessThanOrEqual(LOGIN_MAX_DELAY_MS);
    // Other accounts are not slowed by it.
    expect(await limiter.blockedFor("10.9.9.9", "someone@example.com")).toBe(0);
    // The owner's success clears the account's counter and wait.
    await limiter.succeed("10.9.9.9", "target@example.com");
    expect(await limiter.blockedFor("10.9.9.10", "target@example.com")).toBe(0);
  });
});

describe.each(await dialects())("limits behind a proxy, per actor, and notification floods (%s)", (dialect) => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp(dialect);
    proxied = await createTestApp(dialect, { TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  /** Five wrong passwords for `email` "from" `forwardedFor`, then one more from `other`. */
  async function failFromTwoClients(t: TestApp, email: string) {
    await signedIn(t, { email, player: false, signIn: false });
    const c = new Client(t.app);
    await c.session();
    const attempt = (xff: string) =>
      c.request({ method: "POST", url: "/api/auth/login", payload: { email, password: "wrong-1" }, headers: { "x-forwarded-for": xff } });
    for (let i = 0; i < 5; i++) expect((await attempt("203.0.113.7")).statusCode).toBe(401);
    return { sameClient: await attempt("203.0.113.7"), otherClient: await attempt("198.51.100.9") };
  }

  it("with TRUST_PROXY the limits key on the forwarded client address; without it, X-Forwarded-For is ignored", async () => {
    const behindProxy = await failFromTwoClients(proxied, "proxied@example.com");
    expect(behindProxy.sameClient.statusCode).toBe(429);
    expect(behindProxy.otherClient.statusCode).toBe(401);
    const noProxy = await failFromTwoClients(direct, "direct@example.com");
    expect(noProxy.sameClient.statusCode).toBe(429);
    // The header is the caller's own claim here: the socket's address is what counts.
    expect(noProxy.otherClient.statusCode).toBe(429);
  });

  it("a captain may send at most 30 squad invitations an hour (429 after)", async () => {
    const t = direct;
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.squad,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 40,
    });
    const captain = await signedIn(t);
    const squad = await createSquad(t.database, T, "Spammers", [captain.playerId]);
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) {
      const p = await signedIn(t, { signIn: false });
      answers.push((await captain.c.post(`/api/events/${T}/squads/${squad}/invite`, { player_id: p.playerId })).statusCode);
    }
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    const p = await signedIn(t, { signIn: false });
    const refused = await captain.c.post(`/api/events/${T}/squads/${squad}/invite`, { player_id: p.playerId });
    expect(refused.json().message).toMatch(new RegExp(`^${TOO_MANY_INVITATIONS} Try again in \\d+ minutes?\\.$`));
  });

  it("five invite-and-cancel cycles leave the invited player two notifications, not ten", async () => {
    const t = direct;
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.squad,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 4,
    });
    const captain = await signedIn(t);
    const victim = await signedIn(t);
    const squad = await createSquad(t.database, T, "Cyclers", [captain.playerId]);
    for (let i = 0; i < 5; i++) {
      expect((await captain.c.post(`/api/events/${T}/squads/${squad}/invite`, { player_id: victim.playerId })).statusCode).toBe(200);
      expect((await captain.c.post(`/api/events/${T}/squads/${squad}/kick`, { player_id: victim.playerId })).statusCode).toBe(200);
    }
    const rows = await t.database.db
      .selectFrom("notifications")
      .select(["message", "is_read"])
      .where("user_id", "=", victim.userId)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.is_read === 0)).toBe(true);
    // Once read, the next one is a new line again.
    await victim.c.post("/api/notifications/read_all");
    expect((await captain.c.post(`/api/events/${T}/squads/${squad}/invite`, { player_id: victim.playerId })).statusCode).toBe(200);
    expect(await t.database.db.selectFrom("notifications").select("id").where("user_id", "=", victim.userId).execute()).toHaveLength(3);
  });
});
