import { z } from "zod";

/**
 * Reference data of the scene as typed constants (000 §3, §5, §9; 001 §3, §9). The server
 * stores only the keys; every human label comes from here so the two sides never disagree.
 */

/** Games, keyed as the old site stored them. Mario Kart World is today's main game. */
export const GAMES = {
  mkworld: { title: "Mario Kart World", abbrev: "MKWorld", fc_type: "switch" },
  mk8dx: { title: "Mario Kart 8 Deluxe", abbrev: "MK8DX", fc_type: "switch" },
  mk8u: { title: "Mario Kart 8", abbrev: "MK8U", fc_type: "nnid" },
  mkw: { title: "Mario Kart Wii", abbrev: "MKW", fc_type: null },
  mktour: { title: "Mario Kart Tour", abbrev: "MKT", fc_type: "mktour" },
  mk7: { title: "Mario Kart 7", abbrev: "MK7", fc_type: "3ds" },
  smk: { title: "Super Mario Kart", abbrev: "SMK", fc_type: "switch" },
  switch: { title: "Other Switch Game", abbrev: "Switch", fc_type: "switch" },
} as const satisfies Record<string, { title: string; abbrev: string; fc_type: FriendCodeType | null }>;
export type GameKey = keyof typeof GAMES;
export const GAME_KEYS = Object.keys(GAMES) as GameKey[];

/**
 * Game modes (the old site's keys plus Mario Kart World). `category` marks the modes that
 * teams are registered in (000 "Team": a team belongs to one category).
 */
export const GAME_MODES = {
  mkworld_150: { game: "mkworld", title: "150cc", abbrev: "MKWorld 150cc", category: true },
  mkworld_knockout: { game: "mkworld", title: "Knockout Tour", abbrev: "MKWorld KO", category: false },
  mk8dx_150: { game: "mk8dx", title: "150cc", abbrev: "MK8DX 150cc", category: true },
  mk8dx_200: { game: "mk8dx", title: "200cc", abbrev: "MK8DX 200cc", category: true },
  mk8dx_mixed: { game: "mk8dx", title: "Mixed Format", abbrev: "MK8DX Mixed", category: false },
  mk8dx_battle_bobomb: { game: "mk8dx", title: "Bob-omb Blast", abbrev: "MK8DX Bob-omb", category: false },
  mk8dx_battle_renegade: { game: "mk8dx", title: "Renegade Roundup", abbrev: "MK8DX Renegade", category: false },
  mk8dx_battle_coin: { game: "mk8dx", title: "Coin Runners", abbrev: "MK8DX Coin", category: false },
  mk8dx_battle_shine: { game: "mk8dx", title: "Shine Thief", abbrev: "MK8DX Shine", category: false },
  mk8u_150: { game: "mk8u", title: "150cc", abbrev: "MK8U 150cc", category: true },
  mk8u_200: { game: "mk8u", title: "200cc", abbrev: "MK8U 200cc", category: true },
  mkw_vs_race: { game: "mkw", title: "VS Race", abbrev: "MKW VS", category: true },
  mktour_vs_race: { game: "mktour", title: "VS Race", abbrev: "MKT VS", category: true },
  mk7_vs_race: { game: "mk7", title: "VS Race", abbrev: "MK7 VS", category: true },
  smk_match_race: { game: "smk", title: "Match Race", abbrev: "SMK Match", category: false },
  switch_other: { game: "switch", title: "Other", abbrev: "Switch", category: false },
} as const satisfies Record<string, { game: GameKey; title: string; abbrev: string; category: boolean }>;
export type GameModeKey = keyof typeof GAME_MODES;
export const GAME_MODE_KEYS = Object.keys(GAME_MODES) as [GameModeKey, ...GameModeKey[]];
export const GameModeKeySchema = z.enum(GAME_MODE_KEYS);

/** Team categories: the game modes a team can belong to. */
export const TEAM_CATEGORY_KEYS = GAME_MODE_KEYS.filter((k) => GAME_MODES[k].category);

/** Friend-code types and their display prefixes (000 §3, §5). */
export const FRIEND_CODE_TYPES = {
  switch: { label: "Switch", prefix: "SW-", field: "switch_fc" },
  "3ds": { label: "3DS", prefix: "3DS-", field: "fc_3ds" },
  mktour: { label: "Mario Kart Tour", prefix: "MKT-", field: "mktour_fc" },
  nnid: { label: "Nintendo Network ID", prefix: "", field: "nnid" },
} as const;
export type FriendCodeType = keyof typeof FRIEND_CODE_TYPES;

