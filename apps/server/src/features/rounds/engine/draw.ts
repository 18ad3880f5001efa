/**
 * Room draw of an FFA round (issue #19 "Room draw"): order the entrants (random with a stored
 * seed, by a previous round's score, or by hand), put host-capable entrants first, then
 * snake-seed them into balanced rooms. Pure: no I/O, same input → same draw.
 */

export type SeedMethod = "random" | "score" | "manual";

export interface DrawEntrant {
  entrant_id: number;
  /** The side may host a room (one of its racers opens the room). */
  can_host: boolean;
  /** Registration time, ms since epoch. */
  registered_at: number;
  /** Score in the previous round (method "score"); null/absent = none. */
  previous_score?: number | null;
  /** Room rank in the previous round (method "score", second key). */
  previous_rank?: number | null;
  /** Organiser's position (method "manual"), 1 = first. */
  manual_position?: number | null;
}

export interface DrawnRoom {
  /** 1-based room number. */
  number: number;
  /** Entrants in seat order (the order the snake placed them). */
  entrant_ids: number[];
  /** The room's best-seeded host-capable entrant; null when the room has none. */
  host_entrant_id: number | null;
  /** 1-based overall seed of each entrant (its position in `ordered`), same order as `entrant_ids`. */
  seeds: number[];
}

/**
 * Balanced room sizes (in sides): rooms = ceil(count / sidesPerRoom); sizes differ by at most 1,
 * larger rooms first. count 0 → []. E.g. 26 sides of 12 → [9, 9, 8]; 13 → [7, 6]; 50 → five 10s.
 * Throws RangeError when sidesPerRoom < 1 or count < 0 (caller bug, not user input).
 */
export function roomSizes(count: number, sidesPerRoom: number): number[] {
  if (!Number.isInteger(sidesPerRoom) || sidesPerRoom < 1)
    throw new RangeError(`sidesPerRoom must be a positive integer, got ${sidesPerRoom}`);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (count === 0) return [];
  const rooms = Math.ceil(count / sidesPerRoom);
  const base = Math.floor(count / rooms);
  const bigger = count % rooms;
  return Array.from({ length: rooms }, (_, i) => (i < bigger ? base + 1 : base));
}

/** mulberry32: a small 32-bit PRNG, good enough for a fair, reproducible draw. Returns floats in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Deterministic Fisher–Yates shuffle driven by mulberry32 seeded with `seed` (taken as a
 * 32-bit unsigned int). Same items and seed → same order; the input is not modified.
 */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  const rand = mulberry32(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Nulls last for an ascending key. */
function ascNullsLast(a: number | null | undefined, b: number | null | undefined): number {
  const an = a ?? null;
  const bn = b ?? null;
  if (an === null && bn === null) return 0;
  if (an === null) return 1;
  if (bn === null) return -1;
  return an - bn;
}

const byRegistration = (a: DrawEntrant, b: DrawEntrant) => a.registered_at - b.registered_at || a.entrant_id - b.entrant_id;

/**
 * Orders entrants for the draw (best seed first).
 * - random: entrants sorted by (registered_at, entrant_id) — so the input order does not matter —
 *   then `seededShuffle(…, seed)`;
 * - score: previous_score desc, then previous_rank asc (missing values last in both), then
 *   registration order;
 * - manual: manual_position asc (missing last), then registration order.
 * `seed` is used by "random" only. Returns a new array.
 */
export function orderEntrants(entrants: readonly DrawEntrant[], method: SeedMethod, seed: number): DrawEntrant[] {
  const registered = entrants.slice().sort(byRegistration);
  switch (method) {
    case "random":
      return seededShuffle(registered, seed);
    case "score":
      return registered.sort(
        (a, b) =>
          // Descending score = ascending negated score, nulls still last.
          ascNullsLast(a.previous_score == null ? null : -a.previous_score, b.previous_score == null ? null : -b.previous_score) ||
          ascNullsLast(a.previous_rank, b.previous_rank) ||
          byRegistration(a, b),
      );
    case "manual":
      return registered.sort((a, b) => ascNullsLast(a.manual_position, b.manual_position) || byRegistration(a, b));
  }
}

/**
 * Places ordered entrants into rooms: host-capable entrants first (keeping their relative
 * order), then the rest, dealt in snake order over `roomSizes(n, sidesPerRoom)` rooms
 * (1, 2, …, R, R, …, 1, 1, 2, …), skipping rooms already full. Each room's host is its
 * best-seeded host-capable entrant (null if none). Since the first R entrants dealt go one to
 * each room, R or more host-capable entrants give every room a host.
 * Seeds are positions in `ordered` (1-based), so the seeding survives the host reordering.
 */
export function drawRooms(ordered: readonly DrawEntrant[], sidesPerRoom: number): DrawnRoom[] {
  const sizes = roomSizes(ordered.length, sidesPerRoom);
  const R = sizes.length;
  const seeded = ordered.map((entrant, i) => ({ entrant, seed: i + 1 }));
  const dealOrder = [...seeded.filter((s) => s.entrant.can_host), ...seeded.filter((s) => !s.entrant.can_host)];
  const rooms = sizes.map((_, i) => ({ number: i + 1, entrants: [] as typeof seeded }));
  // Snake position: step through 0..R-1 then R-1..0 (each end visited twice in a row).
  let pos = 0;
  let dir = 1;
  const advance = () => {
    const next = pos + dir;
    if (next < 0 || next >= R) dir = -dir;
    else pos = next;
  };
  for (const s of dealOrder) {
    while (rooms[pos]!.entrants.length >= sizes[pos]!) advance();
    rooms[pos]!.entrants.push(s);
    advance();
  }
  return rooms.map((room) => {
    const host = room.entrants.filter((s) => s.entrant.can_host).sort((a, b) => a.seed - b.seed)[0];
    return {
      number: room.number,
      entrant_ids: room.entrants.map((s) => s.entrant.entrant_id),
      host_entrant_id: host ? host.entrant.entrant_id : null,
      seeds: room.entrants.map((s) => s.seed),
    };
  });
}
