import { BUILT_IN_POINTS_TABLES, expectedRoomTotal, pointsForPosition, pointsPerRace } from "@site/contract";
import { describe, expect, it } from "vitest";
import { applyAdvancement, ordinal, planAdvancement, type RoomResult } from "../src/features/rounds/engine/advancement.js";
import { drawRooms, orderEntrants, roomSizes, seededShuffle, type DrawEntrant } from "../src/features/rounds/engine/draw.js";
import { finalPlacements, type FinalInput } from "../src/features/rounds/engine/final-placements.js";
import { liveRoomState, sharedRanks } from "../src/features/rounds/engine/live-state.js";
import { formatLorenzi, matchLorenzi, parseLorenzi, type RoomRacer } from "../src/features/rounds/engine/lorenzi.js";
import { compareAcrossRooms, rankRoom, type RankInput } from "../src/features/rounds/engine/ranking.js";
import { checkRoomTotal, gridToPoints, racerTotal, sideTotals, type RacerScore } from "../src/features/rounds/engine/scores.js";

/**
 * The FFA round engine (issue #19) on hand-computed examples: every expected value below was
 * worked out on paper from the rules in the issue, not read back from the code.
 */

const mk8dx = BUILT_IN_POINTS_TABLES.find((t) => t.key === "mk8dx")!;
const mkworld = BUILT_IN_POINTS_TABLES.find((t) => t.key === "mkworld")!;

describe("points tables", () => {
  it("has the in-game MK8DX sums per room size and 144 for a full MK World room", () => {
    const sums = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => pointsPerRace(mk8dx, n));
    expect(sums).toEqual([4, 7, 11, 16, 22, 31, 39, 48, 58, 69, 82]);
    expect(pointsPerRace(mk8dx, 1)).toBe(1);
    expect(pointsPerRace(mkworld, 24)).toBe(144);
    // Fewer than 24 racers in MK World: the top n of the 24 row (15+12+10+9+9+8 = 63).
    expect(mkworld.points[6]).toEqual([15, 12, 10, 9, 9, 8]);
    expect(pointsPerRace(mkworld, 6)).toBe(63);
    for (let n = 1; n <= 24; n++) expect(mkworld.points[n]).toHaveLength(n);
    expect(mkworld.games).toEqual(["mkworld"]);
    expect(mk8dx.games).toEqual(expect.arrayContaining(["mk8dx", "mk8u", "mkw", "mk7", "mktour", "smk", "switch"]));
  });

  it("gives a position's points, 0 out of range, and a room's expected total", () => {
    expect(pointsForPosition(mk8dx, 12, 1)).toBe(15);
    expect(pointsForPosition(mk8dx, 11, 1)).toBe(13);
    expect(pointsForPosition(mk8dx, 8, 3)).toBe(6);
    expect(pointsForPosition(mk8dx, 8, 9)).toBe(0);
    expect(pointsForPosition(mk8dx, 8, 0)).toBe(0);
    expect(pointsForPosition(mk8dx, 13, 1)).toBe(0);
    expect(pointsPerRace(mk8dx, 13)).toBe(0);
    expect(expectedRoomTotal(mk8dx, Array(8).fill(12))).toBe(656);
    expect(expectedRoomTotal(mk8dx, Array(12).fill(12))).toBe(984);
    expect(expectedRoomTotal(mk8dx, [12, 12, 11])).toBe(82 + 82 + 69);
  });
});

/** mulberry32(1) starts 0.6270739405881613, 0.0027357211…: the canonical generator's values. */
const PINNED_SHUFFLE_SEED_1 = [5, 2, 6, 3, 1, 4];

const entrant = (id: number, extra: Partial<DrawEntrant> = {}): DrawEntrant => ({
  entrant_id: id,
  can_host: false,
  registered_at: 1_000 + id,
  ...extra,
});

