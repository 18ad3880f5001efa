import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxFor } from "../src/features/mail/mail.repository.js";
import { notify } from "../src/features/notifications/notifications.service.js";
import { Client, createTestApp, dialects, signedIn, type TestApp } from "./helpers.js";
import { inviteRow, notificationsOf, teamWith } from "./teams-helpers.js";

/**
 * Notifications and mails per reader (#21 §3): a notification is stored as a message key and
 * parameters (with the English HTML in `message`) and read in the reader's language: the
 * account's `users.language`, else the `lang` cookie, else Accept-Language, else English.
 */
const D = await dialects();

describe.each(D)("notifications and mails in the reader's language (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const setLanguage = (userId: number, language: string | null) =>
    t.database.db.updateTable("users").set({ language }).where("id", "=", userId).execute();
  // The client's own cookies go along; `lang` adds the language cookie the switch writes.
  const listAs = async (c: Client, headers: Record<string, string> = {}, lang?: string) =>
    (
      await t.app.inject({
        method: "GET",
        url: "/api/notifications?filter=all",
        headers: { ...headers, cookie: lang ? `${c.cookie}; lang=${lang}` : c.cookie },
      })
    ).json().data as Array<{ message: string; level: string }>;

  it("stores a team invitation as key and parameters and reads it in French, Japanese, German or English", async () => {
    const leader = await signedIn(t);
    const fr = await signedIn(t);
    const ja = await signedIn(t);
    await setLanguage(fr.userId, "fr");
    const id = await teamWith(t, leader.playerId, { team_name: "Rock & <Roll>" });
    for (const p of [fr, ja])
      expect((await leader.c.post(`/api/registry/teams/${id}/invite`, { player_id: p.playerId })).statusCode).toBe(200);

    const [row] = await notificationsOf(t, fr.userId);
    expect(row).toMatchObject({
      level: "info",
      message_key: "team.invited",
      message: `You were invited to join <a href="/registry/teams/${id}">Rock &amp; &lt;Roll&gt;</a>. Answer it on the team's page.`,
    });
    expect(JSON.parse(row!.message_params!)).toEqual({ team: { href: `/registry/teams/${id}`, text: "Rock & <Roll>" } });

    // The account's language wins over the request's.
    const link = `<a href="/registry/teams/${id}">Rock &amp; &lt;Roll&gt;</a>`;
    const french = `Vous avez été invité à rejoindre ${link}. Répondez depuis la page de l’équipe.`;
    expect((await listAs(fr.c, { "accept-language": "ja" }))[0]!.message).toBe(french);
    // No account language: Accept-Language, then the lang cookie before it, else English.
    expect((await listAs(ja.c, { "accept-language": "ja-JP,ja;q=0.9,en;q=0.5" }))[0]!.message).toBe(
      `${link}への招待が届きました。チームのページから返答してください。`,
    );
    const de = await listAs(ja.c, { "accept-language": "ja" }, "de");
    expect(de[0]!.message).toBe(`Du wurdest eingeladen, ${link} beizutreten. Antworte auf der Seite des Teams.`);
    expect((await listAs(ja.c))[0]!.message).toBe(row!.message);
    // The session's first screen of /notifications would ask the same way; the pseudo-locale reads English.
    expect((await listAs(ja.c, {}, "en-XA"))[0]!.message).toBe(row!.message);
  });

  it("reads a transfer notice to the old team's staff in each reader's language", async () => {
    const oldLeader = await signedIn(t);
    const newLeader = await signedIn(t);
    const mover = await signedIn(t);
    await setLanguage(oldLeader.userId, "es");
    const from = await teamWith(t, oldLeader.playerId, { team_name: "Old Crew" }, [{ playerId: mover.playerId }]);
    const to = await teamWith(t, newLeader.playerId, { team_name: "New Crew" });
    const inv = await inviteRow(t, to, mover.playerId);
    const answer = await mover.c.post(`/api/registry/teams/invitations/${inv}/accept`, { leave_current: true });
    expect(answer.json().status).toBe("ok");
    const mine = await listAs(oldLeader.c);
    const notice = mine.find((n) => n.message.includes("Old Crew"));
    expect(notice?.message).toBe(
      `${mover.name} dejó <a href="/registry/teams/${from}">Old Crew</a> para unirse a <a href="/registry/teams/${to}">New Crew</a>.`,
    );
  });

  it("reads a row written before migration 0033 (no key) as its stored message, in any language", async () => {
    const reader = await signedIn(t);
    await setLanguage(reader.userId, "fr");
    await t.database.db
      .insertInto("notifications")
      .values({ user_id: reader.userId, level: "info", message: "Old <b>English</b> text", is_read: 0, created_at: Date.now() })
      .execute();
    expect((await listAs(reader.c))[0]!.message).toBe("Old <b>English</b> text");
    // A key no longer in the catalogue falls back to the stored text too.
    await t.database.db
      .insertInto("notifications")
      .values({
        user_id: reader.userId,
        level: "info",
        message: "Kept",
        message_key: "gone.key",
        message_params: "{}",
        is_read: 0,
        created_at: Date.now() + 1,
      })
      .execute();
    expect((await listAs(reader.c))[0]!.message).toBe("Kept");
  });

  it("does not repeat an identical unread notification (same level, key and parameters)", async () => {
    const u = await signedIn(t);
    const tournament = { href: "/tournaments/1", text: "Cup" };
    const send = (level: "info" | "warning", name: string) =>
      notify(t.database.db, u.userId, level, { key: "squad.removed", params: { squad: name, tournament } });
    await send("warning", "Alpha");
    const first = await notificationsOf(t, u.userId);
    await new Promise((r) => setTimeout(r, 5));
    // Parameters in another order are the same parameters.
    await notify(t.database.db, u.userId, "warning", { key: "squad.removed", params: { tournament, squad: "Alpha" } });
    const again = await notificationsOf(t, u.userId);
    expect(again).toHaveLength(1);
    expect(Number(again[0]!.created_at)).toBeGreaterThan(Number(first[0]!.created_at));
    await send("warning", "Beta");
    await send("info", "Alpha");
    expect(await notificationsOf(t, u.userId)).toHaveLength(3);
    // Once read, the same notification is new again.
    await u.c.post("/api/notifications/read_all");
    await send("warning", "Alpha");
    expect(await notificationsOf(t, u.userId)).toHaveLength(4);
    // A row from before 0033 with the same English text counts as the same notification.
    const legacy = await signedIn(t);
    const html = `You have been removed from the squad Alpha in <a href="/tournaments/1">Cup</a>.`;
    await t.database.db
      .insertInto("notifications")
      .values({ user_id: legacy.userId, level: "warning", message: html, is_read: 0, created_at: 1 })
      .execute();
    await notify(t.database.db, legacy.userId, "warning", { key: "squad.removed", params: { squad: "Alpha", tournament } });
    const rows = await notificationsOf(t, legacy.userId);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.created_at)).toBeGreaterThan(1);
  });

  it("mails a password reset in the account's language, and a sign-up in the page's", async () => {
    const de = await signedIn(t, { email: "deutsch@example.com" });
    await setLanguage(de.userId, "de");
    const anon = new Client(t.app);
    await anon.session();
    const forgot = await anon.request({
      method: "POST",
      url: "/api/auth/forgot_password",
      payload: { email: "deutsch@example.com" },
      headers: { "x-csrf-token": anon.csrfToken, "accept-language": "fr" },
    });
    expect(forgot.statusCode).toBe(200);
    const [reset] = await outboxFor(t.database.db, "deutsch@example.com");
    expect(reset!.subject).toMatch(/^Setze dein Passwort für .+ zurück$/);
    expect(reset!.body_text).toMatch(
      /^Jemand hat angefordert, das Passwort dieses Kontos zurückzusetzen\.\n\nWähle hier ein neues Passwort:\n\S+\/reset_password\?token=[\w-]+\n\nDer Link ist 1 Stunde gültig\./,
    );

    const signup = await anon.request({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "nuevo@example.com", password: "hunter2hunter2" },
      headers: { "x-csrf-token": anon.csrfToken, "accept-language": "es-MX,es;q=0.9" },
    });
    expect(signup.statusCode).toBe(200);
    const [welcome] = await outboxFor(t.database.db, "nuevo@example.com");
    expect(welcome!.subject).toMatch(/^Verifica tu correo para .+$/);
    expect(welcome!.body_text).toMatch(/^¡Bienvenido a .+!\n\nConfirma tu dirección de correo abriendo este enlace:\n/);
    expect(welcome!.body_text).toMatch(/\/verify_email\?token=[\w-]+\n/);

    // Signing up again with the German account's address: its own language, whatever the page.
    await anon.request({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "deutsch@example.com", password: "hunter2hunter2" },
      headers: { "x-csrf-token": anon.csrfToken, "accept-language": "ja" },
    });
    const [attempt] = await outboxFor(t.database.db, "deutsch@example.com");
    expect(attempt!.subject).toMatch(/^Jemand wollte mit deiner Adresse ein Konto bei .+ erstellen$/);
  });
});
