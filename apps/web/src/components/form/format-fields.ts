import { type EventFormat, isSoloEvent, isSquadEvent, isTeamEvent } from "@site/contract";
import { EventFormatSchema } from "@site/contract/schemas";

/**
 * Which registration-format fields apply (001 §5 "Template fields", docs/decisions.md "#17 §8
 * fields by format"); the tournament and template forms show only these:
 *
 * - team: Minimum Team Size and Power Rankings Tier;
 * - squad: Minimum and Maximum Players per Squad, Squad Tag Required, Squad Name Required;
 * - solo and squad: Host Required, In-Game Name Required, Check-ins Enabled;
 * - squad with Check-ins Enabled: Minimum Check-ins per Squad;
 * - every format, and none chosen yet: Verification Required.
 *
 * No format chosen yet: only Verification Required.
 */
export interface FormatFields {
  teamSize: boolean;
  prTier: boolean;
  squadSize: boolean;
  squadTagAndName: boolean;
  hostAndIgn: boolean;
  checkins: boolean;
  checkinMinimum: boolean;
}

/** The format code a form's registration format select holds ('' while none is chosen). */
export function formatOfField(value: string): EventFormat | null {
  const parsed = EventFormatSchema.safeParse(value === "" ? null : Number(value));
  return parsed.success ? parsed.data : null;
}

/** The fields that apply to `format` (null: none chosen) with check-ins enabled or not. */
export function formatFields(format: EventFormat | null, checkinRequired: boolean): FormatFields {
  const team = isTeamEvent(format);
  const squad = isSquadEvent(format);
  const soloOrSquad = squad || isSoloEvent(format);
  return {
    teamSize: team,
    prTier: team,
    squadSize: squad,
    squadTagAndName: squad,
    hostAndIgn: soloOrSquad,
    checkins: soloOrSquad,
    checkinMinimum: squad && checkinRequired,
  };
}

/** The requirement values both forms name alike, plus the format select. */
export interface RequirementValues {
  registration_format: string;
  pr_value: string;
  squad_tag_required: boolean;
  squad_name_required: boolean;
  host_required: boolean;
  ign_required: boolean;
  checkin_required: boolean;
}

/**
 * The values to send: what the chosen format hides goes back to its neutral value (counts '',
 * flags false, tier '0'), so a value typed before the format changed neither fails the schema
 * for a field nobody sees nor is saved silently. `names` are the form's own names of the three
 * counts (tournaments: minimum_players, maximum_players, checkin_minimum; templates:
 * minimum_team_size, maximum_team_size, minimum_checkins). The server applies the same rule
 * (tournament-save.service, templates.service `applicable`), so this changes nothing it stores.
 */
export function withoutHiddenFields<V extends RequirementValues & Record<N, string>, N extends string>(
  values: V,
  names: { minimumPlayers: N; maximumPlayers: N; checkinMinimum: N },
): V {
  const show = formatFields(formatOfField(values.registration_format), values.checkin_required);
  const out: Record<string, unknown> = { ...values };
  if (!show.teamSize && !show.squadSize) out[names.minimumPlayers] = "";
  if (!show.squadSize) out[names.maximumPlayers] = "";
  if (!show.checkinMinimum) out[names.checkinMinimum] = "";
  if (!show.prTier) out.pr_value = "0";
  if (!show.squadTagAndName) {
    out.squad_tag_required = false;
    out.squad_name_required = false;
  }
  if (!show.hostAndIgn) {
    out.host_required = false;
    out.ign_required = false;
  }
  if (!show.checkins) out.checkin_required = false;
  return out as V;
}