describe("room draw", () => {
  it("balances uneven room sizes, larger rooms first", () => {
    expect(roomSizes(50, 12)).toEqual([10, 10, 10, 10, 10]);
    expect(roomSizes(26, 12)).toEqual([9, 9, 8]);
    expect(roomSizes(13, 12)).toEqual([7, 6]);
    expect(roomSizes(12, 12)).toEqual([12]);
    expect(roomSizes(23, 6)).toEqual([6, 6, 6, 5]);
    expect(roomSizes(7, 6)).toEqual([4, 3]);
    expect(roomSizes(1, 12)).toEqual([1]);
    expect(roomSizes(0, 12)).toEqual([]);
    expect(() => roomSizes(5, 0)).toThrow(RangeError);
  });

  it("snake-seeds 8 entrants into 2 rooms of 4: seeds 1,4,5,8 and 2,3,6,7", () => {
    const ordered = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => entrant(100 + i));
    const rooms = drawRooms(ordered, 4);
    expect(rooms.map((r) => r.seeds)).toEqual([
      [1, 4, 5, 8],
      [2, 3, 6, 7],
    ]);
    expect(rooms[0]!.entrant_ids).toEqual([101, 104, 105, 108]);
    expect(rooms.map((r) => r.number)).toEqual([1, 2]);
    expect(rooms.map((r) => r.host_entrant_id)).toEqual([null, null]);
  });

  it("snake-seeds 13 into rooms of 7 and 6, skipping the full room", () => {
    const rooms = drawRooms(
      Array.from({ length: 13 }, (_, i) => entrant(i + 1)),
      12,
    );
    expect(rooms.map((r) => r.seeds)).toEqual([
      [1, 4, 5, 8, 9, 12, 13],
      [2, 3, 6, 7, 10, 11],
    ]);
    // 17 into [6, 6, 5]: after 15 (5 each) the snake runs backwards, room 3 is full, so 16 → room 2, 17 → room 1.
    const seventeen = drawRooms(
      Array.from({ length: 17 }, (_, i) => entrant(i + 1)),
      6,
    );
    expect(seventeen.map((r) => r.seeds)).toEqual([
      [1, 6, 7, 12, 13, 17],
      [2, 5, 8, 11, 14, 16],
      [3, 4, 9, 10, 15],
    ]);
  });

  it("gives each room a host when there are as many hosts as rooms, even hosts seeded last", () => {
    // 36 entrants, 3 rooms of 12; only seeds 34, 35, 36 can host. Deal order: 34, 35, 36, 1, 2, …, 33.
    const ordered = Array.from({ length: 36 }, (_, i) => entrant(i + 1, { can_host: i >= 33 }));
    const rooms = drawRooms(ordered, 12);
    expect(rooms.map((r) => r.host_entrant_id)).toEqual([34, 35, 36]);
    expect(rooms[0]!.seeds).toEqual([34, 3, 4, 9, 10, 15, 16, 21, 22, 27, 28, 33]);
    expect(rooms[1]!.seeds).toEqual([35, 2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32]);
    expect(rooms[2]!.seeds).toEqual([36, 1, 6, 7, 12, 13, 18, 19, 24, 25, 30, 31]);
    expect(rooms.map((r) => r.entrant_ids.length)).toEqual([12, 12, 12]);
  });

  it("leaves a room without host when there are fewer hosts than rooms; picks the best-seeded host", () => {
    // Hosts at seeds 5 and 9, 3 rooms of 4: they go to rooms 1 and 2; room 3 gets none.
    const ordered = Array.from({ length: 12 }, (_, i) => entrant(i + 1, { can_host: i + 1 === 5 || i + 1 === 9 }));
    const rooms = drawRooms(ordered, 4);
    expect(rooms.map((r) => r.host_entrant_id)).toEqual([5, 9, null]);
    // 5 hosts over 2 rooms: seeds 1, 2, 3, 4, 5 host. Room 1 gets hosts 1, 4, 5 → host 1; room 2 gets 2, 3 → host 2.
    const many = drawRooms(
      Array.from({ length: 8 }, (_, i) => entrant(i + 1, { can_host: i < 5 })),
      4,
    );
    expect(many.map((r) => r.host_entrant_id)).toEqual([1, 2]);
  });

  it("shuffles deterministically from a seed", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const a = seededShuffle(items, 42);
    expect(seededShuffle(items, 42)).toEqual(a);
    expect(a.slice().sort((x, y) => x - y)).toEqual(items);
    expect(seededShuffle(items, 43)).not.toEqual(a);
    expect(items).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // Pinned: a stored draw seed must give the same rooms after any refactor of the PRNG.
    expect(seededShuffle([1, 2, 3, 4, 5, 6], 1)).toEqual(PINNED_SHUFFLE_SEED_1);
  });

  it("orders entrants by random seed (input order irrelevant), by previous score, and by hand", () => {
    const es = [entrant(3, { registered_at: 50 }), entrant(1, { registered_at: 10 }), entrant(2, { registered_at: 10 })];
    const ids = (xs: DrawEntrant[]) => xs.map((e) => e.entrant_id);
    expect(ids(orderEntrants(es, "random", 7))).toEqual(ids(orderEntrants(es.slice().reverse(), "random", 7)));
    expect(ids(orderEntrants(es, "random", 7))).toEqual(ids(seededShuffle([es[1]!, es[2]!, es[0]!], 7)));

    const scored = [
      entrant(1, { previous_score: 80, previous_rank: 3 }),
      entrant(2, { previous_score: 95, previous_rank: 2 }),
      entrant(3, { previous_score: 80, previous_rank: 1 }),
      entrant(4, { previous_score: null }),
      entrant(5, { previous_score: 80, previous_rank: 3, registered_at: 0 }),
    ];
    // 95; then the 80s by rank 1, then rank 3 by registration (5 registered first); no score last.
    expect(ids(orderEntrants(scored, "score", 0))).toEqual([2, 3, 5, 1, 4]);

    const manual = [entrant(1, { manual_position: 2 }), entrant(2), entrant(3, { manual_position: 1 }), entrant(4, { registered_at: 0 })];
    expect(ids(orderEntrants(manual, "manual", 0))).toEqual([3, 1, 4, 2]);
  });
});