/** The colour families of team colours 1–40, four shades each (000 §3); 40 is Black. */
const COLOUR_FAMILIES: Array<[string, string[]]> = [
  ["Red", ["#ff8a8a", "#f44336", "#c62828", "#7f1d1d"]],
  ["Orange", ["#ffc38a", "#ff9800", "#e65100", "#7c2d12"]],
  ["Yellow", ["#fff59d", "#ffeb3b", "#f9a825", "#854d0e"]],
  ["Green", ["#a5d6a7", "#4caf50", "#2e7d32", "#14532d"]],
  ["Aqua", ["#a0f0ed", "#26c6da", "#00838f", "#134e4a"]],
  ["Blue", ["#90caf9", "#2196f3", "#1565c0", "#1e3a8a"]],
  ["Indigo", ["#b4b9f5", "#5c6bc0", "#283593", "#1e1b4b"]],
  ["Purple", ["#d1a3f5", "#9c27b0", "#6a1b9a", "#4a044e"]],
  ["Pink", ["#f8bbd0", "#e91e63", "#ad1457", "#831843"]],
  ["Grey", ["#e0e0e0", "#9e9e9e", "#616161", "#000000"]],
];
const SHADE_NAMES = ["Light", "", "Dark", "Deep"];

/** Team colours 1–40: `{ id, name, hex }`. Default 1 (000 §9). */
export const TEAM_COLORS = COLOUR_FAMILIES.flatMap(([family, hexes], f) =>
  hexes.map((hex, s) => {
    const id = f * 4 + s + 1;
    const name = id === 40 ? "Black" : [SHADE_NAMES[s], family].filter(Boolean).join(" ");
    return { id, name, hex };
  }),
);

/** Supporter-only profile border colours 41–60; 60 is the default border (000 §9). */
export const BORDER_COLORS = [
  ["Gold", "#d4af37"],
  ["Silver", "#b8c0c8"],
  ["Bronze", "#cd7f32"],
  ["Rose Gold", "#e6a8a0"],
  ["Emerald", "#10b981"],
  ["Sapphire", "#2563eb"],
  ["Ruby", "#dc2626"],
  ["Amethyst", "#9333ea"],
  ["Topaz", "#f59e0b"],
  ["Turquoise", "#14b8a6"],
  ["Coral", "#fb7185"],
  ["Mint", "#6ee7b7"],
  ["Lavender", "#c4b5fd"],
  ["Peach", "#fdba74"],
  ["Sky", "#7dd3fc"],
  ["Lime", "#a3e635"],
  ["Magenta", "#d946ef"],
  ["Navy", "#1e3a8a"],
  ["Charcoal", "#374151"],
  ["White", "#ffffff"],
].map(([name, hex], i) => ({ id: 41 + i, name: name!, hex: hex! }));

/** Any colour id 1–60 to its hex; unknown ids fall back to colour 1. */
export function colorHex(id: number): string {
  return (TEAM_COLORS[id - 1] ?? BORDER_COLORS[id - 41] ?? TEAM_COLORS[0]!).hex;
}

/** Site themes (000 §3); forest is the default. */
export const THEMES = ["forest", "ocean", "volcano", "velvet", "blossom", "storm"] as const;
export type Theme = (typeof THEMES)[number];
export const ThemeSchema = z.enum(THEMES);

/**
 * The site's interface languages (#21): English is the source (the spec's texts stay verbatim in
 * English), `pt` is written for Brazil. Each is named in its own language in the switch. The
 * pseudo-locale `en-XA` (accented, ~40% longer; a layout test) is accepted from the `lang`
 * cookie only, never stored on an account nor listed in the switch.
 */
export const SITE_LANGUAGES = ["en", "fr", "de", "es", "pt", "ja"] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
export const SiteLanguageSchema = z.enum(SITE_LANGUAGES);
/** Each language's own name (autonym), as the language switch shows it. */
export const SITE_LANGUAGE_NAMES: Record<SiteLanguage, string> = {
  en: "English",
  fr: "Français",
  de: "Deutsch",
  es: "Español",
  pt: "Português",
  ja: "日本語",
};
/** The pseudo-locale's tag (see SITE_LANGUAGES). */
export const PSEUDO_LANGUAGE = "en-XA";
/** The `lang` cookie: the visitor's choice, one year. */
export const LANGUAGE_COOKIE = "lang";

/** Team languages (000 §9): '' means not specified. */
export const LANGUAGES = {
  en: "English",
  fr: "French",
  de: "German",
  pt: "Portuguese",
  es: "Spanish",
  other: "Other",
} as const;

/**
 * Registration format codes (001 §1 `event_format`): 0 Team, 1 Solo, 2 Squad. Code compares
 * against `EVENT_FORMAT.team` / `.solo` / `.squad` (or the predicates below), never a bare number.
 */
