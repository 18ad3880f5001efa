import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSquad, createTournament, DAY_MS } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries } from "./tournament-helpers.js";

const D = await dialects();

/**
 * Series stats are kept until a write clears them (`TtlCache.keep`, issue #16), also with the
 * micro-cache off (PUBLIC_CACHE_SECONDS=0, as here): every write through a route must change
 * the series answer on the very next read.
 */
describe.each(D)("series stats after a write (%s)", (dialect) => {
  let t: TestApp;
  const ids: Record<string, SignedIn> = {};
  let anon: Client;
  let seriesId: number;
  let tournamentId: number;
  const sq: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    for (const who of ["admin", "a", "b", "c"]) {
      ids[who] = await signedIn(t, {
        email: `${who}@example.com`,
        roles: who === "admin" ? ["event_admin"] : [],
        player: { display_name: who.toUpperCase(), country_code: "FR" },
      });
    }
    anon = new Client(t.app);
    await anon.session();
    seriesId = await createSeries(d, { aggregation_field: "player_id", finalist_criteria: "top_2" });
    const past = Date.now() - 5 * DAY_MS;
    tournamentId = await createTournament(d, {
      title: "Fresh Cup",
      tournament_series_id: seriesId,
      start_date: past,
      end_date: past + DAY_MS,
    });
    sq.alpha = await createSquad(d, tournamentId, "Alpha", [ids.a!.playerId, ids.b!.playerId]);
    sq.bravo = await createSquad(d, tournamentId, "Bravo", [ids.c!.playerId]);
  });
  afterAll(() => t.close());

  const podium = async () => {
    const res = await anon.get(`/api/tournaments/series/${seriesId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { stats: { podium_finishes: Array<{ key: number; gold: number; silver: number }> } };
    return Object.fromEntries(body.stats.podium_finishes.map((r) => [r.key, [r.gold, r.silver]]));
  };
  const save = (first: number, second: number) =>
    ids.admin!.c.post(`/api/events/${tournamentId}/placements`, {
      placements: [
        { entrant_id: first, placement: 1, placement_upper_bound: null, dq: false, title: null },
        { entrant_id: second, placement: 2, placement_upper_bound: null, dq: false, title: null },
      ],
      total_registrations_override: null,
    });

  it("shows new placements, changed placements and a changed squad at once", async () => {
    // Read (and so kept) before any placement.
    expect(await podium()).toEqual({});
    expect((await save(sq.alpha!, sq.bravo!)).statusCode).toBe(200);
    const { a, b, c } = { a: ids.a!.playerId, b: ids.b!.playerId, c: ids.c!.playerId };
    expect(await podium()).toEqual({ [a]: [1, 0], [b]: [1, 0], [c]: [0, 1] });
    // Kept: the same answer again without a write.
    expect(await podium()).toEqual({ [a]: [1, 0], [b]: [1, 0], [c]: [0, 1] });
    // A placements write.
    expect((await save(sq.bravo!, sq.alpha!)).statusCode).toBe(200);
    expect(await podium()).toEqual({ [a]: [0, 1], [b]: [0, 1], [c]: [1, 0] });
    // A registration write: the admin kicks B from the placed squad Alpha.
    const kick = await ids.admin!.c.post(`/api/events/${tournamentId}/squads/${sq.alpha}/kick`, { player_id: b });
    expect(kick.statusCode).toBe(200);
    expect(await podium()).toEqual({ [a]: [0, 1], [c]: [1, 0] });
  });
});
