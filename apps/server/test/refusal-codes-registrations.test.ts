import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTeam, createTournament } from "./factories.js";
import { createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

const D = await dialects();

/**
 * The registration refusals that had only English now carry codes (#21): one representative
 * refusal of each service of solo, squad and team registrations, answered with its unchanged
 * English `message` plus `code` and `params` (the web shows `error.<code>` in the page's language).
 */
describe.each(D)("registration refusals have codes (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let leader: SignedIn;
  let p1: SignedIn;
  let p2: SignedIn;
  let solo: number;
  let squad: number;
  let big: number;
  let team: number;
  let teamId: number;
  const url = (id: number, p = "") => `/api/events/${id}${p}`;
  const refusal = (message: string, code: string, params?: Record<string, string | number>) => ({
    status: "error",
    message,
    code,
    ...(params ? { params } : {}),
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    admin = await signedIn(t, { roles: ["event_admin"] });
    leader = await signedIn(t);
    p1 = await signedIn(t);
    p2 = await signedIn(t);
    solo = await createTournament(d, {
      event_format: 1,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
      max_entrants: 1,
    });
    squad = await createTournament(d, { event_format: 2, minimum_team_size: 2, maximum_team_size: 4 });
    big = await createTournament(d, { event_format: 2, minimum_team_size: 2, maximum_team_size: 6 });
    team = await createTournament(d, { event_format: 0, minimum_team_size: 1, maximum_team_size: 99 });
    teamId = await createTeam(d, { team_name: "Codes", team_tag: "COD" });
    await addMember(d, teamId, leader.playerId, { is_leader: 1, joined_at: Date.now() - 30 * 86_400_000 });
  });
  afterAll(() => t.close());

  it("squads: a missing squad is 404 registration.squad_not_found", async () => {
    const res = await p1.c.get(url(squad, "/squads/999999"));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("Squad not found.", "registration.squad_not_found"));
  });

  it("staff pages: the wrong format, a missing player, squad or registration", async () => {
    let res = await admin.c.post(url(solo, "/admin_register_squad"), { player_id: -1, squad_name: "Ghosts", squad_tag: "GHO" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal("This tournament is not a squad tournament.", "registration.not_squad_tournament"));
    res = await admin.c.post(url(solo, "/register_player"), { player_id: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal("Player not found.", "players.not_found"));
    res = await admin.c.get(url(squad, "/registrations/squads/999999/edit"));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("Squad not found.", "registration.squad_not_found"));
    res = await admin.c.get(url(solo, "/registrations/players/999999/edit"));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("Registration not found.", "registration.not_found"));
  });

  it("registering again while on the waitlist is registration.already_waitlisted", async () => {
    expect((await p1.c.post(url(solo, "/register"), {})).statusCode).toBe(200);
    expect((await p2.c.post(url(solo, "/register"), {})).statusCode).toBe(200);
    const res = await p2.c.post(url(solo, "/register"), {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal("You are already on the waitlist for this tournament.", "registration.already_waitlisted"));
  });

  it("the FFA sheet past 4 players a team is registration.ffa_sheet_team_size {max}", async () => {
    const res = await admin.c.get(`/tournaments/${big}/mogi_sheet.tsv`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      refusal("The FFA sheet is only available when the maximum team size is 4 or less.", "registration.ffa_sheet_team_size", { max: 4 }),
    );
  });

  it("teams: a missing team, an unregistered team, a missing registration, a move to where it is (status as a select value)", async () => {
    let res = await leader.c.post(url(team, "/register"), { team_id: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal("Team not found.", "teams.not_found"));
    res = await p1.c.get(url(team, `/teams/${teamId}/eligible_players`));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("This team is not registered for this tournament.", "registration.team_not_registered"));
    res = await admin.c.post(url(team, `/add_representative/${leader.playerId}`));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("Registration not found.", "registration.not_found"));
    res = await admin.c.post(url(team, "/move_team"), { status: "withdrawn", team_id: teamId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(refusal("Registration not found.", "registration.not_found"));

    expect((await admin.c.post(url(team, "/admin_register_team"), { register_mode: "existing", team_id: teamId })).json().status).toBe(
      "ok",
    );
    res = await admin.c.post(url(team, `/add_representative/${leader.playerId}`));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal("The team leader cannot be made a representative.", "registration.rep_leader"));
    expect((await admin.c.post(url(team, "/move_team"), { status: "withdrawn", team_id: teamId })).statusCode).toBe(200);
    res = await admin.c.post(url(team, "/move_team"), { status: "withdrawn", team_id: teamId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal("This team is already withdrawn.", "registration.team_already", { status: "withdrawn" }));
  });
});
