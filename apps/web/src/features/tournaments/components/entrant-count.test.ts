import { describe, expect, it } from "vitest";
import { entrantCountLabel, entrantCountNumber } from "./entrant-count";

describe("entrant counts", () => {
  it("read 'N / cap' when the tournament caps its entrants (issue #22), else the count alone", () => {
    expect(entrantCountNumber({ registration_count: 12, max_entrants: 16 })).toBe("12 / 16");
    expect(entrantCountNumber({ registration_count: 12, max_entrants: null })).toBe("12");
    expect(entrantCountLabel({ event_format: 2, registration_count: 12, max_entrants: 16 })).toBe("12 / 16 squads");
    expect(entrantCountLabel({ event_format: 0, registration_count: 1, max_entrants: 1 })).toBe("1 / 1 team");
    expect(entrantCountLabel({ event_format: 1, registration_count: 1, max_entrants: null })).toBe("1 player");
    expect(entrantCountLabel({ event_format: 1, registration_count: 2 })).toBe("2 players");
  });
});
