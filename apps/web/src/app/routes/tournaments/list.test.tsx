import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, tournament, tournamentList } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

describe("/tournaments", () => {
  it("shows upcoming, ongoing and past sections as cards", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/tournaments": tournamentList({ past: [tournament(9, { organizer: "affiliate", published: false })] }),
    });
    renderApp("/tournaments");
    const upcoming = await screen.findByRole("region", { name: "Upcoming" });
    expect(within(upcoming).getAllByRole("article")).toHaveLength(4);
    expect(within(screen.getByRole("region", { name: "Ongoing" })).getAllByRole("article")).toHaveLength(4);
    const past = screen.getByRole("region", { name: "Past" });
    const card = within(past).getByRole("article");
    expect(within(card).getByRole("link", { name: "Tournament 9" })).toHaveAttribute("href", "/tournaments/9");
    expect(within(card).getByText("Affiliate")).toBeInTheDocument();
    expect(within(card).getByText("Unpublished")).toBeInTheDocument();
    expect(card).toHaveClass("is-unpublished");
  });

  it("links Register Now while registrations are open and shows LAN locations", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/tournaments": tournamentList() });
    renderApp("/tournaments");
    const card = (await screen.findByRole("link", { name: "Tournament 1" })).closest("article")!;
    expect(within(card).getByRole("link", { name: "Register Now" })).toHaveAttribute("href", "/tournaments/1/register");
    expect(within(card).getByText("LAN")).toBeInTheDocument();
    expect(within(card).getByText(/Paris/)).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Register Now" })).toHaveLength(1);
    // Tournament 5 has no dates.
    expect(within(screen.getByRole("link", { name: "Tournament 5" }).closest("article")!).getByText("Ongoing")).toHaveClass("date-range");
  });

  it("passes filters to the server", async () => {
    const fetch = mockFetch({ "GET /api/session": anonymousSession, "GET /api/tournaments": tournamentList() });
    const { user } = renderApp("/tournaments");
    await screen.findByRole("link", { name: "Tournament 1" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Format" }), "2");
    await user.selectOptions(screen.getByRole("combobox", { name: "Game Mode" }), "mk8dx_150");
    await waitFor(() => {
      const calls = callsTo(fetch, "GET", "/api/tournaments");
      expect(Object.fromEntries(calls[calls.length - 1]![0].searchParams)).toEqual({
        game_mode: "mk8dx_150",
        registration_format: "2",
        page: "1",
      });
    });
  });
});
