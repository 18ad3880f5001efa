import { COUNTS, type SeriesAppearanceRow } from "@site/contract";
import { describe, expect, it } from "vitest";
import { topWithViewer } from "../src/features/series/series-stats.service.js";

const rows: SeriesAppearanceRow[] = Array.from({ length: 40 }, (_, i) => ({
  key: 1000 + i,
  placement: i + 1,
  icon: null,
  name: `Player ${i}`,
  count: 40 - i,
}));

describe("appearance table with the viewer's own row", () => {
  it("sends the top rows only to anonymous viewers and viewers inside them", () => {
    expect(topWithViewer(rows, "player_id", null)).toHaveLength(COUNTS.appearanceTable);
    expect(topWithViewer(rows, "player_id", 1003)).toHaveLength(COUNTS.appearanceTable);
  });

  it("appends the viewer's row when it ranks below the top", () => {
    const out = topWithViewer(rows, "player_id", 1030);
    expect(out).toHaveLength(COUNTS.appearanceTable + 1);
    expect(out.at(-1)!.key).toBe(1030);
    expect(out.at(-1)!.placement).toBe(31);
  });

  it("appends nothing for a viewer without appearances or when not aggregating by player", () => {
    expect(topWithViewer(rows, "player_id", 5)).toHaveLength(COUNTS.appearanceTable);
    expect(topWithViewer(rows, "squad_name", 1030)).toHaveLength(COUNTS.appearanceTable);
  });
});