const racer = (player_id: number, entrant_id: number, extra: Partial<RacerScore>): RacerScore => ({
  player_id,
  entrant_id,
  races: null,
  gp: null,
  total_override: null,
  penalty: 0,
  ...extra,
});

describe("score tables", () => {
  it("totals a racer per race (DC = 0), per GP or by total, minus the penalty", () => {
    expect(racerTotal(racer(1, 1, { races: [15, null, 12], penalty: 15 }))).toBe(12);
    expect(racerTotal(racer(1, 1, { gp: [40, 35] }))).toBe(75);
    expect(racerTotal(racer(1, 1, { total_override: 100, penalty: 0 }))).toBe(100);
    expect(racerTotal(racer(1, 1, { penalty: 15 }))).toBe(-15);
  });

  it("turns a placement grid into points, with smaller rows for races with a DC", () => {
    // Race 1: 3 racers (row 4-2-1). Race 2: racer 2 DC'd, 2 racers (row 3-1). Same [race][racer] shape as the grid.
    const r = gridToPoints(mk8dx, [
      [1, 2, 3],
      [2, null, 1],
    ]);
    expect(r).toEqual({
      ok: true,
      points: [
        [4, 2, 1],
        [1, null, 3],
      ],
    });
  });

  it("refuses a grid race with a duplicate or out-of-range position", () => {
    const dup = gridToPoints(mk8dx, [
      [1, 2, 3],
      [1, 1, 2],
    ]);
    expect(dup).toEqual({ ok: false, race: 2, message: "position 1 is given twice." });
    const gap = gridToPoints(mk8dx, [[1, 3, null]]);
    expect(gap).toEqual({ ok: false, race: 1, message: "position 3 is not between 1 and 2 (2 racers finished)." });
    const short = gridToPoints(mk8dx, [[1, 2], [1]]);
    expect(short.ok).toBe(false);
  });

  it("checks the room total: 12 racers × 8 races = 656, a DC shrinks a race's row", () => {
    // Totals mode: 11 racers at 55 and one at 45 = 650 ≠ 656. A penalty does not hide points.
    const totals = Array.from({ length: 12 }, (_, i) =>
      racer(i + 1, i + 1, { total_override: i === 0 ? 45 : 55, penalty: i === 1 ? 15 : 0 }),
    );
    expect(checkRoomTotal(mk8dx, 8, totals)).toEqual({ expected: 656, actual: 650, mismatch: true });
    totals[0]!.total_override = 51;
    expect(checkRoomTotal(mk8dx, 8, totals)).toEqual({ expected: 656, actual: 656, mismatch: false });

    // Per race, 3 racers, racer 2 DC in race 2: expected 7 + 4 = 11.
    const perRace = [racer(1, 1, { races: [4, 1] }), racer(2, 2, { races: [2, null] }), racer(3, 3, { races: [1, 3] })];
    expect(checkRoomTotal(mk8dx, 2, perRace)).toEqual({ expected: 11, actual: 11, mismatch: false });
  });

  it("sums sides and finds their top individual score", () => {
    const racers = [
      racer(1, 10, { total_override: 60 }),
      racer(2, 10, { total_override: 70, penalty: 15 }),
      racer(3, 20, { gp: [30, 20] }),
      racer(4, 20, { races: [15, 12] }),
    ];
    expect(sideTotals(racers)).toEqual([
      { entrant_id: 10, total: 115, top_individual: 60 },
      { entrant_id: 20, total: 77, top_individual: 50 },
    ]);
  });
});

const side = (id: number, total: number, extra: Partial<RankInput> = {}): RankInput => ({
  entrant_id: id,
  total,
  has_host: false,
  top_individual: 50,
  previous_score: null,
  registered_at: 1_000 + id,
  ...extra,
});

const brief = (ranked: ReturnType<typeof rankRoom>) => ranked.map((r) => [r.entrant_id, r.rank, r.decided_by, r.tied]);

