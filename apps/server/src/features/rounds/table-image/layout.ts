import { type Advance, colorHex, type Room, ROUND_MESSAGES as M } from "@site/contract";

/**
 * The score-table image's layout (issue #20 §3), pure: the room's table as organisers post it
 * (Lorenzi's table maker: a dark background, a title line, one block per side in the side's
 * colour with its tag and its total big on the right, each racer a row with flag, name,
 * per-race or GP scores, penalty and total) computed as a list of shapes. No I/O: text widths
 * come from the `measure` function the caller passes (the real fonts in `render.ts`, a fixed
 * width in the tests), and `render.ts` turns the shapes into SVG and then PNG.
 */

/** One racer row: scores per race or per GP (null = DC / not raced), penalty (points, ≥ 0) and total after it. */
export interface TableImageRacer {
  name: string;
  /** ISO 3166-1 alpha-2, upper case; "ZZ" or "" when unknown. */
  country: string;
  scores: Array<number | null> | null;
  penalty: number;
  total: number | null;
}

/** One side (a squad, or a player in a solo tournament) with its result. `color` is a #rrggbb hex or null (a palette colour is used). */
export interface TableImageSide {
  tag: string | null;
  name: string;
  color: string | null;
  rank: number | null;
  total: number | null;
  advanced: Advance | null;
  racers: TableImageRacer[];
}

/** Everything the image draws, and nothing else: its hash is the image's identity (ETag, cache key). */
export interface TableImageData {
  title: string;
  subtitle: string;
  footer: string;
  /** Squad rooms draw one block per side with tag and side total; solo rooms one row per racer. */
  squads: boolean;
  /** What the score columns hold: per-race points, GP subtotals, or none (totals only). */
  columns: "race" | "gp" | "none";
  sides: TableImageSide[];
  mismatch: { expected: number; actual: number } | null;
}

export type Weight = 400 | 700;
/** Width in px of `text` drawn at `size` px in `weight`. */
export type Measure = (text: string, size: number, weight: Weight) => number;

export type Shape =
  | { kind: "rect"; x: number; y: number; w: number; h: number; fill: string; r?: number; opacity?: number }
  | {
      kind: "text";
      x: number;
      y: number;
      text: string;
      size: number;
      weight: Weight;
      fill: string;
      anchor: "start" | "middle" | "end";
      opacity?: number;
    }
  | { kind: "flag"; x: number; y: number; w: number; h: number; country: string };

/** The laid-out image: its size in px, the background gradient (top, bottom) and the shapes in drawing order. */
export interface TableLayout {
  width: number;
  height: number;
  background: [string, string];
  shapes: Shape[];
}

/** Changes whenever the drawing changes, so cached images and ETags of an older look are not reused. */
export const LAYOUT_VERSION = 2;

/** Per-race columns are shown up to this many races; longer rounds show GP subtotals of 4 races. */
export const MAX_RACE_COLUMNS = 12;
const GP_RACES = 4;

/** Colours for sides without one (solo players, squads with no colour), distinct on the dark background. */
export const SIDE_PALETTE = ["#2f6fd6", "#d64545", "#2e9d5b", "#c98a12", "#8a4fd0", "#1f9fb0", "#d0569a", "#6b7a8f"] as const;

const BG: [string, string] = ["#161a26", "#0e1119"];
const INK = "#f5f7fb";
const MUTED = "#9aa3b5";
const PENALTY = "#ff8a8a";
const FONT_TITLE = 28;
/** The narrowest image (px): a table with no score columns still reads as a banner. */
const MIN_WIDTH = 720;
/** Room for a racer's name (px) when the score columns fill the width. */
const NAME_W = 250;
const PAD = 24;

