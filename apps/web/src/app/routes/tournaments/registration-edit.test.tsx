import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { userSession } from "@/testing/fixtures";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";

/** The registration edit pages open for registration moderators (000 §6 canEventModerate), not only administrators. */
describe("/tournaments/{id}/registrations/…/edit", () => {
  const moderator = userSession({}, { canEventModerate: true });
  const teamEdit = { team_name: "Moderated", status: "registered", team2_id: null, team2_name: null, secondary_options: [] };
  const playerEdit = { status: "registered", player_name: "Racer One", squad_id: null, registration_details: { can_host: false, ign: "" } };

  it("opens the team edit page for an event moderator", async () => {
    mockFetch({
      "GET /api/session": moderator,
      "GET /api/events/5": tournamentDetail({ event_format: 0, can_administrate: false, can_moderate: true }),
      "GET /api/events/5/registrations/teams/21/edit": teamEdit,
    });
    renderApp("/tournaments/5/registrations/teams/21/edit");
    expect(await screen.findByRole("heading", { name: "Moderated" })).toBeInTheDocument();
    expect(screen.queryByText("You do not have permission to view this page.")).toBeNull();
  });

  it("opens the solo player edit page for an event moderator", async () => {
    mockFetch({
      "GET /api/session": moderator,
      "GET /api/events/5": tournamentDetail({ event_format: 1, can_administrate: false, can_moderate: true }),
      "GET /api/events/5/registrations/players/8/edit": playerEdit,
    });
    renderApp("/tournaments/5/registrations/players/8/edit");
    expect(await screen.findByText("Racer One")).toBeInTheDocument();
  });

  it("turns a viewer who may not moderate away without asking for the registration", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/5": tournamentDetail({ event_format: 0 }),
      "GET /api/events/5/registrations/teams/21/edit": teamEdit,
    });
    renderApp("/tournaments/5/registrations/teams/21/edit");
    expect(await screen.findByText("You do not have permission to view this page.")).toBeInTheDocument();
    expect(callsTo(fetch, "GET", "/api/events/5/registrations/teams/21/edit")).toHaveLength(0);
  });
});
