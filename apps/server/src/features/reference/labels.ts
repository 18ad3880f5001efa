import { EVENT_FORMATS, type EventFormat, GAME_MODES, GAMES } from "@site/contract";

/** Human labels of stored keys (001 §3 `_human` fields); unknown keys fall back to the key. */
export const gameTitle = (game: string) => (GAMES as Record<string, { title: string }>)[game]?.title ?? game;
export const gameModeTitle = (mode: string) => (GAME_MODES as Record<string, { title: string }>)[mode]?.title ?? mode;
export const gameModeAbbrev = (mode: string) => (GAME_MODES as Record<string, { abbrev: string }>)[mode]?.abbrev ?? mode;
export const gameOfMode = (mode: string): string | null => (GAME_MODES as Record<string, { game: string }>)[mode]?.game ?? null;
export const isGameMode = (mode: string) => Object.prototype.hasOwnProperty.call(GAME_MODES, mode);
export const formatHuman = (format: number) => EVENT_FORMATS[format as EventFormat] ?? "Unknown";
export const asEventFormat = (n: number | null): EventFormat | null => (n === 0 || n === 1 || n === 2 ? n : null);