describe("tiebreak chain", () => {
  it("total decides", () => {
    expect(brief(rankRoom([side(1, 90), side(2, 100)], "chain"))).toEqual([
      [2, 1, "total", false],
      [1, 2, null, false],
    ]);
  });

  it("then the side with a host", () => {
    expect(brief(rankRoom([side(1, 100), side(2, 100, { has_host: true })], "staff"))).toEqual([
      [2, 1, "host", false],
      [1, 2, null, false],
    ]);
  });

  it("then the higher top individual score", () => {
    expect(brief(rankRoom([side(1, 100, { top_individual: 55 }), side(2, 100, { top_individual: 60 })], "staff"))).toEqual([
      [2, 1, "top_individual", false],
      [1, 2, null, false],
    ]);
  });

  it("then the previous round's score (none counts below any score)", () => {
    expect(brief(rankRoom([side(1, 100, { previous_score: 280 }), side(2, 100, { previous_score: 300 }), side(3, 100)], "staff"))).toEqual([
      [2, 1, "previous_score", false],
      [1, 2, "previous_score", false],
      [3, 3, null, false],
    ]);
  });

  it("then registration order in chain mode", () => {
    expect(brief(rankRoom([side(1, 100, { registered_at: 500 }), side(2, 100, { registered_at: 400 })], "chain"))).toEqual([
      [2, 1, "registration", false],
      [1, 2, null, false],
    ]);
  });

  it("leaves equal sides to staff in staff mode, sharing the best rank (1, 2, 2, 4)", () => {
    const sides = [side(1, 120), side(2, 100), side(3, 100), side(4, 80)];
    expect(brief(rankRoom(sides, "staff"))).toEqual([
      [1, 1, "total", false],
      [2, 2, null, true],
      [3, 2, "total", true],
      [4, 4, null, false],
    ]);
  });

  it("applies a staff decision to the tied group", () => {
    const sides = [side(1, 120), side(2, 100), side(3, 100), side(4, 80)];
    expect(brief(rankRoom(sides, "staff", [[3, 2]]))).toEqual([
      [1, 1, "total", false],
      [3, 2, "staff", false],
      [2, 3, "total", false],
      [4, 4, null, false],
    ]);
    // A decision that does not cover the whole group is not applied.
    expect(
      rankRoom(sides, "staff", [[3, 9]])
        .filter((r) => r.tied)
        .map((r) => r.entrant_id),
    ).toEqual([2, 3]);
  });

  it("compares across rooms by room rank, then the chain", () => {
    const [a] = rankRoom([side(1, 100)], "chain");
    const [, b] = rankRoom([side(2, 200), side(3, 150)], "chain");
    const [, c] = rankRoom([side(4, 200), side(5, 140, { has_host: true })], "chain");
    expect(compareAcrossRooms(a!, b!, "chain")).toBeLessThan(0); // a is 1st, b 2nd
    expect(compareAcrossRooms(b!, c!, "chain")).toBeLessThan(0); // both 2nd: 150 > 140
  });
});

/** A room ranked by the chain from [id, total, extra] sides. */
const room = (
  n: number,
  sides: Array<[number, number, Partial<RankInput>?]>,
  mode: "chain" | "staff" = "chain",
  decisions?: number[][],
): RoomResult => ({
  room_number: n,
  ranked: rankRoom(
    sides.map(([id, total, extra]) => side(id, total, extra)),
    mode,
    decisions,
  ),
});

