import { isSquadEvent, isTeamEvent } from "@site/contract";

/**
 * '12 squads', '1 player', '0 teams': the entrants a tournament has registered so far, in the
 * words of its format (solo tournaments count players, squad tournaments squads, team
 * tournaments teams).
 */
export function entrantCountLabel(t: { event_format: number; registration_count: number }): string {
  const noun = isTeamEvent(t.event_format) ? "team" : isSquadEvent(t.event_format) ? "squad" : "player";
  return `${t.registration_count} ${noun}${t.registration_count === 1 ? "" : "s"}`;
}
