import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, tournament, tournamentList, userSession } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

const lastQuery = (fetch: ReturnType<typeof mockFetch>) => {
  const calls = callsTo(fetch, "GET", "/api/tournaments");
  return Object.fromEntries(calls[calls.length - 1]![0].searchParams);
};

describe("/tournaments", () => {
  it("opens on the Latest tab with upcoming and ongoing cards", async () => {
    const fetch = mockFetch({ "GET /api/session": anonymousSession, "GET /api/tournaments": tournamentList() });
    renderApp("/tournaments");
    const upcoming = await screen.findByRole("region", { name: "Upcoming" });
    expect(within(upcoming).getAllByRole("article")).toHaveLength(4);
    // Each card says how many entered and links to who (issue #17 §1).
    const first = within(upcoming).getAllByRole("article")[0]!;
    expect(within(first).getByRole("link", { name: /^12 (players|squads|teams) registered$/ })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/tournaments\/\d+\/registrations$/),
    );
    expect(within(screen.getByRole("region", { name: "Ongoing" })).getAllByRole("article")).toHaveLength(4);
    // Ongoing is listed before Upcoming (#17 §8).
    expect(screen.getAllByRole("region", { name: /^(Ongoing|Upcoming)$/ }).map((r) => r.getAttribute("aria-label"))).toEqual([
      "Ongoing",
      "Upcoming",
    ]);
    expect(screen.queryByRole("region", { name: "Past" })).not.toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Latest" })).toHaveAttribute("aria-selected", "true");
    expect(lastQuery(fetch)).toMatchObject({ tab: "latest" });
    expect(screen.queryByRole("link", { name: "New Tournament" })).not.toBeInTheDocument();
  });

  it("switches to Past and Pre-MKCentral, asking the server for that tab only", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/tournaments": (req: { url: URL }) => {
        const tab = req.url.searchParams.get("tab");
        return {
          body: tournamentList({
            upcoming: [],
            ongoing: [],
            past: tab === "past" ? [tournament(9, { organizer: "affiliate", published: false })] : [],
            historical: tab === "historical" ? [tournament(12, { is_historical: true })] : [],
            past_has_next_page: tab === "past",
          }),
        };
      },
    });
    const { user } = renderApp("/tournaments");
    await screen.findByText("No upcoming tournaments.");
    await user.click(screen.getByRole("tab", { name: "Past" }));
    const past = await screen.findByRole("region", { name: "Past" });
    const card = within(past).getByRole("article");
    expect(within(card).getByRole("link", { name: "Tournament 9" })).toHaveAttribute("href", "/tournaments/9");
    expect(within(card).getByText("Affiliate")).toBeInTheDocument();
    expect(within(card).getByText("Unpublished")).toBeInTheDocument();
    expect(card).toHaveClass("is-unpublished");
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
    expect(lastQuery(fetch)).toMatchObject({ tab: "past" });
    await user.click(screen.getByRole("tab", { name: "Pre-MKCentral" }));
    expect(
      within(await screen.findByRole("region", { name: "Pre-MKCentral" })).getByRole("link", { name: "Tournament 12" }),
    ).toBeInTheDocument();
    expect(lastQuery(fetch)).toMatchObject({ tab: "historical" });
  });

  it("links Register Now while registrations are open and shows LAN locations", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/tournaments": tournamentList() });
    renderApp("/tournaments");
    const card = (await screen.findByRole("link", { name: "Tournament 1" })).closest("article")!;
    expect(within(card).getByRole("link", { name: "Register Now" })).toHaveAttribute("href", "/tournaments/1/register");
    expect(within(card).getByText("LAN")).toBeInTheDocument();
    expect(within(card).getByText(/Paris/)).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Register Now" })).toHaveLength(1);
    expect(within(screen.getByRole("link", { name: "Tournament 5" }).closest("article")!).getByText("Ongoing")).toHaveClass("date-range");
  });

  it("passes filters to the server", async () => {
    const fetch = mockFetch({ "GET /api/session": anonymousSession, "GET /api/tournaments": tournamentList() });
    const { user } = renderApp("/tournaments");
    await screen.findByRole("link", { name: "Tournament 1" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Format" }), "2");
    await user.selectOptions(screen.getByRole("combobox", { name: "Game Mode" }), "mk8dx_150");
    await user.type(screen.getByRole("searchbox", { name: "Search tournaments" }), "cup{Enter}");
    await waitFor(() =>
      expect(lastQuery(fetch)).toEqual({ tab: "latest", game_mode: "mk8dx_150", registration_format: "2", search: "cup", page: "1" }),
    );
  });

  it("offers the calendar feed with the chosen game mode and format (#20 §4)", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/tournaments": tournamentList() });
    const { user } = renderApp("/tournaments");
    await screen.findByRole("link", { name: "Tournament 1" });
    await user.click(screen.getByText("Subscribe in your calendar"));
    const feed = `${window.location.origin}/api/calendar/tournaments.ics`;
    expect(screen.getByLabelText("Calendar feed URL")).toHaveValue(feed);
    await user.selectOptions(screen.getByRole("combobox", { name: "Format" }), "2");
    await user.selectOptions(screen.getByRole("combobox", { name: "Game Mode" }), "mk8dx_150");
    await waitFor(() => expect(screen.getByLabelText("Calendar feed URL")).toHaveValue(`${feed}?mode=mk8dx_150&format=2`));
    expect(screen.getByRole("link", { name: "Open in calendar app" })).toHaveAttribute(
      "href",
      `webcal://${window.location.host}/api/calendar/tournaments.ics?mode=mk8dx_150&format=2`,
    );
  });

  it("names the active filters when they leave a tab empty, and Clear filters keeps the tab (#17 §8)", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/tournaments": ({ url }: { url: URL }) => ({
        body: url.searchParams.has("search")
          ? tournamentList({ upcoming: [], ongoing: [], past: [], historical: [] })
          : tournamentList({ past: [tournament(9)] }),
      }),
    });
    const { user, router } = renderApp("/tournaments?tab=past&registration_format=2&search=zzz");
    expect(await screen.findByText("No past tournaments.")).toBeInTheDocument();
    expect(screen.getByText('Filters: Format Squad, Search "zzz".', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByRole("link", { name: "Tournament 9" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?tab=past");
    expect(lastQuery(fetch)).toEqual({ tab: "past", registration_format: "all", page: "1" });
  });

  it("keeps the plain empty text when no filter is set", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/tournaments": tournamentList({ upcoming: [], ongoing: [] }),
    });
    renderApp("/tournaments");
    expect(await screen.findByText("No upcoming tournaments.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("offers New Tournament to event administrators and to series staff with templates", async () => {
    mockFetch({
      "GET /api/session": userSession({}, { canEventAdministrate: true }),
      "GET /api/tournaments": tournamentList(),
    });
    const first = renderApp("/tournaments");
    expect(await screen.findByRole("link", { name: "New Tournament" })).toHaveAttribute("href", "/tournaments/choose_template");
    first.unmount();

    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments": tournamentList(),
      "GET /api/tournaments/template_choices": {
        data: [{ id: 1, template_name: "T", series_id: 2, series_name: "S" }],
        can_start_from_scratch: false,
      },
    });
    const second = renderApp("/tournaments");
    expect(await screen.findByRole("link", { name: "New Tournament" })).toBeInTheDocument();
    second.unmount();

    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments": tournamentList(),
      "GET /api/tournaments/template_choices": { data: [], can_start_from_scratch: false },
    });
    renderApp("/tournaments");
    await screen.findByRole("link", { name: "Tournament 1" });
    expect(screen.queryByRole("link", { name: "New Tournament" })).not.toBeInTheDocument();
  });
});