describe("advancement", () => {
  it("writes ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
    ]);
  });

  it("plans 8 FFA rooms of 12 into rooms of 12", () => {
    // N=1: 8 + 4 → 12. N=2: 16 + 8 = all 3rds = "Top 3" (listed once). N=3: 24. N=4: 32 + 4. N=5: 40 + 8 = "Top 6".
    // N=6: 48. N=7: 56 + 4. N=8: 64 + 8 = "Top 9". N=9: 72. N=10: 80 + 4. N=11: 88 + 8 = everyone (dropped).
    const plans = planAdvancement(Array(8).fill(12), 12);
    expect(plans.map((p) => p.label)).toEqual([
      "Top 10 + 4 best 11ths → 7 rooms",
      "Top 9 → 6 rooms",
      "Top 7 + 4 best 8ths → 5 rooms",
      "Top 6 → 4 rooms",
      "Top 4 + 4 best 5ths → 3 rooms",
      "Top 3 → 2 rooms",
      "Top 1 + 4 best 2nds → 1 room",
    ]);
    expect(plans[3]).toEqual({ per_room: 6, wildcards: 0, wildcard_from_rank: 7, advancing: 48, next_rooms: 4, label: "Top 6 → 4 rooms" });
    expect(plans[4]).toEqual({
      per_room: 4,
      wildcards: 4,
      wildcard_from_rank: 5,
      advancing: 36,
      next_rooms: 3,
      label: "Top 4 + 4 best 5ths → 3 rooms",
    });
  });

  it("plans 2v2 squads (6 sides a room), also offering w + 6 wildcards", () => {
    // 11 rooms of 6: N=1 11+1 / 11+7; N=2 22+2 / 22+8; N=3 33+3 / 33+9; N=4 44+4 / 44+10; N=5 55+5 (55+11 = everyone).
    expect(planAdvancement(Array(11).fill(6), 6).map((p) => p.label)).toEqual([
      "Top 5 + 5 best 6ths → 10 rooms",
      "Top 4 + 10 best 5ths → 9 rooms",
      "Top 4 + 4 best 5ths → 8 rooms",
      "Top 3 + 9 best 4ths → 7 rooms",
      "Top 3 + 3 best 4ths → 6 rooms",
      "Top 2 + 8 best 3rds → 5 rooms",
      "Top 2 + 2 best 3rds → 4 rooms",
      "Top 1 + 7 best 2nds → 3 rooms",
      "Top 1 + 1 best 2nd → 2 rooms",
    ]);
    // 23 squads → rooms [6, 6, 6, 5]: N=1 4+2; N=2 8+4 = all 3rds (= Top 3); N=3 12; N=4 16+2; N=5 20+4 ≥ 3 sixths (dropped).
    expect(planAdvancement([6, 6, 6, 5], 6).map((p) => p.label)).toEqual([
      "Top 4 + 2 best 5ths → 3 rooms",
      "Top 3 → 2 rooms",
      "Top 1 + 2 best 2nds → 1 room",
    ]);
  });

  it("plans a final: exact when possible, else an incomplete final room", () => {
    // 17 racers in [6, 6, 5] → one room of 12: only Top 4 (12) fills it.
    expect(planAdvancement([6, 6, 5], 12).map((p) => p.label)).toEqual(["Top 4 → 1 room"]);
    // 8 racers in [4, 4] cannot fill 12: incomplete finals.
    const small = planAdvancement([4, 4], 12);
    expect(small.map((p) => p.label)).toEqual(["Top 3 → 1 room (room of 6)", "Top 2 → 1 room (room of 4)", "Top 1 → 1 room (room of 2)"]);
    expect(small[0]).toMatchObject({ per_room: 3, wildcards: 0, advancing: 6, next_rooms: 1 });
  });

  it("applies Top 1 + 2 best 2nds to 2v2 rooms: room rank first, then total, then host", () => {
    // Rooms [6,6,6,5] of squads; the 2nds score 150 (room 1), 160 (room 2), 150 with host (room 3), 140 (room 4).
    // Room 4's 3rd scored 155 but ranks 3rd: room rank comes before total.
    const rooms = [
      room(1, [
        [11, 200],
        [12, 150],
        [13, 100],
        [14, 90],
        [15, 80],
        [16, 70],
      ]),
      room(2, [
        [21, 210],
        [22, 160],
        [23, 100],
        [24, 90],
        [25, 80],
        [26, 70],
      ]),
      room(3, [
        [31, 220],
        [32, 150, { has_host: true }],
        [33, 100],
        [34, 90],
        [35, 80],
        [36, 70],
      ]),
      room(4, [
        [41, 230],
        [42, 156],
        [43, 155],
        [44, 90],
        [45, 80],
      ]),
    ];
    const { advance, ties } = applyAdvancement(rooms, { per_room: 1, wildcards: 2 }, "chain");
    expect(ties).toEqual([]);
    const by = (v: string) =>
      [...advance]
        .filter(([, a]) => a === v)
        .map(([id]) => id)
        .sort((x, y) => x - y);
    expect(by("yes")).toEqual([11, 21, 31, 41]);
    expect(by("wildcard")).toEqual([22, 42]);
    expect(advance.get(32)).toBe("no");
    expect(advance.size).toBe(23);
    // Three wildcards: 160, 156, then 150 vs 150: room 3's 2nd hosts.
    const three = applyAdvancement(rooms, { per_room: 1, wildcards: 3 }, "chain").advance;
    expect([32, 12].map((id) => three.get(id))).toEqual(["wildcard", "no"]);
  });

  it("marks a tie at the wildcard cut in staff mode, and a decision resolves it", () => {
    // The 2nds of rooms 1 and 3 are equal on every step; one wildcard place is left for them.
    const rooms = [
      room(
        1,
        [
          [11, 200],
          [12, 150],
          [13, 100],
        ],
        "staff",
      ),
      room(
        2,
        [
          [21, 210],
          [22, 160],
          [23, 100],
        ],
        "staff",
      ),
      room(
        3,
        [
          [31, 220],
          [32, 150],
          [33, 100],
        ],
        "staff",
      ),
    ];
    const tied = applyAdvancement(rooms, { per_room: 1, wildcards: 2 }, "staff");
    expect(tied.ties).toEqual([[12, 32]]);
    expect([22, 12, 32, 13].map((id) => tied.advance.get(id))).toEqual(["wildcard", "tie", "tie", "no"]);
    // Both fit when there are 3 wildcards: no tie.
    expect(applyAdvancement(rooms, { per_room: 1, wildcards: 3 }, "staff").ties).toEqual([]);
    // In chain mode registration decides: 12 registered before 32.
    expect(applyAdvancement(rooms, { per_room: 1, wildcards: 2 }, "chain").advance.get(12)).toBe("wildcard");
    // Staff's tiebreak race: 32 beat 12.
    const decided = applyAdvancement(rooms, { per_room: 1, wildcards: 2 }, "staff", [[32, 12]]);
    expect(decided.ties).toEqual([]);
    expect([12, 32].map((id) => decided.advance.get(id))).toEqual(["no", "wildcard"]);
  });

  it("marks a tie straddling a room's top-N cut", () => {
    // Staff mode: 2 and 3 share rank 2 with per_room 2.
    const rooms = [
      room(
        1,
        [
          [1, 120],
          [2, 100],
          [3, 100],
          [4, 80],
        ],
        "staff",
      ),
    ];
    const r = applyAdvancement(rooms, { per_room: 2, wildcards: 0 }, "staff");
    expect(r.ties).toEqual([[2, 3]]);
    expect([1, 2, 3, 4].map((id) => r.advance.get(id))).toEqual(["yes", "tie", "tie", "no"]);
    // Top 3: the tie is inside the cut, no decision needed.
    expect(applyAdvancement(rooms, { per_room: 3, wildcards: 0 }, "staff").ties).toEqual([]);
    // Decided inside the room (rankRoom's decisions), the cut is clean.
    const decided = applyAdvancement(
      [
        room(
          1,
          [
            [1, 120],
            [2, 100],
            [3, 100],
            [4, 80],
          ],
          "staff",
          [[3, 2]],
        ),
      ],
      { per_room: 2, wildcards: 0 },
      "staff",
    );
    expect([1, 2, 3, 4].map((id) => decided.advance.get(id))).toEqual(["yes", "no", "yes", "no"]);
  });
});