/** The image data of a room as the public round page shows it (no room or friend codes), with scores arranged in columns. */
export function tableImageData(input: {
  title: string;
  subtitle: string;
  footer: string;
  squads: boolean;
  races: number;
  room: Pick<Room, "sides" | "mismatch">;
}): TableImageData {
  const racers = input.room.sides.flatMap((s) => s.racers);
  const perRace = racers.some((r) => r.races);
  const columns: TableImageData["columns"] =
    perRace && input.races <= MAX_RACE_COLUMNS ? "race" : perRace || racers.some((r) => r.gp) ? "gp" : "none";
  const scoresOf = (r: (typeof racers)[number]): Array<number | null> | null => {
    if (columns === "race") return r.races;
    if (columns === "gp") {
      if (r.gp) return r.gp;
      if (!r.races) return null;
      const gps: number[] = [];
      for (let i = 0; i < r.races.length; i += GP_RACES) gps.push(r.races.slice(i, i + GP_RACES).reduce<number>((a, p) => a + (p ?? 0), 0));
      return gps;
    }
    return null;
  };
  return {
    title: input.title,
    subtitle: input.subtitle,
    footer: input.footer,
    squads: input.squads,
    columns,
    mismatch: input.room.mismatch,
    sides: input.room.sides.map((s) => ({
      tag: s.tag,
      name: s.name,
      color: s.color === null ? null : colorHex(s.color),
      rank: s.rank,
      total: s.total,
      advanced: s.advanced,
      racers: s.racers
        .map((r) => ({ name: r.mii_name || r.name, country: r.country_code, scores: scoresOf(r), penalty: r.penalty, total: r.total }))
        // Best first inside a side, as the table maker orders its rows; a racer without a total last.
        .sort((a, b) => (b.total ?? -Infinity) - (a.total ?? -Infinity) || a.name.localeCompare(b.name)),
    })),
  };
}

/** WCAG relative luminance of a #rrggbb colour (0 black … 1 white). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace("#", "").slice(0, 6), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
}

/** WCAG contrast ratio of two colours (1 … 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `a` mixed with `b` by `t` (0 = a, 1 = b), both #rrggbb. */
export function mix(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1, 7), 16);
  const pb = Number.parseInt(b.slice(1, 7), 16);
  const ch = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, "0")}`;
}

/** The text colour for a side's block: near-white or near-black, whichever contrasts more with the side colour. */
export function inkOn(fill: string): string {
  const dark = "#111418";
  return contrast(fill, INK) >= contrast(fill, dark) ? INK : dark;
}

/** `text`, or its longest prefix (whole code points) with "…" that fits `max` px. */
export function clip(text: string, max: number, size: number, weight: Weight, measure: Measure): string {
  if (measure(text, size, weight) <= max) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  // Longest prefix whose ellipsised form fits (binary search: widths grow with the prefix).
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(chars.slice(0, mid).join("").trimEnd() + "…", size, weight) <= max) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join("").trimEnd() + "…";
}

/** "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st". */
export function ordinal(n: number): string {
  const t = n % 100;
  return `${n}${t >= 11 && t <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
}

const ADVANCE_LABEL: Record<Advance, { text: string; fill: string } | null> = {
  yes: { text: "Advanced", fill: "#1f9d55" },
  wildcard: { text: "Wildcard", fill: "#b7791f" },
  tie: { text: "Tie", fill: "#c53030" },
  no: null,
};

/** Signed points with a real minus sign. */
const signed = (n: number) => (n < 0 ? `−${-n}` : String(n));

/**
 * Lays out the table. Geometry (px): a title block, a header row naming the columns, then the
 * sides top to bottom in the given order (ranked first, as the round page shows them), then a
 * footer. Squad rooms: each side a block in its colour, tag and name on the left, racer rows,
 * the side's total and rank on the right. Solo rooms: one row per racer with rank, flag, name,
 * scores and total, alternating two palette shades, advanced sides marked. Rows are 38 px
 * tall up to 12 racers and 30 px for 24.
 */
