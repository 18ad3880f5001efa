import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { SeriesPoints, SeriesStandings } from "@site/contract";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { SeriesAdjustments } from "./series-adjustments";
import { SeriesStandingsTable } from "./series-standings";

const standings = (can_edit: boolean): SeriesStandings => ({
  series_id: 4,
  aggregation_field: "player_id",
  can_edit,
  rule: { ranges: [{ from: 1, to: 1, points: 100 }], tie_rule: "best", best_n: null, multipliers: {} },
  tournaments: [{ id: 10, title: "Cup #1", multiplier: 1 }],
  rows: [
    { rank: 1, key: 7, name: "Ann", total: 105, adjustments: 5, results: [] },
    { rank: 2, key: 8, name: "Bob", total: 80, adjustments: 0, results: [] },
  ],
});
const points: SeriesPoints = {
  rule: null,
  adjustments: [
    { id: 31, key: "7", name: "Ann", points: 5, reason: "Fair play", created_by: "Org One", created_at: "2026-11-20T10:00:00Z" },
  ],
};

describe("Standings: CSV link and manual adjustments (#22 §3, §4)", () => {
  it("links the standings CSV for everyone", () => {
    renderWithProviders(<SeriesStandingsTable data={standings(false)} />);
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/api/tournaments/series/4/standings.csv");
  });

  it("shows nothing to a visitor who may not edit the series (and asks nothing)", () => {
    const fetch = mockFetch({});
    renderWithProviders(<SeriesAdjustments seriesId={4} standings={standings(false)} />);
    expect(screen.queryByRole("form", { name: "Add an adjustment" })).not.toBeInTheDocument();
    expect(callsTo(fetch, "GET", "/api/tournaments/series/4/points")).toHaveLength(0);
  });

  it("adds one adjustment with points and a reason, and lists who made each", async () => {
    const fetch = mockFetch({
      "GET /api/tournaments/series/4/points": points,
      "POST /api/tournaments/series/4/points/adjustments": { status: "ok" },
    });
    const { user } = renderWithProviders(<SeriesAdjustments seriesId={4} standings={standings(true)} />);
    const row = (await screen.findByRole("rowheader", { name: "Ann" })).closest("tr")!;
    expect(within(row).getByText("+5")).toBeInTheDocument();
    expect(within(row).getByText("Fair play")).toBeInTheDocument();
    expect(within(row).getByText("Org One")).toBeInTheDocument();

    const form = screen.getByRole("form", { name: "Add an adjustment" });
    await user.selectOptions(within(form).getByLabelText("Who"), "8");
    await user.click(within(form).getByRole("button", { name: "Add adjustment" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Enter the points (negative for a penalty).");
    await user.type(within(form).getByLabelText("Points"), "-10");
    await user.click(within(form).getByRole("button", { name: "Add adjustment" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("A reason is required.");
    await user.type(within(form).getByLabelText("Reason"), "Late check-in");
    await user.click(within(form).getByRole("button", { name: "Add adjustment" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/tournaments/series/4/points/adjustments")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/tournaments/series/4/points/adjustments")[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ key: "8", points: -10, reason: "Late check-in" });
    expect(await screen.findByText("Adjustment of -10 for Bob added.")).toBeInTheDocument();
  });

  it("another entrant by id, and removing an adjustment asks first", async () => {
    const fetch = mockFetch({
      "GET /api/tournaments/series/4/points": points,
      "POST /api/tournaments/series/4/points/adjustments/31/delete": { status: "ok" },
    });
    const { user } = renderWithProviders(<SeriesAdjustments seriesId={4} standings={standings(true)} />);
    const form = screen.getByRole("form", { name: "Add an adjustment" });
    await user.selectOptions(within(form).getByLabelText("Who"), "__other");
    expect(within(form).getByLabelText("Player id")).toBeInTheDocument();

    const row = (await screen.findByRole("rowheader", { name: "Ann" })).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove the adjustment of +5 for Ann?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo(fetch, "POST", "/api/tournaments/series/4/points/adjustments/31/delete")).toHaveLength(0);
    await user.click(within(row).getByRole("button", { name: "Remove" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove adjustment" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/tournaments/series/4/points/adjustments/31/delete")).toHaveLength(1));
    expect(await screen.findByText("Adjustment for Ann removed.")).toBeInTheDocument();
  });
});
