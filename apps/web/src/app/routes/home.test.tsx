import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { callsTo, errorReply, mockFetch, type MockRoute } from "@/testing/mock-fetch";
import {
  anonymousSession,
  latestResults,
  mediaItems,
  newsItems,
  newsPost,
  players,
  teams,
  tournamentList,
  transactions,
} from "@/testing/fixtures";
import { renderApp } from "@/testing/render";
import { activateLocale, i18n } from "@/lib/i18n/i18n";

/** One fixture per home call (000 §2); tests override single routes to simulate failures. */
function homeRoutes(overrides: Record<string, MockRoute> = {}): Record<string, MockRoute> {
  return {
    "GET /api/session": anonymousSession,
    "GET /api/media/news/latest": newsItems(3),
    "GET /api/tournaments": tournamentList(),
    "GET /api/tournaments/latest_results": latestResults(14),
    "GET /api/registry/players": { data: players(10), has_next_page: true },
    "GET /api/registry/teams/category/all": { data: teams(10), has_next_page: true },
    "GET /api/registry/recent_transactions": { data: transactions(5), has_next_page: true },
    "GET /api/media/youtube/latest": mediaItems("youtube", 4),
    "GET /api/media/stream/latest": mediaItems("stream", 2),
    "GET /api/media/social/latest": mediaItems("social", 3),
    ...overrides,
  };
}

async function panel(testId: string) {
  return screen.findByTestId(testId);
}

async function rowCount(testId: string) {
  const p = await panel(testId);
  // Wait for the panel's own data (not the loading line) before counting.
  await within(p).findAllByRole("listitem");
  return within(p).getAllByRole("listitem").length;
}

