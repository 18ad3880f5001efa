import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestApp, dialects, signedIn, signIn, type TestApp } from "./helpers.js";
import { createPlayer, createTeam, createTournament } from "./factories.js";

const D = await dialects();
const PATH = "/api/moderation/pending_counts";

/**
 * Issue #17 §8: the header menu's pending counts. Each queue is counted for those who may
 * moderate it and null for everyone else; a decision lowers the count at once (no cache).
 */
describe.each(D)("moderation pending counts (%s)", (dialect) => {
  let t: TestApp;
  let changeId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    const now = Date.now();
    for (const [email, roles] of [
      ["mod@example.com", ["moderate"]],
      ["admin@example.com", ["administrate"]],
      ["event@example.com", ["event_admin"]],
      ["eventmod@example.com", ["event_mod"]],
    ] as const) {
      await signedIn(t, { email, roles: [...roles], player: false, signIn: false });
    }
    const requester = await signedIn(t, { email: "player@example.com", player: { display_name: "Old Name" }, signIn: false });
    // Two pending name changes and one already decided (not counted).
    const change = (to: string, status: string) =>
      d.db
        .insertInto("profile_changes")
        .values({
          table_name: "players",
          field_name: "display_name",
          row_id: requester.playerId,
          from_value: "Old Name",
          to_value: to,
          status,
          requested_by_user_id: requester.userId,
          created_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    changeId = (await change("New Name", "pending")).id;
    await change("Other Name", "pending");
    await change("Declined Name", "declined");
    // One unapproved team, one approved (not counted).
    await createTeam(d, { team_name: "Waiting", team_tag: "WAIT", team_status: "unapproved" });
    await createTeam(d, { team_name: "Approved", team_tag: "APP" });
    // One pending claim of a historical team.
    const old = await createTeam(d, { team_name: "Old", team_tag: "OLD", is_historical: 1 });
    await d.db.insertInto("team_claims").values({ team_id: old, user_id: requester.userId, status: "pending", created_at: now }).execute();
    // One pending proposal.
    const tid = await createTournament(d, { title: "Proposed", event_format: 1, published: 0 });
    const proposer = await createPlayer(d, { display_name: "Proposer" });
    await d.db
      .insertInto("tournament_proposals")
      .values({ tournament_id: tid, user_id: requester.userId, player_id: proposer, created_at: now })
      .execute();
    // Two accounts waiting for activation.
    await signedIn(t, { email: "inactive1@example.com", state: "inactive", player: false, signIn: false });
    await signedIn(t, { email: "inactive2@example.com", state: "inactive", player: false, signIn: false });
  });
  afterAll(() => t.close());

  it("refuses anonymous callers with 401", async () => {
    const anon = new Client(t.app);
    await anon.session();
    expect((await anon.get(PATH)).statusCode).toBe(401);
  });

  it("counts only the queues each role may moderate", async () => {
    const counts = async (email: string) => {
      const res = await (await signIn(t, email)).get(PATH);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      return res.json();
    };
    const all = { profile_changes: 2, unapproved_teams: 1, team_claims: 1, tournament_proposals: 1, inactive_accounts: 2 };
    expect(await counts("admin@example.com")).toEqual(all);
    expect(await counts("mod@example.com")).toEqual(all);
    const none = { profile_changes: null, unapproved_teams: null, team_claims: null, tournament_proposals: null, inactive_accounts: null };
    expect(await counts("event@example.com")).toEqual({ ...none, tournament_proposals: 1 });
    expect(await counts("eventmod@example.com")).toEqual(none);
    expect(await counts("player@example.com")).toEqual(none);
  });

  it("drops as soon as a moderator decides an item", async () => {
    const mod = await signIn(t, "mod@example.com");
    expect((await mod.post("/api/registry/profile_changes/approve", { change_id: changeId })).statusCode).toBe(200);
    expect((await mod.get(PATH)).json().profile_changes).toBe(1);
  });
});
