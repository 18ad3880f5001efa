import { notEnoughMembers, REGISTRATION_MESSAGES as RM, TEAM_REGISTRATION_MESSAGES as M } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadlineEnd } from "../src/features/team-registrations/team-registration-rules.js";
import { dateHuman } from "../src/lib/dates.js";
import { addMember, createTeam, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, signIn, type SignedIn, type TestApp } from "./helpers.js";

const D = await dialects();
const DAY = 86_400_000;

describe("transfer deadline (decisions.md #8)", () => {
  it("ends at 23:59:59.999 UTC of the deadline date", () => {
    const day = Date.UTC(2026, 4, 10);
    expect(deadlineEnd(day)).toBe(Date.UTC(2026, 4, 10, 23, 59, 59, 999));
    expect(deadlineEnd(null)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe.each(D)("team registrations (%s)", (dialect) => {
  let t: TestApp;
  const ids: Record<string, SignedIn> = {};
  const c: Record<string, Client> = {};
  let T: number; // the team tournament
  let A: number; // leader's team (category mk8dx_150)
  let A2: number; // A's secondary team (mk8dx_200)
  let SMALL: number; // too few members
  let C: number; // another team sharing a member with A2
  let SQ: number; // a squad tournament (dispatch check)
  const deadline = Math.floor(Date.now() / DAY) * DAY + 5 * DAY; // 00:00 UTC of the deadline date
  const ev = (p: string) => `/api/events/${T}${p}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    const people = [
      "admin",
      "leader",
      "manager",
      "m1",
      "m2",
      "m3",
      "late1",
      "late2",
      "x",
      "smallLeader",
      "s1",
      "a2Leader",
      "cLeader",
      "outsider",
    ];
    for (const who of people) {
      const roles = who === "admin" ? ["event_admin"] : [];
      const player = { display_name: who.toUpperCase(), country_code: "FR" };
      ids[who] = await signedIn(t, { email: `${who.toLowerCase()}@example.com`, roles, player });
      c[who] = ids[who].c;
    }
    for (const [who, state] of [
      ["pending", "pending_email"],
      ["inactive", "inactive"],
      ["banned", "banned"],
    ] as const) {
      c[who] = (await signedIn(t, { email: `${who}@example.com`, state, player: { display_name: who, country_code: "US" } })).c;
    }
    c.noprofile = (await signedIn(t, { email: "noprofile@example.com", player: false })).c;
    c.anon = new Client(t.app);
    await c.anon.session();

    const long = Date.now() - 30 * DAY;
    A = await createTeam(d, { team_name: "Alpha", team_tag: "ALP" });
    A2 = await createTeam(d, { team_name: "Alpha Two", team_tag: "AL2", category: "mk8dx_200", primary_team_id: A });
    SMALL = await createTeam(d, { team_name: "Small", team_tag: "SML" });
    C = await createTeam(d, { team_name: "Charlie", team_tag: "CHA", category: "mk8dx_200" });
    await addMember(d, A, ids.leader!.playerId, { is_leader: 1, joined_at: long });
    await addMember(d, A, ids.manager!.playerId, { is_manager: 1, joined_at: long });
    await addMember(d, A, ids.m1!.playerId, { joined_at: long });
    await addMember(d, A, ids.m2!.playerId, { joined_at: long });
    // The deadline edges: 23:59:59 UTC of the deadline day counts, 00:00:00 of the next day does not.
    await addMember(d, A, ids.late1!.playerId, { joined_at: deadline + DAY - 1000 });
    await addMember(d, A, ids.late2!.playerId, { joined_at: deadline + DAY });
    await addMember(d, A2, ids.a2Leader!.playerId, { is_leader: 1, joined_at: long });
    await addMember(d, A2, ids.m3!.playerId, { joined_at: long });
    await addMember(d, A2, ids.x!.playerId, { joined_at: long });
    await addMember(d, C, ids.cLeader!.playerId, { is_leader: 1, joined_at: long });
    await addMember(d, C, ids.x!.playerId, { joined_at: long });
    await addMember(d, C, ids.s1!.playerId, { joined_at: long });
    await addMember(d, SMALL, ids.smallLeader!.playerId, { is_leader: 1, joined_at: long });
    await addMember(d, SMALL, ids.s1!.playerId, { joined_at: long });
    T = await createTournament(d, {
      title: "Team Cup",
      event_format: 0,
      game_mode: "mk8dx_150",
      minimum_team_size: 4,
      registrations_open: 1,
      verification_required: 1,
      transfer_deadline: deadline,
    });
    SQ = await createTournament(d, {
      title: "Squad Cup",
      event_format: 2,
      registrations_open: 1,
      minimum_team_size: 2,
      maximum_team_size: 4,
    });
  });
  afterAll(() => t.close());

  it("answers the blocking statuses of 001 §5", async () => {
    expect((await c.anon!.get(ev("/register"))).json().status).toBe("anonymous");
    expect((await c.pending!.get(ev("/register"))).json().status).toBe("pending_email");
    expect((await c.inactive!.get(ev("/register"))).json().status).toBe("user_invalid");
    expect((await c.banned!.get(ev("/register"))).json().status).toBe("banned");
    expect((await c.noprofile!.get(ev("/register"))).json().status).toBe("no_profile");
    const o = (await c.outsider!.get(ev("/register"))).json();
    expect(o).toMatchObject({ status: "not_registered", teams: [] });
    // The squad tournament still answers the squad shape through the shared path.
    const sq = (await c.outsider!.get(`/api/events/${SQ}/register`)).json();
    expect(sq.required_fields).toBeDefined();
    expect(sq.teams).toBeUndefined();
  });

  it("lists the leader's teams with eligible members by the transfer deadline", async () => {
    const r = (await c.leader!.get(ev("/register"))).json();
    expect(r.status).toBe("not_registered");
    const a = r.teams.find((x: { team_id: number }) => x.team_id === A);
    expect(a.status).toBe("unregistered");
    const names = a.team_members.map((m: { name: string }) => m.name);
    expect(names).toContain("LATE1");
    expect(names).not.toContain("LATE2");
    expect(a.team_size).toBe(5);
    expect(a.team_leader_count).toBe(1);
    expect(a.secondary_teams).toHaveLength(1);
    expect(a.secondary_teams[0]).toMatchObject({ team_id: A2, status: "unregistered", team_size: 3, team_leader_count: 1 });
    // A manager sees the team too.
    const m = (await c.manager!.get(ev("/register"))).json();
    expect(m.teams.map((x: { team_id: number }) => x.team_id)).toEqual([A]);
  });

  it("refuses registrations that break the rules", async () => {
    const post = (who: string, body: object) => c[who]!.post(ev("/register"), body);
    let r = await post("m1", { team_id: A, rep1: ids.m2!.playerId });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(M.onlyLeaders);
    r = await post("anon", { team_id: A });
    expect(r.statusCode).toBe(401);
    r = await post("banned", { team_id: A });
    expect(r.json().message).toBe(RM.banned);
    r = await post("leader", {});
    expect(r.json().message).toBe(M.primaryRequired);
    r = await post("smallLeader", { team_id: SMALL, rep1: ids.s1!.playerId });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(notEnoughMembers(2, 4, false));
    // One leader: representative 1 required, 2 optional, 3 not offered.
    r = await post("leader", { team_id: A });
    expect(r.json().message).toBe("Please choose representative 1.");
    r = await post("leader", { team_id: A, rep1: ids.m1!.playerId, rep3: ids.m2!.playerId });
    expect(r.json().message).toBe("Representative 3 is not needed for this team.");
    r = await post("leader", { team_id: A, rep1: ids.m1!.playerId, rep2: ids.m1!.playerId });
    expect(r.json().message).toBe("Each representative must be a different player.");
    r = await post("leader", { team_id: A, rep1: ids.leader!.playerId });
    expect(r.json().message).toBe("Representative 1 must be an eligible member who is not a leader.");
    r = await post("leader", { team_id: A, rep1: ids.late2!.playerId });
    expect(r.json().message).toBe("Representative 1 must be an eligible member who is not a leader.");
    r = await post("leader", { team_id: A, team2_id: C, rep1: ids.m1!.playerId });
    expect(r.json().message).toBe("The secondary team must be a secondary team of the primary team.");
    expect(r.json().code).toBe("registration.secondary_not_linked");
  });

  it("refuses closed registrations, other categories and refused teams", async () => {
    const d = t.database;
    let r = await c.cLeader!.post(ev("/register"), { team_id: C });
    expect(r.json()).toMatchObject({
      message: "This team is not a 150cc team.",
      code: "registration.team_wrong_mode",
      params: { mode: "150cc" },
    });
    const banned = await createTeam(d, { team_name: "Banned", team_tag: "BAN", team_status: "banned" });
    await addMember(d, banned, ids.outsider!.playerId, { is_leader: 1, joined_at: Date.now() - DAY });
    r = await c.outsider!.post(ev("/register"), { team_id: banned });
    expect(r.json()).toEqual({
      status: "error",
      message: "This team is banned and cannot register for tournaments.",
      code: "registration.team_banned",
    });
    expect((await c.outsider!.get(ev("/register"))).json().teams).toEqual([]); // refused teams are not offered
    await d.db.updateTable("team_memberships").set({ left_at: Date.now() }).where("team_id", "=", banned).execute();
    await d.db.updateTable("tournaments").set({ registrations_open: 0 }).where("id", "=", T).execute();
    r = await c.smallLeader!.post(ev("/register"), { team_id: SMALL, rep1: ids.s1!.playerId });
    expect(r.json().message).toBe(RM.closed);
    await d.db.updateTable("tournaments").set({ registrations_open: 1 }).where("id", "=", T).execute();
  });

  it("registers with a secondary team and representatives, logs and notifies the leaders", async () => {
    // Two leaders (A's and A2's): only representative 1 is offered, and it is optional.
    const r = await c.leader!.post(ev("/register"), { team_id: A, team2_id: A2, rep1: ids.m1!.playerId });
    expect(r.statusCode).toBe(200);
    expect(r.json().status).toBe("ok");
    const again = await c.leader!.post(ev("/register"), { team_id: A, rep1: ids.m1!.playerId });
    expect(again.json().message).toBe(M.alreadyRegistered);
    // A2 is in use as the secondary team: its leader cannot enter it as a primary.
    const a2 = (await c.a2Leader!.get(ev("/register"))).json();
    expect(a2.status).toBe("registered");
    const logs = await t.database.db.selectFrom("tournament_logs").select(["action"]).where("tournament_id", "=", T).execute();
    expect(logs.map((l) => l.action)).toContain("team.register");
    for (const who of ["leader", "a2Leader"]) {
      const n = await t.database.db.selectFrom("notifications").select("message").where("user_id", "=", ids[who]!.userId).execute();
      expect(n.some((x) => x.message.includes("has been registered"))).toBe(true);
    }
    const st = (await c.m2!.get(ev("/register"))).json();
    expect(st).toMatchObject({ status: "registered", my_team_id: A, my_team_name: "Alpha", my_team_verified: 0, opted_out: false });
  });

  it("eligible players: deadline edges, roles, representatives; one team per player", async () => {
    const r = (await c.anon!.get(ev(`/teams/${A}/eligible_players`))).json();
    const byName = Object.fromEntries(r.members.map((m: { display_name: string }) => [m.display_name, m]));
    expect(byName.LATE1).toBeDefined();
    expect(byName.LATE2).toBeUndefined();
    expect(byName.LEADER.team_leader).toBe(true);
    expect(byName.MANAGER.team_manager).toBe(true);
    expect(byName.M1.team_representative).toBe(true);
    expect(byName.X).toBeDefined(); // via the secondary team
    expect(r).toMatchObject({ status: "registered", verified: 0, secondary_team_id: A2, secondary_team_name: "Alpha Two" });
    // `registered_since` (#21 §4): the instant of `registered_since_human` as UTC ISO, the player's registration row's.
    const since = await t.database.db
      .selectFrom("registrations")
      .select(["player_id", "registered_at"])
      .where("tournament_id", "=", T)
      .where("team_id", "=", A)
      .execute();
    expect(since.length).toBeGreaterThan(0);
    for (const row of since) {
      const m = r.members.find((x: { player_id: number }) => x.player_id === row.player_id);
      expect(m.registered_since).toBe(new Date(Number(row.registered_at)).toISOString());
      expect(m.registered_since_human).toBe(dateHuman(Number(row.registered_at)));
    }
    // X plays for Alpha: Charlie (X's other team) does not count X.
    const cl = (await c.cLeader!.get(ev("/register"))).json();
    expect(cl.teams).toEqual([]); // Charlie is not a mk8dx_150 team
    const rows = await t.database.db.selectFrom("registrations").select(["player_id", "team_id"]).where("tournament_id", "=", T).execute();
    expect(rows.find((x) => x.player_id === ids.x!.playerId)?.team_id).toBe(A);
    expect(rows.find((x) => x.player_id === ids.late2!.playerId)).toBeUndefined();
    const list = (await c.anon!.get(ev("/registrations"))).json();
    expect(list.data).toHaveLength(1);
    // The micro-cache keys of this feature do not collide with the tournament page's.
    const page = await c.anon!.get(`/api/events/${T}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().title).toBe("Team Cup");
    expect(list.data[0]).toMatchObject({ team_id: A, team_name: "Alpha", secondary_team_name: "Alpha Two", player_count: 8 });
    // registered_at is ms since the epoch, the instant of registered_at_human (the table writes its day, #21 §4).
    expect(list.data[0].registered_at_human).toBe(dateHuman(list.data[0].registered_at));
  });

  it("a player is eligible for one team per tournament", async () => {
    const d = t.database;
    const B = await createTeam(d, { team_name: "Bravo", team_tag: "BRV" });
    const bl = await signedIn(t, { email: "bl@example.com", player: { display_name: "BL", country_code: "FR" }, signIn: false });
    await addMember(d, B, bl.playerId, { is_leader: 1, joined_at: Date.now() - DAY });
    // m2 also joins Bravo (the DB allows it across a transfer): already Alpha's, not Bravo's.
    for (const who of ["m2", "m3", "s1"]) await addMember(d, B, ids[who]!.playerId, { joined_at: Date.now() - DAY });
    const cl = await signIn(t, "bl@example.com");
    const st = (await cl.get(ev("/register"))).json();
    const b = st.teams[0];
    expect(b.team_members.map((m: { name: string }) => m.name).sort()).toEqual(["BL", "S1"]);
    const r = await cl.post(ev("/register"), { team_id: B, rep1: ids.s1!.playerId });
    expect(r.json().message).toBe(notEnoughMembers(2, 4, false));
  });

  it("opt out and opt in: self before the deadline, administrators at any time", async () => {
    let r = await c.m2!.post(ev("/player_optout"));
    expect(r.statusCode).toBe(200);
    expect((await c.m2!.get(ev("/register"))).json()).toMatchObject({ status: "registered", opted_out: true });
    expect((await c.anon!.get(ev("/registrations"))).json().data[0].player_count).toBe(7);
    r = await c.m2!.post(ev("/player_optout"));
    expect(r.json().message).toBe("This player has already opted out.");
    r = await c.m2!.post(ev("/player_optin"));
    expect(r.statusCode).toBe(200);
    expect((await c.m2!.get(ev("/register"))).json().opted_out).toBe(false);
    r = await c.outsider!.post(ev("/player_optout"));
    expect(r.json().message).toBe("You are not on a team registered for this tournament.");
    r = await c.late2!.post(ev("/player_optout"));
    expect(r.json().message).toBe("You are not on a team registered for this tournament.");

    await t.database.db.updateTable("tournaments").set({ registrations_open: 0 }).where("id", "=", T).execute();
    t.app.ctx.cache.invalidate("");
    r = await c.m2!.post(ev("/player_optout"));
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(RM.closed);
    // Administrator: Withdraw Player / Re-Register Player.
    r = await c.m2!.post(ev(`/player_optout/${A}/${ids.m2!.playerId}`));
    expect(r.statusCode).toBe(403);
    r = await c.admin!.post(ev(`/player_optout/${A}/${ids.m2!.playerId}`));
    expect(r.statusCode).toBe(200);
    let ep = (await c.anon!.get(ev(`/teams/${A}/eligible_players`))).json();
    expect(ep.members.find((m: { player_id: number }) => m.player_id === ids.m2!.playerId).opted_out).toBe(true);
    r = await c.admin!.post(ev(`/player_optin/${A}/${ids.m2!.playerId}`));
    expect(r.statusCode).toBe(200);
    ep = (await c.anon!.get(ev(`/teams/${A}/eligible_players`))).json();
    expect(ep.members.find((m: { player_id: number }) => m.player_id === ids.m2!.playerId).opted_out).toBe(false);
    const n = await t.database.db.selectFrom("notifications").select("message").where("user_id", "=", ids.leader!.userId).execute();
    expect(n.some((x) => x.message.includes("re-registered M2"))).toBe(true);
    await t.database.db.updateTable("tournaments").set({ registrations_open: 1 }).where("id", "=", T).execute();
    t.app.ctx.cache.invalidate("");
  });

  it("representatives: administrators only, never the leader, at most 3", async () => {
    let r = await c.leader!.post(ev(`/add_representative/${ids.m2!.playerId}`));
    expect(r.statusCode).toBe(403);
    r = await c.anon!.post(ev(`/add_representative/${ids.m2!.playerId}`));
    expect(r.statusCode).toBe(401);
    r = await c.admin!.post(ev(`/add_representative/${ids.leader!.playerId}`));
    expect(r.json().message).toBe(M.leaderNotRepresentative);
    r = await c.admin!.post(ev(`/add_representative/${ids.late2!.playerId}`));
    expect(r.statusCode).toBe(404);
    for (const who of ["m2", "manager"])
      expect((await c.admin!.post(ev(`/add_representative/${ids[who]!.playerId}`))).statusCode).toBe(200);
    r = await c.admin!.post(ev(`/add_representative/${ids.late1!.playerId}`));
    expect(r.json().message).toBe(M.maxRepresentatives);
    r = await c.admin!.post(ev(`/remove_representative/${ids.manager!.playerId}`));
    expect(r.statusCode).toBe(200);
    r = await c.admin!.post(ev(`/remove_representative/${ids.manager!.playerId}`));
    expect(r.json().message).toBe("This player is not a representative.");
  });

  it("moves: verify, rejected and back; lists by status are for administrators", async () => {
    let r = await c.leader!.post(ev("/move_team"), { status: "rejected", team_id: A });
    expect(r.statusCode).toBe(403);
    expect((await c.anon!.get(ev("/registrations/withdrawn"))).statusCode).toBe(401);
    expect((await c.leader!.get(ev("/registrations/rejected"))).statusCode).toBe(403);
    r = await c.admin!.post(ev("/move_team"), { status: "registered", team_id: A });
    expect(r.statusCode).toBe(200);
    expect((await c.m1!.get(ev("/register"))).json().my_team_verified).toBe(1);
    r = await c.admin!.post(ev("/move_team"), { status: "registered", team_id: A });
    expect(r.json().message).toBe("This team is already registered and verified.");
    r = await c.admin!.post(ev("/move_team"), { status: "rejected", team_id: A });
    expect(r.statusCode).toBe(200);
    expect((await c.anon!.get(ev("/registrations"))).json().data).toEqual([]);
    expect((await c.admin!.get(ev("/registrations/rejected"))).json().data[0].team_id).toBe(A);
    // The leader of a rejected team sees team-level messages; a plain member is 'rejected'.
    expect((await c.m1!.get(ev("/register"))).json().status).toBe("rejected");
    const lt = (await c.leader!.get(ev("/register"))).json();
    expect(lt.teams[0].status).toBe("rejected");
    r = await c.leader!.post(ev("/register"), { team_id: A, rep1: ids.m1!.playerId });
    expect(r.json().message).toBe(M.teamRejected);
    r = await c.admin!.post(ev("/move_team"), { status: "registered", team_id: A });
    expect(r.statusCode).toBe(200);
    expect((await c.anon!.get(ev("/registrations"))).json().data[0].player_count).toBe(8);
    // Representatives survive the round trip.
    const back = (await c.anon!.get(ev(`/teams/${A}/eligible_players`))).json();
    expect(back.members.find((m: { player_id: number }) => m.player_id === ids.m2!.playerId).team_representative).toBe(true);
    const logs = await t.database.db.selectFrom("tournament_logs").select("action").where("tournament_id", "=", T).execute();
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(["team.verify", "team.move", "team.optout", "team.representative"]));
  });

  it("edit team registration: status and secondary team", async () => {
    expect((await c.leader!.get(ev(`/registrations/teams/${A}/edit`))).statusCode).toBe(403);
    const g = (await c.admin!.get(ev(`/registrations/teams/${A}/edit`))).json();
    expect(g).toMatchObject({ team_name: "Alpha", status: "registered", team2_id: A2, team2_name: "Alpha Two" });
    expect(g.secondary_options).toEqual([{ team_id: A2, team_name: "Alpha Two" }]);
    let r = await c.admin!.post(ev(`/registrations/teams/${A}/edit`), { status: "registered", team2_id: 0 });
    expect(r.json().status).toBe("ok");
    const ep = (await c.anon!.get(ev(`/teams/${A}/eligible_players`))).json();
    expect(ep.secondary_team_id).toBeNull();
    expect(ep.members.some((m: { display_name: string }) => m.display_name === "X")).toBe(false);
    r = await c.admin!.post(ev(`/registrations/teams/${A}/edit`), { status: "registered", team2_id: A2 });
    expect(r.json().status).toBe("ok");
    expect(
      (await c.anon!.get(ev(`/teams/${A}/eligible_players`))).json().members.some((m: { display_name: string }) => m.display_name === "X"),
    ).toBe(true);
  });

  it("withdraw: leaders and managers only", async () => {
    let r = await c.m1!.post(ev("/withdraw"), { team_id: A });
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(M.onlyLeaders);
    r = await c.manager!.post(ev("/withdraw"), { team_id: A });
    expect(r.statusCode).toBe(200);
    expect((await c.m1!.get(ev("/register"))).json().status).toBe("not_registered");
    r = await c.manager!.post(ev("/withdraw"), { team_id: A });
    expect(r.json().message).toBe("This team is not registered for this tournament.");
    // Re-registering a withdrawn team reuses its row.
    r = await c.leader!.post(ev("/register"), { team_id: A, rep1: ids.m1!.playerId });
    expect(r.statusCode).toBe(200);
    const rows = await t.database.db.selectFrom("team_registrations").select("id").where("tournament_id", "=", T).execute();
    expect(rows).toHaveLength(1);
  });

  it("manual registration: existing or shadow teams, administrators only", async () => {
    const body = {
      register_mode: "shadow",
      register_mode2: "shadow",
      shadow_name: "Ghosts",
      shadow_tag: "GHO",
      shadow_name2: "Ghosts B",
      shadow_tag2: "GHB",
    };
    let r = await c.leader!.post(ev("/admin_register_team"), body);
    expect(r.statusCode).toBe(403);
    r = await c.admin!.post(ev("/admin_register_team"), { ...body, shadow_name: "x".repeat(31) });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toContain("30");
    r = await c.admin!.post(ev("/admin_register_team"), { ...body, shadow_tag: "" });
    expect(r.json().message).toBe("Team Tag is required.");
    r = await c.admin!.post(ev("/admin_register_team"), body);
    expect(r.json()).toMatchObject({ status: "ok", message: "Ghosts with Ghosts B has been registered." });
    const list = (await c.anon!.get(ev("/registrations?order=NA"))).json();
    expect(list.data.map((x: { team_name: string }) => x.team_name)).toEqual(["Alpha", "Ghosts"]);
    expect(list.data[1]).toMatchObject({ secondary_team_name: "Ghosts B", player_count: 0, verified: 1 });
    r = await c.admin!.post(ev("/admin_register_team"), { register_mode: "existing", team_id: SMALL });
    expect(r.json().status).toBe("ok");
    r = await c.admin!.post(ev("/admin_register_team"), { register_mode: "existing", team_id: SMALL });
    expect(r.json().message).toBe(M.alreadyRegistered);
  });
});
