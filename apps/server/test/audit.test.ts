import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";

const D = await dialects();

describe.each(D)("audit log (%s)", (dialect) => {
  let t: TestApp;
  let playerId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await signedIn(t, { email: "admin@example.com", roles: ["administrate"], player: { display_name: "Chief" }, signIn: false });
    await signedIn(t, { email: "mod@example.com", roles: ["moderate"], player: false, signIn: false });
    ({ playerId } = await signedIn(t, { email: "p@example.com", player: { display_name: "Audited" }, signIn: false }));
  });
  afterAll(() => t.close());

  it("records who did what with before and after, newest first, for administrators only", async () => {
    const admin = await signIn(t, "admin@example.com");
    await admin.post("/api/admin/word_filter", { words: "alpha" });
    await admin.post("/api/admin/roles", { role: "event_mod", id: playerId });
    const mod = await signIn(t, "mod@example.com");
    await mod.post("/api/admin/bans", { player_id: playerId, reason: "Spam" });
    expect((await mod.get("/api/admin/audit")).statusCode).toBe(403);
    const anon = new Client(t.app);
    expect((await anon.get("/api/admin/audit")).statusCode).toBe(401);

    const log = (await admin.get("/api/admin/audit?page=1")).json();
    expect(log.has_next_page).toBe(false);
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(["player.ban", "role.grant", "word_filter.save"]);
    expect(log.data[0]).toMatchObject({ actor: "mod@example.com", target_type: "players", target_id: playerId });
    expect(JSON.parse(log.data[0].after)).toEqual({ reason: "Spam", ends_on: null });
    expect(log.data[1].actor).toBe("Chief");
    expect(JSON.parse(log.data[2].before)).toEqual({ words: "" });
    expect(JSON.parse(log.data[2].after)).toEqual({ words: "alpha" });
    expect(log.data[0].time_human).toMatch(/UTC$/);
  });

  it("a refused action writes nothing", async () => {
    const mod = await signIn(t, "mod@example.com");
    await mod.post("/api/admin/roles", { role: "event_mod", id: playerId });
    const admin = await signIn(t, "admin@example.com");
    expect((await admin.get("/api/admin/audit")).json().data).toHaveLength(3);
  });
});
