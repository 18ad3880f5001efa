/**
 * Lorenzi's table-maker text (issue #19 "Score entry": hosts paste what they already give the
 * image maker): parse it, match its names to a room's racers, and write a room back in it.
 *
 * The subset read here:
 * - `#title Some title` (the first one counts; other `#…` lines are the maker's settings and
 *   are ignored); blank lines and `//` comments are ignored;
 * - a team header, `TAG` alone on a line (not a bare number) or `TAG - Team name` (any line
 *   whose second word is `-`); racers below it belong to it;
 * - a racer line `Name [cc] 45|38|52`: the score token is the last token and is made of digits,
 *   `|` (column separator: per race or per GP) and `+` (adds up inside a column, so `12+15+9`
 *   is one column of 36); the optional `[cc]` flag token comes right before it; the name is
 *   everything before (it may contain spaces);
 * - a penalty: Lorenzi has no penalty syntax, so ours is a trailing negative number after the
 *   score token, `Name 45|38 -15` = a penalty of 15 (`−15` with a Unicode minus also reads).
 */

export interface LorenziLine {
  /** 1-based line number in the pasted text. */
  line: number;
  name: string;
  /** Lower-cased flag code without brackets (`[DE]` → "de"), or null. */
  flag: string | null;
  /** One number per `|`-separated column (`+` parts summed). */
  scores: number[];
  /** Points subtracted, ≥ 0. */
  penalty: number;
  /** The tag of the team header above the racer, or null (solo tables). */
  team_tag: string | null;
}

/** A team header line (kept so a table round-trips with its team names). */
export interface LorenziTeam {
  line: number;
  tag: string;
  name: string | null;
}

/** Largest single number accepted: beyond any real table, keeps sums exact. */
const MAX_NUMBER = 99_999;
const SCORE_TOKEN = /^[\d|+]+$/;
const COLUMN = /^\d+(\+\d+)*$/;
const FLAG_TOKEN = /^\[([A-Za-z]{2,3}(-[A-Za-z]{2,4})?)\]$/;
const PENALTY_TOKEN = /^[-\u2212](\d+)$/;

/** Reads the score token (`45|38|52`, `12+15+9`) into columns, or null when malformed. */
function readScores(token: string): number[] | null {
  const out: number[] = [];
  for (const column of token.split("|")) {
    if (!COLUMN.test(column)) return null;
    const value = column.split("+").reduce((sum, part) => sum + Number(part), 0);
    if (column.split("+").some((part) => Number(part) > MAX_NUMBER)) return null;
    out.push(value);
  }
  return out;
}

/**
 * Parses Lorenzi table text (format above). Returns the title (null when no `#title`), the
 * racer lines in order and, as an extra, the team headers; or the first error as
 * `{ ok: false, line (1-based), message }`: a racer line without a score, a malformed score,
 * a racer line with no name, a team header with no racers under it, or no racer at all (line
 * 1). The message does not repeat the line number (callers show "Line {line}: {message}").
 */
export function parseLorenzi(
  text: string,
): { ok: true; title: string | null; lines: LorenziLine[]; teams: LorenziTeam[] } | { ok: false; line: number; message: string } {
  let title: string | null = null;
  const lines: LorenziLine[] = [];
  const teams: LorenziTeam[] = [];
  let team: LorenziTeam | null = null;
  let teamRacers = 0;
  const rows = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < rows.length; i++) {
    const n = i + 1;
    const row = rows[i]!.trim();
    if (row === "" || row.startsWith("//")) continue;
    if (row.startsWith("#")) {
      const m = /^#title(?:\s+(.*))?$/i.exec(row);
      if (m && title === null) title = (m[1] ?? "").trim() || null;
      continue;
    }
    const tokens = row.split(/\s+/);
    // A team header: `TAG` alone (not a bare number) or `TAG - Team name` (whatever the name ends with).
    if ((tokens.length === 1 && !SCORE_TOKEN.test(tokens[0]!)) || (tokens.length >= 3 && tokens[1] === "-")) {
      if (team && teamRacers === 0) return { ok: false, line: team.line, message: `team ${team.tag} has no racers.` };
      team = { line: n, tag: tokens[0]!, name: tokens.length >= 3 ? tokens.slice(2).join(" ") : null };
      teams.push(team);
      teamRacers = 0;
      continue;
    }
    let end = tokens.length;
    let penalty = 0;
    const pen = PENALTY_TOKEN.exec(tokens[end - 1]!);
    if (pen && end >= 2 && SCORE_TOKEN.test(tokens[end - 2]!)) {
      penalty = Number(pen[1]);
      if (penalty > MAX_NUMBER) return { ok: false, line: n, message: `the penalty is too large.` };
      end--;
    }
    const scoreToken = tokens[end - 1]!;
    if (!SCORE_TOKEN.test(scoreToken)) return { ok: false, line: n, message: `no score found (write "Name 45|38|52" or "Name 135").` };
    const scores = readScores(scoreToken);
    if (!scores) return { ok: false, line: n, message: `"${scoreToken}" is not a score (numbers separated by | or +).` };
    end--;
    let flag: string | null = null;
    const f = end >= 1 ? FLAG_TOKEN.exec(tokens[end - 1]!) : null;
    if (f) {
      flag = f[1]!.toLowerCase();
      end--;
    }
    const name = tokens.slice(0, end).join(" ");
    if (name === "") return { ok: false, line: n, message: `the racer has no name.` };
    lines.push({ line: n, name, flag, scores, penalty, team_tag: team ? team.tag : null });
    teamRacers++;
  }
  if (team && teamRacers === 0) return { ok: false, line: team.line, message: `team ${team.tag} has no racers.` };
  if (lines.length === 0) return { ok: false, line: 1, message: "no racer line found." };
  return { ok: true, title, lines, teams };
}

