import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";

describe("/tournaments/{id}", () => {
  it("shows the header, the info list, details and collapsible rules", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/events/5": tournamentDetail({
        event_format: 0,
        event_format_human: "Team",
        minimum_team_size: 6,
        organizer: "lan",
        location: "Paris Expo",
        transfer_deadline: "2026-11-28",
        transfer_deadline_human: "Nov 28, 2026 23:59:59 UTC",
      }),
    });
    renderApp("/tournaments/5");
    // The first test of the file pays for loading the page's lazy chunk: more than findBy's 1 s on a busy machine.
    expect(await screen.findByRole("heading", { level: 1, name: "Squad Showdown" }, { timeout: 8000 })).toBeInTheDocument();
    const info = screen.getByRole("region", { name: "Tournament info" });
    const value = (term: string) => within(info).getByText(term).nextElementSibling;
    expect(value("When")).toHaveTextContent(/^Tue Dec 1( 2026)?, 18:00 UTC – Wed Dec 2( 2026)?, 22:00 UTC/);
    expect(value("Player Transfer Deadline")).toHaveTextContent("Nov 28, 2026 23:59:59 UTC");
    expect(value("Game")).toHaveTextContent("Mario Kart 8 Deluxe");
    expect(value("Game Mode")).toHaveTextContent("150cc");
    expect(value("Registration Format")).toHaveTextContent("Team");
    // Everyone reaches who entered (issue #17 §1): the count in the format's words.
    expect(within(info).getByRole("link", { name: "Registrations (12) · 12 teams" })).toHaveAttribute(
      "href",
      "/tournaments/5/registrations",
    );
    expect(value("Minimum Team Size")).toHaveTextContent("6");
    expect(within(info).getByRole("link", { name: "Paris Expo" })).toHaveAttribute("href", expect.stringContaining("Paris%20Expo"));
    expect(within(info).getByRole("link", { name: "Showdown Series" })).toHaveAttribute("href", "/tournaments/series/showdown");
    expect(screen.getByText("Welcome")).toBeInTheDocument();
    expect(screen.getByText("Tournament Rules").closest("details")).not.toHaveAttribute("open");
    expect(screen.queryByRole("navigation", { name: "Tournament administration" })).not.toBeInTheDocument();
  });

  it("says Ongoing without dates and gives administrators their actions", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail({
        start_date: null,
        end_date: null,
        start_date_human: null,
        end_date_human: null,
        no_date: true,
        can_administrate: true,
        published: false,
      }),
    });
    renderApp("/tournaments/5");
    const nav = await screen.findByRole("navigation", { name: "Tournament administration" });
    expect(within(nav).getByRole("link", { name: "Edit Tournament" })).toHaveAttribute("href", "/tournaments/5/edit");
    expect(within(nav).getByRole("link", { name: "Edit Placements" })).toHaveAttribute("href", "/tournaments/5/placements/edit");
    expect(within(nav).getByRole("link", { name: "Logs" })).toHaveAttribute("href", "/tournaments/5/logs");
    expect(within(nav).getByRole("link", { name: "Controls" })).toHaveAttribute("href", "/tournaments/5/controls");
    expect(within(nav).getByRole("link", { name: "Registrations (12)" })).toHaveAttribute("href", "/tournaments/5/registrations");
    expect(screen.getByText("Ongoing")).toBeInTheDocument();
    expect(screen.getByText("Unpublished")).toBeInTheDocument();
  });

  it("says 'Tournament not found.' on a 404 (unpublished and hidden)", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/events/5": errorReply(404, "Tournament not found.") });
    renderApp("/tournaments/5");
    expect(await screen.findByText("Tournament not found.")).toBeInTheDocument();
  });

  it("shows the failure panel when the load fails", async () => {
    mockFetch({ "GET /api/session": anonymousSession, "GET /api/events/5": errorReply(500) });
    renderApp("/tournaments/5");
    expect(await screen.findByText("Something went wrong...")).toBeInTheDocument();
  });
});

