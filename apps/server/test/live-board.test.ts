import { LiveBoardSchema, LiveRoomDetailSchema } from "@site/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, createTournament } from "./factories.js";
import { Client, createTestApp, dialects, signedIn, type SignedIn, type TestApp } from "./helpers.js";

/**
 * The live board and the overlays' room (issue #20 §2) through the API: a 14-player solo
 * tournament in the `staff` tie mode (two rooms of 7) from before the draw to the close: each
 * room's state (waiting, racing, table in, tie), the advancement once closed, and the
 * visibility rules (unpublished 404, drafts hidden from everyone, no room code or friend code).
 */
const D = await dialects();
const ROOM_CODE = "7777-4242";
const FC = "4321-8765-2109";

describe.each(D)("live board (%s)", (dialect) => {
  let t: TestApp;
  let admin: SignedIn;
  let anon: Client;
  let T: number;
  const ids: number[] = [];

  const board = async (c: Client, id = T) => {
    const res = await c.get(`/api/events/${id}/live`);
    return { status: res.statusCode, body: res.body, json: res.statusCode === 200 ? LiveBoardSchema.parse(res.json()) : null };
  };
  const roomById = async (c: Client, roomId: number) => {
    const res = await c.get(`/api/rooms/${roomId}`);
    return { status: res.statusCode, body: res.body, json: res.statusCode === 200 ? LiveRoomDetailSchema.parse(res.json()) : null };
  };
  const roomIds = async () =>
    (await t.database.db.selectFrom("ffa_rooms").select(["id", "number"]).where("tournament_id", "=", T).orderBy("number").execute()).map(
      (r) => r.id,
    );
  /** The racers of room `n` as the admin's round page lists them (seat order before a table). */
  const racersOf = async (n: number) => {
    const r = (await admin.c.get(`/api/events/${T}/rounds/1`)).json() as {
      rooms: Array<{ number: number; host_player_id: number | null; sides: Array<{ entrant_id: number }> }>;
    };
    const room = r.rooms.find((x) => x.number === n)!;
    return { ids: room.sides.map((s) => s.entrant_id), host: room.host_player_id };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const d = t.database;
    admin = await signedIn(t, { roles: ["event_admin"], player: false });
    anon = new Client(t.app);
    await anon.session();
    T = await createTournament(d, { title: "Live Cup", event_format: 1, registrations_open: 0, start_date: Date.now() - 3600_000 });
    for (let i = 0; i < 14; i++) {
      const id = await createPlayer(d, {
        display_name: `Live${String(i).padStart(2, "0")}`,
        country_code: i % 2 ? "JP" : "FR",
        switch_fc: FC,
      });
      ids.push(id);
      await d.db
        .insertInto("registrations")
        .values({
          tournament_id: T,
          player_id: id,
          status: "registered",
          can_host: i < 2 ? 1 : 0,
          registered_at: Date.now() - (100 - i) * 1000,
        })
        .execute();
    }
  });
  afterAll(() => t?.close());

  it("shows no round before one is published, and hides a draft from everyone", async () => {
    expect((await board(anon)).json).toEqual({ tournament_id: T, title: "Live Cup", entrant_type: "player", round: null, rooms: [] });
    const drawn = await admin.c.post(`/api/events/${T}/rounds`, { races: 2, room_size: 12, seed: 5, tie_mode: "staff" });
    expect(drawn.json()).toMatchObject({ status: "draft", room_count: 2, side_count: 14 });
    // The draft: not on the board, and its rooms 404 even for staff (an overlay is on air).
    expect((await board(anon)).json?.round).toBeNull();
    expect((await board(admin.c)).json?.round).toBeNull();
    const [first] = await roomIds();
    expect((await roomById(anon, first!)).status).toBe(404);
    expect((await roomById(admin.c, first!)).status).toBe(404);
    expect((await roomById(anon, 999999)).status).toBe(404);
  });

  it("shows a published round's rooms waiting for their host, then racing once a room code is set", async () => {
    expect((await admin.c.post(`/api/events/${T}/rounds/1/publish`)).statusCode).toBe(200);
    let b = (await board(anon)).json!;
    expect(b.round).toMatchObject({ number: 1, status: "drawn", room_count: 2, tables_in: 0, final: false, advance_per_room: null });
    expect(b.rooms.map((r) => [r.number, r.state, r.sides.length])).toEqual([
      [1, "waiting", 7],
      [2, "waiting", 7],
    ]);
    expect(b.rooms.every((r) => r.host_name !== null)).toBe(true);
    const { host } = await racersOf(1);
    await admin.c.post(`/api/events/${T}/rounds/1/rooms/1/settings`, { room_code: ROOM_CODE, host_player_id: host });
    const res = await board(anon);
    b = res.json!;
    expect(b.rooms.map((r) => r.state)).toEqual(["racing", "waiting"]);
    // The code and the friend codes never reach the public answer, whoever asks.
    for (const raw of [res.body, (await board(admin.c)).body]) {
      expect(raw).not.toContain(ROOM_CODE);
      expect(raw).not.toContain(FC);
      expect(raw).not.toContain("room_code");
      expect(raw).not.toContain("friend_code");
    }
    expect(b.rooms[0]!.sides[0]!.racers[0]).toMatchObject({ country_code: expect.stringMatching(/^(FR|JP)$/), total: null });
  });

  it("marks a room whose table is in, a tie left to staff, and the other room racing", async () => {
    // Room 2 by totals: the last two seats score the same (a tie in the staff mode); the sum is off, confirmed.
    const two = await racersOf(2);
    const totals = two.ids.map((player_id, k) => ({ player_id, total: k >= 5 ? 3 : 40 - k * 5 }));
    const res = await admin.c.post(`/api/events/${T}/rounds/1/rooms/2/table`, { mode: "totals", totals, confirm_mismatch: true });
    expect(res.json().saved).toBe(true);
    const b = (await board(anon)).json!;
    expect(b.round).toMatchObject({ status: "racing", tables_in: 1 });
    expect(b.rooms.map((r) => r.state)).toEqual(["racing", "tie"]);
    const room2 = b.rooms[1]!;
    expect(room2.sides.map((s) => [s.rank, s.total, s.tied])).toEqual([
      [1, 40, false],
      [2, 35, false],
      [3, 30, false],
      [4, 25, false],
      [5, 20, false],
      [6, 3, true],
      [6, 3, true],
    ]);
    expect(room2.sides.every((s) => s.advanced === null)).toBe(true);
  });

  it("gives an overlay one room by id with per-race points, and no code", async () => {
    // Room 1 by grid over 2 races: seat k finishes k+1 in both (7 racers: 15 12 10 9 8 7 6 per race... of the 7-racer row).
    const one = await racersOf(1);
    const grid = one.ids.map((player_id, k) => ({ player_id, positions: [k + 1, k + 1] }));
    expect((await admin.c.post(`/api/events/${T}/rounds/1/rooms/1/table`, { mode: "grid", grid })).json().saved).toBe(true);
    const [id1, id2] = await roomIds();
    const res = await roomById(anon, id1!);
    expect(res.status).toBe(200);
    expect(res.body).not.toContain(ROOM_CODE);
    expect(res.body).not.toContain(FC);
    const r = res.json!;
    expect(r).toMatchObject({
      tournament_id: T,
      title: "Live Cup",
      entrant_type: "player",
      round: { number: 1, room_count: 2, tables_in: 2 },
    });
    expect(r.room).toMatchObject({ id: id1, number: 1, state: "table_in" });
    const firstRacer = r.room.sides[0]!.racers[0]!;
    expect(firstRacer.races).toHaveLength(2);
    expect(firstRacer.total).toBe(firstRacer.races![0]! + firstRacer.races![1]!);
    expect(r.room.sides.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Room 2 was entered by totals: no per-race points.
    expect((await roomById(anon, id2!)).json!.room.sides[0]!.racers[0]!.races).toBeNull();
  });

  it("marks who advanced once the round is closed; the tie below the cut is no longer to decide", async () => {
    const closed = await admin.c.post(`/api/events/${T}/rounds/1/close`, { plan: { per_room: 3, wildcards: 0 } });
    expect(closed.json()).toMatchObject({ closed: true, advancing: 6 });
    const b = (await board(anon)).json!;
    expect(b.round).toMatchObject({ status: "closed", advance_per_room: 3, wildcards: 0, final: false });
    expect(b.rooms.map((r) => r.state)).toEqual(["table_in", "table_in"]);
    for (const room of b.rooms) {
      expect(room.locked).toBe(true);
      expect(room.sides.map((s) => s.advanced)).toEqual(["yes", "yes", "yes", "no", "no", "no", "no"]);
    }
  });

  it("answers 404 for an unpublished tournament's board and rooms except to its staff; a team tournament has no rounds", async () => {
    const [id1] = await roomIds();
    await t.database.db.updateTable("tournaments").set({ published: 0 }).where("id", "=", T).execute();
    t.app.ctx.cache.invalidate("");
    expect((await board(anon)).status).toBe(404);
    expect((await roomById(anon, id1!)).status).toBe(404);
    const outsider = await signedIn(t, {});
    expect((await board(outsider.c)).status).toBe(404);
    expect((await board(admin.c)).json?.round?.number).toBe(1);
    expect((await roomById(admin.c, id1!)).status).toBe(200);
    await t.database.db.updateTable("tournaments").set({ published: 1 }).where("id", "=", T).execute();
    t.app.ctx.cache.invalidate("");
    const team = await createTournament(t.database, { title: "Team Cup", event_format: 0 });
    expect((await board(anon, team)).json).toEqual({ tournament_id: team, title: "Team Cup", entrant_type: null, round: null, rooms: [] });
  });
});
