import { BULK_ADD_MAX_LINES, BULK_MAX_IDS } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLookup, parseBulkList } from "../src/features/registrations/bulk-add-parse.js";
import { addMember, createPlayer, createSquad, createTeam, createTournament, place } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries, grantSeriesRole } from "./tournament-helpers.js";

const D = await dialects();

/**
 * Organiser tools (issue #22 §2, §3): bulk actions on the player, squad and team tables, bulk
 * add from a pasted list (preview, apply, ambiguous names, new shadow players), and the CSV
 * downloads (columns per viewer, formula escaping).
 */
describe("bulk add: reading the pasted list", () => {
  it("reads ids, friend codes and names", () => {
    expect(readLookup(" 42 ")).toEqual({ kind: "id", id: 42 });
    expect(readLookup("sw-1234-5678-9012")).toEqual({ kind: "fc", type: "switch", fc: "1234-5678-9012" });
    expect(readLookup("123456789012")).toEqual({ kind: "fc", type: null, fc: "1234-5678-9012" });
    expect(readLookup("3DS-1111-2222-3333")).toEqual({ kind: "fc", type: "3ds", fc: "1111-2222-3333" });
    expect(readLookup("  Mario   Bros ")).toEqual({ kind: "name", name: "Mario Bros" });
  });
  it("skips blank and # lines, numbers lines as pasted, reads squad lines", () => {
    const lines = parseBulkList("# header\n\nABC The Alphabet: a, 12 ,\nXYZ: b\nno colon\n: c\nTOOLONGTAG: d", {
      squad: true,
      maxMembers: 4,
    });
    expect(lines.map((l) => [l.line, l.squadTag, l.squadName, l.members.map((m) => m.input), l.error])).toEqual([
      [3, "ABC", "The Alphabet", ["a", "12"], null],
      [4, "XYZ", "XYZ", ["b"], null],
      [5, null, null, [], "Squad lines look like 'TAG: name, name, …'."],
      [6, null, null, ["c"], "The squad's tag is missing before the colon."],
      [7, "TOOLONGTAG", "TOOLONGTAG", ["d"], "Squad tags may be at most 5 characters."],
    ]);
    expect(parseBulkList("T: a, b, c", { squad: true, maxMembers: 2 })[0]!.error).toBe(
      "A squad may have at most 2 players; this one has 3.",
    );
    // Each reason has a code and params for translation (#21).
    expect(lines.map((l) => l.errorCode?.code ?? null)).toEqual([
      null,
      null,
      "registration.bulk_add.squad_line_format",
      "registration.bulk_add.tag_missing",
      "registration.squad_tag_max",
    ]);
    expect(parseBulkList("T: a, b, c", { squad: true, maxMembers: 2 })[0]!.errorCode).toEqual({
      code: "registration.bulk_add.too_many_members",
      params: { max: 2, count: 3 },
    });
    expect(() =>
      parseBulkList(Array.from({ length: BULK_ADD_MAX_LINES + 1 }, (_, i) => `p${i}`).join("\n"), { squad: false, maxMembers: 1 }),
    ).toThrow(RangeError);
  });
});

