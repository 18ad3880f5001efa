import { BULK_ADD_CODES, BULK_ADD_MAX_LINES, FRIEND_CODE_TYPES, type FriendCodeType, LIMITS } from "@site/contract";

/**
 * Reading a bulk-add list (issue #22 §2) as pure rules, no I/O: each non-blank line is one
 * player (solo tournaments) or one squad `TAG: name, name, …` (squad tournaments), and each
 * name is a registry id, a friend code or a registry name.
 */

/** How one pasted name will be looked up. */
export type Lookup =
  | { kind: "id"; id: number }
  /** A friend code without its prefix (`1234-5678-9012`); `type` from the prefix, else unknown. */
  | { kind: "fc"; type: Exclude<FriendCodeType, "nnid"> | null; fc: string }
  /** A registry name, spaces collapsed; matched ignoring case. */
  | { kind: "name"; name: string };

export interface ParsedMember {
  input: string;
  lookup: Lookup;
}

export interface ParsedLine {
  /** Line number in the pasted text, from 1. */
  line: number;
  text: string;
  squadTag: string | null;
  squadName: string | null;
  members: ParsedMember[];
  /** Why the line cannot be used at all (malformed squad line, limits), or null. */
  error: string | null;
  /** `error`'s code and params for translation (#21, BULK_ADD_CODES), or null. */
  errorCode: { code: string; params: Record<string, string | number> } | null;
}

const ID_RE = /^\d{1,9}$/;
const FC_RE = /^(SW-|3DS-|MKT-)?(\d{4})-?(\d{4})-?(\d{4})$/i;
const PREFIX_TYPE: Record<string, Exclude<FriendCodeType, "nnid">> = {
  [FRIEND_CODE_TYPES.switch.prefix]: "switch",
  [FRIEND_CODE_TYPES["3ds"].prefix]: "3ds",
  [FRIEND_CODE_TYPES.mktour.prefix]: "mktour",
};

/** Collapses runs of white space and trims (names are matched this way). */
export const tidy = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * What one pasted name means: digits only (up to 9) is a registry id; `SW-1234-5678-9012`,
 * `1234-5678-9012` or `123456789012` (dashes optional, prefix SW-/3DS-/MKT- in any case) is a
 * friend code; anything else is a registry name.
 */
export function readLookup(input: string): Lookup {
  const v = tidy(input);
  if (ID_RE.test(v)) return { kind: "id", id: Number(v) };
  const fc = FC_RE.exec(v);
  if (fc) return { kind: "fc", type: fc[1] ? PREFIX_TYPE[fc[1].toUpperCase()]! : null, fc: `${fc[2]}-${fc[3]}-${fc[4]}` };
  return { kind: "name", name: v };
}

/**
 * Splits the pasted text into lines (blank lines and lines starting with `#` are skipped).
 * Squad lines are `TAG: name, name, …`; the part before the colon may also carry the squad's
 * name after the tag (`ABC The Alphabet: …`), otherwise the squad is named after its tag.
 * Throws a RangeError past BULK_ADD_MAX_LINES lines (the service answers 400).
 */
export function parseBulkList(text: string, opts: { squad: boolean; maxMembers: number }): ParsedLine[] {
  const out: ParsedLine[] = [];
  const raw = text.split(/\r\n|\r|\n/);
  raw.forEach((rawLine, i) => {
    const line = rawLine.trim();
    if (!line || line.startsWith("#")) return;
    out.push(opts.squad ? squadLine(i + 1, line, opts.maxMembers) : soloLine(i + 1, line));
  });
  if (out.length > BULK_ADD_MAX_LINES) throw new RangeError(`The list may have at most ${BULK_ADD_MAX_LINES} lines; it has ${out.length}.`);
  return out;
}

function soloLine(line: number, text: string): ParsedLine {
  return {
    line,
    text,
    squadTag: null,
    squadName: null,
    members: [{ input: tidy(text), lookup: readLookup(text) }],
    error: null,
    errorCode: null,
  };
}

function squadLine(line: number, text: string, maxMembers: number): ParsedLine {
  const base = { line, text, squadTag: null, squadName: null, members: [] as ParsedMember[] };
  const why = (error: string, code: string, params: Record<string, string | number> = {}) => ({ error, errorCode: { code, params } });
  const colon = text.indexOf(":");
  if (colon < 0) return { ...base, ...why("Squad lines look like 'TAG: name, name, …'.", BULK_ADD_CODES.squadLineFormat) };
  const head = tidy(text.slice(0, colon));
  const [tag = "", ...rest] = head.split(" ");
  const name = rest.join(" ") || tag;
  const members = text
    .slice(colon + 1)
    .split(",")
    .map(tidy)
    .filter(Boolean)
    .map((input) => ({ input, lookup: readLookup(input) }));
  const withSquad = { ...base, squadTag: tag || null, squadName: name || null, members };
  if (!tag) return { ...withSquad, ...why("The squad's tag is missing before the colon.", BULK_ADD_CODES.tagMissing) };
  if (tag.length > LIMITS.squadTag)
    return {
      ...withSquad,
      ...why(`Squad tags may be at most ${LIMITS.squadTag} characters.`, "registration.squad_tag_max", { max: LIMITS.squadTag }),
    };
  if (name.length > LIMITS.squadName)
    return {
      ...withSquad,
      ...why(`Squad names may be at most ${LIMITS.squadName} characters.`, "registration.squad_name_max", { max: LIMITS.squadName }),
    };
  if (members.length === 0) return { ...withSquad, ...why("The squad has no players.", BULK_ADD_CODES.noMembers) };
  if (members.length > maxMembers)
    return {
      ...withSquad,
      ...why(`A squad may have at most ${maxMembers} players; this one has ${members.length}.`, BULK_ADD_CODES.tooManyMembers, {
        max: maxMembers,
        count: members.length,
      }),
    };
  return { ...withSquad, error: null, errorCode: null };
}