describe("final placements", () => {
  it("ranks a 48-racer event (4 rooms → 2 → final of 12) with shared ranges", () => {
    const inputs: FinalInput[] = [];
    let id = 0;
    // Final (round 3): ranks 1..12.
    for (let rank = 1; rank <= 12; rank++)
      inputs.push({ entrant_id: ++id, round_reached: 3, room_rank: rank, total: 200 - rank * 10, eliminated: false });
    // Semifinals (round 2): 2 rooms, ranks 7..12 eliminated.
    for (let roomNo = 0; roomNo < 2; roomNo++) {
      for (let rank = 7; rank <= 12; rank++)
        inputs.push({ entrant_id: ++id, round_reached: 2, room_rank: rank, total: 100 - rank + roomNo * 30, eliminated: true });
    }
    // Round 1: 4 rooms, ranks 7..12 eliminated.
    for (let roomNo = 0; roomNo < 4; roomNo++) {
      for (let rank = 7; rank <= 12; rank++)
        inputs.push({ entrant_id: ++id, round_reached: 1, room_rank: rank, total: 60 - rank + roomNo, eliminated: true });
    }
    expect(id).toBe(48);
    const out = finalPlacements(inputs.slice().reverse());
    expect(out).toHaveLength(48);
    const place = new Map(out.map((r) => [r.entrant_id, [r.placement, r.placement_upper_bound]]));
    for (let rank = 1; rank <= 12; rank++) expect(place.get(rank)).toEqual([rank, null]);
    // Semifinal 7ths (ids 13 and 19) share 13–14; 12ths (18, 24) 23–24.
    expect([13, 19].map((i) => place.get(i))).toEqual([
      [14, 13],
      [14, 13],
    ]);
    expect([18, 24].map((i) => place.get(i))).toEqual([
      [24, 23],
      [24, 23],
    ]);
    // Round 1 7ths (25, 31, 37, 43) share 25–28; 12ths (30, 36, 42, 48) 45–48.
    expect([25, 31, 37, 43].map((i) => place.get(i))).toEqual(Array(4).fill([28, 25]));
    expect([30, 36, 42, 48].map((i) => place.get(i))).toEqual(Array(4).fill([48, 45]));
    // Rows best first; within a range by total desc (room 2's semifinal 7th scored more).
    expect(out.slice(12, 14).map((r) => r.entrant_id)).toEqual([19, 13]);
    expect(out.map((r) => r.placement)).toEqual([...out.map((r) => r.placement)].sort((a, b) => a - b));
  });

  it("shares a final place only on equal rank and total", () => {
    const out = finalPlacements([
      { entrant_id: 1, round_reached: 2, room_rank: 1, total: 100, eliminated: false },
      { entrant_id: 2, round_reached: 2, room_rank: 1, total: 100, eliminated: false },
      { entrant_id: 3, round_reached: 2, room_rank: 1, total: 90, eliminated: false },
      { entrant_id: 4, round_reached: 1, room_rank: 3, total: 50, eliminated: true },
    ]);
    expect(out).toEqual([
      { entrant_id: 1, placement: 2, placement_upper_bound: 1 },
      { entrant_id: 2, placement: 2, placement_upper_bound: 1 },
      { entrant_id: 3, placement: 3, placement_upper_bound: null },
      { entrant_id: 4, placement: 4, placement_upper_bound: null },
    ]);
  });
});

