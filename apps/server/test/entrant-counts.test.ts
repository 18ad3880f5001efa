import { EVENT_FORMAT } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, createSquad, createTeam, createTournament } from "./factories.js";
import { createTestApp, dialects, type TestApp } from "./helpers.js";

/**
 * Issue #17 §1: tournament pages and cards carry the entrants registered so far, in the words of
 * the format: players (solo), squads (squad), teams (team); withdrawn and rejected ones excluded.
 */
describe.each(await dialects())("entrant counts on tournament pages and cards (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const page = async (id: number) => (await t.app.inject({ method: "GET", url: `/api/events/${id}` })).json();
  const card = async (id: number) => {
    const lists = (await t.app.inject({ method: "GET", url: "/api/tournaments?tab=latest" })).json();
    return [...lists.upcoming, ...lists.ongoing].find((x: { id: number }) => x.id === id);
  };

  it("counts registered players of a solo tournament", async () => {
    const T = await createTournament(t.database, { event_format: EVENT_FORMAT.solo, title: "Solo Count" });
    const reg = async (status: string) =>
      t.database.db
        .insertInto("registrations")
        .values({ tournament_id: T, player_id: await createPlayer(t.database), status, registered_at: Date.now() })
        .execute();
    await reg("registered");
    await reg("registered");
    await reg("withdrawn");
    await reg("rejected");
    expect((await page(T)).registration_count).toBe(2);
    expect((await card(T)).registration_count).toBe(2);
  });

  it("counts registered squads, not their players, of a squad tournament", async () => {
    const T = await createTournament(t.database, { event_format: EVENT_FORMAT.squad, title: "Squad Count" });
    await createSquad(t.database, T, "One", [await createPlayer(t.database), await createPlayer(t.database)]);
    await createSquad(t.database, T, "Two", [await createPlayer(t.database)]);
    const gone = await createSquad(t.database, T, "Gone", [await createPlayer(t.database)]);
    await t.database.db.updateTable("squads").set({ status: "withdrawn" }).where("id", "=", gone).execute();
    expect((await page(T)).registration_count).toBe(2);
    expect((await card(T)).registration_count).toBe(2);
  });

  it("counts registered teams of a team tournament", async () => {
    const T = await createTournament(t.database, { event_format: EVENT_FORMAT.team, title: "Team Count" });
    for (const status of ["registered", "registered", "registered", "rejected"])
      await t.database.db
        .insertInto("team_registrations")
        .values({ tournament_id: T, team_id: await createTeam(t.database), status, registered_at: Date.now() })
        .execute();
    expect((await page(T)).registration_count).toBe(3);
    expect((await card(T)).registration_count).toBe(3);
  });
});
