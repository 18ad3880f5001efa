import { useMemo } from "react";
import type { I18n, MessageId } from "@lingui/core";
import {
  COUNTRY_NONE,
  COUNTRY_UNKNOWN,
  FRIEND_CODE_TYPES,
  type FriendCodeType,
  type ProfileSaveCode,
  type ProfileSaveResponse,
} from "@site/contract";
import { useServerText } from "@/lib/i18n/error-text";
import { countryName } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/i18n";
import { useI18n } from "@/lib/i18n/use-t";

/** A friend code's label in the page's language: "Switch Friend Code", …, "Nintendo Network ID". */
export function friendCodeLabel(_: I18n["_"], type: FriendCodeType): string {
  return type === "nnid" ? _("players.fc.nnid") : _("players.fc.label", { type: FRIEND_CODE_TYPES[type].label });
}

/** The supporter border colours (BORDER_COLORS, ids 41–60) by id, their names' messages. */
const BORDER_NAME_IDS: Record<number, MessageId> = {
  41: "players.border.gold",
  42: "players.border.silver",
  43: "players.border.bronze",
  44: "players.border.roseGold",
  45: "players.border.emerald",
  46: "players.border.sapphire",
  47: "players.border.ruby",
  48: "players.border.amethyst",
  49: "players.border.topaz",
  50: "players.border.turquoise",
  51: "players.border.coral",
  52: "players.border.mint",
  53: "players.border.lavender",
  54: "players.border.peach",
  55: "players.border.sky",
  56: "players.border.lime",
  57: "players.border.magenta",
  58: "players.border.navy",
  59: "players.border.charcoal",
  60: "players.border.white",
};

/** A border colour's name in the page's language; the contract's English name for an id the map lacks. */
export function borderColourName(_: I18n["_"], colour: { id: number; name: string }): string {
  const id = BORDER_NAME_IDS[colour.id];
  return id ? _(id) : colour.name;
}

/** The server's fixed success texts of a profile save (000 §4) and their messages. */
const SAVE_MESSAGES = {
  "Your profile has been created.": "players.saved.created",
  "Your profile has been saved.": "players.saved.saved",
  "The player has been saved.": "players.saved.playerSaved",
  "The player has been created.": "players.saved.playerCreated",
  "The shadow player has been created.": "players.saved.shadowCreated",
} as const;
/** The one success text with a value: the own save that asks for a new name. */
const NAME_REQUEST = /^Your profile has been saved\. Your name change to '(.*)' is pending approval by a moderator\.$/s;

/** The success codes of a profile save (#21, the answer's `code`) → their messages. */
const SAVE_CODES: Record<ProfileSaveCode, MessageId> = {
  "profile.created": "players.saved.created",
  "profile.saved": "players.saved.saved",
  "profile.name_request": "players.saved.nameRequest",
  "player.saved": "players.saved.playerSaved",
  "player.created": "players.saved.playerCreated",
  "player.shadow_created": "players.saved.shadowCreated",
};

/** What a profile page shows after a save: the answer's message with its code (a flash from before #21 is the text alone). */
export type SaveFlash = string | Pick<ProfileSaveResponse, "message" | "code" | "params">;

/**
 * A profile save's success message (the server's `message`, shown as the flash on the profile
 * or in a toast) in the page's language: in English the server's own text; elsewhere the
 * message of the answer's `code` with its `params`. An answer without a code is recognised by
 * its English text (older flashes); another text the server may say is shown as it is.
 */
export function useSaveMessage() {
  const i18n = useI18n();
  const serverText = useServerText();
  return (flash: SaveFlash): string => {
    if (typeof flash !== "string" && flash.code) return serverText(flash.message, SAVE_CODES[flash.code], flash.params);
    const message = typeof flash === "string" ? flash : flash.message;
    const request = NAME_REQUEST.exec(message);
    if (request) return i18n.locale === "en" ? message : i18n._("players.saved.nameRequest", { name: request[1] });
    const id = SAVE_MESSAGES[message as keyof typeof SAVE_MESSAGES];
    return id ? serverText(message, id) : message;
  };
}

/**
 * A country's name in the page's language (`countryName`), with the site's two special codes
 * from the catalogue: ZZ 'Choose a Country' (none chosen) and XX 'Unknown Country'.
 */
export function localCountryName(i18n: I18n, code: string, fallback: string): string {
  if (code === COUNTRY_NONE) return i18n._("players.country.none");
  if (code === COUNTRY_UNKNOWN) return i18n._("players.country.unknown");
  return countryName(code, i18n.locale as Locale, fallback);
}

/** `localCountryName` bound to the active language. */
export function useCountryNames() {
  const i18n = useI18n();
  return (code: string, fallback: string): string => localCountryName(i18n, code, fallback);
}

/** GET /api/countries' code → English name, named in the page's language (undefined while it loads). */
export function useLocalCountries(countries: Record<string, string> | undefined): Record<string, string> | undefined {
  const i18n = useI18n();
  const locale = i18n.locale;
  return useMemo(
    () =>
      locale && countries
        ? Object.fromEntries(Object.entries(countries).map(([code, n]) => [code, localCountryName(i18n, code, n)]))
        : countries,
    [countries, i18n, locale],
  );
}
