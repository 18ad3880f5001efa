import { BUILT_IN_POINTS_TABLES, ROUND_MESSAGES as M } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";
import { createSeries } from "./tournament-helpers.js";

/**
 * FFA rounds through the API (issue #19): a 48-player solo tournament run from the draw to the
 * final placements (tables by totals, grid and Lorenzi paste, a mismatch confirmed, a penalty,
 * a host's own table), the permissions of each call, and a tie left to staff.
 */
const D = await dialects();
const MK8 = BUILT_IN_POINTS_TABLES.find((t) => t.key === "mk8dx")!;
const P12 = MK8.points[12]!;

type Room = {
  number: number;
  host_player_id: number | null;
  room_code: string | null;
  locked: boolean;
  table_in: boolean;
  mismatch: { expected: number; actual: number } | null;
  sides: Array<{
    entrant_id: number;
    rank: number | null;
    total: number | null;
    advanced: string | null;
    racers: Array<{ player_id: number; name: string; friend_code: string | null; total: number | null; penalty: number }>;
  }>;
  viewer_is_host: boolean;
};

describe.each(D)("FFA rounds (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let host: SignedIn;
  let racer: SignedIn;
  let outsider: SignedIn;
  let anon: Client;
  let T: number;
  const names = new Map<number, string>();

  const url = (p = "") => `/api/events/${T}${p}`;
  const round = async (c: Client, n: number) =>
    (await c.get(url(`/rounds/${n}`))).json() as {
      rooms: Room[];
      plans: Array<{ per_room: number; wildcards: number; next_rooms: number; label: string }>;
      round: { status: string };
    };

  /** Totals for a room: the racer seated k-th (by the room's order) finishes k-th every race. */
  const totalsFor = (room: Room, races: number) => {
    const ids = room.sides.flatMap((s) => s.racers.map((r) => r.player_id));
    return ids.map((player_id, k) => ({ player_id, total: races * (MK8.points[ids.length]![k] ?? 0) }));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    admin = await signedIn(t, { roles: ["event_admin"], player: false });
    host = await signedIn(t, { player: { display_name: "HostRacer", country_code: "JP", switch_fc: "1234-5678-9012" } });
    racer = await signedIn(t, { player: { display_name: "RoomRacer", country_code: "FR", switch_fc: "1111-2222-3333" } });
    outsider = await signedIn(t, { player: { display_name: "Outsider" } });
    anon = new Client(t.app);
    await anon.session();
    const series = await createSeries(d);
    T = await createTournament(d, {
      title: "Solo FFA Cup",
      event_format: 1,
      tournament_series_id: series,
      registrations_open: 0,
      start_date: Date.now() - 3600_000,
    });
    // 48 registered players: the host account (can host), the racer account, 46 others (4 more hosts).
    const ids = [host.playerId, racer.playerId];
    names.set(host.playerId, "HostRacer");
    names.set(racer.playerId, "RoomRacer");
    for (let i = 0; i < 46; i++) {
      const name = `Ffa${String(i).padStart(2, "0")}`;
      const id = await createPlayer(d, { display_name: name, country_code: "US" });
      names.set(id, name);
      ids.push(id);
    }
    for (const [i, id] of ids.entries()) {
      await d.db
        .insertInto("registrations")
        .values({
          tournament_id: T,
          player_id: id,
          status: "registered",
          can_host: i === 0 || (i >= 2 && i < 6) ? 1 : 0,
          registered_at: Date.now() - (100 - i) * 1000,
          mii_name: i === 1 ? "Mii Racer" : null,
        })
        .execute();
    }
  });
  afterAll(() => t?.close());

  it("draws round 1 as a draft only staff see: 48 players in 4 rooms of 12, one host in each", async () => {
    expect((await outsider.c.post(url("/rounds"), {})).statusCode).toBe(403);
    expect((await anon.post(url("/rounds"), {})).statusCode).toBe(401);
    expect((await admin.c.post(url("/rounds"), { points_table: "nope" })).json().message).toBe("Unknown points table.");
    const res = await admin.c.post(url("/rounds"), { races: 8, room_size: 12, seed: 42 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ number: 1, name: "Round 1", status: "draft", room_count: 4, side_count: 48, sides_per_room: 12 });
    expect((await anon.get(url("/rounds/1"))).statusCode).toBe(404);
    expect((await anon.get(url("/rounds"))).json().rounds).toEqual([]);
    const r = await round(admin.c, 1);
    expect(r.rooms.map((x) => x.sides.length)).toEqual([12, 12, 12, 12]);
    expect(r.rooms.every((x) => x.host_player_id !== null)).toBe(true);
    // A second draw waits for round 1 to close.
    expect((await admin.c.post(url("/rounds"), {})).json().message).toBe(M.previousOpen);
  });

  it("lets staff swap sides between rooms before publishing, and refuses a draw that loses a side", async () => {
    const r = await round(admin.c, 1);
    const rooms = r.rooms.map((x) => ({ entrant_ids: x.sides.map((s) => s.entrant_id), host_player_id: x.host_player_id }));
    const bad = await admin.c.post(url("/rounds/1/rooms"), { rooms: rooms.slice(1) });
    expect(bad.json().message).toBe(M.entrantsChanged);
    // Put the racer account in the host account's room (swap with that room's last non-host side).
    const hostRoom = rooms.findIndex((x) => x.entrant_ids.includes(host.playerId));
    const racerRoom = rooms.findIndex((x) => x.entrant_ids.includes(racer.playerId));
    if (hostRoom !== racerRoom) {
      const swap = rooms[hostRoom]!.entrant_ids.at(-1)!;
      rooms[hostRoom]!.entrant_ids[rooms[hostRoom]!.entrant_ids.length - 1] = racer.playerId;
      rooms[racerRoom]!.entrant_ids = rooms[racerRoom]!.entrant_ids.map((e) => (e === racer.playerId ? swap : e));
    }
    rooms[hostRoom]!.host_player_id = host.playerId;
    expect((await outsider.c.post(url("/rounds/1/rooms"), { rooms })).statusCode).toBe(403);
    expect((await admin.c.post(url("/rounds/1/rooms"), { rooms })).statusCode).toBe(200);
    expect((await admin.c.post(url("/rounds/1/publish"))).statusCode).toBe(200);
    expect((await admin.c.post(url("/rounds/1/rooms"), { rooms })).json().message).toBe(M.notDraft);
    expect((await anon.get(url("/rounds/1"))).statusCode).toBe(200);
  });

  it("shows a racer their room with friend codes and the room code; others see neither", async () => {
    const r = await round(admin.c, 1);
    const room = r.rooms.find((x) => x.sides.some((s) => s.entrant_id === racer.playerId))!;
    await admin.c.post(url(`/rounds/1/rooms/${room.number}/settings`), { room_code: "4821-1234", host_player_id: host.playerId });
    const mine = (await racer.c.get(url("/my_room"))).json().room;
    expect(mine).toMatchObject({ round_number: 1, room: { number: room.number, room_code: "4821-1234", host_name: "HostRacer" } });
    const hostRow = mine.room.sides.find((s: Room["sides"][number]) => s.entrant_id === host.playerId).racers[0];
    expect(hostRow.friend_code).toBe("SW-1234-5678-9012");
    expect((await outsider.c.get(url("/my_room"))).json()).toEqual({ room: null });
    expect((await anon.get(url("/my_room"))).json()).toEqual({ room: null });
    const pub = (await round(anon, 1)).rooms.find((x) => x.number === room.number)!;
    expect(pub.room_code).toBeNull();
    expect(pub.sides.flatMap((s) => s.racers).every((x) => x.friend_code === null)).toBe(true);
  });

  it("takes tables by totals, by grid and by Lorenzi paste (mismatch confirmed, penalty), and the host's own", async () => {
    const r = await round(admin.c, 1);
    const hostRoom = r.rooms.find((x) => x.host_player_id === host.playerId)!;
    const others = r.rooms.filter((x) => x !== hostRoom);
    // Totals.
    const [a, b, c] = others as [Room, Room, Room];
    let res = await admin.c.post(url(`/rounds/1/rooms/${a.number}/table`), { mode: "totals", totals: totalsFor(a, 8) });
    expect(res.json()).toMatchObject({ saved: true, mismatch: null });
    expect(res.json().room.sides[0].total).toBe(8 * 15);
    // Grid: racer k finishes k-th in every race except race 1, where the first two swap.
    const bIds = b.sides.flatMap((s) => s.racers.map((x) => x.player_id));
    const grid = bIds.map((player_id, k) => ({
      player_id,
      positions: Array.from({ length: 8 }, (_, race) => (race === 0 && k < 2 ? 2 - k : k + 1)),
    }));
    const dup = grid.map((g, k) => (k === 1 ? { ...g, positions: g.positions.map(() => 1) } : g));
    expect((await admin.c.post(url(`/rounds/1/rooms/${b.number}/table`), { mode: "grid", grid: dup })).statusCode).toBe(400);
    res = await admin.c.post(url(`/rounds/1/rooms/${b.number}/table`), { mode: "grid", grid });
    expect(res.json().saved).toBe(true);
    const bRoom = res.json().room as Room;
    expect(bRoom.sides[0]!.total).toBe(7 * 15 + 12);
    expect(bRoom.sides[1]!.total).toBe(7 * 12 + 15);
    // Lorenzi: totals per racer; the last racer's line has a 15-point penalty → mismatch.
    const cIds = c.sides.flatMap((s) => s.racers.map((x) => x.player_id));
    const lines = cIds.map((id, k) => `${names.get(id)} [us] ${8 * P12[k]!}${k === 11 ? " -15" : ""}`);
    const text = `#title Round 1 Room ${c.number}\n${lines.join("\n")}`;
    const unknown = await admin.c.post(url(`/rounds/1/rooms/${c.number}/table`), {
      mode: "lorenzi",
      text: text.replace(names.get(cIds[0]!)!, "Nobody"),
    });
    expect(unknown.json()).toMatchObject({ saved: false, room: null });
    expect(unknown.json().problems).toEqual([
      { kind: "unknown", line: 2, name: "Nobody", candidates: [] },
      { kind: "missing", line: null, name: names.get(cIds[0]!), candidates: [{ player_id: cIds[0], name: names.get(cIds[0]!) }] },
    ]);
    res = await admin.c.post(url(`/rounds/1/rooms/${c.number}/table`), { mode: "lorenzi", text });
    // The penalty comes off the racer's total; the room check counts points before penalties, so it adds up.
    expect(res.json()).toMatchObject({ saved: true, mismatch: null, problems: [] });
    const last = (res.json().room as Room).sides.flatMap((s) => s.racers).find((x) => x.player_id === cIds[11])!;
    expect(last).toMatchObject({ total: 8 * 1 - 15, penalty: 15 });
    const txt = await anon.get(url(`/rounds/1/rooms/${c.number}/table.txt`));
    expect(txt.statusCode).toBe(200);
    expect(txt.body).toContain(`${names.get(cIds[0]!)} [us] 120`);
    expect(txt.body).toContain("-15");
  });

  it("refuses a table from anyone but staff and the room's host, and the host once locked", async () => {
    const r = await round(admin.c, 1);
    const hostRoom = r.rooms.find((x) => x.host_player_id === host.playerId)!;
    const totals = totalsFor(hostRoom, 8);
    expect((await outsider.c.post(url(`/rounds/1/rooms/${hostRoom.number}/table`), { mode: "totals", totals })).json().message).toBe(
      M.notHost,
    );
    expect((await racer.c.post(url(`/rounds/1/rooms/${hostRoom.number}/table`), { mode: "totals", totals })).statusCode).toBe(403);
    expect((await anon.post(url(`/rounds/1/rooms/${hostRoom.number}/table`), { mode: "totals", totals })).statusCode).toBe(401);
    const other = r.rooms.find((x) => x.number !== hostRoom.number)!;
    expect(
      (await host.c.post(url(`/rounds/1/rooms/${other.number}/table`), { mode: "totals", totals: totalsFor(other, 8) })).statusCode,
    ).toBe(403);
    // A short total is a warning the submitter must confirm.
    const short = totals.map((x, i) => (i === 0 ? { ...x, total: x.total - 10 } : x));
    const warn = await host.c.post(url(`/rounds/1/rooms/${hostRoom.number}/table`), { mode: "totals", totals: short });
    expect(warn.json()).toMatchObject({ saved: false, mismatch: { expected: 656, actual: 646 } });
    const ok = await host.c.post(url(`/rounds/1/rooms/${hostRoom.number}/table`), {
      mode: "totals",
      totals: short,
      confirm_mismatch: true,
    });
    expect(ok.json()).toMatchObject({ saved: true, mismatch: { expected: 656, actual: 646 } });
    expect((await racer.c.post(url(`/rounds/1/rooms/${hostRoom.number}/lock`), { locked: true })).statusCode).toBe(403);
    expect((await admin.c.post(url(`/rounds/1/rooms/${hostRoom.number}/lock`), { locked: true })).statusCode).toBe(200);
    expect(
      (await host.c.post(url(`/rounds/1/rooms/${hostRoom.number}/table`), { mode: "totals", totals, confirm_mismatch: true })).json()
        .message,
    ).toBe(M.locked);
    // Staff may still correct a locked table.
    expect((await admin.c.post(url(`/rounds/1/rooms/${hostRoom.number}/table`), { mode: "totals", totals })).json().saved).toBe(true);
  });

  it("closes round 1 with a planned advancement, draws round 2 by score, then the final, and writes the placements", async () => {
    expect((await admin.c.post(url("/rounds/finish"))).json().message).toBe(M.finishOpen);
    const r1 = await round(admin.c, 1);
    expect(r1.rooms.every((x) => x.table_in)).toBe(true);
    const top6 = r1.plans.find((p) => p.per_room === 6 && p.wildcards === 0)!;
    expect(top6).toMatchObject({ advancing: 24, next_rooms: 2 });
    const preview = (await admin.c.post(url("/rounds/1/close"), { plan: { per_room: 6, wildcards: 0 }, dry_run: true })).json();
    expect(preview).toMatchObject({ closed: false, advancing: 24, ties: [] });
    expect((await outsider.c.post(url("/rounds/1/close"), { plan: { per_room: 6, wildcards: 0 } })).statusCode).toBe(403);
    expect((await admin.c.post(url("/rounds/1/close"), { plan: { per_room: 12, wildcards: 0 } })).json().message).toBe(M.planInvalid);
    const closed = (await admin.c.post(url("/rounds/1/close"), { plan: { per_room: 6, wildcards: 0 } })).json();
    expect(closed).toMatchObject({ closed: true, advancing: 24 });
    const after = await round(anon, 1);
    expect(after.round.status).toBe("closed");
    expect(after.rooms.every((x) => x.locked)).toBe(true);
    expect(after.rooms.flatMap((x) => x.sides).filter((s) => s.advanced === "yes")).toHaveLength(24);

    // Round 2: the 24 advancers, seeded by their round-1 score, 2 rooms.
    const r2 = (await admin.c.post(url("/rounds"), { seed_method: "score", races: 8 })).json();
    expect(r2).toMatchObject({ number: 2, room_count: 2, side_count: 24 });
    await admin.c.post(url("/rounds/2/publish"));
    for (const room of (await round(admin.c, 2)).rooms) {
      expect(
        (await admin.c.post(url(`/rounds/2/rooms/${room.number}/table`), { mode: "totals", totals: totalsFor(room, 8) })).json().saved,
      ).toBe(true);
    }
    expect((await admin.c.post(url("/rounds/2/close"), { plan: { per_room: 6, wildcards: 0 } })).json()).toMatchObject({
      closed: true,
      advancing: 12,
    });

    // The final: 12 races, one room; nobody advances.
    expect((await admin.c.post(url("/rounds"), { name: "Final", seed_method: "score", races: 12 })).json()).toMatchObject({
      number: 3,
      room_count: 1,
      side_count: 12,
    });
    await admin.c.post(url("/rounds/3/publish"));
    const [final] = (await round(admin.c, 3)).rooms;
    expect((await admin.c.post(url("/rounds/3/rooms/1/table"), { mode: "totals", totals: totalsFor(final!, 12) })).json().saved).toBe(true);
    expect((await admin.c.post(url("/rounds/3/close"), { plan: null })).json().closed).toBe(true);
    expect((await admin.c.post(url("/rounds"), {})).json().message).toBe("The final has been played: no round follows it.");

    const overview = (await admin.c.get(url("/rounds"))).json();
    expect(overview).toMatchObject({ can_finish: true, next_entrants: 0 });
    const done = await admin.c.post(url("/rounds/finish"));
    expect(done.json()).toEqual({ status: "ok", placed: 48 });
    const placements = (await anon.get(url("/placements?limit=48"))).json().data as Array<{
      entrant_id: number;
      placement: number;
      placement_upper_bound: number | null;
    }>;
    expect(placements).toHaveLength(48);
    // The final's 12 placed one by one; the semifinal's 7th places share 13–14, its 12th 23–24; round 1's 7th share 25–28.
    expect(placements.slice(0, 12).map((p) => [p.placement, p.placement_upper_bound])).toEqual(
      Array.from({ length: 12 }, (_, i) => [i + 1, null]),
    );
    expect(placements.slice(12, 14).map((p) => [p.placement, p.placement_upper_bound])).toEqual([
      [14, 13],
      [14, 13],
    ]);
    expect(placements.slice(24, 28).every((p) => p.placement === 28 && p.placement_upper_bound === 25)).toBe(true);
    expect(placements.slice(44).every((p) => p.placement === 48 && p.placement_upper_bound === 45)).toBe(true);
    // The final's winner is the final room's first side.
    expect(placements[0]!.entrant_id).toBe(final!.sides[0]!.entrant_id);
    const logs = (await admin.c.get(url("/logs"))).body;
    expect(logs).toContain("rounds.finish");
    expect(logs).toContain("placements.edit");
  });

  it("lets event administrators add a points table, refuses unsound rows, and scores a round with it", async () => {
    // Rows for 1..12 racers: position i of n scores 2 × (n − i) (12 racers: 24, 22, …, 2).
    const rows = Object.fromEntries(
      Array.from({ length: 12 }, (_, k) => [String(k + 1), Array.from({ length: k + 1 }, (_, i) => 2 * (k + 1 - i))]),
    );
    const body = { name: "Double Cup", games: ["mk8dx"], room_size: 12, points: rows };
    const post = (c: Client, b: unknown) => c.post("/api/rounds/points_tables", b);
    expect((await post(anon, body)).statusCode).toBe(401);
    expect((await post(outsider.c, body)).json()).toEqual({
      status: "error",
      message: "Only event administrators can add points tables.",
      code: "rounds.points_table_forbidden",
    });
    const refused = async (b: unknown) => {
      const res = await post(admin.c, b);
      expect(res.statusCode).toBe(400);
      return res.json().message as string;
    };
    const { "5": _five, ...missing } = rows;
    expect(await refused({ ...body, points: missing })).toContain("Row 5 is missing");
    expect(await refused({ ...body, points: { ...rows, "3": [1, 2, 0] } })).toContain(
      "Row 3: a position never scores more than the one above it.",
    );
    expect(await refused({ ...body, points: { ...rows, "4": [4, 3, 2] } })).toContain("Row 4 must list 4 points");
    expect(await refused({ ...body, points: { ...rows, "13": [1] } })).toContain("Row 13");
    expect(await refused({ ...body, points: { ...rows, "2": [3, -1] } })).toContain("points");
    expect(await refused({ ...body, name: "x".repeat(41) })).toContain("name");

    const created = await post(admin.c, body);
    expect(created.statusCode).toBe(200);
    const table = created.json() as { key: string; name: string; built_in: boolean; points: Record<string, number[]> };
    expect(table).toMatchObject({ name: "Double Cup", built_in: false, room_size: 12, games: ["mk8dx"] });
    expect(table.key).toMatch(/^custom-\d+$/);
    expect(table.points["12"]).toEqual([24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2]);
    expect(await refused({ ...body, name: "  double   CUP " })).toBe("A points table with this name already exists.");
    const small = (await post(admin.c, { name: "Pairs only", room_size: 2, points: { "1": [1], "2": [3, 1] } })).json() as { key: string };

    const list = (await anon.get("/api/rounds/points_tables")).json() as { data: Array<{ key: string; built_in: boolean }> };
    expect(list.data.map((x) => x.key)).toEqual([...BUILT_IN_POINTS_TABLES.map((x) => x.key), table.key, small.key]);
    expect((await anon.get(url("/rounds"))).json().points_tables.map((x: { key: string }) => x.key)).toContain(table.key);

    // A round of 8 players scored with it: racer k finishes k-th in every race.
    const d = t.database;
    const T3 = await createTournament(d, { title: "Double Cup Open", event_format: 1, registrations_open: 0 });
    for (let i = 0; i < 8; i++) {
      const id = await createPlayer(d, { display_name: `Dbl${i}` });
      await d.db
        .insertInto("registrations")
        .values({ tournament_id: T3, player_id: id, status: "registered", registered_at: Date.now() + i })
        .execute();
    }
    const u = (p: string) => `/api/events/${T3}${p}`;
    expect((await admin.c.post(u("/rounds"), { points_table: small.key })).json().message).toBe(
      'The points table "Pairs only" scores rooms of up to 2 racers.',
    );
    expect((await admin.c.post(u("/rounds"), { points_table: "custom-999999" })).json().message).toBe("Unknown points table.");
    expect((await admin.c.post(u("/rounds"), { points_table: table.key, seed: 3 })).json()).toMatchObject({
      points_table: table.key,
      room_count: 1,
      side_count: 8,
    });
    expect((await admin.c.post(u("/rounds/1/publish"))).statusCode).toBe(200);
    const detail = (await anon.get(u("/rounds/1"))).json() as { rooms: Room[]; points_table: { key: string; name: string } };
    expect(detail.points_table).toMatchObject({ key: table.key, name: "Double Cup" });
    // The anonymous overview is cached, and the publish cleared it.
    expect((await anon.get(u("/rounds"))).json().rounds).toHaveLength(1);
    const ids = detail.rooms[0]!.sides.flatMap((s) => s.racers.map((r) => r.player_id));
    const grid = ids.map((player_id, k) => ({ player_id, positions: Array.from({ length: 8 }, () => k + 1) }));
    const saved = (await admin.c.post(u("/rounds/1/rooms/1/table"), { mode: "grid", grid })).json();
    expect(saved).toMatchObject({ saved: true, mismatch: null });
    expect((saved.room as Room).sides.map((s) => s.total)).toEqual([16, 14, 12, 10, 8, 6, 4, 2].map((p) => 8 * p));
    // Totals are checked against the custom rows: 8 races × 72 points.
    const short = ids.map((player_id, k) => ({ player_id, total: 8 * 2 * (8 - k) - (k === 0 ? 1 : 0) }));
    expect((await admin.c.post(u("/rounds/1/rooms/1/table"), { mode: "totals", totals: short })).json().mismatch).toEqual({
      expected: 576,
      actual: 575,
    });
  });

  it("leaves a tie at the cut to staff in staff mode, and closes once decided", async () => {
    const d = t.database;
    const T2 = await createTournament(d, { title: "Tie Cup", event_format: 1, registrations_open: 0 });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const id = await createPlayer(d, { display_name: `Tie${i}` });
      ids.push(id);
      await d.db
        .insertInto("registrations")
        .values({ tournament_id: T2, player_id: id, status: "registered", registered_at: Date.now() + i })
        .execute();
    }
    const u = (p: string) => `/api/events/${T2}${p}`;
    expect((await admin.c.post(u("/rounds"), { tie_mode: "staff", seed: 7 })).json()).toMatchObject({ room_count: 1, side_count: 8 });
    await admin.c.post(u("/rounds/1/publish"));
    // Racers 4th and 5th (by id order) score the same: the top-4 cut falls between them.
    const scores = [90, 80, 70, 40, 40, 30, 20, 10];
    const totals = ids.map((player_id, i) => ({ player_id, total: scores[i]! }));
    expect((await admin.c.post(u("/rounds/1/rooms/1/table"), { mode: "totals", totals, confirm_mismatch: true })).json().saved).toBe(true);
    const blocked = (await admin.c.post(u("/rounds/1/close"), { plan: { per_room: 4, wildcards: 0 } })).json();
    expect(blocked.closed).toBe(false);
    expect(blocked.ties).toHaveLength(1);
    expect(blocked.ties[0].map((x: { entrant_id: number }) => x.entrant_id).sort()).toEqual([ids[3], ids[4]].sort());
    const decided = (
      await admin.c.post(u("/rounds/1/close"), { plan: { per_room: 4, wildcards: 0 }, decisions: [[ids[4], ids[3]]] })
    ).json();
    expect(decided).toMatchObject({ closed: true, advancing: 4, ties: [] });
    const adv = decided.sides.filter((s: { advanced: string }) => s.advanced === "yes").map((s: { entrant_id: number }) => s.entrant_id);
    expect(adv).toContain(ids[4]);
    expect(adv).not.toContain(ids[3]);
  });
});
