import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LOGIN_IP_MAX_FAILURES } from "../src/features/auth/login-limiter.js";
import { outboxFor } from "../src/features/mail/mail.repository.js";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";

const D = await dialects();

/**
 * Defects from the security review (docs/decisions.md, Accounts and security): the login
 * limiter reset by the attacker's own login, the CSRF check stepped around with an encoded
 * path, moderators banning administrators, banned accounts uploading, and a reset link
 * spent twice by two racing calls.
 */
describe.each(D)("account security (%s)", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  /** A login attempt from a new browser: the browser and the answer (which may be a refusal). */
  const login = async (email: string, password = "password") => {
    const c = new Client(t.app);
    const r = await c.login(email, password);
    return { c, r };
  };
  const state = async (userId: number) =>
    (await t.database.db.selectFrom("users").select("state").where("id", "=", userId).executeTakeFirstOrThrow()).state;

  describe("login limiter", () => {
    it("an attacker's own successful login does not reset the count against a victim", async () => {
      await signedIn(t, { email: "victim@example.com", player: false, signIn: false });
      await signedIn(t, { email: "attacker@example.com", player: false, signIn: false });
      const c = new Client(t.app);
      await c.session();
      const guess = () => c.post("/api/auth/login", { email: "victim@example.com", password: "guess-123" });
      const own = () => new Client(t.app).login("attacker@example.com");

      for (let i = 0; i < 4; i++) expect((await guess()).statusCode).toBe(401);
      expect((await own()).statusCode).toBe(200);
      // The 5th failure for the victim still counts the 4 before the attacker's login.
      expect((await guess()).statusCode).toBe(401);
      const blocked = await guess();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        status: "error",
        message: "Too many failed login attempts. Try again in 15 minutes.",
        code: "auth.too_many_logins",
        params: { minutes: 15 },
      });
      // Another own login does not lift it; the right password is refused too while blocked.
      expect((await own()).statusCode).toBe(200);
      expect((await guess()).statusCode).toBe(429);
      expect((await c.post("/api/auth/login", { email: "Victim@Example.com", password: "password" })).statusCode).toBe(429);
    });

    it("a user who mistypes and then gets it right is not locked out", async () => {
      await signedIn(t, { email: "clumsy@example.com", player: false, signIn: false });
      const c = new Client(t.app);
      await c.session();
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 4; i++) {
          expect((await c.post("/api/auth/login", { email: "clumsy@example.com", password: "typo" })).statusCode).toBe(401);
        }
        expect((await c.post("/api/auth/login", { email: "clumsy@example.com", password: "password" })).statusCode).toBe(200);
        expect((await c.post("/api/auth/logout")).statusCode).toBe(200);
      }
    });

    it("one IP has a budget of LOGIN_IP_MAX_FAILURES failures across all emails that a success does not clear", async () => {
      await signedIn(t, { email: "owner@example.com", player: false, signIn: false });
      const c = new Client(t.app);
      await c.session();
      for (let i = 0; i < LOGIN_IP_MAX_FAILURES; i++) {
        const r = await c.post("/api/auth/login", { email: `nobody${i}@example.com`, password: "guess-123" });
        expect(r.statusCode).toBe(401);
        if (i === 10) expect((await new Client(t.app).login("owner@example.com")).statusCode).toBe(200);
      }
      const fresh = await c.post("/api/auth/login", { email: "someone-else@example.com", password: "guess-123" });
      expect(fresh.statusCode).toBe(429);
      expect(fresh.json().message).toMatch(/^Too many failed login attempts\./);
      expect((await new Client(t.app).login("owner@example.com")).statusCode).toBe(429);
    });
  });

  describe("CSRF", () => {
    it("refuses a POST whose path is percent-encoded without the token", async () => {
      const { c } = await signedIn(t, { email: "p@example.com", player: false });
      const noToken = await c.post("/%61pi/session/theme", { site_theme: "volcano" }, { csrf: false });
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json().status).toBe("error");
      expect((await c.get("/api/session")).json().user.site_theme).toBe("forest");
      const logout = await c.post("/%61pi/auth/logout", undefined, { csrf: false });
      expect(logout.statusCode).toBe(403);
      expect((await c.get("/api/session")).json().user.email).toBe("p@example.com");
      // The encoded path does reach the route: with the token it is served.
      const withToken = await c.post("/%61pi/session/theme", { site_theme: "volcano" });
      expect(withToken.statusCode).toBe(200);
      expect(withToken.json().user.site_theme).toBe("volcano");
    });
  });

  describe("bans of staff", () => {
    it("nobody bans an administrator; only administrators ban a moderator", async () => {
      const d = t.database;
      await signedIn(t, { email: "admin@example.com", roles: ["administrate"], player: false, signIn: false });
      const admin2Account = {
        email: "admin2@example.com",
        roles: ["administrate"],
        player: { display_name: "Second Admin" },
        signIn: false,
      };
      const { userId: admin2, playerId: admin2Player } = await signedIn(t, admin2Account);
      await signedIn(t, { email: "mod@example.com", roles: ["moderate"], player: false, signIn: false });
      const mod2Account = { email: "mod2@example.com", roles: ["moderate"], player: { display_name: "Second Mod" }, signIn: false };
      const { userId: mod2, playerId: mod2Player } = await signedIn(t, mod2Account);

      const mod = await signIn(t, "mod@example.com");
      const modBansAdmin = await mod.post("/api/admin/bans", { player_id: admin2Player, reason: "coup" });
      expect(modBansAdmin.statusCode).toBe(403);
      // The handler puts the refusal's code in the body (#21).
      expect(modBansAdmin.json()).toEqual({ status: "error", message: "Administrators cannot be banned.", code: "moderation.ban_admin" });
      const modBansMod = await mod.post("/api/admin/bans", { player_id: mod2Player, reason: "rival" });
      expect(modBansMod.statusCode).toBe(403);
      expect(modBansMod.json()).toEqual({
        status: "error",
        message: "Only administrators can ban a moderator.",
        code: "moderation.ban_moderator",
      });

      const admin = await signIn(t, "admin@example.com");
      const adminBansAdmin = await admin.post("/api/admin/bans", { player_id: admin2Player, reason: "x" });
      expect(adminBansAdmin.statusCode).toBe(403);
      expect(adminBansAdmin.json().message).toBe("Administrators cannot be banned.");
      expect(await state(admin2)).toBe("active");
      expect(await state(mod2)).toBe("active");
      expect(await d.db.selectFrom("player_bans").select("id").execute()).toEqual([]);

      const adminBansMod = await admin.post("/api/admin/bans", { player_id: mod2Player, reason: "abuse of tools" });
      expect(adminBansMod.statusCode).toBe(200);
      expect(await state(mod2)).toBe("banned");
    });
  });

  describe("uploads", () => {
    function multipart(data: Buffer) {
      const boundary = "----test" + Math.random().toString(16).slice(2);
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      return { payload: Buffer.concat([head, data, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
    }

    it("refuses a banned account with 403 and stores nothing; a pending account may still upload", async () => {
      const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#00ff00" } })
        .png()
        .toBuffer();
      await signedIn(t, { email: "banned@example.com", state: "banned", player: false, signIn: false });
      await signedIn(t, { email: "pending@example.com", state: "pending_email", player: false, signIn: false });

      const banned = await signIn(t, "banned@example.com");
      const refused = await banned.request({ method: "POST", url: "/api/uploads?purpose=markdown", ...multipart(png) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ status: "error", message: "Your account has been banned.", code: "players.banned" });
      expect(await t.database.db.selectFrom("uploads").select("id").execute()).toEqual([]);

      const pending = await signIn(t, "pending@example.com");
      const ok = await pending.request({ method: "POST", url: "/api/uploads?purpose=profile", ...multipart(png) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ width: 16, height: 16 });
    });
  });

  describe("password reset", () => {
    it("of two concurrent resets with one link, exactly one succeeds", async () => {
      await signedIn(t, { email: "racer@example.com", player: false, signIn: false });
      const c = new Client(t.app);
      await c.session();
      await c.post("/api/auth/forgot_password", { email: "racer@example.com" });
      const mail = (await outboxFor(t.database.db, "racer@example.com"))[0]!;
      const token = /reset_password\?token=([\w-]+)/.exec(mail.body_text)?.[1];
      expect(token).toBeTruthy();

      const passwords = ["first-new-password", "second-new-password"];
      const answers = await Promise.all(passwords.map((password) => c.post("/api/auth/reset_password", { token, password })));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const loser = answers.find((r) => r.statusCode === 400)!;
      expect(loser.json().message).toBe("This link is invalid or has expired.");

      const won = passwords[answers.findIndex((r) => r.statusCode === 200)]!;
      const lost = passwords.find((p) => p !== won)!;
      expect((await login("racer@example.com", lost)).r.statusCode).toBe(401);
      expect((await login("racer@example.com", won)).r.statusCode).toBe(200);
    });
  });
});
