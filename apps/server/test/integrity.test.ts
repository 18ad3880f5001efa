import { EVENT_FORMAT } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRepresentativeNotLeader, checkSquadCaptain } from "../src/doctor/doctor.checks.js";
import { addMember, createSquad, createTeam, createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

/**
 * Writes that used to leave data `npm run doctor` reports (issue #15 §13): the services now keep
 * those invariants themselves.
 */
describe.each(await dialects())("services keep the doctor's invariants (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signedIn(t, { roles: ["administrate"] });
  });
  afterAll(() => t.close());

  it("a representative promoted to leader stops representing the team", async () => {
    const leader = await signedIn(t);
    const rep = await signedIn(t, { signIn: false });
    const team = await createTeam(t.database);
    await addMember(t.database, team, leader.playerId, { is_leader: 1 });
    await addMember(t.database, team, rep.playerId);
    const T = await createTournament(t.database, { event_format: EVENT_FORMAT.team, game_mode: "mk8dx_150", registrations_open: 1 });
    await t.database.db
      .insertInto("team_registrations")
      .values({ tournament_id: T, team_id: team, status: "registered", registered_at: Date.now() })
      .execute();
    await t.database.db
      .insertInto("registrations")
      .values({ tournament_id: T, player_id: rep.playerId, team_id: team, is_representative: 1, registered_at: Date.now() })
      .execute();
    const res = await leader.c.post(`/api/registry/teams/${team}/role`, { player_id: rep.playerId, role: "leader" });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom("registrations")
      .select("is_representative")
      .where("tournament_id", "=", T)
      .where("player_id", "=", rep.playerId)
      .executeTakeFirstOrThrow();
    expect(row.is_representative).toBe(0);
    expect(await checkRepresentativeNotLeader(t.database.db)).toEqual([]);
  });

  it("moving a squad's captain out of the tournament passes the captaincy to the longest-registered member", async () => {
    const T = await createTournament(t.database, {
      event_format: EVENT_FORMAT.squad,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 4,
    });
    const [captain, first, second] = [
      await signedIn(t, { signIn: false }),
      await signedIn(t, { signIn: false }),
      await signedIn(t, { signIn: false }),
    ];
    const squad = await createSquad(t.database, T, "Handover", [captain.playerId, first.playerId, second.playerId]);
    const res = await admin.c.post(`/api/events/${T}/move_squad_player`, { status: "withdrawn", player_id: captain.playerId });
    expect(res.statusCode).toBe(200);
    const rows = await t.database.db
      .selectFrom("registrations")
      .select(["player_id", "is_captain", "status"])
      .where("squad_id", "=", squad)
      .orderBy("player_id")
      .execute();
    expect(rows.filter((r) => r.is_captain === 1).map((r) => r.player_id)).toEqual([first.playerId]);
    // The moved player may now register elsewhere; the squad keeps its captain.
    expect(await checkSquadCaptain(t.database.db)).toEqual([]);
  });
});
