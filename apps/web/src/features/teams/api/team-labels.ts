import type { I18n, MessageId } from "@lingui/core";
import { LANGUAGES, type RecruitmentStatus, type TeamStatus } from "@site/contract";

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
