import type { I18n, MessageId } from "@lingui/core";
import { LIMITS } from "@site/contract";
import { TEAM_DESCRIPTION_MAX } from "@site/contract";
import { BORDER_COLOR_RANGE, PROFILE_MESSAGE_MAX } from "@site/contract";
import { WEBHOOK_LIMITS } from "@site/contract";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useI18n } from "./use-t";

/**
 * The English texts of the contract's own form checks (zod messages in `@site/contract`
 * schemas, shown under a field before anything is sent) → their message ids. Keyed by the
 * exact English text, because a zod message is all the form has; a text not listed is shown as
 * it is (English). Grown screen by screen with the forms translated (docs/i18n.md).
 */
const FIELD_MESSAGES: Record<string, { id: MessageId; params?: Record<string, number> }> = {
  "Enter a valid email address.": { id: "validation.email" },
  "Enter your password.": { id: "validation.passwordRequired" },
  [`Passwords must be at least ${LIMITS.password.min} characters.`]: { id: "validation.passwordMin", params: { min: LIMITS.password.min } },
  [`Passwords may be at most ${LIMITS.password.max} characters.`]: { id: "validation.passwordMax", params: { max: LIMITS.password.max } },
  // players: the profile form and the shadow player form
  "Enter a display name.": { id: "error.players.name_required" },
  [`Display names may be at most ${LIMITS.displayNameOwn} characters.`]: {
    id: "players.validation.nameMax",
    params: { max: LIMITS.displayNameOwn },
  },
  [`Display names may be at most ${LIMITS.displayNameAdmin} characters.`]: {
    id: "players.validation.nameMax",
    params: { max: LIMITS.displayNameAdmin },
  },
  "Choose a country.": { id: "error.players.country_required" },
  "Enter your Discord tag.": { id: "error.players.discord_required" },
  [`Discord tags may be at most ${LIMITS.discordTag} characters.`]: {
    id: "players.validation.discordTagMax",
    params: { max: LIMITS.discordTag },
  },
  "Switch friend codes must look like SW-XXXX-YYYY-ZZZZ.": { id: "players.validation.fcFormatSwitch" },
  "3DS friend codes must look like 3DS-XXXX-YYYY-ZZZZ.": { id: "players.validation.fcFormat3ds" },
  "Mario Kart Tour friend codes must look like MKT-XXXX-YYYY-ZZZZ.": { id: "players.validation.fcFormatMktour" },
  [`Friend codes may be at most ${LIMITS.friendCode} characters.`]: { id: "players.validation.fcMax", params: { max: LIMITS.friendCode } },
  [`Nintendo Network IDs may be at most ${LIMITS.nnid} characters.`]: { id: "players.validation.nnidMax", params: { max: LIMITS.nnid } },
  "Nintendo Network IDs may only use letters, digits, '.', '-' and '_'.": { id: "players.validation.nnidChars" },
  [`Profile messages may be at most ${PROFILE_MESSAGE_MAX} characters.`]: {
    id: "players.validation.messageMax",
    params: { max: PROFILE_MESSAGE_MAX },
  },
  [`Border colours are ${BORDER_COLOR_RANGE.min} to ${BORDER_COLOR_RANGE.max}.`]: { id: "players.validation.borderRange" },
  "Enter a registry name.": { id: "players.validation.registryNameRequired" },
  [`Shadow player names may be at most ${LIMITS.shadowPlayerName} characters.`]: {
    id: "error.players.shadow_name_max",
    params: { max: LIMITS.shadowPlayerName },
  },
  // teams: the team form and the shadow team form
  "Enter a team name.": { id: "teams.validation.nameRequired" },
  [`Team names may be at most ${LIMITS.teamName} characters.`]: { id: "teams.validation.nameMax", params: { max: LIMITS.teamName } },
  [`Team names may be at most ${LIMITS.shadowTeamName} characters.`]: {
    id: "teams.validation.nameMax",
    params: { max: LIMITS.shadowTeamName },
  },
  "Enter a team tag.": { id: "teams.validation.tagRequired" },
  [`Team tags may be at most ${LIMITS.teamTag} characters.`]: { id: "teams.validation.tagMax", params: { max: LIMITS.teamTag } },
  "Choose a team colour from 1 to 40.": { id: "teams.validation.colour" },
  "Choose a category.": { id: "teams.validation.category" },
  "Choose a language.": { id: "teams.validation.language" },
  [`Language names may be at most ${LIMITS.languageName} characters.`]: {
    id: "teams.validation.languageNameMax",
    params: { max: LIMITS.languageName },
  },
  [`The description may be at most ${TEAM_DESCRIPTION_MAX} characters.`]: {
    id: "teams.validation.descriptionMax",
    params: { max: TEAM_DESCRIPTION_MAX },
  },
  // tournaments and series: the tournament, series, template, points and adjustment forms
  "Tournament title is required.": { id: "tournaments.validation.titleRequired" },
  [`Tournament title may be at most ${LIMITS.tournamentTitle} characters.`]: {
    id: "tournaments.validation.titleMax",
    params: { max: LIMITS.tournamentTitle },
  },
  "The transfer deadline must be a date.": { id: "tournaments.validation.transferDeadline" },
  "Maximum entrants must be a number of at most 4 digits.": { id: "tournaments.validation.maxEntrants" },
  "Series title is required.": { id: "series.validation.titleRequired" },
  [`Series title may be at most ${LIMITS.seriesTitle} characters.`]: {
    id: "series.validation.titleMax",
    params: { max: LIMITS.seriesTitle },
  },
  "URL ID is required.": { id: "series.validation.slugRequired" },
  [`URL ID may be at most ${LIMITS.seriesSlug} characters.`]: { id: "series.validation.slugMax", params: { max: LIMITS.seriesSlug } },
  "URL ID may contain only letters, numbers, - and _, and may not be only numbers.": { id: "series.validation.slugChars" },
  "Display order is required.": { id: "series.validation.displayOrderRequired" },
  "Display order must be a number.": { id: "series.validation.displayOrderNumber" },
  "Short description is required.": { id: "series.validation.shortDescriptionRequired" },
  "Series is required.": { id: "series.validation.seriesRequired" },
  "Template name is required.": { id: "series.validation.templateNameRequired" },
  [`Template name may be at most ${LIMITS.tournamentTitle} characters.`]: {
    id: "series.validation.templateNameMax",
    params: { max: LIMITS.tournamentTitle },
  },
  "Choose who the adjustment is for.": { id: "series.validation.adjustmentKey" },
  "Points must be a whole number.": { id: "series.validation.pointsWhole" },
  "A reason is required.": { id: "series.validation.reasonRequired" },
  "A range must end at or after its start.": { id: "series.validation.rangeOrder" },
  "Placement ranges may not overlap.": { id: "series.validation.rangesOverlap" },
  "Choose a player.": { id: "series.validation.choosePlayer" },
  // admin: the media admin forms and the webhooks form
  "A title is required.": { id: "media.validation.titleRequired" },
  "Links must start with http:// or https://": { id: "media.validation.httpLink" },
  "Enter the webhook URL.": { id: "webhooks.validation.urlRequired" },
  [`At most ${WEBHOOK_LIMITS.urlLength} characters.`]: { id: "webhooks.validation.urlMax", params: { max: WEBHOOK_LIMITS.urlLength } },
  "Choose at least one event.": { id: "webhooks.validation.eventsMin" },
};

