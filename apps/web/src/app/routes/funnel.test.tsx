import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import type { MyTournament, ProfileSaveResponse } from "@site/contract";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, countries, tournament, tournamentList, userSession } from "@/testing/fixtures";
import { renderApp, renderWithProviders } from "@/testing/render";
import { LatestTournamentsPanel } from "@/features/tournaments/components/latest-tournaments-panel";

/** Issue 17 §3 across screens: back to the tournament after creating a profile, the marks and My Tournaments. */

const created: ProfileSaveResponse = { status: "success", message: "Your profile has been created.", player_id: 77 };

async function createProfile(path: string) {
  const fetch = mockFetch({
    "GET /api/session": userSession({ player_id: null, display_name: null }),
    "GET /api/countries": countries,
    "POST /api/registry/edit_profile": created,
    "GET /api/registry/players/77": { reply: { status: 404, body: { status: "error", message: "Player not found." } } },
    "GET /api/events/7": { reply: { status: 404, body: { status: "error", message: "Tournament not found." } } },
  });
  const app = renderApp(path);
  const { user } = app;
  // Lazy route chunks: allow a loaded machine time to bring them in.
  await screen.findByRole("heading", { name: "Create Your Profile" }, { timeout: 8000 });
  await user.type(screen.getByRole("textbox", { name: "Display Name" }), "Newbie");
  await user.type(screen.getByRole("textbox", { name: "Discord Tag" }), "newbie#1");
  await user.selectOptions(screen.getByRole("combobox", { name: "Country" }), "FR");
  await user.click(screen.getByRole("button", { name: "Create Profile" }));
  await waitFor(() => expect(callsTo(fetch, "POST", "/api/registry/edit_profile")).toHaveLength(1));
  return app;
}

describe("creating a profile from a tournament", { timeout: 30_000 }, () => {
  it("returns to ?next= (the tournament) once saved", async () => {
    const { router } = await createProfile("/registry/edit_profile?next=%2Ftournaments%2F7");
    await waitFor(() => expect(router.state.location.pathname).toBe("/tournaments/7"), { timeout: 8000 });
  });

  it("ignores an off-site ?next= and goes to the new profile", async () => {
    const { router } = await createProfile("/registry/edit_profile?next=%2F%2Fevil.example");
    await waitFor(() => expect(router.state.location.pathname).toBe("/registry/players/77"), { timeout: 8000 });
  });
});

const mine = (id: number, o: Partial<MyTournament> = {}): MyTournament => ({
  tournament: tournament(id, { registrations_open: true }),
  when: "upcoming",
  status: "registered",
  squad_id: null,
  squad_name: null,
  squad_tag: null,
  team_id: null,
  team_name: null,
  team_tag: null,
  ...o,
});

describe("Registered ✓ on cards", { timeout: 30_000 }, () => {
  it("marks the viewer's tournaments from one /api/tournaments/mine call, instead of Register Now", async () => {
    const list = tournamentList();
    list.upcoming = list.upcoming.map((t) => ({ ...t, registrations_open: true }));
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments": list,
      "GET /api/tournaments/mine": { data: [mine(2), mine(3, { status: "pending_approval" })] },
    });
    renderApp("/tournaments");
    const upcoming = await screen.findByRole("region", { name: "Upcoming" }, { timeout: 8000 });
    const card = (title: string) => within(upcoming).getByRole("link", { name: title }).closest("article")!;
    await waitFor(() => expect(within(card("Tournament 2")).getByText("Registered ✓")).toBeInTheDocument());
    expect(within(card("Tournament 2")).queryByRole("link", { name: "Register Now" })).toBeNull();
    expect(within(card("Tournament 3")).getByText("Pending approval")).toBeInTheDocument();
    expect(within(card("Tournament 4")).getByRole("link", { name: "Register Now" })).toBeInTheDocument();
    expect(within(card("Tournament 4")).queryByText("Registered ✓")).toBeNull();
    expect(callsTo(fetch, "GET", "/api/tournaments/mine")).toHaveLength(1);
  });

  it("marks the home panel's rows the same way", async () => {
    const list = tournamentList();
    list.upcoming = list.upcoming.map((t) => ({ ...t, registrations_open: true }));
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments": list,
      "GET /api/tournaments/mine": { data: [mine(1)] },
    });
    renderWithProviders(<LatestTournamentsPanel />);
    const row = (await screen.findByRole("link", { name: "Tournament 1" }, { timeout: 8000 })).closest("li")!;
    await waitFor(() => expect(within(row).getByText("Registered ✓")).toBeInTheDocument());
    expect(within(row).queryByRole("link", { name: "Register Now" })).toBeNull();
    const other = screen.getByRole("link", { name: "Tournament 2" }).closest("li")!;
    expect(within(other).getByRole("link", { name: "Register Now" })).toBeInTheDocument();
  });

  it("asks nothing for an anonymous visitor", async () => {
    const fetch = mockFetch({ "GET /api/session": anonymousSession, "GET /api/tournaments": tournamentList() });
    renderApp("/tournaments");
    await screen.findByRole("region", { name: "Upcoming" }, { timeout: 8000 });
    expect(screen.queryByText("Registered ✓")).toBeNull();
    expect(callsTo(fetch, "GET", "/api/tournaments/mine")).toHaveLength(0);
  });
});

