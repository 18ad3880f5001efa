import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createPlayer, createSquad, createTeam, createTournament, createTransfer, DAY_MS, place } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { inviteRow } from "./teams-helpers.js";
import { createSeries } from "./tournament-helpers.js";

/**
 * Issue 15 C: hidden players are hidden for everyone but staff on team pages, invitation lists,
 * transfers, registration lists, squad pages and placements; a tournament of an unpublished
 * series does not name the series; a disapproved team's transfers are as invisible as the team;
 * staff answers never come from or go into the shared cache (each check reads as staff first,
 * then anonymously, and again as staff).
 */
const D = await dialects();

describe.each(D)("visibility of hidden players and unpublished series (%s)", (dialect) => {
  let t: TestApp;
  let anon: Client;
  let mod: SignedIn; // moderate: sees hidden players
  let eventMod: SignedIn; // event_mod: moderates every tournament's registrations, sees unpublished series
  let player: SignedIn; // a plain signed-in player
  let hidden: SignedIn;
  let visible: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    anon = new Client(t.app);
    await anon.session();
    mod = await signedIn(t, { roles: ["moderate"], player: { display_name: "Mod" } });
    eventMod = await signedIn(t, { roles: ["event_mod"], player: { display_name: "EventMod" } });
    player = await signedIn(t, { player: { display_name: "Plain" } });
    hidden = await signedIn(t, { player: { display_name: "Ghosty", is_hidden: 1 } });
    visible = await signedIn(t, { player: { display_name: "Shiny" } });
  });
  afterAll(() => t.close());

  const names = (rows: Array<{ display_name?: string; player_name?: string }>) => rows.map((r) => r.display_name ?? r.player_name);

  describe("team pages, invitations and transfers", () => {
    it("leaves hidden players out of the roster for everyone but moderators and administrators", async () => {
      const leader = await signedIn(t, { player: { display_name: "Leader" } });
      const team = await createTeam(t.database, { team_name: "Roster Team" });
      await addMember(t.database, team, leader.playerId, { is_leader: 1 });
      await addMember(t.database, team, hidden.playerId);
      await addMember(t.database, team, visible.playerId);
      const roster = async (c: Client) => names((await c.get(`/api/registry/teams/${team}`)).json().roster).sort();
      expect(await roster(mod.c)).toEqual(["Ghosty", "Leader", "Shiny"]);
      expect(await roster(anon)).toEqual(["Leader", "Shiny"]);
      expect(await roster(player.c)).toEqual(["Leader", "Shiny"]);
      expect(await roster(leader.c)).toEqual(["Leader", "Shiny"]);
      expect(await roster(hidden.c)).toEqual(["Leader", "Shiny"]);
      expect(await roster(mod.c)).toEqual(["Ghosty", "Leader", "Shiny"]);
    });

    it("lists invitations of hidden players to staff only", async () => {
      const leader = await signedIn(t);
      const admin = await signedIn(t, { roles: ["administrate"] });
      const team = await createTeam(t.database, { category: "mk8dx_200" });
      await addMember(t.database, team, leader.playerId, { is_leader: 1 });
      await inviteRow(t, team, hidden.playerId, "mk8dx_200");
      await inviteRow(t, team, visible.playerId, "mk8dx_200");
      const invited = async (c: Client) => names((await c.get(`/api/registry/teams/${team}/viewer`)).json().invitations).sort();
      expect(await invited(leader.c)).toEqual(["Shiny"]);
      expect(await invited(admin.c)).toEqual(["Ghosty", "Shiny"]);
    });

    it("leaves hidden players' transfers out of the transfer lists for everyone but staff", async () => {
      const team = await createTeam(t.database, { category: "mkworld_150", team_name: "Transfer Team" });
      await createTransfer(t.database, { player_id: hidden.playerId, to_team_id: team, category: "mkworld_150", created_at: Date.now() });
      await createTransfer(t.database, { player_id: visible.playerId, to_team_id: team, category: "mkworld_150", created_at: Date.now() });
      const recent = async (c: Client) => names((await c.get("/api/registry/recent_transactions?mode=mkworld_150")).json().data).sort();
      const ofTeam = async (c: Client) => names((await c.get(`/api/registry/teams/${team}/transfers`)).json().data).sort();
      for (const read of [recent, ofTeam]) {
        expect(await read(mod.c)).toEqual(["Ghosty", "Shiny"]);
        expect(await read(anon)).toEqual(["Shiny"]);
        expect(await read(player.c)).toEqual(["Shiny"]);
        expect(await read(mod.c)).toEqual(["Ghosty", "Shiny"]);
      }
    });

    it("leaves hidden members out of a team tournament's eligible players for everyone but staff; they stay eligible", async () => {
      const leader = await signedIn(t, { player: { display_name: "Captain Team" } });
      const team = await createTeam(t.database, { team_name: "Eligible Team", category: "mk8dx_150" });
      await addMember(t.database, team, leader.playerId, { is_leader: 1, joined_at: Date.now() - 10_000 });
      await addMember(t.database, team, hidden.playerId, { joined_at: Date.now() - 10_000 });
      await addMember(t.database, team, visible.playerId, { joined_at: Date.now() - 10_000 });
      const T = await createTournament(t.database, {
        event_format: 0,
        game_mode: "mk8dx_150",
        registrations_open: 1,
        minimum_team_size: 3,
        maximum_team_size: 99,
      });
      await t.database.db
        .insertInto("team_registrations")
        .values({ tournament_id: T, team_id: team, status: "registered", verified: 0, registered_at: Date.now() })
        .execute();
      const eligible = async (c: Client) => names((await c.get(`/api/events/${T}/teams/${team}/eligible_players`)).json().members).sort();
      expect(await eligible(anon)).toEqual(["Captain Team", "Shiny"]);
      expect(await eligible(mod.c)).toEqual(["Captain Team", "Ghosty", "Shiny"]);
      expect(await eligible(eventMod.c)).toEqual(["Captain Team", "Ghosty", "Shiny"]);
      expect(await eligible(player.c)).toEqual(["Captain Team", "Shiny"]);
    });

    it("series pages leave hidden players out of the stats tables and name a hidden solo medallist 'Hidden player'", async () => {
      const series = await createSeries(t.database, { aggregation_field: "player_id", finalist_criteria: "top_3_or_finalist" });
      const past = Date.now() - 30 * DAY_MS;
      const T = await createTournament(t.database, { tournament_series_id: series, event_format: 1, start_date: past, end_date: past + 1 });
      await place(t.database, T, "player", hidden.playerId, { placement: 1 });
      await place(t.database, T, "player", visible.playerId, { placement: 2 });
      for (const c of [anon, player.c, mod.c]) {
        const stats = (await c.get(`/api/tournaments/series/${series}`)).json();
        expect(stats.stats.podium_finishes.map((r: { name: string }) => r.name)).toEqual(["Shiny"]);
        const history = (stats.tournaments as Array<{ id: number; placements: Array<{ name: string }> }>).find((x) => x.id === T)!;
        expect(history.placements.map((h) => h.name)).toEqual(["Hidden player", "Shiny"]);
        expect(JSON.stringify(stats)).not.toContain("Ghosty");
      }
    });

    it("hides a disapproved team's transfers like the team: 404 but for staff and its members", async () => {
      const member = await signedIn(t);
      const team = await createTeam(t.database, { team_status: "disapproved", category: "mk7_vs_race" });
      await addMember(t.database, team, member.playerId, { is_leader: 1 });
      await createTransfer(t.database, { player_id: member.playerId, to_team_id: team, category: "mk7_vs_race" });
      const url = `/api/registry/teams/${team}/transfers`;
      expect((await anon.get(`/api/registry/teams/${team}`)).statusCode).toBe(404);
      const refused = await anon.get(url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe("Team not found.");
      expect((await player.c.get(url)).statusCode).toBe(404);
      expect((await member.c.get(url)).json().data).toHaveLength(1);
      expect((await mod.c.get(url)).json().data).toHaveLength(1);
      expect((await anon.get(url)).statusCode).toBe(404);
    });
  });

  describe("registration lists and squad pages", () => {
    it("leaves hidden players out of a solo tournament's player list, its count included, but for staff", async () => {
      const ev = await createTournament(t.database, { event_format: 1 });
      for (const p of [hidden, visible]) {
        await t.database.db
          .insertInto("registrations")
          .values({ tournament_id: ev, player_id: p.playerId, status: "registered", registered_at: Date.now() })
          .execute();
      }
      const list = async (c: Client) => (await c.get(`/api/events/${ev}/registered_players?order=PA`)).json();
      for (const staff of [mod.c, eventMod.c]) {
        expect(names((await list(staff)).data)).toEqual(["Ghosty", "Shiny"]);
        const pub = await list(anon);
        expect(names(pub.data)).toEqual(["Shiny"]);
        expect(pub.count).toBe(1);
        expect(names((await list(player.c)).data)).toEqual(["Shiny"]);
        expect(names((await list(hidden.c)).data)).toEqual(["Shiny"]);
      }
    });

    it("leaves hidden members out of a squad page but for staff", async () => {
      const ev = await createTournament(t.database, { event_format: 2 });
      const squad = await createSquad(t.database, ev, "Mixed", [visible.playerId, hidden.playerId]);
      const members = async (c: Client) => names((await c.get(`/api/events/${ev}/squads/${squad}?order=PA`)).json().members);
      expect(await members(eventMod.c)).toEqual(["Ghosty", "Shiny"]);
      expect(await members(mod.c)).toEqual(["Ghosty", "Shiny"]);
      expect(await members(anon)).toEqual(["Shiny"]);
      expect(await members(visible.c)).toEqual(["Shiny"]);
    });
  });

  describe("placements", () => {
    it("names a hidden player's solo row 'Hidden player' and leaves hidden squad members out, but for staff", async () => {
      const solo = await createTournament(t.database, {
        event_format: 1,
        start_date: Date.now() - 3 * DAY_MS,
        end_date: Date.now() - 2 * DAY_MS,
      });
      await place(t.database, solo, "player", hidden.playerId, { placement: 1 });
      await place(t.database, solo, "player", visible.playerId, { placement: 2 });
      const rows = async (c: Client) =>
        (await c.get(`/api/events/${solo}/placements?order=PA`))
          .json()
          .data.map((r: { name: string; members: unknown[] }) => [r.name, r.members.length]);
      expect(await rows(mod.c)).toEqual([
        ["Ghosty", 1],
        ["Shiny", 1],
      ]);
      expect(await rows(anon)).toEqual([
        ["Hidden player", 0],
        ["Shiny", 1],
      ]);
      expect(await rows(eventMod.c)).toEqual([
        ["Ghosty", 1],
        ["Shiny", 1],
      ]);
      expect(await rows(player.c)).toEqual([
        ["Hidden player", 0],
        ["Shiny", 1],
      ]);
      // The administrators' editor names every entrant, hidden ones included.
      for (const p of [hidden, visible]) {
        await t.database.db
          .insertInto("registrations")
          .values({ tournament_id: solo, player_id: p.playerId, status: "registered", registered_at: Date.now() })
          .execute();
      }
      const admin = await signedIn(t, { roles: ["event_admin"] });
      const editor = (await admin.c.get(`/api/events/${solo}/placements/edit`)).json();
      expect(editor.entrants.map((e: { name: string }) => e.name).sort()).toEqual(["Ghosty", "Shiny"]);

      const squadEv = await createTournament(t.database, { event_format: 2 });
      const squad = await createSquad(t.database, squadEv, "Placed", [visible.playerId, hidden.playerId]);
      await place(t.database, squadEv, "squad", squad, { placement: 1 });
      const members = async (c: Client) => names((await c.get(`/api/events/${squadEv}/placements?order=PA`)).json().data[0].members).sort();
      expect(await members(mod.c)).toEqual(["Ghosty", "Shiny"]);
      expect(await members(anon)).toEqual(["Shiny"]);
      expect(await members(mod.c)).toEqual(["Ghosty", "Shiny"]);
    });

    it("masks hidden players in the home page's latest results for everyone", async () => {
      const ev = await createTournament(t.database, {
        event_format: 1,
        start_date: Date.now() - 2 * DAY_MS,
        end_date: Date.now() - DAY_MS / 2,
      });
      await place(t.database, ev, "player", hidden.playerId, { placement: 1 });
      for (const c of [mod.c, anon]) {
        const r = (await c.get("/api/tournaments/latest_results")).json();
        expect(r.tournament.id).toBe(ev);
        expect(r.placements[0]).toMatchObject({ name: "Hidden player", members: [] });
      }
    });
  });

  describe("tournaments of an unpublished series", () => {
    it("name the series only to those who may see it, on the page and in the lists", async () => {
      const series = (
        await t.database.db
          .insertInto("tournament_series")
          .values({ series_name: "Secret Series", url_slug: "secret-series", created_at: Date.now(), published: 0 })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      const ev = await createTournament(t.database, { title: "Open Cup Of A Secret", tournament_series_id: series, published: 1 });
      const page = async (c: Client) => {
        const r = (await c.get(`/api/events/${ev}`)).json();
        return [r.tournament_series_id, r.series_name, r.series_url_slug];
      };
      const card = async (c: Client) => {
        const r = (await c.get("/api/tournaments?search=Open%20Cup%20Of%20A%20Secret")).json();
        const x = [...r.upcoming, ...r.ongoing, ...r.past].find((i: { id: number }) => i.id === ev);
        return [x.tournament_series_id, x.series_name, x.series_url_slug];
      };
      const shown = [series, "Secret Series", "secret-series"];
      const none = [null, null, null];
      for (const read of [page, card]) {
        expect(await read(eventMod.c)).toEqual(shown);
        expect(await read(anon)).toEqual(none);
        expect(await read(player.c)).toEqual(none);
        expect(await read(mod.c)).toEqual(none);
        expect(await read(eventMod.c)).toEqual(shown);
      }
      // A series organizer sees their own series; published_only lists too.
      const organizer = await signedIn(t);
      await t.database.db
        .insertInto("series_roles")
        .values({ series_id: series, user_id: organizer.userId, role: "series_mod", created_at: Date.now() })
        .execute();
      expect(await page(organizer.c)).toEqual(shown);
      expect(await card(organizer.c)).toEqual(shown);
      const publishedOnly = (await organizer.c.get("/api/tournaments?published_only=true&search=Open%20Cup%20Of%20A%20Secret")).json();
      expect([...publishedOnly.upcoming, ...publishedOnly.ongoing][0].series_name).toBe("Secret Series");
      // Once the series is published, everyone sees it.
      await t.database.db.updateTable("tournament_series").set({ published: 1 }).where("id", "=", series).execute();
      t.app.ctx.cache.invalidate("");
      expect(await page(anon)).toEqual(shown);
      expect(await card(anon)).toEqual(shown);
    });
  });

  it("keeps a hidden shadow player out of lists too (createPlayer rows)", async () => {
    const ghost = await createPlayer(t.database, { display_name: "Shadow Ghost", is_hidden: 1, is_shadow: 1 });
    const team = await createTeam(t.database, { category: "mktour_vs_race" });
    await addMember(t.database, team, ghost);
    expect((await anon.get(`/api/registry/teams/${team}`)).json().roster).toEqual([]);
    expect(names((await mod.c.get(`/api/registry/teams/${team}`)).json().roster)).toEqual(["Shadow Ghost"]);
  });
});
