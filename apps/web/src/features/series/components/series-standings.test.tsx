import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { SeriesStandings } from "@site/contract";
import { renderWithProviders } from "@/testing/render";
import { SeriesStandingsTable } from "./series-standings";

const data: SeriesStandings = {
  series_id: 1,
  aggregation_field: "player_id",
  can_edit: false,
  rule: {
    ranges: [
      { from: 1, to: 1, points: 100 },
      { from: 2, to: 2, points: 80 },
      { from: 3, to: 4, points: 60 },
    ],
    tie_rule: "average",
    best_n: 1,
    multipliers: { "11": 2 },
  },
  tournaments: [
    { id: 10, title: "Cup #1", multiplier: 1 },
    { id: 11, title: "Major", multiplier: 2 },
  ],
  rows: [
    {
      rank: 1,
      key: 7,
      name: "Ann",
      total: 165,
      adjustments: 5,
      results: [
        { tournament_id: 10, placement: 1, placement_upper_bound: null, points: 100, counted: false },
        { tournament_id: 11, placement: 2, placement_upper_bound: 3, points: 140, counted: true },
      ],
    },
    {
      rank: 2,
      key: 8,
      name: "Bob",
      total: 70,
      adjustments: 0,
      results: [{ tournament_id: 10, placement: 2, placement_upper_bound: 3, points: 70, counted: true }],
    },
  ],
};

describe("SeriesStandingsTable (#22 §4)", () => {
  it("shows rank, player link, total, per-tournament points with dropped results struck, and adjustments", () => {
    renderWithProviders(<SeriesStandingsTable data={data} />);
    expect(screen.getByText(/1: 100, 2: 80, 3–4: 60\. Ties: average of the places' points\. Best 1 results count\./)).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Major×2" })).toBeInTheDocument();
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByRole("link", { name: "Ann" })).toHaveAttribute("href", "/registry/players/7");
    expect(within(rows[0]!).getByText("165")).toBeInTheDocument();
    expect(within(rows[0]!).getByLabelText("100 (dropped)")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("+5")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("–")).toBeInTheDocument();
  });

  it("says so when there are no results yet and renders nothing without a rule", () => {
    const { unmount } = renderWithProviders(<SeriesStandingsTable data={{ ...data, rows: [] }} />);
    expect(screen.getByText("No results yet.")).toBeInTheDocument();
    unmount();
    const { container } = renderWithProviders(<SeriesStandingsTable data={{ ...data, rule: null }} />);
    expect(container.textContent).toBe("");
  });
});
