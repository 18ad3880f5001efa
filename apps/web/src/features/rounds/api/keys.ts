/**
 * Query keys of a tournament's FFA rounds (issue #19). Every write invalidates
 * `roundKeys.event(id)`: the overview, each round and the viewer's room of that tournament.
 */
export const roundKeys = {
  all: ["rounds"] as const,
  event: (id: number) => [...roundKeys.all, id] as const,
  overview: (id: number) => [...roundKeys.event(id), "overview"] as const,
  round: (id: number, n: number) => [...roundKeys.event(id), "round", n] as const,
  myRoom: (id: number) => [...roundKeys.event(id), "my_room"] as const,
  /** The live board (issue #20 §2): under `event(id)`, and also refreshed by its screen on each of the tournament's live events. */
  live: (id: number) => [...roundKeys.event(id), "live"] as const,
  /**
   * One room for an overlay, by room id (issue #20 §2): its tournament is known only from the
   * answer, so the key is not under `event(id)`; the overlay refreshes it on its tournament's live events.
   */
  liveRoom: (roomId: number) => [...roundKeys.all, "live_room", roomId] as const,
  /** Every points table (not per tournament): a new table invalidates `roundKeys.all`, reaching every overview too. */
  pointsTables: () => [...roundKeys.all, "points_tables"] as const,
};
