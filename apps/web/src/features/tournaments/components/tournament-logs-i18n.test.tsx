import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { TournamentLogItem } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { TournamentLogs } from "./tournament-logs";

/**
 * The tournament log's "what" column in the page's language (#21): each action named from the
 * catalogue by its key, the server's summary kept as the cell's tooltip; an action the catalogue
 * does not know shows the server's text. (The setup switches back to English after each test.)
 */

const line = (id: number, action: string, action_human: string): TournamentLogItem => ({
  id,
  created_at: "2026-11-22T10:00:00.000Z",
  created_at_human: "Nov 22, 2026, 10:00 UTC",
  user_id: 3,
  player_id: null,
  user_name: "Boss",
  action,
  action_human,
  before: null,
  after: null,
});

const logs = {
  data: [
    line(1, "registration.verify", "Verified squad Alpha"),
    line(2, "controls.published", "Changed visibility"),
    line(3, "future.action", "Did something new"),
  ],
  has_next_page: false,
};

describe("tournament log actions (#21)", () => {
  it("French: the action's name from its key, the summary as a tooltip, unknown actions as the server wrote them", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({ "GET /api/events/5/logs": logs });
    renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
    const verified = await screen.findByText("A vérifié une inscription");
    expect(verified).toHaveAttribute("title", "Verified squad Alpha");
    expect(screen.getByText("A changé la visibilité")).toBeInTheDocument();
    expect(screen.getByText("Did something new")).not.toHaveAttribute("title");
  });

  it("English: the server's own text", async () => {
    mockFetch({ "GET /api/events/5/logs": logs });
    renderWithProviders(<TournamentLogs id={5} page={1} onPageChange={() => {}} />);
    expect(await screen.findByText("Verified squad Alpha")).not.toHaveAttribute("title");
    expect(screen.getByText("Changed visibility")).toBeInTheDocument();
  });
});
