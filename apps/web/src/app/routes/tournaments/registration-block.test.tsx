import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RegisterStatus, TeamRegisterStatus } from "@site/contract";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { TournamentRegistrationBlock } from "./registration-block";

// Moved from features/registrations/components/registration-ux.test.tsx: the block that picks the
// registration feature by format lives in app/ (registration-block.tsx).
const status = (o: Partial<RegisterStatus> = {}): RegisterStatus => ({
  status: "not_registered",
  registration_details: null,
  invitations: [],
  discord_tag: null,
  required_fields: { squad_name: true, squad_tag: true, can_host: false, mii_name: true, mii_name_max_length: 10 },
  can_administrate: false,
  can_moderate: false,
  ...o,
});
const teamStatus = (o: Partial<TeamRegisterStatus> = {}): TeamRegisterStatus => ({
  status: "anonymous",
  teams: [],
  my_team_id: null,
  my_team_name: null,
  my_team_verified: null,
  opted_out: false,
  rejected: false,
  can_administrate: false,
  can_moderate: false,
  ...o,
});
const noPlacements = { data: [], count: 0, total_registrations_override: null, total_entrants: 0, page: 1, page_count: 1 };
const T = (o = {}) => tournamentDetail({ id: 7, title: "Squad Showdown", event_format: 2, registrations_open: true, ...o });

describe("tournament page status block: the same call to action for every format (001 §2)", () => {
  it.each([
    ["solo", 1],
    ["squad", 2],
  ] as const)("offers an anonymous visitor 'Register Now!' on an open %s tournament", async (_, format) => {
    mockFetch({ "GET /api/events/7/register": status({ status: "anonymous" }), "GET /api/events/7/placements": noPlacements });
    renderWithProviders(<TournamentRegistrationBlock t={T({ event_format: format })} />);
    expect(await screen.findByRole("link", { name: "Register Now!" })).toHaveAttribute("href", "/tournaments/7/register");
    expect(screen.queryByText(/to register\./)).toBeNull();
  });

  it("offers an anonymous visitor 'Register Now!' on an open team tournament", async () => {
    mockFetch({ "GET /api/events/7/register": teamStatus(), "GET /api/events/7/placements": noPlacements });
    renderWithProviders(<TournamentRegistrationBlock t={T({ event_format: 0 })} />);
    expect(await screen.findByRole("link", { name: "Register Now!" })).toHaveAttribute("href", "/tournaments/7/register");
  });

  it.each([
    ["solo/squad", 2, status({ status: "anonymous" })],
    ["team", 0, teamStatus()],
  ] as const)("asks an anonymous visitor to log in on the %s register page, with a way back", async (_, format, s) => {
    mockFetch({ "GET /api/events/7/register": s });
    renderWithProviders(<TournamentRegistrationBlock t={T({ event_format: format })} showForm />);
    // The link comes back to the page it is on (the test renders at '/').
    expect(await screen.findByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?next=%2F");
    expect(screen.getByRole("link", { name: "← Back to Squad Showdown" })).toHaveAttribute("href", "/tournaments/7");
    expect(screen.queryByRole("link", { name: "Register Now!" })).toBeNull();
  });

  it("says closed to anonymous visitors once registrations close", async () => {
    mockFetch({ "GET /api/events/7/register": status({ status: "anonymous" }), "GET /api/events/7/placements": noPlacements });
    renderWithProviders(<TournamentRegistrationBlock t={T({ registrations_open: false })} />);
    expect(await screen.findByText("Registrations for this tournament have closed.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Register Now!" })).toBeNull();
  });
});

describe("registered status: real buttons", () => {
  it("shows the team Edit Registration as a button-styled link", async () => {
    mockFetch({
      "GET /api/events/7/register": teamStatus({ status: "registered", my_team_id: 3, my_team_name: "Tigers", my_team_verified: 1 }),
      "GET /api/events/7/placements": noPlacements,
    });
    renderWithProviders(<TournamentRegistrationBlock t={T({ event_format: 0 })} />);
    const edit = await screen.findByRole("link", { name: "Edit Registration" });
    expect(edit).toHaveAttribute("href", "/tournaments/7/register");
    expect(edit).toHaveClass("btn");
  });
});
