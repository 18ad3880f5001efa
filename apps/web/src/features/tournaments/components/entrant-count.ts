import type { I18n } from "@lingui/core";
import { EVENT_FORMAT, isSquadEvent, isTeamEvent } from "@site/contract";

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

/**
 * `entrantCountLabel` in the page's language (#21): `_` from `useT()`. The noun follows the
 * format and the plural the number it counts (the cap when there is one).
 */
export function entrantCountText(
  _: I18n["_"],
  t: { event_format: number; registration_count: number; max_entrants?: number | null },
): string {
  const n = t.max_entrants ?? t.registration_count;
  const count = entrantCountNumber(t);
  if (isTeamEvent(t.event_format)) return _("tournament.count.teams", { n, count });
  return isSquadEvent(t.event_format) ? _("tournament.count.squads", { n, count }) : _("tournament.count.players", { n, count });
}

/** '12 squads registered' (the tournament card, 001 §2), in the page's language; counted like `entrantCountText`. */
export function entrantRegisteredText(
  _: I18n["_"],
  t: { event_format: number; registration_count: number; max_entrants?: number | null },
): string {
  const n = t.max_entrants ?? t.registration_count;
  const count = entrantCountNumber(t);
  if (isTeamEvent(t.event_format)) return _("tournaments.card.registered.teams", { n, count });
  if (isSquadEvent(t.event_format)) return _("tournaments.card.registered.squads", { n, count });
  return _("tournaments.card.registered.players", { n, count });
}

/** A registration format's name in the page's language; an unknown code keeps the server's `human` text. */
export function formatName(_: I18n["_"], format: number, human: string): string {
  if (isTeamEvent(format)) return _("format.team");
  if (isSquadEvent(format)) return _("format.squad");
  return format === EVENT_FORMAT.solo ? _("format.solo") : human;
}

/** '12', or '12 / 16' when the tournament caps its entrants (issue #22). */
export function entrantCountNumber(t: { registration_count: number; max_entrants?: number | null }): string {
  return t.max_entrants == null ? String(t.registration_count) : `${t.registration_count} / ${t.max_entrants}`;
}
