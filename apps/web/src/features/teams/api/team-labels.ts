import type { I18n, MessageId } from "@lingui/core";
import { LANGUAGES, TEAM_COLORS, type RecruitmentStatus, type TeamStatus } from "@site/contract";

/**
 * Team labels in the page's language (#21), shared by the team screens and the registry's team
 * list: the contract's recruitment statuses, team statuses, team languages and colour names.
 */
type Translate = I18n["_"];

/** The contract's recruitment statuses (RECRUITMENT_LABELS) in the page's language. */
const RECRUITMENT_IDS = {
  recruiting: "teams.recruitment.recruiting",
  invite_only: "teams.recruitment.invite_only",
  closed: "teams.recruitment.closed",
} as const satisfies Record<RecruitmentStatus, MessageId>;

/** The contract's team statuses (TEAM_STATUS_LABELS) in the page's language. */
const STATUS_IDS = {
  unapproved: "teams.status.unapproved",
  approved: "teams.status.approved",
  disapproved: "teams.status.disapproved",
  banned: "teams.status.banned",
} as const satisfies Record<TeamStatus, MessageId>;

/** The contract's team languages (LANGUAGES, 000 §9) in the page's language. */
const LANGUAGE_IDS = {
  en: "teams.language.en",
  fr: "teams.language.fr",
  de: "teams.language.de",
  pt: "teams.language.pt",
  es: "teams.language.es",
  other: "teams.language.other",
} as const satisfies Record<keyof typeof LANGUAGES, MessageId>;

export type TeamLanguage = keyof typeof LANGUAGES;

export const recruitmentLabel = (_: Translate, s: RecruitmentStatus): string => _(RECRUITMENT_IDS[s]);
export const teamStatusLabel = (_: Translate, s: TeamStatus): string => _(STATUS_IDS[s]);
/** A team language's name, or null for a code the contract does not know. */
export const teamLanguageLabel = (_: Translate, code: string): string | null =>
  code in LANGUAGE_IDS ? _(LANGUAGE_IDS[code as TeamLanguage]) : null;

/** The colour families of TEAM_COLORS (1–40, four shades each; 40 is Black). */
const COLOUR_FAMILY_IDS = [
  "teams.colour.red",
  "teams.colour.orange",
  "teams.colour.yellow",
  "teams.colour.green",
  "teams.colour.aqua",
  "teams.colour.blue",
  "teams.colour.indigo",
  "teams.colour.purple",
  "teams.colour.pink",
  "teams.colour.grey",
] as const satisfies readonly MessageId[];
const SHADES = ["light", "plain", "dark", "deep"] as const;

/**
 * A team colour's name (TEAM_COLORS[id - 1].name: 'Light Red', 'Red', 'Dark Red', 'Deep Red', …,
 * 'Black') in the page's language; the contract's English name for an id outside 1–40.
 */
export function teamColourName(_: Translate, id: number): string {
  const family = COLOUR_FAMILY_IDS[Math.floor((id - 1) / 4)];
  if (!Number.isInteger(id) || id < 1 || !family) return TEAM_COLORS.find((c) => c.id === id)?.name ?? String(id);
  if (id === 40) return _("teams.colour.black");
  return _("teams.colour.shade", { shade: SHADES[(id - 1) % 4], colour: _(family) });
}
