import { ROUND_MESSAGES as M, type Room } from "@site/contract";
import { describe, expect, it } from "vitest";
import {
  clip,
  contrast,
  inkOn,
  layoutTable,
  luminance,
  type Measure,
  ordinal,
  type Shape,
  SIDE_PALETTE,
  type TableImageData,
  type TableImageSide,
  tableImageData,
} from "../src/features/rounds/table-image/layout.js";

/**
 * The score-table image's pure layout (issue #20 §3) on hand-computed cases: every code point is
 * half an em wide here (9 px at 18 px), so widths, clipping and positions can be worked out by hand.
 */
const measure: Measure = (text, size) => [...text].length * size * 0.5;

type Text = Extract<Shape, { kind: "text" }>;
type Rect = Extract<Shape, { kind: "rect" }>;
const texts = (shapes: Shape[]) => shapes.filter((s): s is Text => s.kind === "text");
const blocks = (shapes: Shape[]) => shapes.filter((s): s is Rect => s.kind === "rect" && s.r === 8 && s.x === 24);

function racer(name: string, total: number, races: Array<number | null> | null = null, penalty = 0) {
  return { name, country: "JP", scores: races, penalty, total };
}

/** A 2v2 room: 6 duos, 8 races; duo i's racers score 15 − i and 14 − i every race. */
function duos(): TableImageData {
  const sides: TableImageSide[] = Array.from({ length: 6 }, (_, i) => ({
    tag: `T${i + 1}`,
    name: `Duo ${i + 1}`,
    color: i === 5 ? null : ["#f44336", "#2196f3", "#fff59d", "#4caf50", "#000000"][i]!,
    rank: i + 1,
    total: 8 * (29 - 2 * i),
    advanced: i < 2 ? "yes" : i === 2 ? "wildcard" : "no",
    racers: [racer(`A${i}`, 8 * (15 - i), Array(8).fill(15 - i)), racer(`B${i}`, 8 * (14 - i), Array(8).fill(14 - i))],
  }));
  return { title: "Cup", subtitle: "Round 1 · Room 1", footer: "Site", squads: true, columns: "race", sides, mismatch: null };
}

/** A 24-racer solo room, 12 races; racer i scores 24 − i every race. */
function solo24(): TableImageData {
  const sides: TableImageSide[] = Array.from({ length: 24 }, (_, i) => ({
    tag: null,
    name: `P${i + 1}`,
    color: null,
    rank: i + 1,
    total: 12 * (24 - i),
    advanced: i < 12 ? "yes" : "no",
    racers: [racer(`P${i + 1}`, 12 * (24 - i), Array(12).fill(24 - i))],
  }));
  return { title: "Final", subtitle: "Room 1", footer: "Site", squads: false, columns: "race", sides, mismatch: null };
}

describe("table image data from a room", () => {
  const wireRacer = (id: number, o: Partial<Room["sides"][number]["racers"][number]>) => ({
    player_id: id,
    name: `R${id}`,
    country_code: "FR",
    mii_name: null,
    friend_code: null,
    can_host: false,
    races: null,
    gp: null,
    penalty: 0,
    total: null,
    ...o,
  });
  const room = (racers: Array<ReturnType<typeof wireRacer>>): Pick<Room, "sides" | "mismatch"> => ({
    mismatch: null,
    sides: [{ entrant_id: 1, name: "Duo", tag: "DU", color: 6, seed: 1, rank: 1, total: 50, advanced: "yes", decided_by: null, racers }],
  });
  const base = { title: "T", subtitle: "S", footer: "F", squads: true };

  it("orders a side's racers best first, names them by in-game name, and colours the side from its colour id", () => {
    const d = tableImageData({
      ...base,
      races: 2,
      room: room([wireRacer(1, { races: [1, 2], total: 3 }), wireRacer(2, { races: [15, 12], total: 27, mii_name: "MII" })]),
    });
    expect(d.columns).toBe("race");
    expect(d.sides[0]!.color).toBe("#ff9800"); // colour 6: Orange
    expect(d.sides[0]!.racers.map((r) => [r.name, r.scores, r.total])).toEqual([
      ["MII", [15, 12], 27],
      ["R1", [1, 2], 3],
    ]);
  });

  it("shows GP subtotals of 4 races past 12 races, the entered GPs, or no columns for bare totals", () => {
    const races = Array.from({ length: 16 }, (_, i) => i + 1);
    const long = tableImageData({ ...base, races: 16, room: room([wireRacer(1, { races, total: 136 })]) });
    expect(long.columns).toBe("gp");
    expect(long.sides[0]!.racers[0]!.scores).toEqual([10, 26, 42, 58]);
    const gp = tableImageData({ ...base, races: 8, room: room([wireRacer(1, { gp: [40, 38], total: 78 })]) });
    expect([gp.columns, gp.sides[0]!.racers[0]!.scores]).toEqual(["gp", [40, 38]]);
    const totals = tableImageData({ ...base, races: 8, room: room([wireRacer(1, { total: 78 }), wireRacer(2, { total: null })]) });
    expect(totals.columns).toBe("none");
    expect(totals.sides[0]!.racers.map((r) => [r.scores, r.total])).toEqual([
      [null, 78],
      [null, null],
    ]);
  });
});

