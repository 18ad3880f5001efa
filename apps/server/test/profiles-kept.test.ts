import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataVersion } from "../src/db/data-version.repository.js";
import { addMember, createPlayer, createTeam, createTournament, DAY_MS, place } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

/**
 * Issue #16: the public player and team pages (and the player picker) are kept (also with the micro-cache off, as here)
 * while the database's data version stays the same (`TtlCache.keepJsonAt`): a kept answer costs
 * one statement (the version), and any committed write, through a service or by hand, makes the
 * next request compute the page again.
 */
describe.each(await dialects())("kept player and team pages (%s)", (dialect) => {
  let t: TestApp;
  let anon: Client;
  let racer: SignedIn;
  let past: number;
  let open: number;
  let teamId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    anon = new Client(t.app);
    racer = await signedIn(t);
    past = await createTournament(t.database, {
      title: "Finished Cup",
      event_format: 1,
      start_date: Date.now() - 3 * DAY_MS,
      end_date: Date.now() - 2 * DAY_MS,
    });
    open = await createTournament(t.database, { title: "Open Cup", event_format: 1, registrations_open: 1 });
    await t.database.db
      .insertInto("registrations")
      .values({ tournament_id: past, player_id: racer.playerId, registered_at: Date.now() - 4 * DAY_MS })
      .execute();
    await place(t.database, past, "player", racer.playerId, { placement: 1 });
    teamId = await createTeam(t.database, { team_name: "Kept Team", team_tag: "KEPT" });
    await addMember(t.database, teamId, racer.playerId, { is_leader: 1 });
  });
  afterAll(() => t.close());

  /** The answer of `path` and how many statements the request ran. */
  const read = async <T>(path: string): Promise<{ body: T; statements: number }> => {
    let statements = 0;
    const stop = t.database.observeQueries!(() => statements++);
    try {
      const r = await anon.get(path);
      expect(r.statusCode).toBe(200);
      return { body: r.json() as T, statements };
    } finally {
      stop();
    }
  };
  type Player = { display_name: string; results: Array<{ tournament_title: string }> };
  type Team = { team_name: string; roster: Array<{ display_name: string }> };
  const player = () => read<Player>(`/api/registry/players/${racer.playerId}`);
  const team = () => read<Team>(`/api/registry/teams/${teamId}`);
  const renameByHand = (name: string) =>
    t.database.db.updateTable("players").set({ display_name: name }).where("id", "=", racer.playerId).execute();
  const version = () => dataVersion(t.database.db, t.database.dialect);

  it("answers a kept player page with one statement while nothing is written (SQLite: nothing else writes)", async () => {
    // The version before the first read: unchanged after the second, nothing was written in between.
    const before = await version();
    const first = await player();
    expect(first.body.results.map((r) => r.tournament_title)).toEqual(["Finished Cup"]);
    expect(first.statements).toBeGreaterThan(2);
    const again = await player();
    // On PostgreSQL other test files write to other schemas of the same server meanwhile, which
    // moves its version; the page is then rightly computed again.
    if (dialect === "sqlite" || before === (await version())) expect(again.statements).toBe(1);
    expect(again.body).toEqual(first.body);
  });

  it("shows a change written by hand at once (the data version moved)", async () => {
    await player();
    await renameByHand("Renamed By Hand");
    expect((await player()).body.display_name).toBe("Renamed By Hand");
    await t.database.db.updateTable("tournaments").set({ title: "Finished Cup (renamed)" }).where("id", "=", past).execute();
    expect((await player()).body.results[0]!.tournament_title).toBe("Finished Cup (renamed)");
  });

  it("shows a write through a service at once", async () => {
    await team();
    await player();
    expect((await racer.c.post(`/api/events/${open}/register`, {})).statusCode).toBe(200);
    const after = await team();
    expect(after.statements).toBeGreaterThan(1);
    expect(after.body.roster.map((m) => m.display_name)).toEqual(["Renamed By Hand"]);
  });

  it("keeps the team page, and shows a change written by hand at once", async () => {
    // The version before the first read: unchanged after the second, nothing was written in between.
    const before = await version();
    const first = await team();
    const again = await team();
    if (dialect === "sqlite" || before === (await version())) expect(again.statements).toBe(1);
    expect(again.body).toEqual(first.body);
    await renameByHand("Team Member B");
    expect((await team()).body.roster.map((m) => m.display_name)).toEqual(["Team Member B"]);
  });

  it("answers 404 for an unknown team or player, and finds them once they exist (a refusal is not kept)", async () => {
    const nextTeam = teamId + 1000;
    expect((await anon.get(`/api/registry/teams/${nextTeam}`)).statusCode).toBe(404);
    await createTeam(t.database, { id: nextTeam, team_name: "Late Team", team_tag: "LATE" });
    expect((await anon.get(`/api/registry/teams/${nextTeam}`)).statusCode).toBe(200);
    const nextPlayer = (await createPlayer(t.database, { display_name: "Someone" })) + 1000;
    expect((await anon.get(`/api/registry/players/${nextPlayer}`)).statusCode).toBe(404);
    await createPlayer(t.database, { id: nextPlayer, display_name: "Late Player" });
    expect((await anon.get(`/api/registry/players/${nextPlayer}`)).statusCode).toBe(200);
  });

  it("keeps the player picker's answer, and shows a player renamed by hand at once", async () => {
    type Picker = { data: Array<{ id: number; name: string }> };
    await renameByHand("Pickable One");
    // The version before the first read: unchanged after the second, nothing was written in between.
    const before = await version();
    const first = await read<Picker>("/api/registry/players/all?search=ckable");
    expect(first.body.data.map((p) => p.name)).toEqual(["Pickable One"]);
    const again = await read<Picker>("/api/registry/players/all?search=ckable");
    if (dialect === "sqlite" || before === (await version())) expect(again.statements).toBe(1);
    expect(again.body).toEqual(first.body);
    await renameByHand("Pickable Two");
    expect((await read<Picker>("/api/registry/players/all?search=ckable")).body.data.map((p) => p.name)).toEqual(["Pickable Two"]);
  });

  it("moves the data version with every committed write and not with reads", async () => {
    const a = await version();
    await t.database.db.selectFrom("players").select("id").execute();
    if (dialect === "sqlite") expect(await version()).toBe(a);
    await renameByHand("Versioned");
    expect(await version()).not.toBe(a);
  });
});