describe("home page", () => {
  it("renders every panel with its rows", async () => {
    const fetch = mockFetch(homeRoutes());
    renderApp("/");

    expect(await rowCount("panel-news")).toBe(3);
    expect(await rowCount("panel-tournaments")).toBe(7); // 4 ongoing first, then the first 3 upcoming
    expect(await rowCount("panel-results")).toBe(12); // 14 placements, 12 shown
    expect(await rowCount("panel-players")).toBe(10);
    expect(await rowCount("panel-teams")).toBe(10);
    expect(await rowCount("panel-transfers")).toBe(5);
    expect(await rowCount("panel-videos")).toBe(4);
    expect(await rowCount("panel-streams")).toBe(2);
    expect(await rowCount("panel-social")).toBe(3);

    // The panels ask for exactly the home counts (000 §9).
    expect(callsTo(fetch, "GET", "/api/registry/players")[0]![0].search).toBe("?order=newest&limit=10");
    expect(callsTo(fetch, "GET", "/api/registry/teams/category/all")[0]![0].search).toBe("?order=newest&limit=10");
    expect(callsTo(fetch, "GET", "/api/registry/recent_transactions")[0]![0].search).toBe("?limit=5");
    expect(callsTo(fetch, "GET", "/api/tournaments")[0]![0].search).toBe("?limit=7&tab=latest&published_only=true");
  });

  it("shows news items with linked title, author, date and preview", async () => {
    mockFetch(homeRoutes());
    renderApp("/");
    const news = await panel("panel-news");
    const link = await within(news).findByRole("link", { name: "News 2" });
    expect(link).toHaveAttribute("href", "/news/2");
    expect(link).not.toHaveAttribute("target");
    expect(within(news).getByText("Author 2 · Jan 2, 2026")).toBeInTheDocument();
    expect(within(news).getByText("Preview of news 2.")).toBeInTheDocument();
  });

  it("writes the news and transfer days in the page's language (#21 §4): French from `date` and `transfer_date`", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch(homeRoutes());
    renderApp("/");
    const news = await panel("panel-news");
    expect(await within(news).findByText("Author 2 · 2 janv. 2026")).toBeInTheDocument();
    const transfers = await panel("panel-transfers");
    const rows = await within(transfers).findAllByRole("listitem");
    expect(within(rows[1]!).getByText("2 févr. 2026")).toBeInTheDocument();
    expect(within(transfers).queryByText("Feb 2, 2026")).toBeNull();
  });

  it("opens a news post inside the app (router navigation, no reload)", async () => {
    const fetch = mockFetch(homeRoutes({ "GET /api/media/news/2": newsPost(2) }));
    const { user, router } = renderApp("/");
    await user.click(await within(await panel("panel-news")).findByRole("link", { name: "News 2" }));
    expect(await screen.findByRole("heading", { level: 1, name: "News 2" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/news/2");
    // A full reload would have asked for the session again.
    expect(callsTo(fetch, "GET", "/api/session")).toHaveLength(1);
  });

  it("shows tournament cards with badges, dates and Register Now", async () => {
    mockFetch(homeRoutes());
    renderApp("/");
    const p = await panel("panel-tournaments");
    // Ongoing before Upcoming (#17 §8): tournaments 5–8 are under way, 1–4 are still to come.
    const rows = await within(p).findAllByRole("listitem");
    expect(rows.map((r) => within(r).getAllByRole("link")[0]!.textContent)).toEqual([
      "Tournament 5",
      "Tournament 6",
      "Tournament 7",
      "Tournament 8",
      "Tournament 1",
      "Tournament 2",
      "Tournament 3",
    ]);
    const first = rows[4]!;
    expect(within(first).getByRole("link", { name: "Tournament 1" })).toHaveAttribute("href", "/tournaments/1");
    expect(within(first).getByText("LAN")).toBeInTheDocument();
    // Times in the viewer's zone (UTC in tests), the year only when it is not this year.
    expect(within(first).getByText(/^Sun Mar 1( 2026)?, 00:00 UTC – Mon Mar 2( 2026)?, 00:00 UTC$/)).toHaveClass("date-range");
    expect(within(first).getByRole("link", { name: "Register Now" })).toHaveAttribute("href", "/tournaments/1/register");
    // The first ongoing tournament has no dates.
    expect(within(p).getByText("Ongoing")).toBeInTheDocument();
    // Only open tournaments get the button.
    expect(within(p).getAllByRole("link", { name: "Register Now" })).toHaveLength(1);
  });

  it("shows medals for places 1–3 and member names for small rosters", async () => {
    mockFetch(homeRoutes());
    renderApp("/");
    const p = await panel("panel-results");
    await within(p).findByRole("link", { name: "Grand Prix Finals" });
    expect(within(p).getByRole("img", { name: "1st place" })).toHaveClass("medal--gold");
    expect(within(p).getByRole("img", { name: "2nd place" })).toHaveClass("medal--silver");
    expect(within(p).getByRole("img", { name: "3rd place" })).toHaveClass("medal--bronze");
    expect(within(p).queryByRole("img", { name: "4th place" })).toBeNull();
    // Row 1 has 2 members → their names; row 2 has 6 → the squad name.
    expect(within(p).getByRole("link", { name: "P1-1" })).toHaveAttribute("href", "/registry/players/1000");
    expect(within(p).queryByText("Squad 1")).toBeNull();
    expect(within(p).getByText("Squad 2")).toBeInTheDocument();
  });

  it("links media items out in a new window", async () => {
    mockFetch(homeRoutes());
    renderApp("/");
    const p = await panel("panel-videos");
    const link = await within(p).findByRole("link", { name: /youtube item 1/ });
    expect(link).toHaveAttribute("href", "https://youtube.example/1");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it.each([
    ["GET /api/media/news/latest", "panel-news"],
    ["GET /api/tournaments", "panel-tournaments"],
    ["GET /api/tournaments/latest_results", "panel-results"],
    ["GET /api/registry/players", "panel-players"],
    ["GET /api/registry/teams/category/all", "panel-teams"],
    ["GET /api/registry/recent_transactions", "panel-transfers"],
    ["GET /api/media/youtube/latest", "panel-videos"],
    ["GET /api/media/stream/latest", "panel-streams"],
    ["GET /api/media/social/latest", "panel-social"],
  ])("when %s answers 500 only %s fails", async (route, failing) => {
    mockFetch(homeRoutes({ [route]: errorReply(500) }));
    renderApp("/");

    const broken = await panel(failing);
    expect(await within(broken).findByText("Something went wrong...")).toBeInTheDocument();
    expect(within(broken).getByRole("link", { name: "Reload" })).toBeInTheDocument();
    expect(within(broken).getByRole("link", { name: "Support Forum" })).toHaveAttribute("href", "/support");

    for (const id of [
      "panel-news",
      "panel-tournaments",
      "panel-results",
      "panel-players",
      "panel-teams",
      "panel-transfers",
      "panel-videos",
      "panel-streams",
      "panel-social",
    ]) {
      if (id === failing) continue;
      const other = await panel(id);
      expect((await within(other).findAllByRole("listitem")).length).toBeGreaterThan(0);
      expect(within(other).queryByText("Something went wrong...")).toBeNull();
    }
  });

  it("reload link of a failed panel refetches just that panel", async () => {
    let fail = true;
    const fetch = mockFetch(
      homeRoutes({
        "GET /api/registry/players": () =>
          fail ? { status: 500, body: { status: "error", message: "x" } } : { body: { data: players(2), has_next_page: false } },
      }),
    );
    const { user } = renderApp("/");
    const p = await panel("panel-players");
    await within(p).findByText("Something went wrong...");
    fail = false;
    await user.click(within(p).getByRole("link", { name: "Reload" }));
    expect(await within(p).findAllByRole("listitem")).toHaveLength(2);
    expect(callsTo(fetch, "GET", "/api/registry/players")).toHaveLength(2);
    expect(callsTo(fetch, "GET", "/api/media/news/latest")).toHaveLength(1);
  });

  it("shows empty states instead of blank panels", async () => {
    mockFetch(
      homeRoutes({
        "GET /api/registry/players": { data: [], has_next_page: false },
        "GET /api/tournaments/latest_results": { tournament: null, placements: [] },
      }),
    );
    renderApp("/");
    expect(await within(await panel("panel-players")).findByText("No players.")).toBeInTheDocument();
    expect(await within(await panel("panel-results")).findByText("No results yet.")).toBeInTheDocument();
  });
});
