/**
 * Default art for things without an uploaded image (tournaments, series, teams, news, videos):
 * the name's initials on a colour derived from the name, so each entry keeps the same art across
 * pages and reloads and neighbours in a list look different (#17 §8: no empty grey squares).
 * Pure; the <GeneratedArt> component draws it with CSS.
 */

export interface GeneratedArt {
  /** One or two upper-case characters ('?' for a name with no letter or digit). */
  initials: string;
  /** Hue 0–359 picked by the name's hash. */
  hue: number;
  /** `#rrggbb` background: the hue at fixed saturation and a lightness dark enough for white text. */
  background: string;
  /** `#rrggbb` text colour (white; ≥ 4.5:1 against every background this produces). */
  foreground: string;
}

/** 32-bit FNV-1a of the string's UTF-16 code units: stable across browsers and runs. */
export function hashName(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * Initials: the first letter of each of the first two words that start with a letter ("200cc
 * Squad Showdown #9" → "SS", "Wicked Cup #1" → "WC"); a single such word gives one letter; a
 * name with no word starting with a letter falls back to its first letter or digit ("#1" → "1"),
 * and to '?' when it has none.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s\-_/.:·|]+/u);
  const lettered = words.filter((w) => /^\p{L}/u.test(w)).map((w) => [...w][0]!.toUpperCase());
  if (lettered.length > 0) return lettered.slice(0, 2).join("");
  const first = /[\p{L}\p{N}]/u.exec(name);
  return first ? first[0].toUpperCase() : "?";
}

/** `hsl(h, s%, l%)` as `#rrggbb` (CSS Color 4 conversion). */
export function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const v = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The art of `name`: initials, and a hue from its hash at saturation 45 % and lightness 32 %. */
export function generatedArt(name: string): GeneratedArt {
  const hue = hashName(name) % 360;
  return { initials: initialsOf(name), hue, background: hslToHex(hue, 45, 32), foreground: "#ffffff" };
}