const SAMPLE = `#title Round 1 · Room 3
// pasted by the host
A - Alpha Squad
Mario [DE] 45|38|52
Luigi Bros 12+15+9|20 -15

B
Peach [jp] 60
Daisy 0|0|0
`;

describe("Lorenzi text", () => {
  it("parses a title, teams, flags, | and + scores and a penalty", () => {
    const r = parseLorenzi(SAMPLE);
    expect(r).toEqual({
      ok: true,
      title: "Round 1 · Room 3",
      lines: [
        { line: 4, name: "Mario", flag: "de", scores: [45, 38, 52], penalty: 0, team_tag: "A" },
        { line: 5, name: "Luigi Bros", flag: null, scores: [36, 20], penalty: 15, team_tag: "A" },
        { line: 8, name: "Peach", flag: "jp", scores: [60], penalty: 0, team_tag: "B" },
        { line: 9, name: "Daisy", flag: null, scores: [0, 0, 0], penalty: 0, team_tag: "B" },
      ],
      teams: [
        { line: 3, tag: "A", name: "Alpha Squad" },
        { line: 7, tag: "B", name: null },
      ],
    });
    // Solo table, no title, names ending in digits, Unicode minus.
    const solo = parseLorenzi("Player 2 135\nX 10+5 \u22125\n");
    expect(solo).toMatchObject({
      ok: true,
      title: null,
      lines: [
        { name: "Player 2", scores: [135], penalty: 0, team_tag: null },
        { name: "X", scores: [15], penalty: 5, team_tag: null },
      ],
    });
  });

  it("refuses a line with no score, a malformed score, a nameless racer and an empty team", () => {
    expect(parseLorenzi("Mario 45\nLuigi Bros\n")).toEqual({
      ok: false,
      line: 2,
      message: 'no score found (write "Name 45|38|52" or "Name 135").',
    });
    expect(parseLorenzi("Mario 45||38")).toEqual({
      ok: false,
      line: 1,
      message: '"45||38" is not a score (numbers separated by | or +).',
    });
    expect(parseLorenzi("#title T\n45 -15")).toEqual({ ok: false, line: 2, message: "the racer has no name." });
    expect(parseLorenzi("A - Team\nB - Other\nMario 4")).toEqual({ ok: false, line: 1, message: "team A has no racers." });
    expect(parseLorenzi("Mario 4\nB")).toEqual({ ok: false, line: 2, message: "team B has no racers." });
    expect(parseLorenzi("#title Only\n\n// nothing")).toEqual({ ok: false, line: 1, message: "no racer line found." });
  });

  const racers: RoomRacer[] = [
    { player_id: 1, entrant_id: 10, names: ["Mario", "MarioMii"] },
    { player_id: 2, entrant_id: 10, names: ["Luigi Bros"] },
    { player_id: 3, entrant_id: 20, names: ["Peach"] },
    { player_id: 4, entrant_id: 20, names: ["Daisy", "peach"] },
  ];
  const parsed = (text: string) => {
    const r = parseLorenzi(text);
    if (!r.ok) throw new Error(r.message);
    return r.lines;
  };

  it("matches names case-insensitively and asks for a pick when ambiguous", () => {
    const lines = parsed("mario 50\nLuigi  Bros 40\nPEACH 30\nDaisy 20");
    // "Peach" is racer 3's name and racer 4's in-game name; racer 3 is not reported missing meanwhile.
    expect(matchLorenzi(lines, racers)).toMatchObject({
      ok: false,
      problems: [{ kind: "ambiguous", line: 3, name: "PEACH", candidates: [3, 4] }],
    });
    expect(matchLorenzi(lines, racers, { 3: 3 })).toEqual({
      ok: true,
      matched: [
        { line: 1, player_id: 1, entrant_id: 10 },
        { line: 2, player_id: 2, entrant_id: 10 },
        { line: 3, player_id: 3, entrant_id: 20 },
        { line: 4, player_id: 4, entrant_id: 20 },
      ],
    });
  });

  it("reports unknown, duplicate and missing racers", () => {
    const lines = parsed("Mario 50\nmariomii 40\nToad 30\nPeach 20");
    const r = matchLorenzi(lines, racers, { 4: 3 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems).toEqual([
      { kind: "duplicate", line: 2, name: "mariomii", candidates: [1] },
      { kind: "unknown", line: 3, name: "Toad", candidates: [] },
      { kind: "missing", line: null, name: "Luigi Bros", candidates: [2] },
      { kind: "missing", line: null, name: "Daisy", candidates: [4] },
    ]);
    // A pick of someone outside the room is unknown.
    expect(matchLorenzi(parsed("Mario 1"), racers.slice(0, 1), { 1: 99 })).toMatchObject({
      ok: false,
      problems: [
        { kind: "unknown", line: 1 },
        { kind: "missing", candidates: [1] },
      ],
    });
  });

  it("formats a squad table and a solo table that parse back to the same data", () => {
    const sides = [
      {
        tag: "A",
        name: "Alpha Squad 2",
        racers: [
          { name: "Mario", flag: "de", scores: [45, 38, 52], penalty: 0 },
          { name: "Luigi Bros", flag: null, scores: [36, 20], penalty: 15 },
        ],
      },
      { tag: "B", name: null, racers: [{ name: "Peach", flag: "jp", scores: [60], penalty: 0 }] },
    ];
    const text = formatLorenzi("Round 1 · Room 3", sides);
    expect(text).toBe("#title Round 1 · Room 3\n\nA - Alpha Squad 2\nMario [de] 45|38|52\nLuigi Bros 36|20 -15\n\nB\nPeach [jp] 60\n");
    const back = parseLorenzi(text);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.title).toBe("Round 1 · Room 3");
    expect(back.teams.map((t) => [t.tag, t.name])).toEqual([
      ["A", "Alpha Squad 2"],
      ["B", null],
    ]);
    expect(back.lines.map(({ name, flag, scores, penalty, team_tag }) => ({ name, flag, scores, penalty, team_tag }))).toEqual(
      sides.flatMap((s) => s.racers.map((r) => ({ ...r, team_tag: s.tag }))),
    );

    // A tag is one word in the format: spaces are dropped so the header reads back as a header.
    const spaced = formatLorenzi("T", [
      { tag: "Team Rocket", name: "Team  Rocket", racers: [{ name: "Jessie", flag: null, scores: [10], penalty: 0 }] },
    ]);
    expect(spaced).toBe("#title T\n\nTeamRocket - Team Rocket\nJessie 10\n");
    expect(parseLorenzi(spaced)).toMatchObject({
      ok: true,
      teams: [{ tag: "TeamRocket", name: "Team Rocket" }],
      lines: [{ name: "Jessie", team_tag: "TeamRocket" }],
    });

    const solo = formatLorenzi("", [
      { tag: null, name: null, racers: [{ name: "Player 2", flag: null, scores: [135], penalty: 0 }] },
      { tag: null, name: null, racers: [{ name: "Toad", flag: "us", scores: [], penalty: 0 }] },
    ]);
    expect(solo).toBe("Player 2 135\n\nToad [us] 0\n");
    expect(parseLorenzi(solo)).toMatchObject({
      ok: true,
      title: null,
      lines: [
        { name: "Player 2", scores: [135], team_tag: null },
        { name: "Toad", flag: "us", scores: [0] },
      ],
    });
  });
});

