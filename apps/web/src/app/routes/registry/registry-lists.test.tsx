import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, countries, players, teams, transactions } from "@/testing/fixtures";
import { renderApp } from "@/testing/render";

const lastQuery = (fetch: ReturnType<typeof mockFetch>, path: string) => {
  const calls = callsTo(fetch, "GET", path);
  return Object.fromEntries(calls[calls.length - 1]![0].searchParams);
};

describe("/registry/players", () => {
  it("lists players with flags and links, newest first", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/countries": countries,
      "GET /api/registry/players": { data: players(3), has_next_page: false, total: 3 },
    });
    renderApp("/registry/players");
    expect(await screen.findByRole("heading", { name: "Players" })).toBeInTheDocument();
    expect(await screen.findByText("3 players")).toBeInTheDocument();
    const link = await screen.findByRole("link", { name: "Player 2" });
    expect(link).toHaveAttribute("href", "/registry/players/2");
    expect(within(link.closest("li")!).getByRole("img", { name: "Japan" })).toHaveClass("fi-jp");
    expect(within(link.closest("li")!).getByText("Shadow")).toBeInTheDocument();
    expect(lastQuery(fetch, "/api/registry/players")).toEqual({ order: "newest", page: "1", limit: "50" });
  });

  it("shows 'No players.' for an empty result", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/countries": countries,
      "GET /api/registry/players": { data: [], has_next_page: false, total: 0 },
    });
    renderApp("/registry/players");
    expect(await screen.findByText("No players.")).toBeInTheDocument();
    // Nothing filtered: no filter sentence and nothing to clear.
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("names the active filters in the empty state and clears them, keeping the order (#17 §8)", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/countries": countries,
      "GET /api/registry/players": ({ url }) => ({
        body: url.searchParams.has("search")
          ? { data: [], has_next_page: false, total: 0 }
          : { data: players(2), has_next_page: false, total: 2 },
      }),
    });
    const { user, router } = renderApp("/registry/players?search=zz&country=FR&order=name");
    expect(await screen.findByText("No players.")).toBeInTheDocument();
    expect(await screen.findByText('Filters: Search "zz", Country France.', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByRole("link", { name: "Player 1" })).toBeInTheDocument();
    expect(router.state.location.search).toBe("?order=name");
    expect(lastQuery(fetch, "/api/registry/players")).toEqual({ order: "name", page: "1", limit: "50" });
  });

  it("shows the total and the page count over several pages", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/countries": countries,
      "GET /api/registry/players": { data: players(2), has_next_page: true, total: 2001 },
    });
    renderApp("/registry/players?page=3");
    expect(await screen.findByText("2,001 players · Page 3 of 41")).toBeInTheDocument();
  });

  it("searches by name, filters by country and orders by name", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/countries": countries,
      "GET /api/registry/players": { data: players(2), has_next_page: false, total: 2 },
    });
    const { user, router } = renderApp("/registry/players");
    await screen.findByRole("link", { name: "Player 1" });

    await user.type(screen.getByRole("searchbox", { name: "Search players" }), "kart{Enter}");
    await waitFor(() => expect(lastQuery(fetch, "/api/registry/players")).toMatchObject({ search: "kart" }));

    const country = screen.getByRole("combobox", { name: "Country" });
    await waitFor(() => expect(country).toBeEnabled());
    // Options come from GET /api/countries, sorted by name, without 'Choose a Country'.
    expect(
      within(country)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All Countries", "France", "Japan", "United States", "Unknown Country"]);
    await user.selectOptions(country, "FR");
    await waitFor(() => expect(lastQuery(fetch, "/api/registry/players")).toMatchObject({ search: "kart", country: "FR" }));

    await user.selectOptions(screen.getByRole("combobox", { name: "Order" }), "name");
    await waitFor(() => expect(lastQuery(fetch, "/api/registry/players")).toMatchObject({ order: "name", country: "FR" }));
    expect(router.state.location.search).toBe("?search=kart&country=FR&order=name");
  });

  it("pages with Previous and Next", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/countries": countries,
      "GET /api/registry/players": ({ url }) => {
        const page = Number(url.searchParams.get("page"));
        return { body: { data: players(2, page * 100), has_next_page: page < 2, total: 52 } };
      },
    });
    const { user } = renderApp("/registry/players");
    await screen.findByRole("link", { name: "Player 100" });
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("link", { name: "Player 200" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(lastQuery(fetch, "/api/registry/players")).toMatchObject({ page: "2" });
    await user.click(screen.getByRole("button", { name: "Previous" }));
    expect(await screen.findByRole("link", { name: "Player 100" })).toBeInTheDocument();
  });

  it("shows the failure panel when the list cannot load", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/countries": countries, "GET /api/registry/players": errorReply(500) });
    renderApp("/registry/players");
    expect(await screen.findByText("Something went wrong...")).toBeInTheDocument();
  });
});

