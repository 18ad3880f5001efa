import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liftExpiredBans } from "../src/features/moderation/bans.service.js";
import { Client, createTestApp, createUser, dialects, type TestApp } from "./helpers.js";
import { createPlayer, DAY_MS } from "./factories.js";

const D = await dialects();

describe.each(D)("bans and account states (%s)", (dialect) => {
  let t: TestApp;
  let userId: number;
  let playerId: number;
  let inactiveId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    await createUser(d, { email: "admin@example.com", roles: ["administrate"] });
    await createUser(d, { email: "mod@example.com", roles: ["moderate"] });
    await createUser(d, { email: "event@example.com", roles: ["event_admin"] });
    userId = await createUser(d, { email: "rude@example.com" });
    playerId = await createPlayer(d, { user_id: userId, display_name: "Rude Racer" });
    inactiveId = await createUser(d, { email: "sleepy@example.com", state: "inactive" });
  });
  afterAll(() => t.close());

  const login = async (email: string) => {
    const c = new Client(t.app);
    await c.login(email);
    return c;
  };
  const state = async () =>
    (await t.database.db.selectFrom("users").select("state").where("id", "=", userId).executeTakeFirstOrThrow()).state;
  const listed = async (c: Client) =>
    ((await c.get("/api/registry/players?search=Rude")).json().data as Array<{ id: number }>).some((p) => p.id === playerId);

  it("refuses anonymous callers, players and event staff, changing nothing", async () => {
    const anon = new Client(t.app);
    await anon.session();
    expect((await anon.post("/api/admin/bans", { player_id: playerId, reason: "x" })).statusCode).toBe(401);
    for (const email of ["rude@example.com", "event@example.com"]) {
      const c = await login(email);
      expect((await c.get("/api/admin/bans")).statusCode).toBe(403);
      expect((await c.post("/api/admin/bans", { player_id: playerId, reason: "x" })).statusCode).toBe(403);
      expect((await c.post("/api/admin/activate", { user_id: inactiveId })).statusCode).toBe(403);
    }
    expect(await state()).toBe("active");
  });

  it("bans with a reason and an end date: hidden from lists, account banned, player notified; then unbans", async () => {
    const admin = await login("admin@example.com");
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

    const rude = await login("rude@example.com");
    const notes = (await rude.get("/api/notifications?filter=important")).json().data;
    expect(notes[0].level).toBe("critical");
    expect(notes[0].message).toContain("Toxic &lt;chat&gt;");
    expect((await rude.post("/api/registry/edit_profile", { profile_message: "hi" })).statusCode).toBe(403);

    const mod = await login("mod@example.com");
    expect((await mod.post("/api/admin/bans/remove", { player_id: playerId })).statusCode).toBe(200);
    expect((await mod.post("/api/admin/bans/remove", { player_id: playerId })).statusCode).toBe(400);
    expect(await state()).toBe("active");
    expect(await listed(anon)).toBe(true);
    expect((await mod.get("/api/admin/bans")).json().data).toEqual([]);
  });

  it("lifts a ban automatically when it ends", async () => {
    const admin = await login("admin@example.com");
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
    const mod = await login("mod@example.com");
    const list = (await mod.get("/api/admin/inactive_accounts")).json().data;
    expect(list.map((a: { user_id: number }) => a.user_id)).toEqual([inactiveId]);
    expect((await mod.post("/api/admin/activate", { user_id: inactiveId })).statusCode).toBe(200);
    expect((await mod.post("/api/admin/activate", { user_id: inactiveId })).statusCode).toBe(400);
    const u = await t.database.db.selectFrom("users").select("state").where("id", "=", inactiveId).executeTakeFirstOrThrow();
    expect(u.state).toBe("active");
  });
});
