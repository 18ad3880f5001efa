/**
 * Points tables of FFA rooms (issue #19 "Points per race"), as reference data shared by the
 * server's round engine and the web's score entry. A table is data, not code: a tournament
 * picks one by `key` and administrators may add their own with the same shape.
 *
 * `points[n]` lists the points for positions 1..n of a race that n racers finished, so a room
 * whose racers disconnect scores with the smaller row for the races they missed.
 */

/** The part of a points table the scoring helpers read. */
export interface PointsTableLike {
  /** `points[n]` = points for positions 1..n in a race of n racers (length n). */
  points: Record<number, number[]>;
}

/** A named points table. */
export interface PointsTable extends PointsTableLike {
  key: string;
  name: string;
  /** The `GAMES` keys (reference.ts) this table is the default for. */
  games: string[];
  /** Racers in a full room. */
  room_size: number;
}

/**
 * Mario Kart 8 Deluxe's in-game rows, 2 to 12 racers (82 points per race when full). The
 * 7-racer row sums to 31 as MKT-bot expects (a results tracker shows a row summing to 29;
 * research note ffa-and-peers-2026-11, "disputed"). A lone racer scores 1.
 */
const MK8DX_POINTS: Record<number, number[]> = {
  1: [1],
  2: [3, 1],
  3: [4, 2, 1],
  4: [5, 3, 2, 1],
  5: [6, 4, 3, 2, 1],
  6: [7, 5, 4, 3, 2, 1],
  7: [9, 7, 5, 4, 3, 2, 1],
  8: [10, 8, 6, 5, 4, 3, 2, 1],
  9: [11, 9, 7, 6, 5, 4, 3, 2, 1],
  10: [12, 10, 8, 7, 6, 5, 4, 3, 2, 1],
  11: [13, 11, 9, 8, 7, 6, 5, 4, 3, 2, 1],
  12: [15, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1],
};

/** Mario Kart World, 24 racers: 144 points per race. */
const MKWORLD_24 = [15, 12, 10, 9, 9, 8, 8, 7, 7, 6, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 1];

/**
 * Mario Kart World rows for 1..24 racers. Only the full 24-racer row is documented (research
 * note); for n < 24 racers we use the top n values of that row (positions keep their points),
 * which is what the game does when CPUs fill the room and the simplest rule organisers can
 * check by hand. Administrators who know better rows can add a table.
 */
const MKWORLD_POINTS: Record<number, number[]> = Object.fromEntries(
  Array.from({ length: MKWORLD_24.length }, (_, i) => [i + 1, MKWORLD_24.slice(0, i + 1)]),
);

/**
 * The built-in tables. Every 12-racer game (MK8, MK Wii, MK7, MK Tour, SMK, other Switch games)
 * defaults to the MK8DX table; MK Wii's own 12-racer table gives 73 per race, so an event that
 * wants it adds it as a custom table.
 */
export const BUILT_IN_POINTS_TABLES: PointsTable[] = [
  {
    key: "mk8dx",
    name: "Mario Kart 8 Deluxe (12 racers, 82 per race)",
    games: ["mk8dx", "mk8u", "mkw", "mk7", "mktour", "smk", "switch"],
    room_size: 12,
    points: MK8DX_POINTS,
  },
  {
    key: "mkworld",
    name: "Mario Kart World (24 racers, 144 per race)",
    games: ["mkworld"],
    room_size: 24,
    points: MKWORLD_POINTS,
  },
];

/** Points one race hands out when `n` racers finish it (the row's sum); 0 when the table has no row for `n`. */
export function pointsPerRace(table: PointsTableLike, n: number): number {
  const row = table.points[n];
  return row ? row.reduce((a, b) => a + b, 0) : 0;
}

/** Points for finishing 1-based `position` in a race of `n` racers; 0 when the table has no such row or position. */
export function pointsForPosition(table: PointsTableLike, n: number, position: number): number {
  if (!Number.isInteger(position) || position < 1) return 0;
  return table.points[n]?.[position - 1] ?? 0;
}

/**
 * Points a room's races hand out in all: `racersPerRace[i]` = racers who finished race i
 * (disconnected racers excluded). E.g. mk8dx, 8 full races → 8 × 82 = 656.
 */
export function expectedRoomTotal(table: PointsTableLike, racersPerRace: number[]): number {
  return racersPerRace.reduce((sum, n) => sum + pointsPerRace(table, n), 0);
}

/** Longest name of a custom points table. */
export const POINTS_TABLE_NAME_MAX = 40;

/**
 * What is wrong with a points table's rows, or null when they are sound: every racer count
 * `n` from 1 to `roomSize` has a row of exactly `n` whole, non-negative points, best position
 * first and never increasing (a better finish never scores less), and no other row exists.
 * Shared by the server's validation and the admin form, so both say the same thing.
 */
export function pointsRowsProblem(points: Record<string, number[]>, roomSize: number): string | null {
  for (const key of Object.keys(points)) {
    const n = Number(key);
    if (!/^\d+$/.test(key) || n < 1 || n > roomSize) return `Row ${key}: the racer counts go from 1 to the room size (${roomSize}).`;
  }
  for (let n = 1; n <= roomSize; n++) {
    const row = points[String(n)];
    if (!row) return `Row ${n} is missing: give the points for every number of racers from 1 to ${roomSize}.`;
    if (row.length !== n) return `Row ${n} must list ${n} points (one per position); it lists ${row.length}.`;
    if (row.some((p) => !Number.isInteger(p) || p < 0)) return `Row ${n}: points are whole numbers, 0 or more.`;
    if (row.some((p, i) => i > 0 && p > row[i - 1]!)) return `Row ${n}: a position never scores more than the one above it.`;
  }
  return null;
}
