import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { postForm, teamWith } from "./teams-helpers.js";

const D = await dialects();

/**
 * Registration lists, placement pages and the registry's player count are kept until a write
 * clears them (`TtlCache.keepJson`/`keepSized`, issue #16), also with the micro-cache off
 * (PUBLIC_CACHE_SECONDS=0, as here): every kind of write through a route must show on the very
 * next read, and an answer kept for staff must never be served to the public.
 */
describe.each(D)("kept lists after a write (%s)", (dialect) => {
  let t: TestApp;
  let anon: Client;
  let admin: SignedIn;
  let racer: SignedIn;
  let mate: SignedIn;
  let tournamentId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signedIn(t, { roles: ["administrate"], player: { display_name: "Admin" } });
    racer = await signedIn(t, {
      player: { display_name: "Racer", country_code: "FR", discord_tag: "racer#1", discord_privacy: "private" },
    });
    mate = await signedIn(t, { player: { display_name: "Mate", country_code: "FR" } });
    anon = new Client(t.app);
    await anon.session();
    tournamentId = await createTournament(t.database, {
      title: "Kept Cup",
      event_format: 2,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 4,
      checkin_required: 1,
      checkin_minimum: 1,
      checkin_status: 1,
    });
  });
  afterAll(() => t.close());

  const ev = (p: string) => `/api/events/${tournamentId}${p}`;
  const read = async (c: Client, path: string) => {
    const res = await c.get(ev(path));
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const squads = async () =>
    (await read(anon, "/registrations?order=RA")).data.map((s: { squad_name: string; checkin_count: number; player_count: number }) => [
      s.squad_name,
      s.player_count,
      s.checkin_count,
    ]);
  const players = async (c: Client = anon) =>
    (await read(c, "/registered_players?order=PA")).data.map(
      (p: { display_name: string; checked_in: boolean; discord_tag: string | null }) => [p.display_name, p.checked_in, p.discord_tag],
    );
  const placements = async () =>
    (await read(anon, "/placements")).data.map((r: { name: string; placement: number; members: Array<{ display_name: string }> }) => [
      r.name,
      r.placement,
      r.members.map((m) => m.display_name),
    ]);

  it("shows a registration, a check-in, placements, a rename and a withdrawal on the next read", async () => {
    // Read (and so kept) before any write.
    expect(await squads()).toEqual([]);
    expect(await players()).toEqual([]);
    expect(await placements()).toEqual([]);

    // Register: the captain's squad.
    const reg = await racer.c.post(ev("/register"), { squad_name: "Alpha", squad_tag: "ALP", squad_color: 1 });
    expect(reg.statusCode).toBe(200);
    expect(await squads()).toEqual([["Alpha", 1, 0]]);
    expect(await players()).toEqual([["Racer", false, null]]);
    // Kept: the same answer again without a write.
    expect(await squads()).toEqual([["Alpha", 1, 0]]);

    // Check in.
    expect((await racer.c.post(ev("/checkin"))).statusCode).toBe(200);
    expect(await squads()).toEqual([["Alpha", 1, 1]]);
    expect(await players()).toEqual([["Racer", true, null]]);

    // Placement save.
    const squadId = (await read(anon, "/registrations?order=RA")).data[0].squad_id as number;
    const save = await admin.c.post(ev("/placements"), {
      placements: [{ entrant_id: squadId, placement: 1, placement_upper_bound: null, dq: false, title: null }],
      total_registrations_override: null,
    });
    expect(save.statusCode).toBe(200);
    expect(await placements()).toEqual([["Alpha", 1, ["Racer"]]]);

    // A staff rename of the player (a registry write, not a registration one).
    const rename = await admin.c.post(`/api/registry/players/${racer.playerId}`, { display_name: "Renamed" });
    expect(rename.json().status).toBe("success");
    expect(await players()).toEqual([["Renamed", true, null]]);
    expect(await placements()).toEqual([["Alpha", 1, ["Renamed"]]]);

    // Withdraw.
    expect((await racer.c.post(ev("/withdraw"), {})).statusCode).toBe(200);
    expect(await squads()).toEqual([]);
    expect(await players()).toEqual([]);
  });

  it("keeps staff answers apart from the public ones", async () => {
    const reg = await mate.c.post(ev("/register"), { squad_name: "Bravo", squad_tag: "BRV", squad_color: 2 });
    expect(reg.statusCode).toBe(200);
    await t.database.db.updateTable("players").set({ is_hidden: 1 }).where("id", "=", mate.playerId).execute();
    // The direct SQL above passed no service: a registry write through a route clears the lists.
    expect((await admin.c.post(`/api/registry/players/${racer.playerId}`, { display_name: "Racer" })).json().status).toBe("success");
    // Staff first, so their answer is the one kept; the public still gets its own.
    expect(await players(admin.c)).toEqual([["Mate", false, null]]);
    expect(await players()).toEqual([]);
    expect(await players(admin.c)).toEqual([["Mate", false, null]]);
  });

  it("shows a team's registry edit and a roster change in the team list and its eligible players", async () => {
    const leader = await signedIn(t, { player: { display_name: "Leader", country_code: "FR" } });
    const recruit = await signedIn(t, { player: { display_name: "Recruit", country_code: "FR" } });
    const teamT = await createTournament(t.database, { title: "Kept Team Cup", event_format: 0, registrations_open: 1 });
    const teamId = await teamWith(t, leader.playerId, { team_color: 1 });
    await t.database.db
      .insertInto("team_registrations")
      .values({ tournament_id: teamT, team_id: teamId, registered_at: Date.now() })
      .execute();
    const teamList = async () => {
      const res = await anon.get(`/api/events/${teamT}/registrations?order=RA`);
      expect(res.statusCode).toBe(200);
      return res
        .json()
        .data.map((r: { team_id: number; team_color: number; player_count: number }) => [r.team_id, r.team_color, r.player_count]);
    };
    const eligible = async () => {
      const res = await anon.get(`/api/events/${teamT}/teams/${teamId}/eligible_players?order=RA`);
      expect(res.statusCode).toBe(200);
      return res.json().members.map((m: { display_name: string }) => m.display_name);
    };
    expect(await teamList()).toEqual([[teamId, 1, 1]]);
    expect(await eligible()).toEqual(["Leader"]);
    // The leader recolours the team (a registry write).
    expect((await postForm(leader.c, `/api/registry/teams/${teamId}`, { team_color: 7 })).statusCode).toBe(200);
    expect(await teamList()).toEqual([[teamId, 7, 1]]);
    // The recruit joins through an invitation (registry writes).
    const invite = await leader.c.post(`/api/registry/teams/${teamId}/invite`, { player_id: recruit.playerId });
    expect(invite.statusCode).toBe(200);
    const invitation = await t.database.db
      .selectFrom("transfers")
      .select("id")
      .where("to_team_id", "=", teamId)
      .where("player_id", "=", recruit.playerId)
      .executeTakeFirstOrThrow();
    expect((await recruit.c.post(`/api/registry/teams/invitations/${invitation.id}/accept`, {})).statusCode).toBe(200);
    expect(await teamList()).toEqual([[teamId, 7, 2]]);
    expect((await eligible()).sort()).toEqual(["Leader", "Recruit"]);
  });

  it("keeps the registry's player count exact after a player is created, hidden or banned", async () => {
    const total = async (c: Client = anon) => {
      const res = await c.get("/api/registry/players?order=newest&limit=10");
      expect(res.statusCode).toBe(200);
      return res.json().total as number;
    };
    const searched = async () => (await anon.get("/api/registry/players?search=kept&limit=10")).json().total as number;
    const before = await total();
    const staffBefore = await total(admin.c);
    expect(await searched()).toBe(0);

    // A new account creates its profile.
    const fresh = await signedIn(t, { player: false });
    const created = await fresh.c.post("/api/registry/edit_profile", {
      display_name: "Kept Newcomer",
      country: "FR",
      discord_tag: "kept#0001",
      switch_fc: "SW-1111-2222-3333",
    });
    expect(created.json()).toMatchObject({ status: "success" });
    const id = created.json().player_id as number;
    expect(await total()).toBe(before + 1);
    expect(await total(admin.c)).toBe(staffBefore + 1);
    expect(await searched()).toBe(1);

    // Staff hide it: the public count drops, the staff count keeps it.
    expect((await admin.c.post(`/api/registry/players/${id}`, { is_hidden: 1 })).json().status).toBe("success");
    expect(await total()).toBe(before);
    expect(await total(admin.c)).toBe(staffBefore + 1);
    expect(await searched()).toBe(0);
    expect((await admin.c.post(`/api/registry/players/${id}`, { is_hidden: 0 })).json().status).toBe("success");
    expect(await total()).toBe(before + 1);

    // A ban (a moderation write) takes it out of every list.
    expect((await admin.c.post("/api/admin/bans", { player_id: id, reason: "test" })).statusCode).toBe(200);
    expect(await total()).toBe(before);
    expect(await total(admin.c)).toBe(staffBefore);
    expect(await searched()).toBe(0);

    // A player made outside a service (a script) shows within the kept count's maximum age, or
    // at once after any write through a route that clears the registry.
    await createPlayer(t.database, { display_name: "Kept Scripted" });
    expect((await admin.c.post(`/api/registry/players/${racer.playerId}`, { country: "DE" })).json().status).toBe("success");
    expect(await searched()).toBe(1);
  });
});