/**
 * The text of a schema validation refusal (`validation.invalid` with `{ field }`, or
 * `validation.invalid_request`; the server's `validationCode`): its message is zod's, after
 * `field: ` unless it is a contract sentence. When FIELD_MESSAGES knows that zod message, the
 * reader gets the field's own message in the page's language (a French reader reads « Saisissez
 * un nom d'affichage. », not "display_name: Enter a display name."); else English keeps the
 * server's exact message and the other languages get the code's text naming the field; undefined
 * for any other refusal.
 */
function validationText(i18n: I18n, err: ApiError): string | undefined {
  if (err.code !== "validation.invalid" && err.code !== "validation.invalid_request") return undefined;
  const field = typeof err.params?.field === "string" ? err.params.field : "";
  const zodMessage = field && err.message.startsWith(`${field}: `) ? err.message.slice(field.length + 2) : err.message;
  const known = FIELD_MESSAGES[zodMessage];
  if (known) return i18n._(known.id, known.params);
  return i18n.locale === "en" ? err.message : undefined;
}

/**
 * Human text for anything a query or mutation threw, in the page's language (#21): a schema
 * validation refusal as `validationText` says; a server refusal with a `code` whose
 * `error.<code>` message the catalogue has is translated with its `params`; anything else is
 * `errorMessage`'s English text (the spec's message, verbatim).
 */
export function translateError(i18n: I18n, err: unknown): string {
  if (err instanceof ApiError && err.code) {
    const validation = validationText(i18n, err);
    if (validation !== undefined) return validation;
    const id = `error.${err.code}` as MessageId;
    if (i18n.messages[id] !== undefined) return i18n._(id, err.params);
  }
  if (err instanceof ApiError && err.status === 0) return i18n._("error.network");
  return errorMessage(err);
}

/**
 * A coded text the server sent inside an answer (a bulk add line's explanation, #21): the
 * catalogue's `error.<code>` message with `params` (and `extra` values the page adds), else the
 * server's English `fallback`.
 */
export function translateCode(
  i18n: I18n,
  coded: { code?: string | null; params?: Record<string, string | number> | null },
  fallback: string,
  extra: Record<string, string | number> = {},
): string {
  if (coded.code) {
    const id = `error.${coded.code}` as MessageId;
    if (i18n.messages[id] !== undefined) return i18n._(id, { ...coded.params, ...extra });
  }
  return fallback;
}

/** A form field's error message in the page's language (see FIELD_MESSAGES). */
export function translateFieldError(i18n: I18n, message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const known = FIELD_MESSAGES[message];
  return known ? i18n._(known.id, known.params) : message;
}

/** `translateError` and `translateFieldError` bound to the active language; re-renders on a switch. */
export function useErrorText() {
  const i18n = useI18n();
  return { errorText: (err: unknown) => translateError(i18n, err), fieldError: (m: string | undefined) => translateFieldError(i18n, m) };
}

/**
 * A server's success message in the page's language: in English the server's own text (the
 * spec's words, verbatim), else the catalogue's `id` (which says the same). The answer's
 * `message` has no code: success texts are few and each screen knows which it expects.
 */
export function useServerText() {
  const i18n = useI18n();
  return (serverMessage: string | undefined, id: MessageId, params?: Record<string, string | number>) =>
    i18n.locale === "en" && serverMessage ? serverMessage : i18n._(id, params);
}
