import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderWithProviders } from "@/testing/render";
import { MedalTable, type MedalRow } from "./medal-table";

const rows: MedalRow[] = [
  { key: 11, placement: 1, icon: "JP", name: "Akira", gold: 3, silver: 1, bronze: 0 },
  { key: 12, placement: 2, icon: "/uploads/logo.png", name: "Team Logo", gold: 1, silver: 2, bronze: 4 },
  { key: 13, placement: 3, icon: null, name: "No Icon", gold: 0, silver: 0, bronze: 1 },
];

describe("MedalTable", () => {
  it("renders placement, icon, name and medal counts per row", async () => {
    renderWithProviders(<MedalTable rows={rows} caption="Podium Finishes" />);
    const table = await screen.findByRole("table", { name: "Podium Finishes" });
    const bodyRows = within(table).getAllByRole("row").slice(1);
    expect(bodyRows).toHaveLength(3);
    const cells = within(bodyRows[1]!)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells).toEqual(["2", "", "Team Logo", "1", "2", "4"]);
    expect(within(table).getByRole("columnheader", { name: /Gold/ })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: /Silver/ })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: /Bronze/ })).toBeInTheDocument();
  });

  it("draws a flag for country codes and an image for logo URLs", async () => {
    const { container } = renderWithProviders(<MedalTable rows={rows} />);
    await screen.findByRole("table");
    expect(container.querySelector(".fi-jp")).not.toBeNull();
    expect(container.querySelector('img[src="/uploads/logo.png"]')).not.toBeNull();
  });

  it("links names when given an href builder and highlights a key", async () => {
    renderWithProviders(<MedalTable rows={rows} getHref={(r) => `/registry/players/${r.key}`} highlightKey={11} />);
    expect(await screen.findByRole("link", { name: "Akira" })).toHaveAttribute("href", "/registry/players/11");
    expect(screen.getByRole("link", { name: "Akira" }).closest("tr")).toHaveClass("is-highlighted");
  });
});