describe("/tournaments/mine", { timeout: 30_000 }, () => {
  it("lists ongoing and upcoming, then past, with the squad or team, and is in the account menu", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments/mine": {
        data: [
          mine(5, { when: "ongoing", team_id: 3, team_name: "Tigers", team_tag: "TIG" }),
          mine(2, { squad_id: 9, squad_name: "Blue Shells", squad_tag: "BS", status: "pending_approval" }),
          mine(1, { when: "past" }),
        ],
      },
      "GET /api/calendar/me": { created_at: null, url: null, webcal_url: null },
    });
    const { user } = renderApp("/tournaments/mine");
    const current = await screen.findByRole("region", { name: "Ongoing and upcoming" }, { timeout: 8000 });
    const items = within(current).getAllByRole("listitem");
    expect(items.map((li) => within(li).getAllByRole("link")[0]!.textContent)).toEqual(["Tournament 5", "Tournament 2"]);
    expect(within(items[0]!).getByRole("link", { name: "Tigers" })).toHaveAttribute("href", "/tournaments/5/teams/3/eligible_players");
    expect(within(items[1]!).getByRole("link", { name: "[BS] Blue Shells" })).toHaveAttribute("href", "/tournaments/2/squads/9");
    expect(within(items[1]!).getByText("Pending approval")).toBeInTheDocument();
    const past = screen.getByRole("region", { name: "Past" });
    expect(within(past).getByRole("link", { name: "Tournament 1" })).toBeInTheDocument();
    // The personal calendar feed follows the list (issue #20 §4).
    expect(await screen.findByRole("button", { name: "Get my calendar link" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /Account menu/ }));
    expect(screen.getByRole("link", { name: "My Tournaments" })).toHaveAttribute("href", "/tournaments/mine");
  });

  it("lists a waitlisted entry with its place (issue #22 §1)", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments/mine": {
        data: [mine(7, { status: "waitlisted", waitlist_position: 3, team_id: 4, team_name: "Waiters", team_tag: "WAIT" })],
      },
      "GET /api/calendar/me": { created_at: null, url: null, webcal_url: null },
    });
    renderApp("/tournaments/mine");
    const current = await screen.findByRole("region", { name: "Ongoing and upcoming" }, { timeout: 8000 });
    const [item] = within(current).getAllByRole("listitem");
    expect(within(item!).getByText("Waitlisted · #3")).toHaveAttribute("title", "On the waitlist, position 3");
    expect(within(item!).getByRole("link", { name: "Waiters" })).toBeInTheDocument();
  });

  it("asks a signed-out visitor to log in and come back", async () => {
    mockFetch({ "GET /api/session": anonymousSession });
    renderApp("/tournaments/mine");
    expect(await screen.findByRole("link", { name: "log in" })).toHaveAttribute("href", "/login?next=%2Ftournaments%2Fmine");
  });
});
