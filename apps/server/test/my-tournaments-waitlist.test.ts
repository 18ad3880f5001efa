import { EVENT_FORMAT } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTeam, createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

/**
 * Issue #22 §1 with 17 §3: "My tournaments" (`GET /api/tournaments/mine`) lists entries waiting
 * past a cap with their place among those still waiting — solo, a waiting squad's member, a
 * waiting team's member — and updates it when a place opens; on both dialects.
 */
describe.each(await dialects())("my tournaments: waitlisted entries (%s)", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  type Entry = {
    tournament: { id: number };
    status: string;
    waitlist_position: number | null;
    squad_name: string | null;
    team_name: string | null;
  };
  const mine = async (who: SignedIn, T: number) =>
    ((await who.c.get("/api/tournaments/mine")).json().data as Entry[]).find((e) => e.tournament.id === T);

  it("a waiting solo player sees WAITLISTED with the place, then REGISTERED once promoted", async () => {
    const T = await createTournament(t.database, { event_format: EVENT_FORMAT.solo, registrations_open: 1, max_entrants: 1 });
    const [a, b, c] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    for (const p of [a, b, c]) expect((await p.c.post(`/api/events/${T}/register`, {})).statusCode).toBe(200);
    expect(await mine(a, T)).toMatchObject({ status: "registered", waitlist_position: null });
    expect(await mine(b, T)).toMatchObject({ status: "waitlisted", waitlist_position: 1 });
    expect(await mine(c, T)).toMatchObject({ status: "waitlisted", waitlist_position: 2 });
    expect((await a.c.post(`/api/events/${T}/withdraw`, {})).statusCode).toBe(200);
    expect(await mine(a, T)).toBeUndefined();
    expect(await mine(b, T)).toMatchObject({ status: "registered", waitlist_position: null });
    expect(await mine(c, T)).toMatchObject({ status: "waitlisted", waitlist_position: 1 });
  });

  it("a member of a waiting squad and of a waiting team see the entry with its place", async () => {
    const SQ = await createTournament(t.database, {
      event_format: EVENT_FORMAT.squad,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 2,
      max_entrants: 1,
    });
    const [c1, c2, m2] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    expect((await c1.c.post(`/api/events/${SQ}/register`, { squad_name: "In" })).statusCode).toBe(200);
    expect((await c2.c.post(`/api/events/${SQ}/register`, { squad_name: "Waiting" })).statusCode).toBe(200);
    const squadId = (await c2.c.get(`/api/events/${SQ}/register`)).json().registration_details.squad_id as number;
    await c2.c.post(`/api/events/${SQ}/squads/${squadId}/invite`, { player_id: m2.playerId });
    expect((await m2.c.post(`/api/events/${SQ}/squads/${squadId}/accept_invite`, {})).statusCode).toBe(200);
    expect(await mine(m2, SQ)).toMatchObject({ status: "waitlisted", waitlist_position: 1, squad_name: "Waiting" });

    const TT = await createTournament(t.database, {
      event_format: EVENT_FORMAT.team,
      game_mode: "mk8dx_150",
      registrations_open: 1,
      minimum_team_size: 2,
      max_entrants: 1,
    });
    const long = Date.now() - 30 * 86_400_000;
    const people: SignedIn[] = [];
    const teams: number[] = [];
    for (const name of ["First", "Second"]) {
      const id = await createTeam(t.database, { team_name: name, team_tag: name.slice(0, 3).toUpperCase() });
      const pair = [await signedIn(t), await signedIn(t)];
      for (const p of pair) await addMember(t.database, id, p.playerId, { is_leader: 1, joined_at: long });
      people.push(...pair);
      teams.push(id);
    }
    for (const [i, id] of teams.entries())
      expect((await people[2 * i]!.c.post(`/api/events/${TT}/register`, { team_id: id })).statusCode).toBe(200);
    expect(await mine(people[3]!, TT)).toMatchObject({ status: "waitlisted", waitlist_position: 1, team_name: "Second" });
    expect(await mine(people[1]!, TT)).toMatchObject({ status: "registered", waitlist_position: null, team_name: "First" });
  });
});