describe("live board room state (issue #20 §2)", () => {
  const room = (o: Partial<Parameters<typeof liveRoomState>[0]>) =>
    liveRoomState({ table_in: false, host_set: true, room_code_set: false, round_status: "drawn", ranks: [null, null, null], ...o });

  it("waits for the host until a room code is set or the round is under way, and always without a host", () => {
    expect(room({})).toBe("waiting");
    expect(room({ room_code_set: true })).toBe("racing");
    // Another room's table is in: the round is racing, so is this room.
    expect(room({ round_status: "racing" })).toBe("racing");
    expect(room({ host_set: false, room_code_set: true, round_status: "racing" })).toBe("waiting");
    // A table that came in anyway (staff entered it) is in, host or not.
    expect(room({ host_set: false, table_in: true, round_status: "racing", ranks: [1, 2, 3] })).toBe("table_in");
  });

  it("is table in once its table is in, and a tie while sides share a rank in an open round", () => {
    expect(room({ table_in: true, round_status: "racing", ranks: [1, 2, 3] })).toBe("table_in");
    expect(room({ table_in: true, round_status: "racing", ranks: [1, 2, 2] })).toBe("tie");
    // Closed: a shared rank below the cut is nothing left to decide.
    expect(room({ table_in: true, round_status: "closed", ranks: [1, 2, 2] })).toBe("table_in");
  });

  it("finds the shared ranks, ignoring sides without one", () => {
    expect([...sharedRanks([1, 2, 2, 4, 4, 4, null, null])]).toEqual([2, 4]);
    expect(sharedRanks([1, null, null]).size).toBe(0);
  });
});