describe("table image layout", () => {
  it("draws a 12-racer 2v2 room as 6 blocks in the sides' colours, 76 px tall and 10 apart, 970 × 678", () => {
    const l = layoutTable(duos(), measure);
    // 24 + (132 + 12 + 26 + 10 + 250 + 8 × 36 + 64 + 12 + 128) + 24; 122 + 6 × 86 − 10 + 8 + 18 + 24.
    expect([l.width, l.height]).toEqual([970, 678]);
    const b = blocks(l.shapes);
    expect(b.map((r) => [r.y, r.h])).toEqual([122, 208, 294, 380, 466, 552].map((y) => [y, 76]));
    expect(b.map((r) => r.fill)).toEqual(["#f44336", "#2196f3", "#fff59d", "#4caf50", "#000000", SIDE_PALETTE[5]]);
    const t = texts(l.shapes);
    // Racer rows in order, each with its total right-aligned at the PTS column (x = 24 + 132 + 12 + 26 + 10 + 250 + 288 + 64).
    const names = t.filter((x) => /^[AB]\d$/.test(x.text));
    expect(names.map((x) => x.text)).toEqual(["A0", "B0", "A1", "B1", "A2", "B2", "A3", "B3", "A4", "B4", "A5", "B5"]);
    expect(t.filter((x) => x.x === 806 && x.anchor === "end" && x.size === 18).map((x) => x.text)).toEqual(
      ["120", "112", "112", "104", "104", "96", "96", "88", "88", "80", "80", "72"].map(String),
    );
    // Side totals big in the right band, with rank and mark under them.
    expect(t.filter((x) => x.size === 36).map((x) => x.text)).toEqual(["232", "216", "200", "184", "168", "152"]);
    expect(t.filter((x) => x.size === 12 && x.text.includes("·")).map((x) => x.text)).toEqual([
      "1st · Advanced",
      "2nd · Advanced",
      "3rd · Wildcard",
    ]);
    // Tags on their blocks: dark ink on light yellow, light ink on black.
    expect(t.find((x) => x.text === "T3")!.fill).toBe("#111418");
    expect(t.find((x) => x.text === "T5")!.fill).toBe("#f5f7fb");
    // No penalty: no PEN column.
    expect(t.some((x) => x.text === "PEN")).toBe(false);
  });

  it("draws a 24-racer solo room as 24 rows of 30 px, ranked, with the advanced marked, 1018 × 961", () => {
    const l = layoutTable(solo24(), measure);
    // 24 + (52 + 12 + 26 + 10 + 250 + 12 × 36 + 64 + 12 + 112) + 24; 122 + 24 × 33 − 3 + 8 + 18 + 24.
    expect([l.width, l.height]).toEqual([1018, 961]);
    const b = blocks(l.shapes);
    expect(b).toHaveLength(24);
    expect(b.map((r) => r.y)).toEqual(Array.from({ length: 24 }, (_, i) => 122 + 33 * i));
    expect(b.every((r) => r.h === 30)).toBe(true);
    const t = texts(l.shapes);
    expect(t.filter((x) => x.anchor === "middle" && x.size === 16 && /^\d+$/.test(x.text)).map((x) => x.text)).toEqual(
      Array.from({ length: 24 }, (_, i) => String(i + 1)),
    );
    expect(t.filter((x) => x.text === "Advanced")).toHaveLength(12);
    // Twelve race columns headed 1…12.
    expect(t.filter((x) => x.size === 12 && /^\d+$/.test(x.text)).map((x) => x.text)).toEqual(
      Array.from({ length: 12 }, (_, i) => String(i + 1)),
    );
  });

  it("clips a long name with an ellipsis to its column, and shows a penalty column with a minus sign", () => {
    const d = duos();
    d.sides[0]!.racers[0] = racer("a".repeat(40), 105, Array(8).fill(15), 15);
    const t = texts(layoutTable(d, measure).shapes);
    // 250 − 12 = 238 px at 9 px a character: 26 characters, the last one "…".
    expect(t.find((x) => x.text.startsWith("aaa"))!.text).toBe(`${"a".repeat(25)}…`);
    expect(t.some((x) => x.text === "PEN")).toBe(true);
    expect(t.find((x) => x.text === "−15")).toBeDefined();
  });

  it("widens names to fill the minimum width when there are no score columns, and warns of a mismatch", () => {
    const d = { ...duos(), columns: "none" as const, mismatch: { expected: 656, actual: 650 } };
    d.sides = d.sides.map((s) => ({ ...s, racers: s.racers.map((r) => ({ ...r, scores: null })) }));
    const l = layoutTable(d, measure);
    expect(l.width).toBe(720);
    expect(texts(l.shapes).at(-1)!.text).toBe(M.mismatch(650, 656));
  });
});

describe("table image helpers", () => {
  it("clips on whole code points and leaves text that fits alone", () => {
    expect(clip("Kai", 100, 18, 700, measure)).toBe("Kai");
    // 5 characters fit in 45 px at 18 px: four and the ellipsis; a trailing space is dropped.
    expect(clip("東京太郎さん", 45, 18, 700, measure)).toBe("東京太郎…");
    expect(clip("ab cdef", 36, 18, 700, measure)).toBe("ab…");
  });

  it("picks the text colour with the higher contrast on a side's colour", () => {
    expect(luminance("#ffffff")).toBe(1);
    expect(luminance("#000000")).toBe(0);
    expect(contrast("#ffffff", "#000000")).toBe(21);
    expect(inkOn("#fff59d")).toBe("#111418");
    expect(inkOn("#e0e0e0")).toBe("#111418");
    expect(inkOn("#1e3a8a")).toBe("#f5f7fb");
    expect(inkOn("#f44336")).toBe("#111418"); // mid red: 5.0 against near-black, 3.4 against near-white
  });

  it("writes ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
});
