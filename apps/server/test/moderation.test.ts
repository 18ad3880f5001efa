import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import { createTeam } from "./factories.js";

const D = await dialects();

describe.each(D)("profile changes queue (%s)", (dialect) => {
  let t: TestApp;
  let requesterId: number;
  let playerId: number;
  let teamId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    await signedIn(t, { email: "mod@example.com", roles: ["moderate"], player: false, signIn: false });
    await signedIn(t, { email: "mod2@example.com", roles: ["moderate"], player: false, signIn: false });
    await signedIn(t, { email: "admin@example.com", roles: ["administrate"], player: false, signIn: false });
    await signedIn(t, { email: "event@example.com", roles: ["event_admin"], player: false, signIn: false });
    const player = { display_name: "Old Name", country_code: "FR" };
    ({ userId: requesterId, playerId } = await signedIn(t, { email: "player@example.com", player, signIn: false }));
    teamId = await createTeam(d, { team_name: "Old Team", team_tag: "OLD", team_color: 7 });
  });
  afterAll(() => t.close());

  const addChange = async (o: { table: "players" | "teams"; field: string; row: number; from: string; to: string }) => {
    const r = await t.database.db
      .insertInto("profile_changes")
      .values({
        table_name: o.table,
        field_name: o.field,
        row_id: o.row,
        from_value: o.from,
        to_value: o.to,
        status: "pending",
        requested_by_user_id: requesterId,
        created_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return r.id;
  };
  const status = async (id: number) =>
    (await t.database.db.selectFrom("profile_changes").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  const playerName = async () =>
    (await t.database.db.selectFrom("players").select("display_name").where("id", "=", playerId).executeTakeFirstOrThrow()).display_name;

  it("shows the queue only to moderators and administrators, and lets only them decide", async () => {
    const id = await addChange({ table: "players", field: "display_name", row: playerId, from: "Old Name", to: "Forbidden" });
    const anon = new Client(t.app);
    await anon.session();
    expect((await anon.get("/api/registry/profile_changes")).statusCode).toBe(401);
    for (const email of ["player@example.com", "event@example.com"]) {
      const c = await signIn(t, email);
      expect((await c.get("/api/registry/profile_changes")).statusCode).toBe(403);
      expect((await c.post("/api/registry/profile_changes/approve", { change_id: id })).statusCode).toBe(403);
    }
    expect(await status(id)).toBe("pending");
    expect(await playerName()).toBe("Old Name");
    const admin = await signIn(t, "admin@example.com");
    expect((await admin.post("/api/registry/profile_changes/decline", { change_id: id })).statusCode).toBe(200);
  });

  it("lists pending changes with the spec's fields", async () => {
    const p = await addChange({ table: "players", field: "display_name", row: playerId, from: "Old Name", to: "Listed" });
    const tm = await addChange({ table: "teams", field: "team_tag", row: teamId, from: "OLD", to: "NEW" });
    const mod = await signIn(t, "mod@example.com");
    const body = (await mod.get("/api/registry/profile_changes")).json();
    const pc = body.data.find((c: { change_id: number }) => c.change_id === p);
    expect(pc).toMatchObject({
      table_name: "players",
      field_name: "display_name",
      from_value: "Old Name",
      to_value: "Listed",
      player_id: playerId,
      country_code: "FR",
      country_name: "France",
      team_id: null,
    });
    expect(pc.date_human).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const tc = body.data.find((c: { change_id: number }) => c.change_id === tm);
    expect(tc).toMatchObject({
      table_name: "teams",
      field_name: "team_tag",
      team_id: teamId,
      team_tag: "OLD",
      team_name: "Old Team",
      team_color: 7,
      player_id: null,
    });
    await mod.post("/api/registry/profile_changes/decline", { change_id: p });
    await mod.post("/api/registry/profile_changes/decline", { change_id: tm });
    expect((await mod.get("/api/registry/profile_changes")).json().data).toEqual([]);
  });

  it("approval renames the player, writes the history and notifies; it cannot be decided again", async () => {
    const id = await addChange({ table: "players", field: "display_name", row: playerId, from: "Old Name", to: "New Name" });
    const mod = await signIn(t, "mod@example.com");
    expect((await mod.post("/api/registry/profile_changes/approve", { change_id: id })).statusCode).toBe(200);
    expect(await playerName()).toBe("New Name");
    const hist = await t.database.db
      .selectFrom("name_history")
      .selectAll()
      .where("row_id", "=", playerId)
      .where("table_name", "=", "players")
      .execute();
    expect(hist.map((h) => [h.from_value, h.to_value])).toEqual([["Old Name", "New Name"]]);
    const row = await t.database.db.selectFrom("profile_changes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("approved");
    expect(row.decided_by_user_id).not.toBeNull();
    expect(row.decided_at).not.toBeNull();
    const again = await mod.post("/api/registry/profile_changes/decline", { change_id: id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This change has already been decided.");
    expect(await status(id)).toBe("approved");
    const player = await signIn(t, "player@example.com");
    const unread = (await player.get("/api/notifications?filter=unread")).json().data;
    expect(unread[0].message).toContain("was approved");
    expect(unread[0].message).toContain(`/registry/players/${playerId}`);
    expect((await player.get(`/api/registry/players/${playerId}`)).json().display_name).toBe("New Name");
  });

  it("decline leaves the name and notifies", async () => {
    const id = await addChange({ table: "players", field: "display_name", row: playerId, from: "New Name", to: "<b>Bad</b>" });
    const mod = await signIn(t, "mod@example.com");
    expect((await mod.post("/api/registry/profile_changes/decline", { change_id: id })).statusCode).toBe(200);
    expect(await playerName()).toBe("New Name");
    expect(await status(id)).toBe("declined");
    const player = await signIn(t, "player@example.com");
    const msg = (await player.get("/api/notifications?filter=important")).json().data[0].message;
    expect(msg).toContain("was declined");
    expect(msg).toContain("&lt;b&gt;Bad&lt;/b&gt;");
  });

  it("approves a team tag change on the team", async () => {
    const id = await addChange({ table: "teams", field: "team_tag", row: teamId, from: "OLD", to: "NEW" });
    const mod = await signIn(t, "mod@example.com");
    expect((await mod.post("/api/registry/profile_changes/approve", { change_id: id })).statusCode).toBe(200);
    const team = await t.database.db
      .selectFrom("teams")
      .select(["team_tag", "team_name"])
      .where("id", "=", teamId)
      .executeTakeFirstOrThrow();
    expect(team).toEqual({ team_tag: "NEW", team_name: "Old Team" });
  });

  it("two moderators deciding at once leave one outcome", async () => {
    const id = await addChange({ table: "players", field: "display_name", row: playerId, from: "New Name", to: "Raced Name" });
    const [a, b] = await Promise.all([signIn(t, "mod@example.com"), signIn(t, "mod2@example.com")]);
    const results = await Promise.all([
      a.post("/api/registry/profile_changes/approve", { change_id: id }),
      b.post("/api/registry/profile_changes/decline", { change_id: id }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    const final = await status(id);
    expect(final === "approved" ? "Raced Name" : "New Name").toBe(await playerName());
    const notes = await t.database.db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "=", requesterId)
      .where("message", "like", "%Raced Name%")
      .execute();
    expect(notes).toHaveLength(1);
  });

  it("404 for an unknown change", async () => {
    const mod = await signIn(t, "mod@example.com");
    expect((await mod.post("/api/registry/profile_changes/approve", { change_id: 999999 })).statusCode).toBe(404);
  });
});