export function layoutTable(data: TableImageData, measure: Measure): TableLayout {
  const racerCount = data.sides.reduce((n, s) => n + s.racers.length, 0);
  const compact = racerCount > 12;
  const rowH = compact ? 30 : 38;
  const nameSize = compact ? 16 : 18;
  const scoreSize = compact ? 13 : 15;
  const cols = data.columns === "none" ? 0 : Math.max(0, ...data.sides.flatMap((s) => s.racers.map((r) => r.scores?.length ?? 0)));
  const colW = data.columns === "gp" ? 52 : 36;
  const hasPenalty = data.sides.some((s) => s.racers.some((r) => r.penalty > 0));

  // Horizontal bands, left to right.
  const leftW = data.squads ? 132 : 52; // tag and name | rank
  const flagW = 26;
  const penW = hasPenalty ? 56 : 0;
  const totalW = 64;
  const rightW = data.squads ? 128 : 112; // side total and rank | advanced mark
  const fixedW = leftW + 12 + flagW + 10 + cols * colW + penW + totalW + 12 + rightW;
  // Names get 250 px, and whatever a narrow table (few score columns) leaves of the minimum width.
  const nameW = Math.max(NAME_W, MIN_WIDTH - PAD * 2 - fixedW);
  const width = PAD * 2 + fixedW + nameW;
  const x0 = PAD;
  const xFlag = x0 + leftW + 12;
  const xName = xFlag + flagW + 10;
  const xCols = xName + nameW;
  const xPen = xCols + cols * colW;
  const xTotal = xPen + penW + totalW; // right edge of the racer total
  const xRight = xTotal + 12; // side band
  const blockW = width - PAD * 2;
  const gap = data.squads ? 10 : 3;

  const shapes: Shape[] = [];
  const text = (
    x: number,
    y: number,
    s: string,
    size: number,
    weight: Weight,
    fill: string,
    anchor: "start" | "middle" | "end" = "start",
    opacity?: number,
  ) => shapes.push({ kind: "text", x, y, text: s, size, weight, fill, anchor, ...(opacity !== undefined ? { opacity } : {}) });

  // Title block.
  let y = PAD;
  text(x0, y + FONT_TITLE, clip(data.title, blockW, FONT_TITLE, 700, measure), FONT_TITLE, 700, INK);
  y += FONT_TITLE + 12;
  text(x0, y + 16, clip(data.subtitle, blockW, 16, 400, measure), 16, 400, MUTED);
  y += 16 + 18;

  // Column header.
  const headY = y + 14;
  text(data.squads ? x0 + 10 : x0 + leftW / 2, headY, data.squads ? "TEAM" : "#", 12, 700, MUTED, data.squads ? "start" : "middle");
  text(xName, headY, "PLAYER", 12, 700, MUTED);
  for (let c = 0; c < cols; c++) {
    text(xCols + (c + 1) * colW - 4, headY, data.columns === "gp" ? `GP${c + 1}` : String(c + 1), 12, 700, MUTED, "end");
  }
  if (hasPenalty) text(xPen + penW - 4, headY, "PEN", 12, 700, MUTED, "end");
  text(xTotal, headY, "PTS", 12, 700, MUTED, "end");
  text(xRight + (rightW - 12) / 2 + 6, headY, data.squads ? "TOTAL" : "", 12, 700, MUTED, "middle");
  y += 24;

  data.sides.forEach((side, i) => {
    const fill = side.color ?? SIDE_PALETTE[i % SIDE_PALETTE.length]!;
    const blockFill = data.squads ? fill : i % 2 === 0 ? "#262c3d" : "#20263a";
    const ink = data.squads ? inkOn(fill) : INK;
    const soft = ink === INK ? "#ffffff" : "#000000";
    const h = Math.max(1, side.racers.length) * rowH;
    shapes.push({ kind: "rect", x: x0, y, w: blockW, h, fill: blockFill, r: 8 });
    if (!data.squads) {
      // The solo row's own colour as a stripe, so racers stay apart at a glance.
      shapes.push({ kind: "rect", x: x0, y, w: 6, h, fill, r: 3 });
    }
    // Racer rows: every other one shaded, so long rows stay readable.
    side.racers.forEach((r, k) => {
      const ry = y + k * rowH;
      const base = ry + rowH / 2 + nameSize * 0.35;
      if (k % 2 === 1) shapes.push({ kind: "rect", x: xFlag - 8, y: ry, w: xTotal - xFlag + 16, h: rowH, fill: soft, opacity: 0.08 });
      shapes.push({ kind: "flag", x: xFlag, y: ry + (rowH - 18) / 2, w: 24, h: 18, country: r.country });
      text(xName, base, clip(r.name, nameW - 12, nameSize, 700, measure), nameSize, 700, ink);
      const scoreBase = ry + rowH / 2 + scoreSize * 0.35;
      (r.scores ?? []).forEach((s, c) =>
        text(xCols + (c + 1) * colW - 4, scoreBase, s === null ? "–" : String(s), scoreSize, 400, ink, "end", 0.8),
      );
      if (r.penalty > 0) text(xPen + penW - 4, scoreBase, signed(-r.penalty), scoreSize, 700, data.squads ? ink : PENALTY, "end");
      text(xTotal, base, r.total === null ? "–" : String(r.total), nameSize, 700, ink, "end");
    });

    const midY = y + h / 2;
    const label = side.advanced ? ADVANCE_LABEL[side.advanced] : null;
    if (data.squads) {
      // Left band: tag big, the squad's name under it.
      const tag = side.tag || side.name;
      const tagSize = side.racers.length >= 2 ? 26 : 18;
      text(x0 + 12, midY + (side.tag ? -2 : tagSize * 0.35), clip(tag, leftW - 20, tagSize, 700, measure), tagSize, 700, ink);
      if (side.tag) text(x0 + 12, midY + 18, clip(side.name, leftW - 20, 12, 400, measure), 12, 400, ink, "start", 0.85);
      // Right band: a darker panel with the side total big, its rank and mark under it.
      // A darker shade of the side's colour; a near-black side gets a lighter one so the panel still shows.
      const panel = luminance(fill) < 0.02 ? mix(fill, "#ffffff", 0.14) : mix(fill, "#000000", 0.22);
      const panelInk = inkOn(panel);
      shapes.push({ kind: "rect", x: xRight, y, w: x0 + blockW - xRight, h, fill: panel, r: 8 });
      const cx = xRight + (x0 + blockW - xRight) / 2;
      const totalSize = side.racers.length >= 2 ? 36 : 24;
      const stack = side.racers.length >= 2;
      text(
        cx,
        stack ? midY + 4 : midY + totalSize * 0.35,
        side.total === null ? "–" : String(side.total),
        totalSize,
        700,
        panelInk,
        "middle",
      );
      if (stack && side.rank !== null)
        text(cx, midY + 26, label ? `${ordinal(side.rank)} · ${label.text}` : ordinal(side.rank), 12, 700, panelInk, "middle", 0.9);
    } else {
      if (side.rank !== null) text(x0 + leftW / 2 + 3, midY + nameSize * 0.35, String(side.rank), nameSize, 700, INK, "middle");
      if (label) {
        const pillW = rightW - 24;
        shapes.push({ kind: "rect", x: xRight + 6, y: midY - 11, w: pillW, h: 22, fill: label.fill, r: 11 });
        text(xRight + 6 + pillW / 2, midY + 4.5, label.text, 12, 700, "#ffffff", "middle");
      }
    }
    y += h + gap;
  });
  y += 8 - gap;

  // Footer: where it comes from, and a warning when the room's points did not add up.
  const footY = y + 18;
  text(x0, footY, clip(data.footer, blockW * 0.6, 13, 400, measure), 13, 400, MUTED);
  if (data.mismatch) {
    text(x0 + blockW, footY, M.mismatch(data.mismatch.actual, data.mismatch.expected), 13, 700, PENALTY, "end");
  }
  const height = footY + PAD;
  return { width, height, background: BG, shapes };
}
