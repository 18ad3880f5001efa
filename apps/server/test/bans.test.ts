import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liftExpiredBans } from "../src/features/moderation/bans.service.js";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import { DAY_MS } from "./factories.js";

const D = await dialects();

describe.each(D)("bans and account states (%s)", (dialect) => {
  let t: TestApp;
  let userId: number;
  let playerId: number;
  let inactiveId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await signedIn(t, { email: "admin@example.com", roles: ["administrate"], player: false, signIn: false });
    await signedIn(t, { email: "mod@example.com", roles: ["moderate"], player: false, signIn: false });
    await signedIn(t, { email: "event@example.com", roles: ["event_admin"], player: false, signIn: false });
    ({ userId, playerId } = await signedIn(t, { email: "rude@example.com", player: { display_name: "Rude Racer" }, signIn: false }));
    inactiveId = (await signedIn(t, { email: "sleepy@example.com", state: "inactive", player: false, signIn: false })).userId;
  });
  afterAll(() => t.close());

  const state = async () =>
    (await t.database.db.selectFrom("users").select("state").where("id", "=", userId).executeTakeFirstOrThrow()).state;
  const listed = async (c: Client) =>
    ((await c.get("/api/registry/players?search=Rude")).json().data as Array<{ id: number }>).some((p) => p.id === playerId);

  it("refuses anonymous callers, players and event staff, changing nothing", async () => {
    const anon = new Client(t.app);
    await anon.session();
    expect((await anon.post("/api/admin/bans", { player_id: playerId, reason: "x" })).statusCode).toBe(401);
    for (const email of ["rude@example.com", "event@example.com"]) {
      const c = await signIn(t, email);
      expect((await c.get("/api/admin/bans")).statusCode).toBe(403);
      expect((await c.post("/api/admin/bans", { player_id: playerId, reason: "x" })).statusCode).toBe(403);
      expect((await c.post("/api/admin/activate", { user_id: inactiveId })).statusCode).toBe(403);
    }
    expect(await state()).toBe("active");
  });

  it("bans with a reason and an end date: hidden from lists, account banned, player notified; then unbans", async () => {
    const admin = await signIn(t, "admin@example.com");
    expect(await listed(admin)).toBe(true);
    expect((await admin.post("/api/admin/bans", { player_id: playerId, reason: "" })).statusCode).toBe(400);
    const endsOn = new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10);
    const r = await admin.post("/api/admin/bans", { player_id: playerId, reason: "Toxic <chat>", ends_on: endsOn });
    expect(r.statusCode).toBe(200);
    expect((await admin.post("/api/admin/bans", { player_id: playerId, reason: "again" })).statusCode).toBe(400);
    expect(await state()).toBe("banned");
    const anon = new Client(t.app);
    expect(await listed(anon)).toBe(false);
    const bans = (await admin.get("/api/admin/bans")).json().data;
    expect(bans).toHaveLength(1);
    expect(bans[0]).toMatchObject({ player_id: playerId, reason: "Toxic <chat>", display_name: "Rude Racer" });
    expect(bans[0].ends_human).toMatch(/\d{4}$/);

    const rude = await signIn(t, "rude@example.com");
    const notes = (await rude.get("/api/notifications?filter=important")).json().data;
    expect(notes[0].level).toBe("critical");
    expect(notes[0].message).toContain("Toxic &lt;chat&gt;");
    expect((await rude.post("/api/registry/edit_profile", { profile_message: "hi" })).statusCode).toBe(403);

    const mod = await signIn(t, "mod@example.com");
    expect((await mod.post("/api/admin/bans/remove", { player_id: playerId })).statusCode).toBe(200);
    expect((await mod.post("/api/admin/bans/remove", { player_id: playerId })).statusCode).toBe(400);
    expect(await state()).toBe("active");
    expect(await listed(anon)).toBe(true);
    expect((await mod.get("/api/admin/bans")).json().data).toEqual([]);
  });

  it("lifts a ban automatically when it ends", async () => {
    const admin = await signIn(t, "admin@example.com");
    const endsOn = new Date(Date.now()).toISOString().slice(0, 10);
    expect((await admin.post("/api/admin/bans", { player_id: playerId, reason: "Short", ends_on: endsOn })).statusCode).toBe(200);
    expect(await state()).toBe("banned");
    expect(await liftExpiredBans(t.app.ctx, Date.now())).toBe(0);
    expect(await liftExpiredBans(t.app.ctx, Date.now() + 2 * DAY_MS)).toBe(1);
    expect(await state()).toBe("active");
    const p = await t.database.db.selectFrom("players").select("is_banned").where("id", "=", playerId).executeTakeFirstOrThrow();
    expect(p.is_banned).toBe(0);
  });

  it("activates an inactive account once", async () => {
    const mod = await signIn(t, "mod@example.com");
    const list = (await mod.get("/api/admin/inactive_accounts")).json().data;
    expect(list.map((a: { user_id: number }) => a.user_id)).toEqual([inactiveId]);
    expect((await mod.post("/api/admin/activate", { user_id: inactiveId })).statusCode).toBe(200);
    expect((await mod.post("/api/admin/activate", { user_id: inactiveId })).statusCode).toBe(400);
    const u = await t.database.db.selectFrom("users").select("state").where("id", "=", inactiveId).executeTakeFirstOrThrow();
    expect(u.state).toBe("active");
  });
});
