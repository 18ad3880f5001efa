import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_EDIT_FORBIDDEN_MESSAGE } from "@site/contract";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import { createPlayer } from "./factories.js";

const D = await dialects();

describe.each(D)("admin roles (%s)", (dialect) => {
  let t: TestApp;
  let adminPlayer: number;
  let targetUser: number;
  let targetPlayer: number;
  let shadowPlayer: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    const admin = { display_name: "Admin Person", country_code: "DE" };
    adminPlayer = (await signedIn(t, { email: "admin@example.com", roles: ["administrate"], player: admin, signIn: false })).playerId;
    await signedIn(t, { email: "mod@example.com", roles: ["moderate"], player: false, signIn: false });
    const target = { display_name: "Zed Target", country_code: "JP" };
    ({ userId: targetUser, playerId: targetPlayer } = await signedIn(t, { email: "target@example.com", player: target, signIn: false }));
    shadowPlayer = await createPlayer(d, { display_name: "Zed Shadow", is_shadow: 1 });
  });
  afterAll(() => t.close());

  const roles = async (userId: number) =>
    (await t.database.db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute()).map((r) => r.role);

  it("lists holders with player_id, display_name and country_code", async () => {
    const admin = await signIn(t, "admin@example.com");
    const r = (await admin.get("/api/admin/roles/administrate")).json();
    expect(r).toEqual({
      role: "administrate",
      editable: false,
      data: [{ player_id: adminPlayer, display_name: "Admin Person", country_code: "DE" }],
    });
    expect((await admin.get("/api/admin/roles/event_mod")).json().editable).toBe(true);
  });

  it("refuses anonymous and plain users; moderators may look but not edit", async () => {
    const anon = new Client(t.app);
    await anon.session();
    expect((await anon.get("/api/admin/roles/moderate")).statusCode).toBe(401);
    const plain = await signIn(t, "target@example.com");
    expect((await plain.get("/api/admin/roles/moderate")).statusCode).toBe(403);
    expect((await plain.post("/api/admin/roles", { role: "event_mod", id: targetPlayer })).statusCode).toBe(403);
    const mod = await signIn(t, "mod@example.com");
    expect((await mod.get("/api/admin/roles/moderate")).statusCode).toBe(200);
    expect((await mod.get("/api/admin/roles/moderate")).json().editable).toBe(false);
    expect((await mod.post("/api/admin/roles", { role: "event_mod", id: targetPlayer })).statusCode).toBe(403);
    expect(await roles(targetUser)).toEqual([]);
  });

  it("never edits the Administrator role from the page", async () => {
    const admin = await signIn(t, "admin@example.com");
    const add = await admin.post("/api/admin/roles", { role: "administrate", id: targetPlayer });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(ROLE_EDIT_FORBIDDEN_MESSAGE);
    const remove = await admin.post("/api/admin/roles/remove", { role: "administrate", playerId: adminPlayer });
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe(ROLE_EDIT_FORBIDDEN_MESSAGE);
    expect(await roles(targetUser)).toEqual([]);
    expect((await admin.get("/api/admin/roles/administrate")).json().data).toHaveLength(1);
  });

  it("searches players with accounts only", async () => {
    const admin = await signIn(t, "admin@example.com");
    const r = (await admin.get("/api/admin/roles/players?search=zed")).json();
    expect(r.data).toEqual([{ player_id: targetPlayer, display_name: "Zed Target", country_code: "JP" }]);
    // LIKE wildcards in the search are literal.
    expect((await admin.get("/api/admin/roles/players?search=z_d")).json().data).toEqual([]);
    expect((await admin.get("/api/admin/roles/players?search=%25")).json().data).toEqual([]);
    const shadow = await admin.post("/api/admin/roles", { role: "event_mod", id: shadowPlayer });
    expect(shadow.statusCode).toBe(400);
    expect(shadow.json().message).toContain("cannot hold a role");
  });

  it("adds and removes an Event Moderator and a supporter, notifying the player", async () => {
    const admin = await signIn(t, "admin@example.com");
    expect((await admin.post("/api/admin/roles", { role: "event_mod", id: targetPlayer })).statusCode).toBe(200);
    expect((await admin.post("/api/admin/roles", { role: "event_mod", id: targetPlayer })).statusCode).toBe(400);
    expect((await admin.get("/api/admin/roles/event_mod")).json().data.map((h: { player_id: number }) => h.player_id)).toEqual([
      targetPlayer,
    ]);
    const target = await signIn(t, "target@example.com");
    expect((await target.session()).permissions.canEventModerate).toBe(true);
    expect((await admin.post("/api/admin/roles", { role: "supporter", id: targetPlayer })).statusCode).toBe(200);
    expect((await target.session()).user.is_supporter).toBe(true);
    expect((await admin.post("/api/admin/roles/remove", { role: "event_mod", playerId: targetPlayer })).statusCode).toBe(200);
    expect((await admin.post("/api/admin/roles/remove", { role: "event_mod", playerId: targetPlayer })).statusCode).toBe(400);
    expect(await roles(targetUser)).toEqual(["supporter"]);
    const notes = (await target.get("/api/notifications?filter=all")).json().data.map((n: { message: string }) => n.message);
    expect(notes).toContain("You were given the Event Moderator role.");
    expect(notes).toContain("Your Event Moderator role was removed.");
  });
});
