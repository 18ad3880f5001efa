import { describe, expect, it } from "vitest";
import { luminance } from "./color";
import { generatedArt, hashName, hslToHex, initialsOf } from "./generated-art";

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

describe("initialsOf", () => {
  it.each([
    ["Wicked Cup #1", "WC"],
    ["200cc Squad Showdown #9", "SS"],
    ["MKWorld 150cc Time Trial Challenge #1", "MT"],
    ["Kart Krew LAN Berlin #1", "KK"],
    ["sanctuary", "S"],
    ["  ébène   racing ", "ÉR"],
    ["Turbo-Cyclones", "TC"],
    ["#1", "1"],
    ["200", "2"],
    ["", "?"],
    ["!!!", "?"],
  ])("%j → %s", (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe("hashName (FNV-1a, 32 bit)", () => {
  it("matches the reference values", () => {
    expect(hashName("")).toBe(0x811c9dc5);
    expect(hashName("a")).toBe(0xe40c292c);
  });
  it("is stable and tells close names apart", () => {
    expect(hashName("Wicked Cup #1")).toBe(hashName("Wicked Cup #1"));
    expect(hashName("Wicked Cup #1")).not.toBe(hashName("Wicked Cup #2"));
  });
});

describe("hslToHex", () => {
  it.each([
    [0, 45, 32, "#762d2d"],
    [120, 45, 32, "#2d762d"],
    [60, 45, 32, "#76762d"],
    [210, 100, 50, "#0080ff"], // green channel 0.5 × 255 = 127.5 rounds up
    [0, 0, 100, "#ffffff"],
    [0, 0, 0, "#000000"],
  ])("hsl(%i, %i, %i) → %s", (h, s, l, hex) => {
    expect(hslToHex(h, s, l)).toBe(hex);
  });
});

describe("generatedArt", () => {
  it("derives the hue from the name's hash and keeps white initials", () => {
    const art = generatedArt("Wicked Cup #1");
    expect(art).toEqual({ initials: "WC", hue: 4254416914 % 360, background: hslToHex(274, 45, 32), foreground: "#ffffff" });
    expect(generatedArt("Wicked Cup #1")).toEqual(art);
  });

  it("keeps the initials readable (≥ 4.5:1) on every hue it can pick", () => {
    for (let hue = 0; hue < 360; hue++) expect(contrast(hslToHex(hue, 45, 32), "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
