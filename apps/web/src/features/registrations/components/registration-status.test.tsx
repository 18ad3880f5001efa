import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M, type RegisterStatus } from "@site/contract";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { RegistrationStatusBlock } from "./registration-status";
import { RegistrationsPage } from "./registrations-list";

const status = (o: Partial<RegisterStatus> = {}): RegisterStatus => ({
  status: "not_registered",
  registration_details: null,
  invitations: [],
  discord_tag: null,
  required_fields: { squad_name: true, squad_tag: true, can_host: true, mii_name: true, mii_name_max_length: 10 },
  can_administrate: false,
  can_moderate: false,
  ...o,
});
const details = {
  status: "registered",
  checked_in: false,
  verified: 0,
  squad_id: 5,
  squad_name: "Alpha",
  squad_tag: "ALP",
  squad_color: 1,
  squad_status: "registered",
  is_captain: true,
  register_count: 1,
  checkin_count: 0,
  can_host: true,
  ign: "Mii",
  withdrawn_at_checkin: false,
  waitlist_position: null,
};

describe("registration status block", () => {
  it.each([
    ["rejected", M.rejected],
    ["pending_email", M.pending_email],
    ["user_invalid", M.user_invalid],
    ["banned", M.banned],
    ["no_profile", M.no_profile],
  ] as const)("shows the blocking message for %s", async (s, message) => {
    mockFetch({ "GET /api/events/7/register": status({ status: s }) });
    renderWithProviders(<RegistrationStatusBlock t={tournamentDetail({ id: 7, event_format: 2, registrations_open: true })} showForm />);
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it("on the tournament page, gives way to the placements feature once placements exist and it has started", async () => {
    mockFetch({
      "GET /api/events/7/register": status({
        status: "registered",
        registration_details: details as RegisterStatus["registration_details"],
      }),
      "GET /api/events/7/placements": { data: [{ placement: 1 }], count: 1, total_registrations_override: null },
    });
    const t = tournamentDetail({ id: 7, event_format: 2, registrations_open: true, start_date: "2026-01-10T18:00:00.000Z" });
    const { container } = renderWithProviders(<RegistrationStatusBlock t={t} />);
    // Only the final state has neither the spinner nor the status panel.
    await waitFor(() => {
      expect(container.querySelector(".loading")).toBeNull();
      expect(container.querySelector(".registration-status")).toBeNull();
    });
    expect(screen.queryByText("REGISTERED")).toBeNull();
  });

  it("keeps the registration status of a tournament still to come, placements entered ahead or not (#17 §8)", async () => {
    mockFetch({
      "GET /api/events/7/register": status({
        status: "registered",
        registration_details: details as RegisterStatus["registration_details"],
      }),
      "GET /api/events/7/placements": { data: [{ placement: 1 }], count: 1, total_registrations_override: null },
    });
    const t = tournamentDetail({ id: 7, event_format: 2, registrations_open: true, start_date: "2999-01-10T18:00:00.000Z" });
    renderWithProviders(<RegistrationStatusBlock t={t} />);
    expect(await screen.findByText("REGISTERED")).toBeInTheDocument();
  });

  it("on the tournament page without placements, shows the registration status", async () => {
    mockFetch({
      "GET /api/events/7/register": status({
        status: "registered",
        registration_details: details as RegisterStatus["registration_details"],
      }),
      "GET /api/events/7/placements": { data: [], count: 0, total_registrations_override: null },
    });
    renderWithProviders(<RegistrationStatusBlock t={tournamentDetail({ id: 7, event_format: 2, registrations_open: true })} />);
    expect(await screen.findByText("REGISTERED")).toBeInTheDocument();
  });

  it("shows the form with only the required fields", async () => {
    mockFetch({
      "GET /api/events/7/register": status({
        required_fields: { squad_name: true, squad_tag: false, can_host: false, mii_name: true, mii_name_max_length: 10 },
      }),
    });
    renderWithProviders(<RegistrationStatusBlock t={tournamentDetail({ id: 7, event_format: 2, registrations_open: true })} showForm />);
    expect(await screen.findByLabelText("Squad Name")).toBeInTheDocument();
    expect(screen.getByLabelText("In-Game Name")).toHaveAttribute("maxLength", "10");
    expect(screen.queryByLabelText("Squad Tag")).toBeNull();
    expect(screen.queryByLabelText("Can Host")).toBeNull();
  });

  it("shows registered, pending approval, hints and check-in states", async () => {
    mockFetch({ "GET /api/events/7/register": status({ status: "registered", registration_details: details }) });
    renderWithProviders(
      <RegistrationStatusBlock
        t={tournamentDetail({
          id: 7,
          event_format: 2,
          registrations_open: false,
          verification_required: 1,
          minimum_team_size: 3,
          checkin_required: true,
          checkin_status: 0,
        })}
      />,
    );
    expect(await screen.findByText("PENDING APPROVAL")).toBeInTheDocument();
    expect(screen.getByText(M.pendingApproval)).toBeInTheDocument();
    expect(screen.getByText("Your squad needs 2 more member(s) to be eligible.")).toBeInTheDocument();
    expect(screen.getByText(M.rememberCheckin)).toBeInTheDocument();
    // The window's time next to it (issue 17 §2): it opens before the start, in the viewer's zone.
    expect(screen.getByText(M.rememberCheckin).closest("p")).toHaveTextContent(
      /The check-in window opens before the start, Tue Dec 1( 2026)?, 18:00 UTC/,
    );
    expect(screen.getByText(M.closed)).toBeInTheDocument();
  });

  it("shows the scheduled check-in window beside 'Remember to check in' (issue 17 §2)", async () => {
    mockFetch({ "GET /api/events/7/register": status({ status: "registered", registration_details: details }) });
    renderWithProviders(
      <RegistrationStatusBlock
        t={tournamentDetail({
          id: 7,
          event_format: 2,
          checkin_required: true,
          checkin_status: 0,
          checkin_opens_at: "2026-12-01T17:00:00.000Z",
          checkin_closes_at: "2026-12-01T17:45:00.000Z",
        })}
      />,
    );
    const line = (await screen.findByText(M.rememberCheckin)).closest("p")!;
    expect(line).toHaveTextContent(/Check-in opens Tue Dec 1( 2026)?, 17:00 UTC.* and closes Tue Dec 1( 2026)?, 17:45 UTC/);
    expect(line.querySelector("time")).toHaveAttribute("datetime", "2026-12-01T17:00:00.000Z");
  });

  it("offers Check In Now while check-ins are open and the withdrawn message after close", async () => {
    mockFetch({
      "GET /api/events/7/register": status({ status: "registered", registration_details: { ...details, verified: 1, register_count: 2 } }),
    });
    renderWithProviders(
      <RegistrationStatusBlock
        t={tournamentDetail({
          id: 7,
          event_format: 2,
          registrations_open: true,
          checkin_required: true,
          checkin_status: 1,
          minimum_team_size: 2,
          checkin_minimum: 2,
        })}
      />,
    );
    expect(await screen.findByRole("button", { name: "Check In Now" })).toBeInTheDocument();
    expect(screen.getByText("Your squad needs 2 more checkin(s).")).toBeInTheDocument();
    expect(screen.getByText("REGISTERED")).toBeInTheDocument();
  });

  it("tells a squad member withdrawn at check-in close, even one who checked in", async () => {
    mockFetch({
      "GET /api/events/7/register": status({
        registration_details: { ...details, status: "withdrawn", checked_in: true, withdrawn_at_checkin: true },
      }),
    });
    renderWithProviders(
      <RegistrationStatusBlock
        t={tournamentDetail({ id: 7, event_format: 2, registrations_open: true, checkin_required: true, checkin_status: 2 })}
      />,
    );
    expect(await screen.findByText(M.withdrawnCheckinSquad)).toBeInTheDocument();
  });

  it("tells a solo player withdrawn at check-in close", async () => {
    mockFetch({
      "GET /api/events/8/register": status({
        registration_details: { ...details, squad_id: null, status: "withdrawn", withdrawn_at_checkin: true },
      }),
    });
    renderWithProviders(
      <RegistrationStatusBlock
        t={tournamentDetail({ id: 8, event_format: 1, registrations_open: true, checkin_required: true, checkin_status: 2 })}
      />,
    );
    expect(await screen.findByText(M.withdrawnCheckin)).toBeInTheDocument();
  });

  it("says nothing of check-ins to a player withdrawn for another reason", async () => {
    mockFetch({ "GET /api/events/7/register": status({ registration_details: { ...details, status: "withdrawn" } }) });
    renderWithProviders(
      <RegistrationStatusBlock
        t={tournamentDetail({ id: 7, event_format: 2, registrations_open: true, checkin_required: true, checkin_status: 2 })}
      />,
    );
    // The way to register again shows; the check-in message does not.
    expect(await screen.findByRole("link", { name: "Register Now!" })).toBeInTheDocument();
    expect(screen.queryByText(M.withdrawnCheckinSquad)).toBeNull();
  });
});

describe("registrations lists", () => {
  it("shows 'No squads.' and the squad count", async () => {
    mockFetch({ "GET /api/events/7/registrations": { data: [] }, "GET /api/session": anonymousSession });
    renderWithProviders(<RegistrationsPage t={tournamentDetail({ id: 7, event_format: 2 })} />);
    expect(await screen.findByText(M.noSquads)).toBeInTheDocument();
  });

  it("shows the admin move popup and manual registration modes", async () => {
    const row = {
      squad_id: 3,
      squad_name: "Alpha",
      squad_tag: "ALP",
      squad_color: 1,
      verified: 1,
      player_count: 2,
      eligible: true,
      can_host: true,
      checked_in: false,
      checkin_count: 0,
      registered_at: 1,
      registered_at_human: "Jan 1, 2026",
    };
    mockFetch({
      "GET /api/events/7/registrations": { data: [row] },
      "GET /api/session": userSession({}, { canEventAdministrate: true, canEventModerate: true }),
    });
    renderWithProviders(
      <RegistrationsPage t={tournamentDetail({ id: 7, event_format: 2, can_administrate: true, maximum_team_size: 4 })} />,
    );
    expect(await screen.findByText("1 squad(s)")).toBeInTheDocument();
    screen.getByRole("button", { name: "Move" }).click();
    expect(await screen.findByRole("dialog", { name: "Move squad to:" })).toBeInTheDocument();
    expect(screen.getByText("Manually Register Squad")).toBeInTheDocument();
    expect(screen.getByText("Register New Shadow Squad")).toBeInTheDocument();
    expect(await screen.findByText("Register with New Shadow Player")).toBeInTheDocument();
    expect(screen.getByText("Download FFA Sheet")).toBeInTheDocument();
  });
});
