import { describe, expect, it } from "vitest";
import { compareText, countryName, formatNumber, placementOrdinal } from "./format";

describe("locale formatting (#21 §4)", () => {
  it("writes placements as each language's ordinal", () => {
    const en = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map((n) => placementOrdinal(n, "en"));
    expect(en).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th", "112th"]);
    expect([1, 2, 21].map((n) => placementOrdinal(n, "fr"))).toEqual(["1er", "2e", "21e"]);
    expect([1, 2, 21].map((n) => placementOrdinal(n, "de"))).toEqual(["1.", "2.", "21."]);
    expect([1, 12].map((n) => placementOrdinal(n, "es"))).toEqual(["1.º", "12.º"]);
    expect([1, 12].map((n) => placementOrdinal(n, "pt"))).toEqual(["1º", "12º"]);
    expect([1, 12].map((n) => placementOrdinal(n, "ja"))).toEqual(["1位", "12位"]);
    expect(placementOrdinal(0, "en")).toBe("0");
    expect(placementOrdinal(2.5, "fr")).toBe("2.5");
  });

  it("groups digits and writes the decimal mark the language's way", () => {
    expect(formatNumber(1234567.5, "en")).toBe("1,234,567.5");
    expect(formatNumber(1234567.5, "de")).toBe("1.234.567,5");
    // French groups with a narrow no-break space (U+202F).
    expect(formatNumber(1234567.5, "fr")).toBe("1\u202f234\u202f567,5");
    expect(formatNumber(1234567.5, "pt")).toBe("1.234.567,5");
    expect(formatNumber(1234567.5, "ja")).toBe("1,234,567.5");
  });

  it("sorts names with accents beside their letter and numbers by value", () => {
    const names = ["Zoé", "émile", "Emil", "Ángel", "angus", "Racer 10", "Racer 9"];
    expect([...names].sort(compareText("fr"))).toEqual(["Ángel", "angus", "Emil", "émile", "Racer 9", "Racer 10", "Zoé"]);
    expect(["b", "a", "ä"].sort(compareText("de"))).toEqual(["a", "ä", "b"]);
  });

  it("names countries from the language's own data, keeping the English name for unknown codes", () => {
    expect(countryName("DE", "fr", "Germany")).toBe("Allemagne");
    expect(countryName("DE", "ja", "Germany")).toBe("ドイツ");
    expect(countryName("JP", "de", "Japan")).toBe("Japan");
    expect(countryName("ES", "es", "Spain")).toBe("España");
    expect(countryName("BR", "pt", "Brazil")).toBe("Brasil");
    expect(countryName("ZZ", "fr", "Unknown")).toBe("Unknown");
    expect(countryName("DE", "en", "Germany")).toBe("Germany");
  });
});
