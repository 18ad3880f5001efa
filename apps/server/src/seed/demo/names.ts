import type { Rng } from "./rng.js";
import {
  CITIES,
  COUNTRY_REGION,
  FIRST_NAMES,
  HANDLE_NOUNS,
  HANDLE_PREFIXES,
  SYLLABLES,
  TEAM_ADJECTIVES,
  TEAM_NOUNS,
  TEAM_SINGLE_WORDS,
  TEAM_SUFFIXES,
} from "./words.js";

/** Name generators shared by the phases: player handles, friend codes, Discord tags, team names and tags. */

/** Unique-ish gamer handles (at most 20 characters); `used` holds lower-cased names. */
export function makeHandle(rng: Rng, country: string, used: Set<string>): string {
  for (let attempt = 0; attempt < 12; attempt++) {
    const r = rng.next();
    let name: string;
    if (r < 0.26) name = rng.pick(HANDLE_PREFIXES) + rng.pick(HANDLE_NOUNS);
    else if (r < 0.34) name = `${rng.pick(HANDLE_PREFIXES)} ${rng.pick(HANDLE_NOUNS)}`;
    else if (r < 0.54) {
      const n = rng.int(2, 3);
      let s = "";
      for (let i = 0; i < n; i++) s += rng.pick(SYLLABLES);
      name = s.charAt(0).toUpperCase() + s.slice(1);
    } else if (r < 0.74) {
      const first = rng.pick(FIRST_NAMES[COUNTRY_REGION[country] ?? "en"]!);
      name = first + rng.pick(["", "", "MK", "_MK", ".", "_", "TV", "Kart", String(rng.int(1, 99))]);
    } else if (r < 0.92) name = rng.pick(HANDLE_NOUNS) + rng.pick(["", "_"]) + String(rng.int(1, 999));
    else {
      const noun = rng.pick(HANDLE_NOUNS);
      name = rng.pick([`xX${noun}Xx`, `ii${noun}`, `${noun.toLowerCase()}_`, `The${noun}`, `${noun}Main`]);
    }
    // Later attempts add digits so the loop ends even with many players.
    if (attempt >= 4 || rng.chance(0.08)) name += rng.digits(attempt >= 8 ? 4 : 2);
    name = name.slice(0, 20);
    const key = name.toLowerCase();
    if (name.length >= 2 && !used.has(key)) {
      used.add(key);
      return name;
    }
  }
  let name: string;
  do name = `Racer${rng.digits(8)}`;
  while (used.has(name.toLowerCase()));
  used.add(name.toLowerCase());
  return name;
}

/** A Switch/3DS/MKT friend code, normalized without prefix: 1234-5678-9012, unique. */
export function makeFriendCode(rng: Rng, used: Set<string>): string {
  let fc: string;
  do fc = `${rng.digits(4)}-${rng.digits(4)}-${rng.digits(4)}`;
  while (used.has(fc));
  used.add(fc);
  return fc;
}

export function slugify(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[^A-Za-z0-9]/g, "")
    .toLowerCase();
}

export function makeDiscord(rng: Rng, name: string): string {
  const base = slugify(name) || "racer";
  if (rng.chance(0.2)) return `${name.replace(/\s+/g, "")}#${rng.digits(4)}`.slice(0, 37);
  return (base + rng.pick(["", "", "_", ".", "_mk", String(rng.int(1, 99))])).slice(0, 32);
}

export function makeTeamName(rng: Rng, used: Set<string>): string {
  for (let attempt = 0; attempt < 24; attempt++) {
    const r = rng.next();
    let name: string;
    if (r < 0.38) name = `${rng.pick(TEAM_ADJECTIVES)} ${rng.pick(TEAM_NOUNS)}`;
    else if (r < 0.5) name = `Team ${rng.pick([...TEAM_SINGLE_WORDS, ...TEAM_NOUNS])}`;
    else if (r < 0.72) name = `${rng.pick(TEAM_ADJECTIVES)} ${rng.pick(TEAM_NOUNS)} ${rng.pick(TEAM_SUFFIXES)}`;
    else if (r < 0.86) name = rng.pick(TEAM_SINGLE_WORDS) + (rng.chance(0.6) ? ` ${rng.pick(TEAM_SUFFIXES)}` : "");
    else name = `${rng.pick(CITIES)} ${rng.pick(TEAM_NOUNS)}`;
    if (name.length <= 35 && !used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
  // The word lists hold ~15,000 names; beyond that a generation suffix keeps names unique.
  const base = `${rng.pick(TEAM_ADJECTIVES)} ${rng.pick(TEAM_NOUNS)}`;
  for (let k = 2; ; k++) {
    const name = `${base} ${k}`;
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
}

/** A tag of at most 5 characters derived from the name, unique within `scope` (a category). */
export function makeTag(rng: Rng, name: string, used: Set<string>, scope: string): string {
  const words = name.split(/\s+/).filter((w) => w !== "Team" && !/^\d+$/.test(w));
  const clean = (s: string) => s.normalize("NFD").replace(/[^A-Za-z0-9]/g, "");
  const options: string[] = [];
  if (words.length >= 2)
    options.push(
      words
        .map((w) => clean(w).charAt(0).toUpperCase())
        .join("")
        .slice(0, 5),
    );
  const first = clean(words[0] ?? name);
  options.push(
    first.slice(0, 3).toUpperCase(),
    first.slice(0, 4),
    first.slice(0, 2).toUpperCase() + (clean(words[1] ?? "").charAt(0) || ""),
  );
  for (const o of rng.shuffle(options)) {
    if (o.length >= 1 && !used.has(`${scope}|${o.toLowerCase()}`)) {
      used.add(`${scope}|${o.toLowerCase()}`);
      return o;
    }
  }
  const stem = (options[0] ?? "T").slice(0, 3);
  for (let k = 1; ; k++) {
    const tag = `${stem}${k}`.slice(0, 5);
    if (!used.has(`${scope}|${tag.toLowerCase()}`)) {
      used.add(`${scope}|${tag.toLowerCase()}`);
      return tag;
    }
  }
}