export const EVENT_FORMAT = { team: 0, solo: 1, squad: 2 } as const;
/** Human names of the registration formats (001 §3 `event_format_human`). */
export const EVENT_FORMATS = { [EVENT_FORMAT.team]: "Team", [EVENT_FORMAT.solo]: "Solo", [EVENT_FORMAT.squad]: "Squad" } as const;
export type EventFormat = (typeof EVENT_FORMAT)[keyof typeof EVENT_FORMAT];
export const EventFormatSchema = z.union([z.literal(EVENT_FORMAT.team), z.literal(EVENT_FORMAT.solo), z.literal(EVENT_FORMAT.squad)]);
/** Team tournaments register whole teams (001 §4 team registration); the others register players or squads. */
export const isTeamEvent = (format: number | null | undefined): boolean => format === EVENT_FORMAT.team;
/** Squad tournaments register squads of `minimum_team_size`..`maximum_team_size` players. */
export const isSquadEvent = (format: number | null | undefined): boolean => format === EVENT_FORMAT.squad;
/** Solo tournaments register single players. */
export const isSoloEvent = (format: number | null | undefined): boolean => format === EVENT_FORMAT.solo;

/** Organizers (001 §3): mkc shows no badge. */
export const ORGANIZERS = { mkc: "MKCentral", affiliate: "Affiliate", lan: "LAN" } as const;
export type Organizer = keyof typeof ORGANIZERS;
export const OrganizerSchema = z.enum(["mkc", "affiliate", "lan"]);

/** Power-ranking tiers (001 §9). */
export const PR_TIERS = { 0: "Unranked", 10: "C", 20: "B", 30: "A", 40: "S" } as const;

/** Tournament check-in status codes (001 §4). */
export const CHECKIN_STATUS = { NOT_OPEN: 0, OPEN: 1, CLOSED: 2 } as const;

/** Registration statuses of a player, squad or team (001 §4). */
export const REGISTRATION_STATUSES = ["registered", "withdrawn", "rejected"] as const;

/** Team statuses (000 §4) and recruitment statuses. */
export const TEAM_STATUSES = ["unapproved", "approved", "disapproved", "banned"] as const;
export const RECRUITMENT_STATUSES = ["recruiting", "invite_only", "closed"] as const;

/** Site roles (000 §6) with their human names. */
export const SITE_ROLES = {
  administrate: "Administrator",
  moderate: "Moderator",
  event_admin: "Event Administrator",
  event_mod: "Event Moderator",
} as const;
export type SiteRole = keyof typeof SITE_ROLES;
export const SiteRoleSchema = z.enum(["administrate", "moderate", "event_admin", "event_mod"]);

/** Series roles (001 §6). */
export const SERIES_ROLES = { series_admin: "Series Administrator", series_mod: "Series Organizer" } as const;

/** Country codes with special meaning (000 §5). */
export const COUNTRY_NONE = "ZZ";
export const COUNTRY_UNKNOWN = "XX";

/**
 * Every limit of 000 §5/§9 and 001 §5/§9, in characters unless the name says bytes or px.
 */
export const LIMITS = {
  displayNameOwn: 20,
  displayNameAdmin: 50,
  discordTag: 37,
  friendCode: 14,
  nnid: 30,
  forumUserId: 7,
  teamName: 35,
  teamTag: 5,
  languageName: 20,
  shadowPlayerName: 20,
  shadowTeamName: 30,
  wordFilter: 100000,
  squadName: 30,
  squadTag: 5,
  tournamentTitle: 250,
  location: 120,
  seriesTitle: 250,
  seriesSlug: 30,
  seriesDisplayOrder: 4,
  seriesShortDescription: 100000,
  teamSizeDigits: 2,
  placementTitle: 32,
  teamLogoBytes: 200 * 1024,
  profileUploadBytes: 8 * 1024 * 1024,
  tournamentLogoBytes: 2 * 1024 * 1024,
  editorMinHeightPx: 200,
  editorMaxHeightPx: 500,
  newsPreview: 450,
  password: { min: 8, max: 200 },
  email: 254,
} as const;

/** Counts of the home page and shared widgets (000 §9, 001 §9). */
export const COUNTS = {
  homeNews: 3,
  homeTournaments: 7,
  homePlayers: 10,
  homeTeams: 10,
  homeTransfers: 5,
  homeResults: 12,
  medalPlaces: 3,
  pickerResults: 100,
  appearanceTable: 25,
  registrationPreview: 10,
  placementsPreview: 12,
} as const;

/** Name-change intervals in days (000 §5): 8 weeks supporters, 6 months others, 12 weeks teams. */
export const NAME_CHANGE_DAYS = { supporter: 56, player: 182, team: 84 } as const;

/** Defaults (000 §9, 001 §9). */
export const DEFAULTS = { borderColor: 60, teamColor: 1, theme: "forest", country: "ZZ", squadColor: 1 } as const;

/** The support-forum link used when SUPPORT_FORUM_URL is not set. */
export const DEFAULT_SUPPORT_FORUM_URL = "/support";

/** Returns the human name of a game mode key, or the key itself when unknown. */
export function gameModeTitle(key: string): string {
  const m = (GAME_MODES as Record<string, { title: string }>)[key];
  return m ? m.title : key;
}