describe("/tournaments/{id}/controls and /logs", () => {
  it("sends each control change and shows the new state", async () => {
    let state = tournamentDetail({ can_administrate: true, published: false, checkin_status: 0 });
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": () => ({ body: state }),
      "POST /api/events/5/controls": (req: { body: unknown }) => {
        state = { ...state, ...(req.body as object) };
        return {
          body: {
            status: "ok",
            published: state.published,
            registrations_open: state.registrations_open,
            checkin_status: state.checkin_status,
            show_on_profiles: state.show_on_profiles,
          },
        };
      },
    });
    const { user } = renderApp("/tournaments/5/controls");
    await user.click(await screen.findByRole("button", { name: "Publish Tournament" }));
    await screen.findByRole("button", { name: "Hide Tournament" });
    const checkin = screen.getByRole("group", { name: "Check-in status" });
    // Named, not coded (#17 §8).
    expect(
      within(checkin)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Not Open", "Open", "Closed"]);
    await user.click(within(checkin).getByRole("button", { name: "Open" }));
    await waitFor(() => expect(within(checkin).getByRole("button", { name: "Open" })).toHaveAttribute("aria-pressed", "true"));
    await user.click(screen.getByRole("button", { name: "Close Registrations" }));
    await user.click(await screen.findByRole("button", { name: "Hide Results on Profiles" }));
    await screen.findByRole("button", { name: "Show Results on Profiles" });
    expect(callsTo(fetch, "POST", "/api/events/5/controls").map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { published: true },
      { checkin_status: 1 },
      { registrations_open: false },
      { show_on_profiles: false },
    ]);
  });

  it("says what the schedule will do beside the switches it drives (issue #17 §2)", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail({
        can_administrate: true,
        registrations_open: true,
        checkin_required: true,
        checkin_status: 0,
        registrations_close_at: "2026-11-30T18:00:00.000Z",
        checkin_opens_at: "2026-12-01T17:00:00.000Z",
        checkin_closes_at: "2026-12-01T17:45:00.000Z",
      }),
    });
    renderApp("/tournaments/5/controls");
    expect(await screen.findByText(/Closes on schedule/)).toHaveTextContent(
      /Closes on schedule Mon Nov 30( 2026)?, 18:00 UTC.*\. Changing it here clears the scheduled time\./,
    );
    expect(screen.getByText(/On schedule:/)).toHaveTextContent(/opens Tue Dec 1( 2026)?, 17:00 UTC.* closes Tue Dec 1( 2026)?, 17:45 UTC/);
  });

  it("lists log lines with who, what, before and after, paged", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail({ can_administrate: true }),
      "GET /api/events/5/logs": {
        data: [
          {
            id: 2,
            created_at: "2026-11-22T10:00:00.000Z",
            created_at_human: "Nov 22, 2026, 10:00 UTC",
            user_id: 3,
            player_id: 30,
            user_name: "Boss",
            action: "controls.published",
            action_human: "Changed visibility",
            before: "Hidden",
            after: "Published",
          },
        ],
        has_next_page: true,
      },
    });
    renderApp("/tournaments/5/logs");
    const row = (await screen.findByRole("cell", { name: "Changed visibility" })).closest("tr")!;
    expect(within(row).getByRole("link", { name: "Boss" })).toHaveAttribute("href", "/registry/players/30");
    expect(within(row).getByText("Hidden")).toBeInTheDocument();
    expect(within(row).getByText("Published")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });

  it("refuses the controls to viewers who do not administrate the tournament", async () => {
    mockFetch({ "GET /api/session": userSession(), "GET /api/events/5": tournamentDetail() });
    renderApp("/tournaments/5/controls");
    expect(await screen.findByText("You do not have permission to view this page.")).toBeInTheDocument();
  });
});
