import { REGISTRATION_MESSAGES as RM } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSession, insertToken } from "../src/features/auth/auth.repository.js";
import { sha256 } from "../src/features/auth/session.js";
import { outboxFor } from "../src/features/mail/mail.repository.js";
import { liftExpiredBans } from "../src/features/moderation/bans.service.js";
import { addMember, createTeam, createTournament, DAY_MS } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";

/**
 * Issue 15 B: reset links, sessions and CSRF at login, signup that does not reveal accounts,
 * unban restoring the account's state, and no opt-in for banned players.
 */
const D = await dialects();

describe.each(D)("account hardening (%s)", (dialect) => {
  let t: TestApp;
  let mod: Client;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    mod = (await signedIn(t, { roles: ["moderate"], player: false })).c;
  });
  afterAll(() => t.close());

  const userState = async (userId: number) =>
    (await t.database.db.selectFrom("users").select("state").where("id", "=", userId).executeTakeFirstOrThrow()).state;
  const resetLinks = async (email: string) =>
    (await outboxFor(t.database.db, email)).map((m) => /reset_password\?token=([\w-]+)/.exec(m.body_text)?.[1]).filter(Boolean) as string[];
  const anon = async () => {
    const c = new Client(t.app);
    await c.session();
    return c;
  };

  describe("password reset links", () => {
    it("a new reset link revokes the older ones", async () => {
      await signedIn(t, { email: "twice@example.com", player: false, signIn: false });
      const c = await anon();
      await c.post("/api/auth/forgot_password", { email: "twice@example.com" });
      await c.post("/api/auth/forgot_password", { email: "twice@example.com" });
      const links = await resetLinks("twice@example.com");
      expect(links).toHaveLength(2);
      const [newer, older] = links; // newest mail first
      const stale = await c.post("/api/auth/reset_password", { token: older, password: "older-link-pass" });
      expect(stale.statusCode).toBe(400);
      expect(stale.json().message).toBe("This link is invalid or has expired.");
      expect((await c.post("/api/auth/reset_password", { token: newer, password: "newer-link-pass" })).statusCode).toBe(200);
      expect((await c.login("twice@example.com", "newer-link-pass")).statusCode).toBe(200);
    });

    it("a successful reset revokes every other open link of the account, and only that account's", async () => {
      const { userId } = await signedIn(t, { email: "reset@example.com", player: false, signIn: false });
      const other = await signedIn(t, { email: "bystander@example.com", player: false, signIn: false });
      const now = Date.now();
      // Links issued before the rule (several open at once), and one of another account.
      for (const [token, uid] of [
        ["old-link-a", userId],
        ["old-link-b", userId],
        ["other-link", other.userId],
      ] as const) {
        await insertToken(t.database.db, {
          tokenHash: sha256(token),
          userId: uid,
          kind: "reset_password",
          now,
          expiresAt: now + 3_600_000,
        });
      }
      const c = await anon();
      expect((await c.post("/api/auth/reset_password", { token: "old-link-a", password: "brand-new-pass" })).statusCode).toBe(200);
      expect((await c.post("/api/auth/reset_password", { token: "old-link-b", password: "attacker-pass" })).statusCode).toBe(400);
      expect((await c.login("reset@example.com", "brand-new-pass")).statusCode).toBe(200);
      expect((await c.post("/api/auth/reset_password", { token: "other-link", password: "bystander-pass" })).statusCode).toBe(200);
    });
  });

  describe("login", () => {
    it("deletes the session it replaces and rotates the CSRF token; the old token is refused", async () => {
      const a = await signedIn(t, { email: "first@example.com", player: false });
      const b = await signedIn(t, { email: "second@example.com", player: false, signIn: false });
      const sessionsOf = (userId: number) => t.database.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
      expect(await sessionsOf(a.userId)).toHaveLength(1);
      const before = a.c.csrfToken;
      const login = await a.c.login("second@example.com");
      expect(login.statusCode).toBe(200);
      const after = login.json().csrfToken;
      expect(after).not.toBe(before);
      expect(after.length).toBeGreaterThanOrEqual(32);
      expect(login.cookies.find((k) => k.name === "csrf")?.value).toBe(after);
      // The replaced session row is gone: the browser's old cookie no longer signs anyone in.
      expect(await sessionsOf(a.userId)).toEqual([]);
      expect(await sessionsOf(b.userId)).toHaveLength(1);
      expect((await a.c.get("/api/session")).json().user.email).toBe("second@example.com");
      // A page still holding the old token is refused; the new one works.
      const stale = await a.c.request({ method: "POST", url: "/api/auth/logout", headers: { "x-csrf-token": before }, csrf: false });
      expect(stale.statusCode).toBe(403);
      expect((await a.c.post("/api/auth/logout")).statusCode).toBe(200);
    });

    it("prunes expired sessions", async () => {
      const { userId } = await signedIn(t, { email: "stale@example.com", player: false, signIn: false });
      const now = Date.now();
      await insertSession(t.database.db, { idHash: sha256("expired-sid"), userId, now: now - 40 * DAY_MS, expiresAt: now - DAY_MS });
      await insertSession(t.database.db, { idHash: sha256("live-sid"), userId, now, expiresAt: now + DAY_MS });
      await signIn(t, "stale@example.com");
      const left = await t.database.db.selectFrom("sessions").select("id").where("user_id", "=", userId).execute();
      expect(left.map((r) => r.id)).not.toContain(sha256("expired-sid"));
      expect(left.map((r) => r.id)).toContain(sha256("live-sid"));
      expect(left).toHaveLength(2);
    });
  });

  describe("signup", () => {
    it("answers a taken address exactly like a new one and mails its owner instead", async () => {
      await signedIn(t, { email: "owner@example.com", player: false, signIn: false });
      const c = await anon();
      const fresh = await c.post("/api/auth/signup", { email: "newcomer@example.com", password: "newcomer-pass" });
      const taken = await c.post("/api/auth/signup", { email: "Owner@Example.com", password: "intruder-pass" });
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.json()).toEqual(fresh.json());
      const mails = await outboxFor(t.database.db, "owner@example.com");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain("Someone tried to sign up with your address");
      expect(mails[0]!.body_text).not.toContain("verify_email");
      // Nothing changed: one account, the owner's password still works, the intruder's does not.
      const rows = await t.database.db.selectFrom("users").select("id").where("email", "=", "owner@example.com").execute();
      expect(rows).toHaveLength(1);
      expect((await (await anon()).login("owner@example.com", "intruder-pass")).statusCode).toBe(401);
      expect((await (await anon()).login("owner@example.com", "password")).statusCode).toBe(200);
    });
  });

  describe("unban", () => {
    it("restores the state the account had before the ban; only moderators may unban", async () => {
      const sleepy = await signedIn(t, { state: "inactive", signIn: false });
      expect((await mod.post("/api/admin/bans", { player_id: sleepy.playerId, reason: "spam" })).statusCode).toBe(200);
      expect(await userState(sleepy.userId)).toBe("banned");
      const player = await signIn(t, (await signedIn(t, { signIn: false })).email);
      expect((await player.post("/api/admin/bans/remove", { player_id: sleepy.playerId })).statusCode).toBe(403);
      expect(await userState(sleepy.userId)).toBe("banned");
      expect((await mod.post("/api/admin/bans/remove", { player_id: sleepy.playerId })).statusCode).toBe(200);
      // Still waiting for activation, as before the ban (it used to become active).
      expect(await userState(sleepy.userId)).toBe("inactive");

      const active = await signedIn(t, { signIn: false });
      await mod.post("/api/admin/bans", { player_id: active.playerId, reason: "x" });
      await mod.post("/api/admin/bans/remove", { player_id: active.playerId });
      expect(await userState(active.userId)).toBe("active");
    });

    it("restores it when a ban ends on its own; a pending account verified meanwhile becomes active", async () => {
      const endsOn = new Date().toISOString().slice(0, 10);
      const pending = await signedIn(t, { state: "pending_email", signIn: false });
      const verified = await signedIn(t, { state: "pending_email", signIn: false });
      for (const p of [pending, verified]) {
        expect((await mod.post("/api/admin/bans", { player_id: p.playerId, reason: "cool off", ends_on: endsOn })).statusCode).toBe(200);
      }
      // signedIn marks every account's email verified; the first one's is not.
      await t.database.db.updateTable("users").set({ email_verified_at: null }).where("id", "=", pending.userId).execute();
      expect(await liftExpiredBans(t.app.ctx, Date.now() + 2 * DAY_MS)).toBe(2);
      expect(await userState(pending.userId)).toBe("pending_email");
      expect(await userState(verified.userId)).toBe("active");
    });
  });

  describe("team registration opt-in", () => {
    it("a banned player may opt out but not back in; unbanned, they may", async () => {
      const leader = await signedIn(t);
      const p = await signedIn(t);
      const team = await createTeam(t.database, { category: "mk8dx_150" });
      await addMember(t.database, team, leader.playerId, { is_leader: 1, joined_at: Date.now() - 10 * DAY_MS });
      await addMember(t.database, team, p.playerId, { joined_at: Date.now() - 10 * DAY_MS });
      const ev = await createTournament(t.database, { event_format: 0, registrations_open: 1, minimum_team_size: 1 });
      const now = Date.now();
      await t.database.db
        .insertInto("team_registrations")
        .values({ tournament_id: ev, team_id: team, status: "registered", verified: 1, registered_at: now })
        .execute();
      for (const who of [leader, p]) {
        await t.database.db
          .insertInto("registrations")
          .values({ tournament_id: ev, player_id: who.playerId, team_id: team, status: "registered", registered_at: now })
          .execute();
      }
      expect((await mod.post("/api/admin/bans", { player_id: p.playerId, reason: "x" })).statusCode).toBe(200);
      expect((await p.c.post(`/api/events/${ev}/player_optout`)).statusCode).toBe(200);
      const refused = await p.c.post(`/api/events/${ev}/player_optin`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(RM.banned);
      const row = await t.database.db
        .selectFrom("registrations")
        .select("opted_out")
        .where("tournament_id", "=", ev)
        .where("player_id", "=", p.playerId)
        .executeTakeFirstOrThrow();
      expect(row.opted_out).toBe(1);
      expect((await mod.post("/api/admin/bans/remove", { player_id: p.playerId })).statusCode).toBe(200);
      expect((await p.c.post(`/api/events/${ev}/player_optin`)).statusCode).toBe(200);
    });
  });
});
