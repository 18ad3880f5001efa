import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type RegisterStatus, type Waitlist, waitlistMessage } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { userSession } from "@/testing/fixtures";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { RegistrationStatusBlock } from "./registration-status";
import { RegistrationsPage } from "./registrations-list";
import { WaitlistPanel } from "./waitlist-panel";

/** Issue #22 §1 in the web: the waiting registrant's block and the organisers' Waitlist section. */

const waiting = (position: number): RegisterStatus => ({
  status: "waitlisted",
  registration_details: {
    status: "waitlisted",
    checked_in: false,
    verified: 0,
    squad_id: 5,
    squad_name: "Alpha",
    squad_tag: "ALP",
    squad_color: 1,
    squad_status: "waitlisted",
    is_captain: true,
    register_count: 2,
    checkin_count: 0,
    can_host: false,
    ign: null,
    withdrawn_at_checkin: false,
    waitlist_position: position,
  },
  invitations: [],
  discord_tag: null,
  required_fields: { squad_name: true, squad_tag: false, can_host: false, mii_name: false, mii_name_max_length: 10 },
  can_administrate: false,
  can_moderate: false,
});

const list = (o: Partial<Waitlist> = {}): Waitlist => ({
  data: [
    {
      entrant_id: 11,
      position: 1,
      name: "Bravo",
      tag: "BRV",
      country_code: null,
      member_count: 1,
      checkin_count: 0,
      qualifies: false,
      reason: "Needs 1 more member(s).",
      waitlisted_at: 1_760_000_000_000,
    },
    {
      entrant_id: 12,
      position: 2,
      name: "Charlie",
      tag: "CHR",
      country_code: null,
      member_count: 2,
      checkin_count: 0,
      qualifies: true,
      reason: null,
      waitlisted_at: 1_760_000_100_000,
    },
  ],
  max_entrants: 2,
  registered_count: 2,
  can_manage: true,
  ...o,
});

const capped = (o: Parameters<typeof tournamentDetail>[0] = {}) =>
  tournamentDetail({ id: 7, event_format: 2, registrations_open: true, max_entrants: 2, can_moderate: true, can_administrate: true, ...o });

