import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outboxFor } from "../src/features/mail/mail.repository.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";

const D = await dialects();

describe.each(D)("accounts and sessions (%s)", (dialect) => {
  let t: TestApp;
  let c: Client;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    c = new Client(t.app);
  });
  afterEach(() => t.close());

  it("answers an anonymous session with a CSRF token and no permissions", async () => {
    const s = await c.session();
    expect(s.user).toBeNull();
    expect(s.csrfToken.length).toBeGreaterThanOrEqual(32);
    expect(s.permissions).toEqual({ canAdministrate: false, canModerate: false, canEventAdministrate: false, canEventModerate: false });
  });

  it("signs up, mails a link, verifies, logs in and out", async () => {
    await c.session();
    const signup = await c.post("/api/auth/signup", { email: "Racer@Example.com", password: "hunter2hunter2" });
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({ status: "ok", message: "Check your email for a verification link." });

    const mails = await outboxFor(t.database.db, "racer@example.com");
    expect(mails).toHaveLength(1);
    const token = /verify_email\?token=([\w-]+)/.exec(mails[0]!.body_text)?.[1];
    expect(token).toBeTruthy();

    const user = await t.database.db.selectFrom("users").selectAll().where("email", "=", "racer@example.com").executeTakeFirstOrThrow();
    expect(user.state).toBe("pending_email");
    expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const verify = await c.post("/api/auth/verify_email", { token });
    expect(verify.statusCode).toBe(200);
    const again = await c.post("/api/auth/verify_email", { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This link is invalid or has expired.");

    const login = await c.login("racer@example.com", "hunter2hunter2");
    expect(login.statusCode).toBe(200);
    const session = login.json();
    expect(session.user.email).toBe("racer@example.com");
    expect(session.user).not.toHaveProperty("password_hash");
    expect(session.user.player_id).toBeNull();
    expect((await c.get("/api/session")).json().user.email).toBe("racer@example.com");

    const logout = await c.post("/api/auth/logout");
    expect(logout.json().user).toBeNull();
    expect((await c.get("/api/session")).json().user).toBeNull();
  });

  it("answers a taken email like a new signup, changing nothing, and refuses a short password", async () => {
    await signedIn(t, { email: "taken@example.com", player: false, signIn: false });
    await c.session();
    // Issue 15 B: signup no longer tells whether an address has an account (was 409 'An account
    // with this email already exists.'); the owner is mailed instead (account-hardening.test.ts).
    const dup = await c.post("/api/auth/signup", { email: "taken@example.com", password: "longenough" });
    expect(dup.statusCode).toBe(200);
    expect(dup.json()).toEqual({ status: "ok", message: "Check your email for a verification link." });
    const short = await c.post("/api/auth/signup", { email: "new@example.com", password: "short" });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("at least 8 characters");
  });

  it("refuses a state-changing call without the CSRF token with 403", async () => {
    await signedIn(t, { email: "p@example.com", player: false, signIn: false });
    await c.session();
    const noToken = await c.post("/api/auth/login", { email: "p@example.com", password: "password" }, { csrf: false });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().status).toBe("error");
    const wrong = await c.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "p@example.com", password: "password" },
      headers: { "x-csrf-token": "x".repeat(43) },
      csrf: false,
    });
    expect(wrong.statusCode).toBe(403);
    // A fresh client with no csrf cookie at all, sending a made-up token.
    const stranger = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: { "x-csrf-token": "abc" } });
    expect(stranger.statusCode).toBe(403);
    // The body field csrf_token is accepted as well as the header (000 §7).
    const viaField = await c.post(
      "/api/auth/login",
      { email: "p@example.com", password: "password", csrf_token: c.csrfToken },
      { csrf: false },
    );
    expect(viaField.statusCode).toBe(200);
  });

  it("rate-limits a wrong password after 5 failures from one IP", async () => {
    await signedIn(t, { email: "target@example.com", player: false, signIn: false });
    await c.session();
    for (let i = 0; i < 5; i++) {
      const r = await c.post("/api/auth/login", { email: "target@example.com", password: "wrong-password" });
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe("Incorrect email or password.");
    }
    const blocked = await c.post("/api/auth/login", { email: "target@example.com", password: "password" });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed login attempts/);
  });

  it("resets a forgotten password and ends old sessions", async () => {
    await signedIn(t, { email: "forgetful@example.com", player: false, signIn: false });
    const other = new Client(t.app);
    expect((await other.login("forgetful@example.com")).statusCode).toBe(200);

    await c.session();
    const unknown = await c.post("/api/auth/forgot_password", { email: "nobody@example.com" });
    const known = await c.post("/api/auth/forgot_password", { email: "forgetful@example.com" });
    expect(unknown.json()).toEqual(known.json());
    const mail = (await outboxFor(t.database.db, "forgetful@example.com"))[0]!;
    const token = /reset_password\?token=([\w-]+)/.exec(mail.body_text)?.[1];

    const bad = await c.post("/api/auth/reset_password", { token: "nope", password: "new-password-1" });
    expect(bad.statusCode).toBe(400);
    const ok = await c.post("/api/auth/reset_password", { token, password: "new-password-1" });
    expect(ok.statusCode).toBe(200);
    expect((await other.get("/api/session")).json().user).toBeNull();
    expect((await c.login("forgetful@example.com", "password")).statusCode).toBe(401);
    expect((await c.login("forgetful@example.com", "new-password-1")).statusCode).toBe(200);
  });

  it("gives permission flags by role and saves the theme", async () => {
    await signedIn(t, { email: "admin@example.com", roles: ["administrate"], player: false, signIn: false });
    await signedIn(t, { email: "em@example.com", roles: ["event_mod"], player: false, signIn: false });
    const admin = (await c.login("admin@example.com")).json();
    expect(admin.permissions).toEqual({ canAdministrate: true, canModerate: true, canEventAdministrate: true, canEventModerate: true });
    expect(admin.user.roles).toEqual(["administrate"]);
    const themed = await c.post("/api/session/theme", { site_theme: "volcano" });
    expect(themed.json().user.site_theme).toBe("volcano");
    const badTheme = await c.post("/api/session/theme", { site_theme: "neon" });
    expect(badTheme.statusCode).toBe(400);

    const em = new Client(t.app);
    const emSession = (await em.login("em@example.com")).json();
    expect(emSession.permissions).toEqual({
      canAdministrate: false,
      canModerate: false,
      canEventAdministrate: false,
      canEventModerate: true,
    });
  });

  it("refuses the theme call when logged out", async () => {
    await c.session();
    const r = await c.post("/api/session/theme", { site_theme: "ocean" });
    expect(r.statusCode).toBe(401);
  });
});
