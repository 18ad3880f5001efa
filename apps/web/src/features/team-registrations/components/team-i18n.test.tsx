import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { EligiblePlayers, TeamRegisterStatus, TeamRegistrationList } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { userSession } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { EligiblePlayersPage } from "./eligible-players";
import { TeamRegistrationsPage } from "./team-registrations-list";
import { TeamStatusView } from "./team-status";

/** The team registration status in another language (#21). (The setup switches back to English after each test.) */
describe("team registration status in other languages (#21)", () => {
  it("German: a team's status block", async () => {
    await activateLocale("de", i18n, true);
    const t = tournamentDetail({ id: 8, event_format: 0, registrations_open: false, verification_required: 1 });
    const s = {
      status: "registered",
      my_team_verified: 0,
      opted_out: false,
      my_team_id: 3,
      my_team_name: "Blue Shells",
    } as TeamRegisterStatus;
    renderWithProviders(<TeamStatusView t={t} s={s} />);
    expect(screen.getByText("WARTET AUF FREIGABE")).toBeInTheDocument();
    expect(screen.getByText("Verifizierung ausstehend")).toBeInTheDocument();
    expect(screen.getByText("Die Anmeldung für dieses Turnier ist geschlossen.")).toBeInTheDocument();
  });

  it("Japanese: the Registered On day of the team table (from registered_at, in ms)", async () => {
    await activateLocale("ja", i18n, true);
    const list: TeamRegistrationList = {
      data: [
        {
          team_id: 21,
          team_name: "Blue Shells",
          team_tag: "BS",
          team_color: 1,
          secondary_team_id: null,
          secondary_team_name: null,
          player_count: 4,
          status: "registered",
          verified: 1,
          registered_at: Date.UTC(2026, 10, 22, 9),
          registered_at_human: "Nov 22, 2026",
        },
      ],
    };
    mockFetch({ "GET /api/session": userSession(), "GET /api/events/7/registrations": list });
    renderWithProviders(<TeamRegistrationsPage t={tournamentDetail({ id: 7, event_format: 0 })} />);
    const row = (await screen.findByRole("link", { name: "Blue Shells" })).closest("tr")!;
    expect(within(row).getByText("2026年11月22日")).toBeInTheDocument();
  });

  it("French: the Registered Since day of the eligible players (from registered_since)", async () => {
    await activateLocale("fr", i18n, true);
    const roster: EligiblePlayers = {
      team_id: 21,
      team_name: "Blue Shells",
      team_tag: "BS",
      secondary_team_id: null,
      secondary_team_name: null,
      status: "registered",
      verified: 1,
      custom_field_name: null,
      members: [
        {
          player_id: 4,
          display_name: "Rider",
          country_code: "JP",
          country_name: "Japan",
          opted_out: false,
          team_manager: false,
          team_leader: true,
          team_representative: false,
          custom_field: null,
          registered_since_human: "Feb 3, 2026",
          registered_since: "2026-02-03T08:00:00.000Z",
        },
      ],
    };
    mockFetch({ "GET /api/session": userSession(), "GET /api/events/7/teams/21/eligible_players": roster });
    renderWithProviders(<EligiblePlayersPage t={tournamentDetail({ id: 7, event_format: 0 })} teamId={21} />);
    const row = (await screen.findByRole("link", { name: "Rider" })).closest("tr")!;
    expect(within(row).getByText("3 févr. 2026")).toBeInTheDocument();
  });
});
