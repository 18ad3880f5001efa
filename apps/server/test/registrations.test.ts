import { REGISTRATION_MESSAGES as M } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

const D = await dialects();

describe.each(D)("registrations: solo and squad (%s)", (dialect) => {
  let t: TestApp;
  const ids: Record<string, SignedIn> = {};
  const clients: Record<string, Client> = {};
  const as = (who: string) => clients[who]!;
  let squadT: number;
  let soloT: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    for (const who of ["admin", "captain", "p2", "p3", "p4", "p5", "x", "cap2", "cap3", "solo"]) {
      const roles = who === "admin" ? ["event_admin"] : [];
      ids[who] = await signedIn(t, { email: `${who}@example.com`, roles, player: { display_name: who.toUpperCase(), country_code: "FR" } });
      clients[who] = ids[who].c;
    }
    // Blocking account states (001 §5).
    for (const [who, state] of [
      ["pending", "pending_email"],
      ["inactive", "inactive"],
      ["banned", "banned"],
    ] as const) {
      clients[who] = (await signedIn(t, { email: `${who}@example.com`, state, player: { display_name: who, country_code: "US" } })).c;
    }
    clients.noprofile = (await signedIn(t, { email: "noprofile@example.com", player: false })).c;
    clients.anon = new Client(t.app);
    await clients.anon.session();

    squadT = await createTournament(d, {
      title: "Squad Cup",
      event_format: 2,
      registrations_open: 1,
      minimum_team_size: 2,
      maximum_team_size: 3,
      team_name_required: 1,
      team_tag_required: 1,
      player_host_required: 1,
      player_mii_name_required: 1,
      player_mii_name_max_length: 8,
      checkin_required: 1,
      checkin_minimum: 2,
    });
    soloT = await createTournament(d, {
      title: "Solo Cup",
      event_format: 1,
      registrations_open: 1,
      checkin_required: 1,
      maximum_team_size: 1,
      minimum_team_size: 1,
    });
  });
  afterAll(() => t.close());

  const squadBody = (o: Record<string, unknown> = {}) => ({
    squad_name: "Alpha",
    squad_tag: "ALP",
    squad_color: 3,
    can_host: true,
    mii_name: "Mii",
    ...o,
  });
  const ev = (p: string) => `/api/events/${squadT}${p}`;
  const sv = (p: string) => `/api/events/${soloT}${p}`;

  it("shows and enforces every blocking status with the spec's message", async () => {
    const cases: Array<[string, string, string]> = [
      ["pending", "pending_email", M.pending_email],
      ["inactive", "user_invalid", M.user_invalid],
      ["banned", "banned", M.banned],
      ["noprofile", "no_profile", M.no_profile],
    ];
    for (const [who, status, message] of cases) {
      expect((await as(who).get(ev("/register"))).json().status).toBe(status);
      const r = await as(who).post(ev("/register"), squadBody());
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe(message);
    }
    expect((await as("anon").get(ev("/register"))).json().status).toBe("anonymous");
    expect((await as("anon").post(ev("/register"), squadBody())).statusCode).toBe(401);
  });

  it("checks the requirement flags and limits", async () => {
    const c = as("p5");
    expect((await c.post(ev("/register"), squadBody({ squad_name: "" }))).json().message).toBe("Squad name is required.");
    expect((await c.post(ev("/register"), squadBody({ squad_tag: "" }))).json().message).toBe("Squad tag is required.");
    expect((await c.post(ev("/register"), squadBody({ squad_tag: "TOOLONG" }))).statusCode).toBe(400);
    expect((await c.post(ev("/register"), squadBody({ squad_name: "x".repeat(31) }))).statusCode).toBe(400);
    expect((await c.post(ev("/register"), squadBody({ squad_color: 41 }))).statusCode).toBe(400);
    expect((await c.post(ev("/register"), squadBody({ can_host: undefined }))).json().message).toBe("Please say whether you can host.");
    expect((await c.post(ev("/register"), squadBody({ mii_name: "" }))).json().message).toBe("In-game name is required.");
    expect((await c.post(ev("/register"), squadBody({ mii_name: "NineChars" }))).json().message).toBe(
      "In-game name must be at most 8 characters.",
    );
    // The word filter covers squad names and tags and in-game names; a longer innocent word passes.
    await t.database.db.insertInto("word_filter").values({ id: 1, words: "badword", updated_at: Date.now() }).execute();
    expect((await c.post(ev("/register"), squadBody({ squad_name: "The BadWord Squad" }))).json().message).toBe(
      "The squad name contains a word that is not allowed.",
    );
    expect((await c.post(ev("/register"), squadBody({ mii_name: "badword" }))).json().message).toBe(
      "The in-game name contains a word that is not allowed.",
    );
    await t.database.db.deleteFrom("word_filter").execute();
    const status = (await c.get(ev("/register"))).json();
    expect(status.status).toBe("not_registered");
    expect(status.required_fields).toEqual({ squad_name: true, squad_tag: true, can_host: true, mii_name: true, mii_name_max_length: 8 });
  });

  it("registers a squad with its captain, refuses a second registration, and lists it", async () => {
    const r = await as("captain").post(ev("/register"), squadBody());
    expect(r.statusCode).toBe(200);
    expect((await as("captain").post(ev("/register"), squadBody())).json().message).toBe(M.alreadyRegistered);
    const s = (await as("captain").get(ev("/register"))).json();
    expect(s.status).toBe("registered");
    expect(s.registration_details).toMatchObject({
      is_captain: true,
      squad_name: "Alpha",
      squad_tag: "ALP",
      squad_color: 3,
      can_host: true,
      ign: "Mii",
      register_count: 1,
    });
    const list = (await as("anon").get(ev("/registrations"))).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ squad_name: "Alpha", player_count: 1, eligible: false });
  });

  it("invites only while members + invited are below the maximum; captains and admins only", async () => {
    const squadId = (await as("captain").get(ev("/register"))).json().registration_details.squad_id;
    const sq = (p: string) => ev(`/squads/${squadId}${p}`);
    expect((await as("p4").post(sq("/invite"), { player_id: ids.p2!.playerId })).statusCode).toBe(403);
    const invitable = (await as("captain").get(sq("/invitable?search=p"))).json().data.map((p: { player_name: string }) => p.player_name);
    expect(invitable).toContain("P2");
    expect(invitable).not.toContain("CAPTAIN");
    expect((await as("captain").post(sq("/invite"), { player_id: ids.p2!.playerId })).statusCode).toBe(200);
    expect((await as("captain").post(sq("/invite"), { player_id: ids.p2!.playerId })).json().message).toBe(
      "This player has already been invited to this squad.",
    );
    expect((await as("admin").post(sq("/invite"), { player_id: ids.p3!.playerId })).statusCode).toBe(200);
    const full = await as("captain").post(sq("/invite"), { player_id: ids.p4!.playerId });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(M.maxInvited);
    expect((await as("anon").get(sq("/invited"))).json().member_count).toBe(2);
    // The invitee sees the invitation, gets a notification, and accepts it.
    expect((await as("p2").get(ev("/register"))).json().invitations[0]).toMatchObject({
      squad_id: squadId,
      squad_name: "Alpha",
      captain_name: "CAPTAIN",
    });
    const notes = await t.database.db.selectFrom("notifications").select("message").where("user_id", "=", ids.p2!.userId).execute();
    expect(notes.some((n) => n.message.includes("invited to join the squad Alpha"))).toBe(true);
    expect((await as("p2").post(sq("/accept_invite"), { can_host: false, mii_name: "Two" })).statusCode).toBe(200);
    // The captain cancels p3's invitation (kick also cancels an invitation).
    expect((await as("p2").post(sq("/kick"), { player_id: ids.p3!.playerId })).statusCode).toBe(403);
    expect((await as("captain").post(sq("/kick"), { player_id: ids.p3!.playerId })).statusCode).toBe(200);
    expect((await as("p3").post(sq("/accept_invite"), { can_host: false, mii_name: "Three" })).json().message).toBe(
      "You have not been invited to this squad.",
    );
    const view = (await as("anon").get(sq(""))).json();
    expect(view.members.map((m: { display_name: string }) => m.display_name)).toEqual(["CAPTAIN", "P2"]);
    expect(view.members[0].team_leader).toBe(true);
    expect((await as("anon").get(ev("/registrations"))).json().data[0]).toMatchObject({ player_count: 2, eligible: true });
    // Captain cannot be kicked; an admin changes the captain.
    expect((await as("captain").post(sq("/kick"), { player_id: ids.captain!.playerId })).json().message).toBe(
      "The captain cannot be kicked from the squad.",
    );
    expect((await as("captain").post(sq("/change_captain"), { player_id: ids.p2!.playerId })).statusCode).toBe(403);
    expect((await as("admin").post(sq("/change_captain"), { player_id: ids.p2!.playerId })).statusCode).toBe(200);
    expect((await as("anon").get(sq(""))).json().members.find((m: { team_leader: boolean }) => m.team_leader).display_name).toBe("P2");
    expect((await as("admin").post(sq("/change_captain"), { player_id: ids.captain!.playerId })).statusCode).toBe(200);
  });

  it("keeps a player in at most one squad when two accepts race", async () => {
    await as("cap2").post(ev("/register"), squadBody({ squad_name: "Beta", squad_tag: "BET" }));
    await as("cap3").post(ev("/register"), squadBody({ squad_name: "Gamma", squad_tag: "GAM" }));
    const s2 = (await as("cap2").get(ev("/register"))).json().registration_details.squad_id;
    const s3 = (await as("cap3").get(ev("/register"))).json().registration_details.squad_id;
    await as("cap2").post(ev(`/squads/${s2}/invite`), { player_id: ids.x!.playerId });
    await as("cap3").post(ev(`/squads/${s3}/invite`), { player_id: ids.x!.playerId });
    const body = { can_host: true, mii_name: "X" };
    const [a, b] = await Promise.all([
      as("x").post(ev(`/squads/${s2}/accept_invite`), body),
      as("x").post(ev(`/squads/${s3}/accept_invite`), body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const regs = await t.database.db
      .selectFrom("registrations")
      .select("squad_id")
      .where("tournament_id", "=", squadT)
      .where("player_id", "=", ids.x!.playerId)
      .execute();
    expect(regs).toHaveLength(1);
  });

  it("lets a player withdraw and refuses registration while closed (staff exempt)", async () => {
    await t.database.db.updateTable("tournaments").set({ registrations_open: 0 }).where("id", "=", squadT).execute();
    const r = await as("p4").post(ev("/register"), squadBody({ squad_name: "Late", squad_tag: "LAT" }));
    expect(r.json().message).toBe(M.closed);
    expect((await as("admin").post(ev("/register"), squadBody({ squad_name: "Staff", squad_tag: "STF" }))).statusCode).toBe(200);
    await t.database.db.updateTable("tournaments").set({ registrations_open: 1 }).where("id", "=", squadT).execute();
    expect((await as("admin").post(ev("/withdraw"), {})).statusCode).toBe(200);
    expect((await as("admin").get(ev("/register"))).json().registration_details.status).toBe("withdrawn");
  });

  it("checks in only while check-ins are open and withdraws squads below the minimum at close", async () => {
    expect((await as("captain").post(ev("/checkin"))).json().message).toBe("Check-ins are not open for this tournament.");
    expect((await as("admin").post(ev("/controls"), { checkin_status: 1 })).statusCode).toBe(200);
    expect((await as("captain").post(ev("/checkin"))).statusCode).toBe(200);
    expect((await as("p2").post(ev("/checkin"))).statusCode).toBe(200);
    expect((await as("p2").post(ev("/checkout"))).statusCode).toBe(200);
    expect((await as("p2").post(ev(`/checkins/players/${ids.p2!.playerId}/checkin`))).statusCode).toBe(403);
    expect((await as("admin").post(ev(`/checkins/players/${ids.p2!.playerId}/checkin`))).statusCode).toBe(200);
    expect((await as("cap2").post(ev("/checkin"))).statusCode).toBe(200);
    const checked = (await as("anon").get(ev("/registered_players?checked_in=1")))
      .json()
      .data.map((p: { display_name: string }) => p.display_name);
    expect(checked.sort()).toEqual(["CAP2", "CAPTAIN", "P2"]);
    expect((await as("admin").post(ev("/controls"), { checkin_status: 2 })).statusCode).toBe(200);
    expect((await as("captain").post(ev("/checkin"))).statusCode).toBe(400);
    const squads = (await as("anon").get(ev("/registrations"))).json().data.map((s: { squad_name: string }) => s.squad_name);
    expect(squads).toEqual(["Alpha"]);
    // cap2 checked in, but their squad fell below the minimum: they are told why all the same.
    expect((await as("cap2").get(ev("/register"))).json().registration_details).toMatchObject({
      status: "withdrawn",
      checked_in: true,
      withdrawn_at_checkin: true,
    });
    // admin withdrew before check-ins closed: not a check-in withdrawal.
    expect((await as("admin").get(ev("/register"))).json().registration_details).toMatchObject({
      status: "withdrawn",
      withdrawn_at_checkin: false,
    });
    expect((await as("captain").get(ev("/register"))).json().registration_details.withdrawn_at_checkin).toBe(false);
    const notes = await t.database.db.selectFrom("notifications").select("message").where("user_id", "=", ids.cap2!.userId).execute();
    expect(notes.some((n) => n.message.includes(M.withdrawnCheckinSquad))).toBe(true);
    const logs = (await as("admin").get(ev("/logs"))).json().data.map((l: { action: string }) => l.action);
    expect(logs).toContain("registration.checkin_close");
    expect(logs).toContain("squad.invite");
    expect(logs).toContain("registration.register");
  });

  it("sorts the lists by their codes and keeps withdrawn/rejected lists for admins", async () => {
    const names = async (q: string) =>
      (await as("anon").get(ev(`/registered_players?order=${q}`))).json().data.map((p: { display_name: string }) => p.display_name);
    expect(await names("PA")).toEqual(["CAPTAIN", "P2"]);
    expect(await names("PD")).toEqual(["P2", "CAPTAIN"]);
    for (const code of ["NA", "CD", "EA", "HA", "CHD", "RD", "MA", "FA", "TA"]) {
      expect((await as("anon").get(ev(`/registered_players?order=${code}`))).statusCode).toBe(200);
      expect((await as("anon").get(ev(`/registrations?order=${code}`))).statusCode).toBe(200);
    }
    expect((await as("anon").get(ev("/registrations?order=XX"))).statusCode).toBe(400);
    expect((await as("p4").get(ev("/registrations/withdrawn"))).statusCode).toBe(403);
    const withdrawn = (await as("admin").get(ev("/registrations/withdrawn?order=NA")))
      .json()
      .data.map((s: { squad_name: string }) => s.squad_name);
    expect(withdrawn).toEqual(["Beta", "Gamma", "Staff"]);
    expect((await as("admin").get(ev("/registered_players/rejected"))).json().data).toEqual([]);
  });

  it("moves only to withdrawn or rejected; posting registered verifies", async () => {
    const alpha = (await as("anon").get(ev("/registrations"))).json().data[0].squad_id;
    expect((await as("captain").post(ev("/move_squad"), { status: "withdrawn", squad_id: alpha })).statusCode).toBe(403);
    expect((await as("admin").post(ev("/move_squad"), { status: "registered", squad_id: alpha })).statusCode).toBe(200);
    expect((await as("anon").get(ev(`/squads/${alpha}`))).json().verified).toBe(1);
    expect((await as("admin").post(ev("/move_squad_player"), { status: "rejected", player_id: ids.p2!.playerId })).statusCode).toBe(200);
    expect((await as("p2").get(ev("/register"))).json().status).toBe("rejected");
    expect((await as("p2").post(ev("/register"), squadBody())).json().message).toBe(M.rejected);
    expect((await as("admin").post(ev("/move_squad"), { status: "withdrawn", squad_id: alpha })).statusCode).toBe(200);
    expect((await as("admin").post(ev("/move_squad"), { status: "registered", squad_id: alpha })).json().message).toBe(
      "Registrations can only be moved to Withdrawn or Rejected from the lists.",
    );
  });

  it("edits registrations, registers manually (existing player, shadow squad) and serves the FFA sheet", async () => {
    const r = await as("admin").post(ev("/admin_register_squad"), {
      player_id: ids.p4!.playerId,
      squad_name: "Delta",
      squad_tag: "DEL",
      squad_color: 1,
      can_host: true,
      mii_name: "Four",
    });
    expect(r.json()).toEqual({ status: "ok", message: "Squad registered." });
    expect(
      (await as("admin").post(ev("/admin_register_squad"), { player_id: -1, squad_name: "Shadow", squad_tag: "SHD" })).statusCode,
    ).toBe(200);
    expect((await as("captain").post(ev("/admin_register_squad"), { player_id: -1, squad_name: "Nope", squad_tag: "NO" })).statusCode).toBe(
      403,
    );
    const squads = (await as("anon").get(ev("/registrations?order=NA"))).json().data;
    expect(squads.map((s: { squad_name: string }) => s.squad_name)).toEqual(["Delta", "Shadow"]);
    const delta = squads[0].squad_id;
    expect((await as("admin").get(ev(`/registrations/squads/${delta}/edit`))).json().registration_details).toEqual({
      squad_tag: "DEL",
      squad_name: "Delta",
      color_number: 1,
    });
    expect(
      (await as("admin").post(ev(`/registrations/squads/${delta}/edit`), { squad_name: "Delta2", squad_tag: "D2", squad_color: 5 })).json()
        .status,
    ).toBe("ok");
    expect((await as("admin").post(ev(`/registrations/squads/${delta}/edit`), { squad_name: "", squad_tag: "D2" })).json().message).toBe(
      "Squad name is required.",
    );
    expect((await as("admin").get(ev(`/registrations/squads/players/${ids.p4!.playerId}/edit`))).json()).toMatchObject({
      player_name: "P4",
      squad_id: delta,
      registration_details: { can_host: true, ign: "Four" },
    });
    expect(
      (await as("admin").post(ev(`/registrations/squads/players/${ids.p4!.playerId}/edit`), { can_host: false, ign: "Quatre" })).json()
        .status,
    ).toBe("ok");
    expect(
      (await as("p4").post(ev(`/registrations/squads/players/${ids.p4!.playerId}/edit`), { can_host: false, ign: "x" })).statusCode,
    ).toBe(403);
    // FFA sheet: admins only; registered + checked-in rows (check-ins active).
    await as("admin").post(ev(`/checkins/players/${ids.p4!.playerId}/checkin`));
    const sheet = await as("admin").get(`/tournaments/${squadT}/mogi_sheet.tsv`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers["content-type"]).toContain("text/tab-separated-values");
    const lines = sheet.body.trim().split("\n");
    expect(lines[0]).toBe("Squad Tag\tSquad Name\tPlayer\tIn-Game Name\tFriend Code\tCan Host\tChecked In");
    expect(lines[1]).toBe("D2\tDelta2\tP4\tQuatre\t\tNo\tYes");
    // A name a spreadsheet would run as a formula is written as text.
    await as("admin").post(ev(`/registrations/squads/players/${ids.p4!.playerId}/edit`), { can_host: false, ign: "=1+1" });
    const escaped = (await as("admin").get(`/tournaments/${squadT}/mogi_sheet.tsv`)).body.trim().split("\n");
    expect(escaped[1]).toBe("D2\tDelta2\tP4\t'=1+1\t\tNo\tYes");
    expect((await as("p4").get(`/tournaments/${squadT}/mogi_sheet.tsv`)).statusCode).toBe(403);
    await t.database.db.updateTable("tournaments").set({ maximum_team_size: 6 }).where("id", "=", squadT).execute();
    expect((await as("admin").get(`/tournaments/${squadT}/mogi_sheet.tsv`)).statusCode).toBe(400);
  });

  it("runs a solo tournament: register, check in, move, edit, manual register", async () => {
    expect((await as("solo").post(sv("/register"), {})).statusCode).toBe(200);
    expect((await as("solo").get(sv("/register"))).json().registration_details).toMatchObject({ status: "registered", squad_id: null });
    expect((await as("solo").post(sv("/checkin"))).statusCode).toBe(400);
    await as("admin").post(sv("/controls"), { checkin_status: 1 });
    expect((await as("solo").post(sv("/checkin"))).statusCode).toBe(200);
    expect((await as("admin").post(sv("/register_player"), { player_id: ids.p5!.playerId })).json().status).toBe("ok");
    const list = (await as("anon").get(sv("/registered_players?order=PA"))).json().data;
    expect(list.map((p: { display_name: string; eligible: boolean }) => [p.display_name, p.eligible])).toEqual([
      ["P5", true],
      ["SOLO", true],
    ]);
    // Closing check-ins withdraws P5 (not checked in), keeps SOLO.
    await as("admin").post(sv("/controls"), { checkin_status: 2 });
    expect((await as("anon").get(sv("/registered_players"))).json().data.map((p: { display_name: string }) => p.display_name)).toEqual([
      "SOLO",
    ]);
    expect((await as("p5").get(sv("/register"))).json().registration_details).toMatchObject({
      status: "withdrawn",
      withdrawn_at_checkin: true,
    });
    // Put back by an administrator, then withdrawn by them: no longer a check-in withdrawal.
    expect((await as("admin").post(sv(`/registrations/players/${ids.p5!.playerId}/edit`), { status: "registered" })).statusCode).toBe(200);
    expect((await as("admin").post(sv("/move_player"), { status: "withdrawn", player_id: ids.p5!.playerId })).statusCode).toBe(200);
    expect((await as("p5").get(sv("/register"))).json().registration_details).toMatchObject({
      status: "withdrawn",
      withdrawn_at_checkin: false,
    });
    expect((await as("admin").post(sv("/move_player"), { status: "rejected", player_id: ids.solo!.playerId })).statusCode).toBe(200);
    expect((await as("solo").get(sv("/register"))).json().status).toBe("rejected");
    expect((await as("admin").post(sv(`/registrations/players/${ids.solo!.playerId}/edit`), { status: "registered" })).json().status).toBe(
      "ok",
    );
    expect((await as("solo").get(sv("/register"))).json().registration_details).toMatchObject({ status: "registered", verified: 1 });
    expect((await as("anon").get(sv("/registrations"))).statusCode).toBe(400);
  });

  it("lets administrators add a player straight into a squad (001 §6, §7 admin register squad player)", async () => {
    const cup = await createTournament(t.database, {
      event_format: 2,
      registrations_open: 1,
      minimum_team_size: 2,
      maximum_team_size: 3,
      player_host_required: 1,
      player_mii_name_required: 1,
      player_mii_name_max_length: 8,
    });
    const at = (p: string) => `/api/events/${cup}${p}`;
    expect((await as("p2").post(at("/register"), squadBody({ squad_name: "Bravo", squad_tag: "BRV" }))).statusCode).toBe(200);
    const squadId = (await as("p2").get(at("/register"))).json().registration_details.squad_id as number;
    const add = at(`/squads/${squadId}/admin_register_player`);
    const body = { player_id: ids.p3!.playerId, can_host: true, mii_name: "Three" };
    // The captain manages the squad but is no administrator; anonymous visitors are asked to log in.
    expect((await as("p2").post(add, body)).statusCode).toBe(403);
    expect((await as("anon").post(add, body)).statusCode).toBe(401);
    expect((await as("admin").post(add, { ...body, mii_name: "NineChars" })).json().message).toBe(
      "In-game name must be at most 8 characters.",
    );
    expect((await as("admin").post(at("/squads/999999/admin_register_player"), body)).json().message).toBe("Squad not found.");
    const r = await as("admin").post(add, body);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: "ok", message: "Player registered." });
    const view = (await as("anon").get(at(`/squads/${squadId}?order=RA`))).json();
    expect(view.members.find((m: { player_id: number }) => m.player_id === ids.p3!.playerId)).toMatchObject({
      status: "registered",
      team_leader: false,
      can_host: true,
      mii_name: "Three",
    });
    const again = await as("admin").post(add, body);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("This player is already registered for this tournament.");
    // Three of three: the squad is full, also for administrators.
    expect((await as("admin").post(add, { ...body, player_id: ids.p4!.playerId })).statusCode).toBe(200);
    const full = await as("admin").post(add, { ...body, player_id: ids.p5!.playerId });
    expect(full.json()).toEqual({ status: "error", message: "This squad is full.", code: "registration.squad_full" });
    expect((await as("p5").get(at("/register"))).json().registration_details).toBeNull();
  });

  it("escapes squad and player names in the notifications it sends (they are HTML)", async () => {
    const cup = await createTournament(t.database, { event_format: 2, registrations_open: 1, minimum_team_size: 2, maximum_team_size: 4 });
    const at = (p: string) => `/api/events/${cup}${p}`;
    const evil = "<a href=//x.test>Hi</a>";
    expect((await as("p3").post(at("/register"), squadBody({ squad_name: evil, squad_tag: "EV" }))).statusCode).toBe(200);
    const squadId = (await as("p3").get(at("/register"))).json().registration_details.squad_id as number;
    expect((await as("p3").post(at(`/squads/${squadId}/invite`), { player_id: ids.p4!.playerId })).statusCode).toBe(200);
    const notes = await t.database.db
      .selectFrom("notifications")
      .select("message")
      .where("user_id", "=", ids.p4!.userId)
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    expect(notes[0]!.message).toContain("&lt;a href=//x.test&gt;Hi&lt;/a&gt;");
    expect(notes[0]!.message).not.toContain("//x.test>");
  });

  it("shows a rejected squad only to its members and staff, and stops a banned captain managing a squad", async () => {
    const cup = await createTournament(t.database, {
      event_format: 2,
      registrations_open: 1,
      minimum_team_size: 2,
      maximum_team_size: 4,
      checkin_required: 1,
    });
    const at = (p: string) => `/api/events/${cup}${p}`;
    expect((await as("p2").post(at("/register"), squadBody({ squad_name: "Gone", squad_tag: "GON" }))).statusCode).toBe(200);
    const gone = (await as("p2").get(at("/register"))).json().registration_details.squad_id as number;
    expect((await as("admin").post(at("/move_squad"), { status: "rejected", squad_id: gone })).statusCode).toBe(200);
    expect((await as("anon").get(at(`/squads/${gone}?order=RA`))).statusCode).toBe(404);
    expect((await as("p4").get(at(`/squads/${gone}/invited`))).statusCode).toBe(404);
    expect((await as("p2").get(at(`/squads/${gone}?order=RA`))).statusCode).toBe(200);
    expect((await as("admin").get(at(`/squads/${gone}?order=RA`))).json().squad_name).toBe("Gone");

    expect((await as("x").post(at("/register"), squadBody({ squad_name: "Xs", squad_tag: "XS" }))).statusCode).toBe(200);
    const xs = (await as("x").get(at("/register"))).json().registration_details.squad_id as number;
    expect((await as("admin").post(at("/controls"), { checkin_status: 1 })).statusCode).toBe(200);
    await t.database.db.updateTable("users").set({ state: "banned" }).where("id", "=", ids.x!.userId).execute();
    await t.database.db.updateTable("players").set({ is_banned: 1 }).where("id", "=", ids.x!.playerId).execute();
    expect((await as("x").post(at(`/squads/${xs}/invite`), { player_id: ids.p5!.playerId })).statusCode).toBe(403);
    expect((await as("x").post(at("/checkin"))).statusCode).toBe(403);
    expect(await t.database.db.selectFrom("squad_invitations").select("id").where("squad_id", "=", xs).execute()).toEqual([]);
  });
});