describe.each(D)("organiser tools: bulk actions, bulk add, CSV (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn; // event administrator
  let organizer: SignedIn; // series organizer: administrates SO's series, may not create shadow players
  let mod: SignedIn; // event moderator: moderates, not an administrator
  let plain: SignedIn;
  let anon: Client;
  let SO: number; // solo, check-ins, verification
  let SQ: number; // squads
  let TT: number; // teams
  const solo: SignedIn[] = [];
  const url = (id: number, p: string) => `/api/events/${id}${p}`;

  const logs = async (id: number, action: string) =>
    (await t.database.db.selectFrom("tournament_logs").select(["action", "details"]).where("tournament_id", "=", id).execute()).filter(
      (l) => l.action === action,
    );
  const reg = (id: number, playerId: number) =>
    t.database.db
      .selectFrom("registrations")
      .selectAll()
      .where("tournament_id", "=", id)
      .where("player_id", "=", playerId)
      .executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    admin = await signedIn(t, { roles: ["event_admin"], player: { display_name: "Boss" } });
    organizer = await signedIn(t, { player: { display_name: "Organizer" } });
    mod = await signedIn(t, { roles: ["event_mod"] });
    plain = await signedIn(t);
    anon = new Client(t.app);
    await anon.session();
    const series = await createSeries(d);
    await grantSeriesRole(d, series, organizer.userId, "series_mod");

    SO = await createTournament(d, {
      title: "Bulk Solo",
      event_format: 1,
      tournament_series_id: series,
      minimum_team_size: 1,
      maximum_team_size: 1,
      checkin_required: 1,
      verification_required: 1,
      player_mii_name_required: 1,
    });
    for (let i = 0; i < 6; i++) {
      const s = await signedIn(t, { player: { display_name: `Solo${i}`, switch_fc: `1000-0000-000${i}` } });
      solo.push(s);
      await d.db
        .insertInto("registrations")
        .values({
          tournament_id: SO,
          player_id: s.playerId,
          registered_at: Date.now() + i,
          verified: i < 2 ? 1 : 0,
          checked_in: i < 2 ? 1 : 0,
          mii_name: `ign${i}`,
        })
        .execute();
    }
    SQ = await createTournament(d, {
      title: "Bulk Squads",
      event_format: 2,
      minimum_team_size: 2,
      maximum_team_size: 4,
      checkin_required: 1,
    });
    TT = await createTournament(d, { title: "Bulk Teams", event_format: 0, minimum_team_size: 1 });
  });
  afterAll(() => t.close());

  // --- bulk actions: players -------------------------------------------------------------------

  it("bulk-verifies players: one log line and notification per entrant, already verified skipped", async () => {
    const ids = solo.map((s) => s.playerId);
    const res = await admin.c.post(url(SO, "/registrations/players/bulk"), { action: "verify", ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: 4, message: "4 verified, 2 skipped: already verified" });
    expect(res.json().skipped.map((s: { name: string }) => s.name)).toEqual(["Solo0", "Solo1"]);
    expect(await logs(SO, "registration.verify")).toHaveLength(4);
    for (const s of solo) expect((await reg(SO, s.playerId))!.verified).toBe(1);
    const notes = await t.database.db.selectFrom("notifications").select("user_id").where("user_id", "=", solo[3]!.userId).execute();
    expect(notes.length).toBeGreaterThan(0);
  });

  it("bulk-checks in and out, naming the skipped rows in the summary", async () => {
    const ids = solo.map((s) => s.playerId);
    let res = await admin.c.post(url(SO, "/registrations/players/bulk"), { action: "checkin", ids });
    expect(res.json()).toMatchObject({ done: 4, message: "4 checked in, 2 skipped: already checked in" });
    // Each skipped row names its reason by a code too (#21).
    expect(res.json().skipped.map((s: { code: string }) => s.code)).toEqual(["already_checked_in", "already_checked_in"]);
    expect(await logs(SO, "registration.checkin")).toHaveLength(4);
    res = await admin.c.post(url(SO, "/registrations/players/bulk"), { action: "checkout", ids: ids.slice(0, 3) });
    expect(res.json()).toMatchObject({ done: 3, message: "3 checked out" });
    expect((await reg(SO, solo[0]!.playerId))!.checked_in).toBe(0);
    expect((await reg(SO, solo[3]!.playerId))!.checked_in).toBe(1);
  });

  it("bulk-moves players to withdrawn and rejected; unknown ids and repeats are skipped", async () => {
    const stranger = await createPlayer(t.database);
    let res = await admin.c.post(url(SO, "/registrations/players/bulk"), { action: "withdraw", ids: [solo[4]!.playerId, stranger] });
    expect(res.json()).toMatchObject({ done: 1, message: "1 moved to withdrawn, 1 skipped: not in this tournament" });
    expect(res.json().skipped[0]).toMatchObject({ reason: "not in this tournament", code: "not_in_tournament" });
    expect((await reg(SO, solo[4]!.playerId))!.status).toBe("withdrawn");
    res = await admin.c.post(url(SO, "/registrations/players/bulk"), { action: "reject", ids: [solo[4]!.playerId, solo[5]!.playerId] });
    expect(res.json().done).toBe(2);
    res = await admin.c.post(url(SO, "/registrations/players/bulk"), { action: "reject", ids: [solo[5]!.playerId] });
    expect(res.json()).toMatchObject({ done: 0, message: "0 moved to rejected, 1 skipped: already rejected" });
    // Check-ins skip rows that are not registered.
    res = await admin.c.post(url(SO, "/registrations/players/bulk"), { action: "checkin", ids: [solo[5]!.playerId] });
    expect(res.json().message).toBe("0 checked in, 1 skipped: not registered");
  });

  it("validates the body and checks the permission before it", async () => {
    const body = { action: "verify", ids: [solo[0]!.playerId] };
    expect((await anon.post(url(SO, "/registrations/players/bulk"), body)).statusCode).toBe(401);
    expect((await plain.c.post(url(SO, "/registrations/players/bulk"), body)).statusCode).toBe(403);
    // Event moderators move one row at a time; the bulk bar is for administrators.
    expect((await mod.c.post(url(SO, "/registrations/players/bulk"), body)).statusCode).toBe(403);
    expect((await organizer.c.post(url(SO, "/registrations/players/bulk"), body)).statusCode).toBe(200);
    // An anonymous caller is refused before the body is read, even a malformed one.
    expect((await anon.post(url(SO, "/registrations/players/bulk"), { action: "explode" })).statusCode).toBe(401);
    const bad = async (b: unknown) => (await admin.c.post(url(SO, "/registrations/players/bulk"), b)).statusCode;
    expect(await bad({ action: "explode", ids: [1] })).toBe(400);
    expect(await bad({ action: "verify", ids: [] })).toBe(400);
    expect(await bad({ action: "verify", ids: [5, 5] })).toBe(400);
    expect(await bad({ action: "verify", ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1) })).toBe(400);
    // No check-ins in the squad tournament's sibling without them; verify is per squad there.
    const noCheckin = await createTournament(t.database, { event_format: 1, minimum_team_size: 1, maximum_team_size: 1 });
    const r = await admin.c.post(url(noCheckin, "/registrations/players/bulk"), { action: "checkin", ids: [1] });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe("Check-ins are not active for this tournament.");
    expect((await admin.c.post(url(SQ, "/registrations/players/bulk"), { action: "verify", ids: [1] })).statusCode).toBe(400);
  });

  // --- bulk actions: squads and teams ------------------------------------------------------------

  it("bulk-verifies and checks in squads (every registered member), then withdraws them", async () => {
    const d = t.database;
    const squads: number[] = [];
    for (let i = 0; i < 3; i++) squads.push(await createSquad(d, SQ, `Squad${i}`, [await createPlayer(d), await createPlayer(d)]));
    let res = await admin.c.post(url(SQ, "/registrations/squads/bulk"), { action: "verify", ids: squads });
    expect(res.json()).toMatchObject({ done: 3, message: "3 verified" });
    res = await admin.c.post(url(SQ, "/registrations/squads/bulk"), { action: "verify", ids: squads.slice(0, 1) });
    expect(res.json().message).toBe("0 verified, 1 skipped: already verified");
    res = await admin.c.post(url(SQ, "/registrations/squads/bulk"), { action: "checkin", ids: squads });
    expect(res.json().message).toBe("3 checked in");
    const rows = await d.db.selectFrom("registrations").select("checked_in").where("squad_id", "in", squads).execute();
    expect(rows.every((r) => r.checked_in === 1)).toBe(true);
    expect(await logs(SQ, "registration.checkin")).toHaveLength(3);
    res = await admin.c.post(url(SQ, "/registrations/squads/bulk"), { action: "checkin", ids: squads.slice(0, 2) });
    expect(res.json().message).toBe("0 checked in, 2 skipped: already checked in");
    res = await admin.c.post(url(SQ, "/registrations/squads/bulk"), { action: "withdraw", ids: squads.slice(0, 2) });
    expect(res.json().message).toBe("2 moved to withdrawn");
    const squadRows = await d.db.selectFrom("squads").select(["id", "status"]).where("id", "in", squads).orderBy("id").execute();
    expect(squadRows.map((s) => s.status)).toEqual(["withdrawn", "withdrawn", "registered"]);
    expect((await admin.c.post(url(SO, "/registrations/squads/bulk"), { action: "verify", ids: [1] })).statusCode).toBe(400);
  });

  it("bulk-verifies and rejects teams; teams have no check-ins", async () => {
    const d = t.database;
    const teams: number[] = [];
    for (let i = 0; i < 2; i++) {
      const team = await createTeam(d, { team_name: `Bulk Team ${i}` });
      await addMember(d, team, await createPlayer(d), { is_leader: 1, joined_at: Date.now() - 86_400_000 });
      await d.db.insertInto("team_registrations").values({ tournament_id: TT, team_id: team, registered_at: Date.now() }).execute();
      teams.push(team);
    }
    let res = await admin.c.post(url(TT, "/registrations/teams/bulk"), { action: "verify", ids: teams });
    expect(res.json().message).toBe("2 verified");
    res = await admin.c.post(url(TT, "/registrations/teams/bulk"), { action: "reject", ids: [teams[0], 999_999] });
    expect(res.json().message).toBe("1 moved to rejected, 1 skipped: not in this tournament");
    res = await admin.c.post(url(TT, "/registrations/teams/bulk"), { action: "verify", ids: [teams[0]] });
    expect(res.json().message).toBe("0 verified, 1 skipped: not registered");
    expect(res.json().skipped[0].code).toBe("not_registered");
    expect((await admin.c.post(url(TT, "/registrations/teams/bulk"), { action: "checkin", ids: teams })).statusCode).toBe(400);
    expect((await mod.c.post(url(TT, "/registrations/teams/bulk"), { action: "verify", ids: teams })).statusCode).toBe(403);
  });

  // --- bulk add --------------------------------------------------------------------------------

  it("previews a pasted list: id, friend code, unique name, ambiguous name, new shadow, skips", async () => {
    const d = t.database;
    const T = await createTournament(d, { title: "Bulk Add Solo", event_format: 1, minimum_team_size: 1, maximum_team_size: 1 });
    const byId = await createPlayer(d, { display_name: "Idris" });
    await createPlayer(d, { display_name: "Fc Holder", switch_fc: "2222-3333-4444" });
    await createPlayer(d, { display_name: "Unique Name" });
    const twinA = await createPlayer(d, { display_name: "Twin" });
    const twinB = await createPlayer(d, { display_name: "twin" });
    await createPlayer(d, { display_name: "Banned One", is_banned: 1 });
    const text = [
      String(byId),
      "SW-2222-3333-4444",
      "unique   name",
      "Twin",
      "Brand New",
      "999999",
      "Banned One",
      "Idris",
      "",
      "# done",
    ].join("\n");
    const res = await admin.c.post(url(T, "/registrations/bulk_add/preview"), { text });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b.applied).toBe(false);
    expect(
      b.lines.map((l: { line: number; outcome: string; members: Array<{ action: string }> }) => [l.line, l.outcome, l.members[0]!.action]),
    ).toEqual([
      [1, "ready", "register"],
      [2, "ready", "register"],
      [3, "ready", "register"],
      [4, "choose", "choose"],
      [5, "ready", "create"],
      [6, "skip", "skip"],
      [7, "skip", "skip"],
      [8, "skip", "skip"],
    ]);
    expect(b.lines[3].members[0].candidates.map((c: { player_id: number }) => c.player_id)).toEqual([twinA, twinB]);
    expect(b.lines[5].message).toBe("No player has registry id 999999.");
    expect(b.lines[6].message).toBe("Banned One is banned.");
    expect(b.lines[7].message).toBe("Listed twice (line 1).");
    // Every explanation has a code and params (#21); the English message is unchanged.
    expect(b.lines[5]).toMatchObject({ code: "registration.bulk_add.unknown_id", params: { id: 999999 } });
    expect(b.lines[5].members[0]).toMatchObject({ code: "registration.bulk_add.unknown_id", params: { id: 999999 } });
    expect(b.lines[6]).toMatchObject({ code: "registration.bulk_add.banned", params: { name: "Banned One" } });
    expect(b.lines[7]).toMatchObject({ code: "registration.bulk_add.listed_twice", params: { line: 1 } });
    expect(b.lines[3].members[0]).toMatchObject({ code: "registration.bulk_add.several_match", params: { count: 2 } });
    expect(b.lines[4].members[0]).toMatchObject({ message: "New shadow player.", code: "registration.bulk_add.new_shadow", params: {} });
    expect(b.lines[0].code).toBeUndefined();
    expect(b.lines[0].members[0].code).toBeUndefined();
    expect(b).toMatchObject({ registered: 4, created: 1, skipped: 3 });
    expect(b.message).toBe("Will register 4 player(s) (1 new shadow player(s)); 1 line(s) need a choice; 3 line(s) skipped.");
    expect(b).toMatchObject({
      code: "registration.bulk_add.will_register",
      params: { kind: "players", registered: 4, created: 1, choose: 1, skipped: 3 },
    });
    // The preview wrote nothing.
    expect(await d.db.selectFrom("registrations").select("id").where("tournament_id", "=", T).execute()).toHaveLength(0);

    // Apply refuses while a line still needs a choice, then applies with it.
    let apply = await admin.c.post(url(T, "/registrations/bulk_add"), { text });
    expect(apply.statusCode).toBe(400);
    expect(apply.json()).toEqual({
      status: "error",
      message: "Line 4: pick a player for Twin first.",
      code: "registration.bulk_add.pick_first",
      params: { line: 4, input: "Twin" },
    });
    apply = await admin.c.post(url(T, "/registrations/bulk_add"), { text, choices: [{ line: 4, member: 0, player_id: twinB }] });
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json()).toMatchObject({ applied: true, registered: 5, created: 1, skipped: 3 });
    expect(apply.json().message).toBe("Registered 5 player(s) (1 new shadow player(s)); 3 line(s) skipped.");
    expect(apply.json()).toMatchObject({
      code: "registration.bulk_add.registered",
      params: { kind: "players", registered: 5, created: 1, choose: 0, skipped: 3 },
    });
    const regs = await d.db
      .selectFrom("registrations as r")
      .innerJoin("players as p", "p.id", "r.player_id")
      .select(["p.display_name", "p.is_shadow", "r.status", "r.verified"])
      .where("r.tournament_id", "=", T)
      .orderBy("r.registered_at")
      .execute();
    expect(regs.map((r) => r.display_name).sort()).toEqual(["Brand New", "Fc Holder", "Idris", "Unique Name", "twin"].sort());
    expect(regs.every((r) => r.status === "registered" && r.verified === 1)).toBe(true);
    expect(regs.find((r) => r.display_name === "Brand New")!.is_shadow).toBe(1);
    expect(await logs(T, "registration.manual")).toHaveLength(5);
    // A second run finds them registered.
    const again = await admin.c.post(url(T, "/registrations/bulk_add/preview"), { text: "Idris\nBrand New" });
    expect(again.json().lines.map((l: { message: string }) => l.message)).toEqual([
      "Idris is already registered.",
      "Brand New is already registered.",
    ]);
    expect(again.json().lines[1]).toMatchObject({ code: "registration.bulk_add.already_registered", params: { name: "Brand New" } });
  });

  it("a choice of 0 makes a new shadow player for an ambiguous name", async () => {
    const d = t.database;
    const T = await createTournament(d, { event_format: 1, minimum_team_size: 1, maximum_team_size: 1 });
    await createPlayer(d, { display_name: "Dup" });
    await createPlayer(d, { display_name: "Dup" });
    const res = await admin.c.post(url(T, "/registrations/bulk_add"), { text: "Dup", choices: [{ line: 1, member: 0, player_id: 0 }] });
    expect(res.json()).toMatchObject({ registered: 1, created: 1 });
    expect(await d.db.selectFrom("players").select("id").where("display_name", "=", "Dup").execute()).toHaveLength(3);
  });

  it("adds squads from 'TAG: name, name' lines, the first player as captain", async () => {
    const d = t.database;
    const T = await createTournament(d, { title: "Bulk Add Squads", event_format: 2, minimum_team_size: 2, maximum_team_size: 3 });
    const a = await createPlayer(d, { display_name: "Sq Alpha" });
    const taken = await createPlayer(d, { display_name: "Sq Taken" });
    await createSquad(d, T, "Existing", [taken]);
    const text = ["AAA Triple A: Sq Alpha, New Member", "BBB: Sq Taken, Another New", "CCC: x, y, z, w"].join("\n");
    const res = await admin.c.post(url(T, "/registrations/bulk_add"), { text });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b.lines.map((l: { outcome: string }) => l.outcome)).toEqual(["ready", "skip", "skip"]);
    expect(b.lines[1].message).toBe("Squad left out: Sq Taken: Sq Taken is already registered.");
    expect(b.lines[2].message).toBe("A squad may have at most 3 players; this one has 4.");
    // The squad line names the member that left it out; that member says why (#21).
    expect(b.lines[1]).toMatchObject({ code: "registration.bulk_add.squad_left_out", params: { input: "Sq Taken", member: 0 } });
    expect(b.lines[1].members[0]).toMatchObject({ code: "registration.bulk_add.already_registered", params: { name: "Sq Taken" } });
    expect(b.lines[2]).toMatchObject({ code: "registration.bulk_add.too_many_members", params: { max: 3, count: 4 } });
    expect(b).toMatchObject({ code: "registration.bulk_add.registered", params: { kind: "squads", registered: 1 } });
    const squad = await d.db
      .selectFrom("squads")
      .selectAll()
      .where("tournament_id", "=", T)
      .where("squad_tag", "=", "AAA")
      .executeTakeFirstOrThrow();
    expect(squad).toMatchObject({ squad_name: "Triple A", status: "registered", verified: 1 });
    const members = await d.db.selectFrom("registrations").select(["player_id", "is_captain"]).where("squad_id", "=", squad.id).execute();
    expect(members).toHaveLength(2);
    expect(members.find((m) => m.player_id === a)!.is_captain).toBe(1);
    // The skipped line's new name was not created.
    expect(await d.db.selectFrom("players").select("id").where("display_name", "=", "Another New").execute()).toHaveLength(0);
  });

  it("only those who may create shadow players get new ones; limits are checked on the server", async () => {
    const res = await organizer.c.post(url(SO, "/registrations/bulk_add/preview"), { text: "Nobody Knows Me" });
    expect(res.statusCode).toBe(200);
    expect(res.json().lines[0]).toMatchObject({
      outcome: "skip",
      message: "No player is named Nobody Knows Me (only event administrators may create shadow players).",
      code: "registration.bulk_add.unknown_name",
      params: { name: "Nobody Knows Me" },
    });
    const tooMany = Array.from({ length: BULK_ADD_MAX_LINES + 1 }, (_, i) => `Player ${i}`).join("\n");
    const r = await admin.c.post(url(SO, "/registrations/bulk_add/preview"), { text: tooMany });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      status: "error",
      message: `The list may have at most ${BULK_ADD_MAX_LINES} lines; it has ${BULK_ADD_MAX_LINES + 1}.`,
      code: "registration.bulk_add.too_many_lines",
      params: { max: BULK_ADD_MAX_LINES, count: BULK_ADD_MAX_LINES + 1 },
    });
    const empty = await admin.c.post(url(SO, "/registrations/bulk_add/preview"), { text: "\n\n" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: "registration.bulk_add.empty", params: { kind: "players" } });
    const long = await admin.c.post(url(SO, "/registrations/bulk_add/preview"), { text: "A name far longer than twenty" });
    expect(long.json().lines[0].message).toBe("Shadow player names may be at most 20 characters.");
    expect(long.json().lines[0]).toMatchObject({ code: "players.shadow_name_max", params: { max: 20 } });
    expect((await plain.c.post(url(SO, "/registrations/bulk_add/preview"), { text: "x" })).statusCode).toBe(403);
    expect((await mod.c.post(url(SO, "/registrations/bulk_add"), { text: "x" })).statusCode).toBe(403);
    expect((await anon.post(url(SO, "/registrations/bulk_add"), { text: "x" })).statusCode).toBe(401);
  });

  // --- CSV -------------------------------------------------------------------------------------

  it("registrations CSV: the table's columns for everyone, friend codes and in-game names for staff, formulas escaped", async () => {
    const d = t.database;
    const T = await createTournament(d, {
      title: "CSV Solo",
      event_format: 1,
      minimum_team_size: 1,
      maximum_team_size: 1,
      player_host_required: 1,
    });
    const evil = await createPlayer(d, { display_name: '=HYPERLINK("x")', switch_fc: "1111-2222-3333", discord_tag: "evil#1" });
    const nice = await createPlayer(d, { display_name: "Nice, Person" });
    for (const [i, p] of [evil, nice].entries())
      await d.db
        .insertInto("registrations")
        .values({ tournament_id: T, player_id: p, registered_at: 1_700_000_000_000 + i, mii_name: "@ign", can_host: 1 })
        .execute();
    const pub = await anon.get(url(T, "/registrations/export.csv"));
    expect(pub.statusCode).toBe(200);
    expect(pub.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(pub.headers["content-disposition"]).toBe(`attachment; filename="registrations_${T}_registered.csv"`);
    expect(pub.body).toBe(
      [
        "Player,Country,Can Host,Registered On",
        `"'=HYPERLINK(""x"")",United States,Yes,2023-11-14T22:13:20.000Z`,
        `"Nice, Person",United States,Yes,2023-11-14T22:13:20.001Z`,
        "",
      ].join("\r\n"),
    );
    const staff = await admin.c.get(url(T, "/registrations/export.csv"));
    const [header, first] = staff.body.split("\r\n");
    expect(header).toBe(
      "Player ID,Player,Country,In-Game Name,Can Host,Registered On,Status,Verified,Discord,Switch FC,3DS FC,MKT FC,NNID",
    );
    expect(first).toBe(
      `${evil},"'=HYPERLINK(""x"")",United States,'@ign,Yes,2023-11-14T22:13:20.000Z,registered,No,evil#1,SW-1111-2222-3333,,,`,
    );
    // Withdrawn and rejected lists are for registration moderators.
    expect((await anon.get(url(T, "/registrations/export.csv?status=withdrawn"))).statusCode).toBe(401);
    expect((await plain.c.get(url(T, "/registrations/export.csv?status=withdrawn"))).statusCode).toBe(403);
    expect((await mod.c.get(url(T, "/registrations/export.csv?status=withdrawn"))).statusCode).toBe(200);
    expect((await anon.get(url(T, "/registrations/export.csv?status=nope"))).statusCode).toBe(400);
  });

  it("squad CSV lists squads' columns; team CSV one row per team", async () => {
    const sq = await anon.get(url(SQ, "/registrations/export.csv"));
    expect(sq.body.split("\r\n")[0]).toBe("Squad Tag,Squad Name,Captain,Player,Country,Eligible,Checked In,Registered On");
    expect(sq.body).toContain(",Squad2,Yes,");
    const tt = await anon.get(url(TT, "/registrations/teams/export.csv"));
    expect(tt.statusCode).toBe(200);
    expect(tt.body.split("\r\n")[0]).toBe("Team Tag,Team,Secondary Team,Eligible Players,Registered On");
    expect(tt.body).toContain("Bulk Team 1");
    const ttStaff = await admin.c.get(url(TT, "/registrations/teams/export.csv?status=rejected"));
    expect(ttStaff.body.split("\r\n")[0]).toBe(
      "Team ID,Team Tag,Team,Secondary Team ID,Secondary Team,Eligible Players,Registered On,Status,Verified",
    );
    expect(ttStaff.body).toContain("Bulk Team 0");
    expect((await anon.get(url(SQ, "/registrations/teams/export.csv"))).statusCode).toBe(400);
    expect((await anon.get(url(TT, "/registrations/export.csv"))).statusCode).toBe(400);
  });

  it("placements CSV: placement, range, name, tag, members, title; ties and DQ", async () => {
    const d = t.database;
    const T = await createTournament(d, { title: "CSV Placements", event_format: 2, minimum_team_size: 1, maximum_team_size: 2 });
    const p1 = await createPlayer(d, { display_name: "Ann" });
    const p2 = await createPlayer(d, { display_name: "Bob" });
    const s1 = await createSquad(d, T, "+Winners", [p1, p2]);
    const s2 = await createSquad(d, T, "Tied", [await createPlayer(d, { display_name: "Cy" })]);
    const s3 = await createSquad(d, T, "Tied Too", [await createPlayer(d, { display_name: "Di" })]);
    const s4 = await createSquad(d, T, "Cheaters", [await createPlayer(d, { display_name: "Ed" })]);
    await place(d, T, "squad", s1, { placement: 1, title: "Champions" });
    await place(d, T, "squad", s2, { placement: 3, placement_upper_bound: 2 });
    await place(d, T, "squad", s3, { placement: 3, placement_upper_bound: 2 });
    await place(d, T, "squad", s4, { dq: 1 });
    const res = await anon.get(url(T, "/placements/export.csv"));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="placements_${T}.csv"`);
    expect(res.body).toBe(
      [
        "Placement,Range,Name,Tag,Members,Title",
        `1,1,'+Winners,'+WI,"Ann, Bob",Champions`,
        "2,2–3,Tied,TIE,Cy,",
        "2,2–3,Tied Too,TIE,Di,",
        "DQ,,Cheaters,CHE,Ed,",
        "",
      ].join("\r\n"),
    );
    const hidden = await createTournament(d, { published: 0 });
    expect((await anon.get(url(hidden, "/placements/export.csv"))).statusCode).toBe(404);
  });
});