describe("/registry/teams/category/:cat", () => {
  it("lists the category's teams with coloured tags", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/registry/teams/category/mkworld_150": { data: teams(3), has_next_page: false },
    });
    renderApp("/registry/teams/category/mkworld_150");
    const link = await screen.findByRole("link", { name: "Team 2" });
    expect(link).toHaveAttribute("href", "/registry/teams/2");
    expect(within(link.closest("li")!).getByText("T2")).toHaveClass("team-tag");
    expect(within(link.closest("li")!).getByText("3 members · Recruiting")).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Category" })).toHaveValue("mkworld_150");
    expect(lastQuery(fetch, "/api/registry/teams/category/mkworld_150")).toEqual({ order: "newest", page: "1", limit: "50" });
  });

  it("changes category through the path and searches", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/registry/teams/category/all": { data: teams(2), has_next_page: false },
      "GET /api/registry/teams/category/mk8dx_200": { data: [], has_next_page: false },
    });
    const { user, router } = renderApp("/registry/teams/category/all?search=abc");
    await screen.findByRole("link", { name: "Team 1" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "mk8dx_200");
    expect(await screen.findByText("No teams.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/registry/teams/category/mk8dx_200");
    expect(lastQuery(fetch, "/api/registry/teams/category/mk8dx_200")).toMatchObject({ search: "abc" });
    // The empty state names what filtered the list out; Clear filters returns to every team (#17 §8).
    expect(screen.getByText('Filters: Category MK8DX 200cc, Search "abc".', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(await screen.findByRole("link", { name: "Team 1" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/registry/teams/category/all");
    expect(router.state.location.search).toBe("");
  });
});

describe("/registry/recent_transactions", () => {
  it("shows transfer rows: player with flag, mode, from → to tags, date", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/registry/recent_transactions": { data: transactions(3), has_next_page: false },
    });
    renderApp("/registry/recent_transactions");
    const player = await screen.findByRole("link", { name: "Mover 2" });
    const row = player.closest("li")!;
    expect(player).toHaveAttribute("href", "/registry/players/501");
    expect(within(row).getByRole("img", { name: "United States" })).toBeInTheDocument();
    expect(within(row).getByText("MKWorld 150cc")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "From team F1" })).toHaveAttribute("href", "/registry/teams/11");
    expect(within(row).getByRole("link", { name: "To team T1" })).toHaveAttribute("href", "/registry/teams/21");
    expect(within(row).getByText("Feb 2, 2026")).toBeInTheDocument();
    // The first transfer joined from no team.
    const first = screen.getByRole("link", { name: "Mover 1" }).closest("li")!;
    expect(within(first).getByTitle("No From team")).toBeInTheDocument();
  });

  it("filters by mode and pages from 1", async () => {
    const fetch = mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/registry/recent_transactions": { data: transactions(2), has_next_page: true },
    });
    const { user } = renderApp("/registry/recent_transactions");
    await screen.findByRole("link", { name: "Mover 1" });
    expect(lastQuery(fetch, "/api/registry/recent_transactions")).toEqual({ page: "1", mode: "all", limit: "50" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Mode" }), "mk8dx_150");
    await waitFor(() => expect(lastQuery(fetch, "/api/registry/recent_transactions")).toMatchObject({ mode: "mk8dx_150", page: "1" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(lastQuery(fetch, "/api/registry/recent_transactions")).toMatchObject({ mode: "mk8dx_150", page: "2" }));
  });
});
