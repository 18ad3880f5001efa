import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderWithProviders } from "@/testing/render";
import { AppearanceTable, type AppearanceRow } from "./appearance-table";

const rows: AppearanceRow[] = Array.from({ length: 40 }, (_, i) => ({
  key: i + 1,
  placement: i + 1,
  icon: "FR",
  name: `Player ${i + 1}`,
  count: 50 - i,
}));

async function bodyRows() {
  const table = await screen.findByRole("table");
  return within(table).getAllByRole("row").slice(1); // skip the header row; the gap row is aria-hidden
}

describe("AppearanceTable", () => {
  it("shows the top 25 rows", async () => {
    renderWithProviders(<AppearanceTable rows={rows} aggregation="player_id" />);
    const r = await bodyRows();
    expect(r).toHaveLength(25);
    expect(within(r[24]!).getByText("Player 25")).toBeInTheDocument();
    expect(screen.queryByText("Player 26")).toBeNull();
  });

  it("adds the current player's row when aggregating by player and they are outside the top 25", async () => {
    renderWithProviders(<AppearanceTable rows={rows} aggregation="player_id" currentPlayerId={33} />);
    const r = await bodyRows();
    expect(r).toHaveLength(26);
    expect(within(r[25]!).getByText("Player 33")).toBeInTheDocument();
    expect(r[25]).toHaveClass("is-highlighted");
    expect(within(r[25]!).getAllByRole("cell")[0]).toHaveTextContent("33");
  });

  it("highlights the current player in place when they are in the top 25", async () => {
    renderWithProviders(<AppearanceTable rows={rows} aggregation="player_id" currentPlayerId={4} />);
    const r = await bodyRows();
    expect(r).toHaveLength(25);
    expect(r[3]).toHaveClass("is-highlighted");
  });

  it("does not add the row when aggregating by team", async () => {
    renderWithProviders(<AppearanceTable rows={rows} aggregation="team_id" currentPlayerId={33} />);
    expect(await bodyRows()).toHaveLength(25);
    expect(screen.queryByText("Player 33")).toBeNull();
  });

  it("does not add a row for a player with no appearances", async () => {
    renderWithProviders(<AppearanceTable rows={rows} aggregation="player_id" currentPlayerId={999} />);
    expect(await bodyRows()).toHaveLength(25);
  });

  it("shows the count column with its label and links names", async () => {
    renderWithProviders(
      <AppearanceTable rows={rows.slice(0, 2)} aggregation="player_id" countLabel="Finals" getHref={(r) => `/registry/players/${r.key}`} />,
    );
    expect(await screen.findByRole("columnheader", { name: "Finals" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Player 2" })).toHaveAttribute("href", "/registry/players/2");
    expect(within((await bodyRows())[0]!).getAllByRole("cell")[3]).toHaveTextContent("50");
  });
});
