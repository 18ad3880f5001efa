import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createSquad, createTeam, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries, grantSeriesRole } from "./tournament-helpers.js";

const D = await dialects();
const MODERATE = "You do not have permission to moderate this tournament.";
const ADMINISTRATE = "You do not have permission to administrate this tournament.";

/**
 * Registration moderators (000 §6: event moderators, canEventModerate, see IDs and action menus in
 * registration tables): an `event_mod` account may read the withdrawn and rejected lists, move and
 * edit registrations (solo, squad and team), and nothing else a tournament administrator may do.
 */
describe.each(D)("registrations: event moderators (%s)", (dialect) => {
  let t: TestApp;
  const ids: Record<string, SignedIn> = {};
  const c: Record<string, Client> = {};
  let series: number;
  let SQ: number; // squad tournament in `series`
  let SO: number; // solo tournament
  let TT: number; // team tournament
  let sqA: number;
  let sqB: number;
  let team: number;
  const sq = (p: string) => `/api/events/${SQ}${p}`;
  const so = (p: string) => `/api/events/${SO}${p}`;
  const tt = (p: string) => `/api/events/${TT}${p}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    const roles: Record<string, string[]> = { admin: ["event_admin"], mod: ["event_mod"] };
    for (const who of ["admin", "mod", "organizer", "plain", "cap1", "p1b", "cap2", "p2b", "solo1", "solo2", "leader", "m1"]) {
      const player = { display_name: who.toUpperCase(), country_code: "FR" };
      ids[who] = await signedIn(t, { email: `${who}@example.com`, roles: roles[who] ?? [], player });
      c[who] = ids[who].c;
    }
    c.anon = new Client(t.app);
    await c.anon.session();

    series = await createSeries(d);
    await grantSeriesRole(d, series, ids.organizer!.userId, "series_mod");
    SQ = await createTournament(d, {
      title: "Mod Squad Cup",
      event_format: 2,
      tournament_series_id: series,
      registrations_open: 1,
      minimum_team_size: 2,
      maximum_team_size: 4,
      team_name_required: 1,
      team_tag_required: 1,
      player_host_required: 1,
      checkin_required: 1,
    });
    sqA = await createSquad(d, SQ, "Alpha", [ids.cap1!.playerId, ids.p1b!.playerId]);
    sqB = await createSquad(d, SQ, "Bravo", [ids.cap2!.playerId, ids.p2b!.playerId]);

    SO = await createTournament(d, {
      title: "Mod Solo Cup",
      event_format: 1,
      registrations_open: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
      player_host_required: 1,
    });
    for (const who of ["solo1", "solo2"])
      await d.db
        .insertInto("registrations")
        .values({ tournament_id: SO, player_id: ids[who]!.playerId, registered_at: Date.now() })
        .execute();

    TT = await createTournament(d, { title: "Mod Team Cup", event_format: 0, registrations_open: 1, minimum_team_size: 1 });
    team = await createTeam(d, { team_name: "Moderated", team_tag: "MOD" });
    await addMember(d, team, ids.leader!.playerId, { is_leader: 1, joined_at: Date.now() - 86_400_000 });
    await addMember(d, team, ids.m1!.playerId, { joined_at: Date.now() - 86_400_000 });
    await d.db.insertInto("team_registrations").values({ tournament_id: TT, team_id: team, registered_at: Date.now() }).execute();
  });
  afterAll(() => t.close());

  it("answers can_moderate: true for event moderators and administrators, false for players and visitors", async () => {
    const flags = async (who: string, url: string) => {
      const b = (await c[who]!.get(url)).json();
      return [b.can_administrate, b.can_moderate];
    };
    // The tournament page.
    expect(await flags("mod", sq(""))).toEqual([false, true]);
    expect(await flags("admin", sq(""))).toEqual([true, true]);
    expect(await flags("organizer", sq(""))).toEqual([true, true]);
    expect(await flags("organizer", so(""))).toEqual([false, false]);
    expect(await flags("plain", sq(""))).toEqual([false, false]);
    expect(await flags("anon", sq(""))).toEqual([false, false]);
    // The own-status answers of solo/squad and team tournaments, and the squad view.
    expect(await flags("mod", sq("/register"))).toEqual([false, true]);
    expect(await flags("plain", sq("/register"))).toEqual([false, false]);
    expect(await flags("admin", so("/register"))).toEqual([true, true]);
    expect(await flags("mod", tt("/register"))).toEqual([false, true]);
    expect(await flags("plain", tt("/register"))).toEqual([false, false]);
    expect(await flags("mod", sq(`/squads/${sqA}`))).toEqual([false, true]);
    expect(await flags("cap1", sq(`/squads/${sqA}`))).toEqual([false, false]);
  });

  it("lets an event moderator read the withdrawn and rejected lists; players and visitors are refused", async () => {
    for (const url of [
      sq("/registrations/withdrawn"),
      sq("/registrations/rejected"),
      sq("/registered_players/withdrawn"),
      so("/registered_players/rejected"),
      tt("/registrations/withdrawn"),
      tt("/registrations/rejected"),
    ]) {
      expect((await c.mod!.get(url)).statusCode, url).toBe(200);
      const plain = await c.plain!.get(url);
      expect(plain.statusCode, url).toBe(403);
      expect(plain.json().message).toBe(MODERATE);
      expect((await c.anon!.get(url)).statusCode, url).toBe(401);
    }
  });

  it("refuses moves to a plain player and leaves the registrations alone", async () => {
    const r = await c.plain!.post(sq("/move_squad"), { status: "withdrawn", squad_id: sqB });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(MODERATE);
    expect((await c.plain!.post(sq("/move_squad_player"), { status: "rejected", player_id: ids.p1b!.playerId })).statusCode).toBe(403);
    expect((await c.plain!.post(so("/move_player"), { status: "withdrawn", player_id: ids.solo2!.playerId })).statusCode).toBe(403);
    expect((await c.plain!.post(tt("/move_team"), { status: "withdrawn", team_id: team })).statusCode).toBe(403);
    expect((await c.anon!.post(sq("/move_squad"), { status: "withdrawn", squad_id: sqB })).statusCode).toBe(401);
    const squads = await t.database.db.selectFrom("squads").select("status").where("tournament_id", "=", SQ).execute();
    expect(squads.every((s) => s.status === "registered")).toBe(true);
    const regs = await t.database.db.selectFrom("registrations").select("status").where("tournament_id", "in", [SQ, SO]).execute();
    expect(regs.every((x) => x.status === "registered")).toBe(true);
  });

  it("lets an event moderator move a squad, a squad player and a solo player", async () => {
    expect((await c.mod!.post(sq("/move_squad"), { status: "withdrawn", squad_id: sqB })).json()).toEqual({ status: "ok" });
    const withdrawn = (await c.mod!.get(sq("/registrations/withdrawn"))).json();
    expect(withdrawn.data.map((s: { squad_id: number }) => s.squad_id)).toEqual([sqB]);
    expect((await c.mod!.post(sq("/move_squad_player"), { status: "rejected", player_id: ids.p1b!.playerId })).statusCode).toBe(200);
    const rejected = (await c.mod!.get(sq("/registered_players/rejected"))).json();
    expect(rejected.data.map((p: { player_id: number }) => p.player_id)).toEqual([ids.p1b!.playerId]);
    expect((await c.mod!.post(so("/move_player"), { status: "withdrawn", player_id: ids.solo2!.playerId })).statusCode).toBe(200);
    const solo = (await c.mod!.get(so("/registered_players/withdrawn"))).json();
    expect(solo.data.map((p: { player_id: number }) => p.player_id)).toEqual([ids.solo2!.playerId]);
    // The moves are logged under the moderator's account.
    const logs = await t.database.db
      .selectFrom("tournament_logs")
      .select(["action", "user_id"])
      .where("tournament_id", "in", [SQ, SO])
      .where("action", "=", "registration.move")
      .execute();
    expect(logs).toHaveLength(3);
    expect(logs.every((l) => l.user_id === ids.mod!.userId)).toBe(true);
  });

  it("lets an event moderator open and save the registration edit pages", async () => {
    expect((await c.mod!.get(sq(`/registrations/squads/${sqA}/edit`))).json()).toMatchObject({
      registration_details: { squad_name: "Alpha" },
      squad_status: "registered",
    });
    const saved = await c.mod!.post(sq(`/registrations/squads/${sqA}/edit`), {
      squad_name: "Alpha Prime",
      squad_tag: "APR",
      squad_color: 4,
    });
    expect(saved.json()).toMatchObject({ status: "ok" });
    const row = await t.database.db
      .selectFrom("squads")
      .select(["squad_name", "squad_tag"])
      .where("id", "=", sqA)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ squad_name: "Alpha Prime", squad_tag: "APR" });

    const cap1 = ids.cap1!.playerId;
    expect((await c.mod!.get(sq(`/registrations/squads/players/${cap1}/edit`))).json()).toMatchObject({ player_name: "CAP1" });
    expect((await c.mod!.post(sq(`/registrations/squads/players/${cap1}/edit`), { can_host: true })).statusCode).toBe(200);

    const solo1 = ids.solo1!.playerId;
    expect((await c.mod!.get(so(`/registrations/players/${solo1}/edit`))).json()).toMatchObject({ status: "registered" });
    expect((await c.mod!.post(so(`/registrations/players/${solo1}/edit`), { status: "rejected", can_host: false })).statusCode).toBe(200);
    const regs = await t.database.db
      .selectFrom("registrations")
      .select(["player_id", "status", "can_host"])
      .where("player_id", "in", [cap1, solo1])
      .orderBy("player_id")
      .execute();
    expect(regs).toEqual([
      { player_id: cap1, status: "registered", can_host: 1 },
      { player_id: solo1, status: "rejected", can_host: 0 },
    ]);

    // A plain player may open and save none of them (valid bodies, so the refusal is the permission's).
    for (const [url, body] of [
      [sq(`/registrations/squads/${sqA}/edit`), { squad_name: "Taken", squad_tag: "TKN" }],
      [sq(`/registrations/squads/players/${cap1}/edit`), { can_host: false }],
      [so(`/registrations/players/${solo1}/edit`), { status: "registered" }],
      [tt(`/registrations/teams/${team}/edit`), { status: "withdrawn", team2_id: 0 }],
    ] as const) {
      expect((await c.plain!.get(url)).statusCode, url).toBe(403);
      const r = await c.plain!.post(url, body);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().message).toBe(MODERATE);
    }
  });

  it("lets an event moderator edit and move a team registration", async () => {
    expect((await c.mod!.get(tt(`/registrations/teams/${team}/edit`))).json()).toMatchObject({
      team_name: "Moderated",
      status: "registered",
    });
    // Saving 'registered' on an unverified registration verifies it.
    expect((await c.mod!.post(tt(`/registrations/teams/${team}/edit`), { status: "registered", team2_id: 0 })).statusCode).toBe(200);
    const verified = await t.database.db
      .selectFrom("team_registrations")
      .select("verified")
      .where("tournament_id", "=", TT)
      .executeTakeFirstOrThrow();
    expect(verified.verified).toBe(1);
    expect((await c.mod!.post(tt("/move_team"), { status: "withdrawn", team_id: team })).json()).toEqual({ status: "ok" });
    const list = (await c.mod!.get(tt("/registrations/withdrawn"))).json();
    expect(list.data.map((x: { team_id: number }) => x.team_id)).toEqual([team]);
    expect((await c.mod!.post(tt("/move_team"), { status: "registered", team_id: team })).statusCode).toBe(200);
  });

  it("keeps manual registration, check-ins, controls, placements, logs and team member controls for administrators", async () => {
    const refused = async (method: "GET" | "POST", url: string, payload?: unknown) => {
      const r = method === "GET" ? await c.mod!.get(url) : await c.mod!.post(url, payload);
      expect(r.statusCode, `${method} ${url}`).toBe(403);
      return r;
    };
    expect((await refused("POST", so("/register_player"), { player_id: ids.plain!.playerId })).json().message).toBe(ADMINISTRATE);
    await refused("POST", sq("/admin_register_squad"), { player_id: ids.plain!.playerId, squad_name: "Mods", squad_tag: "MDS" });
    await refused("POST", sq(`/squads/${sqA}/admin_register_player`), { player_id: ids.plain!.playerId });
    await refused("POST", tt("/admin_register_team"), { register_mode: "shadow", shadow_name: "Shadow", shadow_tag: "SHD" });
    await refused("POST", sq(`/checkins/players/${ids.cap1!.playerId}/checkin`));
    await refused("POST", sq(`/checkins/players/${ids.cap1!.playerId}/checkout`));
    await refused("POST", sq("/controls"), { checkin_status: 1 });
    await refused("POST", sq("/placements"), { placements: [], total_registrations_override: null });
    await refused("GET", sq("/placements/edit"));
    await refused("GET", sq("/logs"));
    await refused("POST", tt(`/add_representative/${ids.m1!.playerId}`));
    await refused("POST", tt(`/player_optout/${team}/${ids.m1!.playerId}`));
    const sheet = await c.mod!.get(`/tournaments/${SQ}/mogi_sheet.tsv`);
    expect(sheet.statusCode).toBe(403);
    // Nothing was written by the refused calls.
    const manual = await t.database.db.selectFrom("tournament_logs").select("id").where("action", "=", "registration.manual").execute();
    expect(manual).toHaveLength(0);
    const ev = await t.database.db.selectFrom("tournaments").select("checkin_status").where("id", "=", SQ).executeTakeFirstOrThrow();
    expect(ev.checkin_status).toBe(0);
    // The administrator still may.
    expect((await c.admin!.post(so("/register_player"), { player_id: ids.plain!.playerId })).statusCode).toBe(200);
  });
});
