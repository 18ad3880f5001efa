import type { I18n, MessageId } from "@lingui/core";
import {
  EVENT_FORMATS,
  GAME_MODES,
  GAMES,
  ORGANIZERS,
  PR_TIERS,
  TEAM_COLORS,
  type GameKey,
  type GameModeKey,
  type Organizer,
} from "@site/contract";

type Translate = I18n["_"];

/**
 * The contract's display names (reference.ts, English as the spec writes them) in the page's
 * language (#21): a map from the contract's value to a message id, whose English message is the
 * contract's name. A value the map does not know shows the contract's English text.
 *
 * Game modes' abbreviations ('MK8DX 150cc') stay as they are; their titles are translated where
 * they are words ('VS Race'), the engine classes ('150cc') stay.
 */

/** Registration formats (EVENT_FORMATS: Team, Solo, Squad), the badges' messages. */
const FORMAT_IDS = { 0: "format.team", 1: "format.solo", 2: "format.squad" } as const satisfies Record<
  keyof typeof EVENT_FORMATS,
  MessageId
>;

/** Organizers (ORGANIZERS): MKCentral is a name; Affiliate and LAN are the badges' words. */
const ORGANIZER_IDS = { mkc: "ui.organizer.mkc", affiliate: "badge.affiliate", lan: "badge.lan" } as const satisfies Record<
  Organizer,
  MessageId
>;

/** Power-ranking tiers (PR_TIERS): only Unranked is a word; the letters stay. */
const PR_TIER_IDS: Partial<Record<string, MessageId>> = { 0: "ui.prTier.unranked" };

/** Games (GAMES titles), their official names per language. */
const GAME_IDS = {
  mkworld: "ui.game.mkworld",
  mk8dx: "ui.game.mk8dx",
  mk8u: "ui.game.mk8u",
  mkw: "ui.game.mkw",
  mktour: "ui.game.mktour",
  mk7: "ui.game.mk7",
  smk: "ui.game.smk",
  switch: "ui.game.switch",
} as const satisfies Record<GameKey, MessageId>;

/** A registration format's name (`event_format` code, number or string); the code itself when unknown. */
export function formatLabel(_: Translate, code: number | string): string {
  const id = (FORMAT_IDS as Record<string, MessageId>)[String(code)];
  return id ? _(id) : String(code);
}

/** An organizer's name (`mkc`, `affiliate`, `lan`). */
export function organizerLabel(_: Translate, key: string): string {
  const id = (ORGANIZER_IDS as Record<string, MessageId>)[key];
  return id ? _(id) : ((ORGANIZERS as Record<string, string>)[key] ?? key);
}

/** A power-ranking tier's name (0 Unranked, 10 C … 40 S). */
export function prTierLabel(_: Translate, value: number | string): string {
  const id = PR_TIER_IDS[String(value)];
  return id ? _(id) : ((PR_TIERS as Record<string, string>)[String(value)] ?? String(value));
}

/** A game's title (`GAMES` key); the key itself when unknown. */
export function gameTitle(_: Translate, key: string): string {
  const id = (GAME_IDS as Record<string, MessageId>)[key];
  return id ? _(id) : ((GAMES as Record<string, { title: string }>)[key]?.title ?? key);
}

/** The colour families of TEAM_COLORS (1–40, four shades each; 40 is Black): the teams area's messages. */
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
 * A team colour's name (TEAM_COLORS: 'Light Red', 'Red', 'Dark Red', 'Deep Red', …, 'Black');
 * the contract's English name (or the id) outside 1–40.
 */
export function colourName(_: Translate, id: number): string {
  const family = Number.isInteger(id) && id >= 1 ? COLOUR_FAMILY_IDS[Math.floor((id - 1) / 4)] : undefined;
  if (!family) return TEAM_COLORS.find((c) => c.id === id)?.name ?? String(id);
  if (id === 40) return _("teams.colour.black");
  return _("teams.colour.shade", { shade: SHADES[(id - 1) % 4], colour: _(family) });
}

/** Game mode titles (GAME_MODES[key].title) that are words; '150cc' and '200cc' are not translated. */
const MODE_TITLE_IDS: Partial<Record<GameModeKey, MessageId>> = {
  mkworld_knockout: "ui.mode.knockoutTour",
  mk8dx_mixed: "ui.mode.mixedFormat",
  mk8dx_battle_bobomb: "ui.mode.bobombBlast",
  mk8dx_battle_renegade: "ui.mode.renegadeRoundup",
  mk8dx_battle_coin: "ui.mode.coinRunners",
  mk8dx_battle_shine: "ui.mode.shineThief",
  mkw_vs_race: "ui.mode.vsRace",
  mktour_vs_race: "ui.mode.vsRace",
  mk7_vs_race: "ui.mode.vsRace",
  smk_match_race: "ui.mode.matchRace",
  switch_other: "ui.mode.other",
};

/** A game mode's title (`GAME_MODES` key: 'VS Race', 'Knockout Tour', '150cc'); the key itself when unknown. */
export function gameModeTitle(_: Translate, key: string): string {
  const id = MODE_TITLE_IDS[key as GameModeKey];
  return id ? _(id) : ((GAME_MODES as Record<string, { title: string }>)[key]?.title ?? key);
}
