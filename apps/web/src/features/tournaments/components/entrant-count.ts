import { isSquadEvent, isTeamEvent } from "@site/contract";

/**
 * '12 squads', '1 player', '0 teams': the entrants a tournament has registered so far, in the
 * words of its format (solo tournaments count players, squad tournaments squads, team
 * tournaments teams). A capped tournament (issue #22) reads '12 / 16 squads'.
 */
export function entrantCountLabel(t: { event_format: number; registration_count: number; max_entrants?: number | null }): string {
  const noun = isTeamEvent(t.event_format) ? "team" : isSquadEvent(t.event_format) ? "squad" : "player";
  const cap = t.max_entrants ?? null;
  const n = cap === null ? t.registration_count : cap;
  return `${entrantCountNumber(t)} ${noun}${n === 1 ? "" : "s"}`;
}

/** '12', or '12 / 16' when the tournament caps its entrants (issue #22). */
export function entrantCountNumber(t: { registration_count: number; max_entrants?: number | null }): string {
  return t.max_entrants == null ? String(t.registration_count) : `${t.registration_count} / ${t.max_entrants}`;
}