export interface RoomRacer {
  player_id: number;
  entrant_id: number;
  /** Names the racer may appear under: registry name, in-game name. */
  names: string[];
}

/** Comparison form of a name: Unicode-normalised, case-folded, single spaces. */
function nameKey(name: string): string {
  return name.normalize("NFKC").toLowerCase().trim().replace(/\s+/g, " ");
}

type MatchProblem = { kind: "unknown" | "duplicate" | "ambiguous" | "missing"; line: number | null; name: string; candidates: number[] };

/**
 * Matches parsed lines to the room's racers: a line's name matches a racer when it equals one
 * of the racer's `names` ignoring case (and spacing/Unicode form). `picks[line] = player_id`
 * decides a line by hand (an ambiguous or unknown name); a pick of a player not in the room is
 * "unknown". Problems, all reported at once:
 * - unknown: no racer has that name (candidates []);
 * - ambiguous: 2+ racers have it (candidates = their player_ids) — the UI asks for a pick;
 * - duplicate: a second line for a racer already matched (candidates [player_id]);
 * - missing: a racer of the room on no line (line null, name = the racer's first name,
 *   candidates [player_id]).
 * `matched` (lines in order) is returned in both cases, so a partial result can be shown.
 */
export function matchLorenzi(
  lines: LorenziLine[],
  racers: RoomRacer[],
  picks: Record<number, number> = {},
):
  | { ok: true; matched: Array<{ line: number; player_id: number; entrant_id: number }> }
  | { ok: false; problems: MatchProblem[]; matched: Array<{ line: number; player_id: number; entrant_id: number }> } {
  const problems: MatchProblem[] = [];
  const matched: Array<{ line: number; player_id: number; entrant_id: number }> = [];
  const used = new Set<number>();
  for (const l of lines) {
    let racer: RoomRacer | undefined;
    const pick = picks[l.line];
    if (pick !== undefined) {
      racer = racers.find((r) => r.player_id === pick);
      if (!racer) {
        problems.push({ kind: "unknown", line: l.line, name: l.name, candidates: [] });
        continue;
      }
    } else {
      const key = nameKey(l.name);
      const candidates = racers.filter((r) => r.names.some((x) => nameKey(x) === key));
      if (candidates.length === 0) {
        problems.push({ kind: "unknown", line: l.line, name: l.name, candidates: [] });
        continue;
      }
      if (candidates.length > 1) {
        problems.push({ kind: "ambiguous", line: l.line, name: l.name, candidates: candidates.map((r) => r.player_id) });
        continue;
      }
      racer = candidates[0]!;
    }
    if (used.has(racer.player_id)) {
      problems.push({ kind: "duplicate", line: l.line, name: l.name, candidates: [racer.player_id] });
      continue;
    }
    used.add(racer.player_id);
    matched.push({ line: l.line, player_id: racer.player_id, entrant_id: racer.entrant_id });
  }
  // A racer an unresolved line could be (ambiguous) is not reported missing: the pick settles it.
  const pending = new Set(problems.flatMap((p) => (p.kind === "ambiguous" ? p.candidates : [])));
  for (const r of racers) {
    if (!used.has(r.player_id) && !pending.has(r.player_id))
      problems.push({ kind: "missing", line: null, name: r.names[0] ?? "", candidates: [r.player_id] });
  }
  return problems.length ? { ok: false, problems, matched } : { ok: true, matched };
}

/**
 * Writes a room's table as Lorenzi text: `#title <title>` (omitted when the title is blank),
 * then per side, separated by a blank line, a `TAG - Name` header (`TAG` when the name is null;
 * none when `tag` is null, as for solo sides), then one line per racer: `Name [cc] a|b|c`
 * (`scores` as given: per race, per GP or a single total; none → 0) and ` -P` when the
 * penalty P > 0. parseLorenzi reads it back to the same names, flags, scores, penalties, tags
 * and title, given non-empty names with no line breaks, not starting with `#` or `//`, whose
 * second word is not `-` and whose last word is not a `[xx]` flag; a tag's spaces are dropped
 * (`Team Rocket` → `TeamRocket`) because the format's tag is one word.
 */
export function formatLorenzi(
  title: string,
  sides: Array<{
    tag: string | null;
    name: string | null;
    racers: Array<{ name: string; flag: string | null; scores: number[]; penalty: number }>;
  }>,
): string {
  const out: string[] = [];
  if (title.trim() !== "") out.push(`#title ${title.trim()}`);
  sides.forEach((side, i) => {
    if (i > 0 || out.length > 0) out.push("");
    // A tag is one word in the format; spaces would turn the header into a racer line.
    const tag = side.tag === null ? null : side.tag.replace(/\s+/g, "") || "-";
    if (tag !== null) out.push(side.name ? `${tag} - ${side.name.replace(/\s+/g, " ").trim()}` : tag);
    for (const r of side.racers) {
      const parts = [r.name.replace(/\s+/g, " ").trim()];
      if (r.flag) parts.push(`[${r.flag.toLowerCase()}]`);
      parts.push(r.scores.length ? r.scores.join("|") : "0");
      if (r.penalty > 0) parts.push(`-${r.penalty}`);
      out.push(parts.join(" "));
    }
  });
  return out.join("\n") + "\n";
}