describe("waitlist", () => {
  it("a waiting squad's captain sees WAITLISTED and the position, and may still withdraw", async () => {
    mockFetch({
      "GET /api/events/7/register": waiting(3),
      "GET /api/events/7/placements": { data: [], count: 0, total_registrations_override: null, total_entrants: 0, page: 1, page_count: 1 },
    });
    renderWithProviders(<RegistrationStatusBlock t={capped({ can_moderate: false, can_administrate: false })} />);
    expect(await screen.findByText("WAITLISTED")).toBeInTheDocument();
    expect(screen.getByText(waitlistMessage(3))).toBeInTheDocument();
    expect(screen.getByText(/registered automatically and notified/)).toBeInTheDocument();
    expect(screen.queryByText("REGISTERED")).toBeNull();
    expect(screen.getByRole("button", { name: "Withdraw" })).toBeInTheDocument();
  });

  it("organisers open the Waitlist, see who would be skipped and why, and move an entrant up", async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      "GET /api/session": userSession({}, { canEventAdministrate: true, canEventModerate: true }),
      "GET /api/events/7/registrations": { data: [] },
      "GET /api/events/7/register": waiting(1),
      "GET /api/events/7/waitlist": list(),
      "POST /api/events/7/waitlist/move": { status: "ok" },
    });
    renderWithProviders(<RegistrationsPage t={capped()} />);
    await user.selectOptions(await screen.findByLabelText("Status"), "waitlisted");
    const table = await screen.findByRole("table");
    expect(screen.getByText("2 / 2 registered · 2 waiting")).toBeInTheDocument();
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByText(/Needs 1 more member/)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole("button", { name: "Move Bravo up" })).toBeDisabled();
    expect(within(rows[2]!).getByRole("button", { name: "Move Charlie down" })).toBeDisabled();
    await user.click(within(rows[2]!).getByRole("button", { name: "Move Charlie up" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/waitlist/move")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/events/7/waitlist/move")[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ entrant_id: 12, direction: "up" });
  });

  it("a team tournament's waitlist lists teams with their rosters' links and players, without check-ins (#22 §1)", async () => {
    mockFetch({
      "GET /api/session": userSession({}, { canEventAdministrate: true, canEventModerate: true }),
      "GET /api/events/7/waitlist": list({ data: [{ ...list().data[1]!, name: "Tigers", tag: "TIG", member_count: 6 }] }),
    });
    renderWithProviders(<WaitlistPanel t={capped({ event_format: 0, checkin_required: true })} />);
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("columnheader", { name: "Team" })).toBeInTheDocument();
    expect(within(table).queryByRole("columnheader", { name: "Checked In" })).toBeNull();
    const row = within(table).getAllByRole("row")[1]!;
    expect(within(row).getByRole("link", { name: /Tigers/ })).toHaveAttribute("href", "/tournaments/7/teams/12/eligible_players");
    expect(within(row).getByText("6")).toBeInTheDocument();
  });

  it("promote asks first and says the tournament is full; a refusal shows the server's message", async () => {
    const user = userEvent.setup();
    const fetch = mockFetch({
      "GET /api/session": userSession({}, { canEventAdministrate: true, canEventModerate: true }),
      "GET /api/events/7/registrations": { data: [] },
      "GET /api/events/7/waitlist": list(),
      "POST /api/events/7/waitlist/promote": errorReply(400, "This entrant is not on the waitlist."),
    });
    renderWithProviders(<RegistrationsPage t={capped()} />);
    await user.selectOptions(await screen.findByLabelText("Status"), "waitlisted");
    const rows = within(await screen.findByRole("table")).getAllByRole("row");
    await user.click(within(rows[1]!).getByRole("button", { name: "Promote" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/even though the tournament is full/)).toBeInTheDocument();
    expect(within(dialog).getByText(/does not qualify for promotion yet: Needs 1 more member/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Register now" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This entrant is not on the waitlist.");
    expect(callsTo(fetch, "POST", "/api/events/7/waitlist/promote")).toHaveLength(1);
  });

  it("French: each reason from its code and params, a refusal's code through the error texts, no code as written (#21)", async () => {
    await activateLocale("fr", i18n, true);
    const entry = list().data[1]!;
    mockFetch({
      "GET /api/session": userSession({}, { canEventModerate: true }),
      "GET /api/events/7/waitlist": list({
        can_manage: false,
        data: [
          {
            ...entry,
            entrant_id: 21,
            name: "Uno",
            qualifies: false,
            reason: "Has 1 of 2 check-ins.",
            reason_code: "registration.waitlist.checkins",
            reason_params: { count: 1, needed: 2 },
          },
          {
            ...entry,
            entrant_id: 22,
            name: "Dos",
            qualifies: false,
            reason: "This team is banned and cannot register for tournaments.",
            reason_code: "registration.team_banned",
            reason_params: {},
          },
          { ...entry, entrant_id: 23, name: "Tres", qualifies: false, reason: "A reason from elsewhere." },
        ],
      }),
    });
    renderWithProviders(<WaitlistPanel t={capped({ can_administrate: false })} />);
    expect(await screen.findByText(/1 check-ins sur 2\./)).toBeInTheDocument();
    expect(screen.queryByText(/Has 1 of 2 check-ins/)).toBeNull();
    expect(screen.getByText(/Cette équipe est bannie et ne peut pas s’inscrire aux tournois\./)).toBeInTheDocument();
    expect(screen.getByText(/A reason from elsewhere\./)).toBeInTheDocument();
  });

  it("moderators read the waitlist without actions; an empty one says so; uncapped tournaments have no Waitlist option", async () => {
    const user = userEvent.setup();
    mockFetch({
      "GET /api/session": userSession({}, { canEventModerate: true }),
      "GET /api/events/7/registrations": { data: [] },
      "GET /api/events/7/waitlist": list({ can_manage: false }),
      "GET /api/events/8/registrations": { data: [] },
      "GET /api/events/8/waitlist": list({ data: [] }),
    });
    const { unmount } = renderWithProviders(<RegistrationsPage t={capped({ can_administrate: false })} />);
    await user.selectOptions(await screen.findByLabelText("Status"), "waitlisted");
    await screen.findByRole("table");
    expect(screen.queryByRole("button", { name: "Promote" })).toBeNull();
    unmount();
    renderWithProviders(<RegistrationsPage t={capped({ id: 8 })} />);
    await user.selectOptions(await screen.findByLabelText("Status"), "waitlisted");
    expect(await screen.findByText("No one is on the waitlist.")).toBeInTheDocument();
  });

  it("an uncapped tournament offers no Waitlist status; a failing waitlist shows the failure panel", async () => {
    const user = userEvent.setup();
    mockFetch({
      "GET /api/session": userSession({}, { canEventModerate: true }),
      "GET /api/events/7/registrations": { data: [] },
      "GET /api/events/9/registrations": { data: [] },
      "GET /api/events/9/waitlist": errorReply(500),
    });
    const { unmount } = renderWithProviders(<RegistrationsPage t={capped({ max_entrants: null })} />);
    const select = await screen.findByLabelText("Status");
    expect(within(select).queryByRole("option", { name: "Waitlist" })).toBeNull();
    unmount();
    renderWithProviders(<RegistrationsPage t={capped({ id: 9 })} />);
    await user.selectOptions(await screen.findByLabelText("Status"), "waitlisted");
    expect(await screen.findByText(/Something went wrong/)).toBeInTheDocument();
  });
});
