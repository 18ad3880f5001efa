import { describe, expect, it } from "vitest";
import { activeFiltersSentence, listSummary, pageCount } from "./list-summary";

const PLAYERS = { one: "player", other: "players" };

describe("pageCount", () => {
  it.each([
    [0, 50, 1],
    [1, 50, 1],
    [50, 50, 1],
    [51, 50, 2],
    [2000, 50, 40],
    [2001, 50, 41],
    [10, 0, 1],
  ])("%i rows at %i a page → %i pages", (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});

describe("listSummary", () => {
  it("says the total and, over several pages, which page of how many", () => {
    expect(listSummary(2000, 2, 50, PLAYERS)).toBe("2,000 players · Page 2 of 40");
    expect(listSummary(51, 1, 50, PLAYERS)).toBe("51 players · Page 1 of 2");
  });
  it("leaves out the page part for a single page and uses the singular for one", () => {
    expect(listSummary(1, 1, 50, PLAYERS)).toBe("1 player");
    expect(listSummary(0, 1, 50, PLAYERS)).toBe("0 players");
    expect(listSummary(50, 1, 50, PLAYERS)).toBe("50 players");
  });
  it("never claims a page past the last (a stale ?page= in the URL)", () => {
    expect(listSummary(60, 9, 50, PLAYERS)).toBe("60 players · Page 2 of 2");
  });
});

describe("activeFiltersSentence", () => {
  it("is empty without filters", () => {
    expect(activeFiltersSentence([])).toBe("");
  });
  it("quotes the search and names the other filters in order", () => {
    expect(
      activeFiltersSentence([
        { label: "Search", value: "kart" },
        { label: "Country", value: "France" },
      ]),
    ).toBe('Filters: Search "kart", Country France.');
    expect(activeFiltersSentence([{ label: "Format", value: "Squad" }])).toBe("Filters: Format Squad.");
  });
});
