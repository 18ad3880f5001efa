import { EVENT_FORMAT } from "@site/contract";
import type { Entrant, PlayerRec, TeamRec, TournamentFull } from "./model.js";
import type { Rng } from "./rng.js";
import type { Writer } from "./writer.js";

/**
 * Placements 1..N in random order with a few tie ranges and DQs. A tie stores the old site's
 * shape: every row of a tie over ranks 5–8 has placement 8 and placement_upper_bound 5 (the
 * better rank). DQ rows have a null placement and come last.
 */
export function addPlacements(w: Writer, rng: Rng, t: TournamentFull, entrants: Entrant[], ids: { placement: number }): void {
  const order = rng.shuffle([...entrants]);
  const dqCount = !t.featured && order.length >= 10 && rng.chance(0.15) ? rng.int(1, 2) : 0;
  const ranked = order.slice(0, order.length - dqCount);
  const runnerUpTitle = rng.chance(0.4);
  const tieRate = rng.chance(0.4) ? 0.06 : 0;
  for (let i = 0; i < ranked.length;) {
    const rank = i + 1;
    let size = 1;
    if (rank >= 3 && ranked.length - i >= 2 && (rank === 3 ? rng.chance(0.2) : rng.chance(tieRate)))
      size = rng.int(2, Math.min(4, ranked.length - i));
    for (let j = 0; j < size; j++) {
      const e = ranked[i + j]!;
      w.add("placements", {
        id: ++ids.placement,
        tournament_id: t.id,
        entrant_type: e.type,
        entrant_id: e.id,
        placement: rank + size - 1,
        placement_upper_bound: size > 1 ? rank : null,
        dq: 0,
        title: rank === 1 ? "Champion" : rank === 2 && runnerUpTitle ? "Runner-up" : null,
      });
    }
    i += size;
  }
  for (const e of order.slice(ranked.length)) {
    w.add("placements", {
      id: ++ids.placement,
      tournament_id: t.id,
      entrant_type: e.type,
      entrant_id: e.id,
      placement: null,
      placement_upper_bound: null,
      dq: 1,
      title: null,
    });
  }
}

/** Pre-MKCentral results: no registrations were kept, only the top of the standings. */
export function addHistoricalPlacements(
  w: Writer,
  rng: Rng,
  t: TournamentFull,
  players: PlayerRec[],
  catTeams: TeamRec[],
  ids: { placement: number },
): void {
  const entrants: Entrant[] = [];
  if (t.format === EVENT_FORMAT.team) {
    // Teams only (a team tournament places teams), preferring the ones around back then (now
    // historical); a category without teams has no results on record.
    const pool = rng.shuffle([...catTeams.filter((x) => x.historical), ...rng.shuffle(catTeams.filter((x) => !x.historical))]);
    for (const team of pool.slice(0, Math.min(pool.length, Math.max(4, Math.round(t.histCount / 3)))))
      entrants.push({ type: "team", id: team.id });
  } else {
    const seen = new Set<number>();
    for (let tries = 0; entrants.length < t.histCount && tries < t.histCount * 10; tries++) {
      const p = players[Math.floor(rng.next() * players.length)]!;
      if (p.shadow || seen.has(p.id)) continue;
      seen.add(p.id);
      entrants.push({ type: "player", id: p.id });
    }
  }
  // The standings were recorded best first, so keep the generated order as the ranking.
  addPlacements(w, rng, { ...t, featured: true }, entrants, ids);
}
