import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { SeriesTournament } from "@site/contract";
import { renderWithProviders } from "@/testing/render";
import { HistoryMedals } from "./series-stats";

const placement = (o: Partial<SeriesTournament["placements"][number]>): SeriesTournament["placements"][number] => ({
  id: 1,
  placement: 1,
  placement_upper_bound: null,
  name: "Blue Storms",
  tag: "BS",
  color: 21,
  team_id: null,
  members: [
    { player_id: 7, player_name: "Ann", country_code: "FR" },
    { player_id: 8, player_name: "Bob", country_code: "JP" },
  ],
  ...o,
});

describe("HistoryMedals (#17 §8: names linked)", () => {
  it("links a team's name to its registry page and every member to theirs; a squad's name stays text", async () => {
    const t = {
      title: "Cup #1",
      placements: [placement({ id: 1, team_id: 12 }), placement({ id: 2, placement: 2, name: "Pick-up Squad", tag: null, team_id: null })],
    } as unknown as SeriesTournament;
    renderWithProviders(<HistoryMedals t={t} />);
    const podium = await screen.findByRole("list", { name: "Podium of Cup #1" });
    const [first, second] = within(podium).getAllByRole("listitem");
    expect(within(first!).getByRole("link", { name: "Blue Storms" })).toHaveAttribute("href", "/registry/teams/12");
    expect(within(first!).getByRole("link", { name: "Ann" })).toHaveAttribute("href", "/registry/players/7");
    expect(within(second!).queryByRole("link", { name: "Pick-up Squad" })).toBeNull();
    expect(within(second!).getByText("Pick-up Squad")).toBeInTheDocument();
  });
});
