import { EVENT_FORMAT, REGISTRATION_MESSAGES as M } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createSquad, createTeam, createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { newTeamForm, postForm } from "./teams-helpers.js";

/**
 * Issue #15 §8: where a rule says "at most" or "one", competing requests fired at once leave
 * exactly what the rule allows, on both dialects (PostgreSQL takes row locks, SQLite runs one
 * write transaction at a time).
 */
describe.each(await dialects())("competing requests (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signedIn(t, { roles: ["event_admin"] });
  });
  afterAll(() => t.close());

  const invitations = (squadId: number) =>
    t.database.db.selectFrom("squad_invitations").select("player_id").where("squad_id", "=", squadId).execute();
  const members = (squadId: number) =>
    t.database.db
      .selectFrom("registrations")
      .select("player_id")
      .where("squad_id", "=", squadId)
      .where("status", "=", "registered")
      .execute();

  it("two invitations sent at once to a squad with one free place: one is sent, one refused", async () => {
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.squad,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 2,
    });
    const captain = await signedIn(t);
    const [p1, p2] = [await signedIn(t), await signedIn(t)];
    const squad = await createSquad(t.database, T, "Racers", [captain.playerId]);
    const url = `/api/events/${T}/squads/${squad}/invite`;
    const answers = await Promise.all([captain.c.post(url, { player_id: p1.playerId }), captain.c.post(url, { player_id: p2.playerId })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().message).toBe(M.maxInvited);
    expect(await invitations(squad)).toHaveLength(1);
  });

  it("two invited players accepting at once into the last place: one joins, one hears the squad is full", async () => {
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.squad,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 2,
    });
    const captain = await signedIn(t);
    const [p1, p2] = [await signedIn(t), await signedIn(t)];
    const squad = await createSquad(t.database, T, "Drifters", [captain.playerId]);
    // Both invitations exist (made before the cap was lowered, say); only one place is left.
    for (const p of [p1, p2])
      await t.database.db
        .insertInto("squad_invitations")
        .values({ tournament_id: T, squad_id: squad, player_id: p.playerId, invited_by: captain.playerId, created_at: Date.now() })
        .execute();
    const url = `/api/events/${T}/squads/${squad}/accept_invite`;
    const answers = await Promise.all([p1.c.post(url, {}), p2.c.post(url, {})]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().message).toBe("This squad is full.");
    expect(await members(squad)).toHaveLength(2);
  });

  it("an administrator adding two players at once to a squad with one free place: one is added", async () => {
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.squad,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 2,
    });
    const captain = await signedIn(t);
    const [p1, p2] = [await signedIn(t), await signedIn(t)];
    const squad = await createSquad(t.database, T, "Boosters", [captain.playerId]);
    const url = `/api/events/${T}/squads/${squad}/admin_register_player`;
    const answers = await Promise.all([
      admin.c.post(url, { player_id: p1.playerId, can_host: false, mii_name: "" }),
      admin.c.post(url, { player_id: p2.playerId, can_host: false, mii_name: "" }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await members(squad)).toHaveLength(2);
  });

  it("two teams registered at once with the same secondary team: one registration uses it", async () => {
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.team,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 99,
      game_mode: "mk8dx_150",
    });
    const [a, b, shared] = [await createTeam(t.database), await createTeam(t.database), await createTeam(t.database)];
    for (const team of [a, b, shared]) await addMember(t.database, team, (await signedIn(t, { signIn: false })).playerId, { is_leader: 1 });
    const body = (team: number) => ({
      register_mode: "existing",
      register_mode2: "existing",
      team_id: team,
      team_id2: shared,
      shadow_name: "",
      shadow_tag: "",
      shadow_name2: "",
      shadow_tag2: "",
    });
    const url = `/api/events/${T}/admin_register_team`;
    const answers = await Promise.all([admin.c.post(url, body(a)), admin.c.post(url, body(b))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const usingShared = await t.database.db
      .selectFrom("team_registrations")
      .select("team_id")
      .where("tournament_id", "=", T)
      .where("secondary_team_id", "=", shared)
      .where("status", "=", "registered")
      .execute();
    expect(usingShared).toHaveLength(1);
  });

  it("two teams created at once with the same name (any case) in one category: one is created", async () => {
    const [a, b] = [await signedIn(t), await signedIn(t)];
    const answers = await Promise.all([
      postForm(a.c, "/api/registry/teams/new", newTeamForm({ team_name: "Photo Finish", team_tag: "PF1" })),
      postForm(b.c, "/api/registry/teams/new", newTeamForm({ team_name: "PHOTO finish", team_tag: "PF2" })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.statusCode === 400)!.json().message).toBe("A team with this name already exists in this category.");
    const rows = await t.database.db.selectFrom("teams").select("id").where("team_name", "in", ["Photo Finish", "PHOTO finish"]).execute();
    expect(rows).toHaveLength(1);
  });

  it("the database itself refuses a second pending invitation of one player to one team", async () => {
    const team = await createTeam(t.database);
    const p = await signedIn(t, { signIn: false });
    const row = { player_id: p.playerId, to_team_id: team, category: "mk8dx_150", status: "invited", created_at: Date.now() };
    await t.database.db.insertInto("transfers").values(row).execute();
    await expect(
      t.database.db
        .insertInto("transfers")
        .values({ ...row, status: "requested" })
        .execute(),
    ).rejects.toThrow();
    // Decided rows do not count: a declined invitation and a new one live side by side.
    await t.database.db.updateTable("transfers").set({ status: "declined" }).where("player_id", "=", p.playerId).execute();
    await t.database.db.insertInto("transfers").values(row).execute();
  });
});
