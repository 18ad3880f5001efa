import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type InvitedPlayers, type RegisterStatus, type SquadView, TEAM_COLORS } from "@site/contract";
import { userSession } from "@/testing/fixtures";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { RegistrationStatusBlock } from "./registration-status";
import { RegistrationsPage } from "./registrations-list";
import { SquadPage } from "./squad-page";

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
const details = (o: Partial<NonNullable<RegisterStatus["registration_details"]>> = {}) =>
  ({
    status: "registered",
    checked_in: false,
    verified: 1,
    squad_id: 5,
    squad_name: "Alpha",
    squad_tag: "ALP",
    squad_color: 1,
    squad_status: "registered",
    is_captain: true,
    register_count: 1,
    checkin_count: 0,
    can_host: false,
    ign: "Mii",
    withdrawn_at_checkin: false,
    waitlist_position: null,
    ...o,
  }) as NonNullable<RegisterStatus["registration_details"]>;
const noPlacements = { data: [], count: 0, total_registrations_override: null, total_entrants: 0, page: 1, page_count: 1 };
const T = (o = {}) => tournamentDetail({ id: 7, title: "Squad Showdown", event_format: 2, registrations_open: true, ...o });

describe("registered status: real buttons and squad actions", () => {
  it("shows Edit Registration and Withdraw as buttons on the tournament page and the register page", async () => {
    for (const showForm of [false, true]) {
      mockFetch({
        "GET /api/events/7/register": status({ status: "registered", registration_details: details({ register_count: 3 }) }),
        "GET /api/events/7/placements": noPlacements,
      });
      const { unmount } = renderWithProviders(<RegistrationStatusBlock t={T({ minimum_team_size: 3 })} showForm={showForm} />);
      const edit = await screen.findByRole("button", { name: "Edit Registration" });
      const withdraw = screen.getByRole("button", { name: "Withdraw" });
      for (const b of [edit, withdraw]) {
        expect(b).toHaveClass("btn");
        expect(b).not.toHaveClass("link-button");
        expect(b).toBeEnabled();
      }
      unmount();
    }
  });

  it("gives a captain whose squad needs members an 'Invite players' link to the squad page", async () => {
    mockFetch({
      "GET /api/events/7/register": status({ status: "registered", registration_details: details({ register_count: 1 }) }),
      "GET /api/events/7/placements": noPlacements,
    });
    renderWithProviders(<RegistrationStatusBlock t={T({ minimum_team_size: 3 })} />);
    const hint = (await screen.findByText("Your squad needs 2 more member(s) to be eligible.")).closest("p")!;
    expect(within(hint).getByRole("link", { name: "Invite players" })).toHaveAttribute("href", "/tournaments/7/squads/5");
  });

  it("gives a squad member who is not the captain no invite link", async () => {
    mockFetch({
      "GET /api/events/7/register": status({
        status: "registered",
        registration_details: details({ is_captain: false, register_count: 1 }),
      }),
      "GET /api/events/7/placements": noPlacements,
    });
    renderWithProviders(<RegistrationStatusBlock t={T({ minimum_team_size: 3 })} />);
    expect(await screen.findByText("Your squad needs 2 more member(s) to be eligible.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Invite players" })).toBeNull();
  });

  it("gives a full squad's captain no invite link", async () => {
    mockFetch({
      "GET /api/events/7/register": status({ status: "registered", registration_details: details({ register_count: 3 }) }),
      "GET /api/events/7/placements": noPlacements,
    });
    renderWithProviders(<RegistrationStatusBlock t={T({ minimum_team_size: 3 })} />);
    expect(await screen.findByText("REGISTERED")).toBeInTheDocument();
    expect(screen.queryByText(/more member/)).toBeNull();
    expect(screen.queryByRole("link", { name: "Invite players" })).toBeNull();
  });
});

describe("squad register form", () => {
  it("picks the squad colour by name with a tag preview and sends its number; shows the in-game name limit", async () => {
    const fetch = mockFetch({ "GET /api/events/7/register": status(), "POST /api/events/7/register": { status: "ok" } });
    const { user } = renderWithProviders(<RegistrationStatusBlock t={T()} showForm />);
    expect(await screen.findByRole("link", { name: "← Back to Squad Showdown" })).toHaveAttribute("href", "/tournaments/7");
    const color = await screen.findByRole("combobox", { name: "Squad Color" });
    expect(within(color).getAllByRole("option")).toHaveLength(40);
    expect(screen.queryByRole("spinbutton")).toBeNull();
    await user.type(screen.getByLabelText("Squad Name"), "Alpha");
    await user.type(screen.getByLabelText("Squad Tag"), "ALP");
    await user.selectOptions(color, `12. ${TEAM_COLORS[11]!.name}`);
    const preview = screen.getByLabelText("Tag preview");
    expect(preview).toHaveTextContent("ALP");
    expect(preview.querySelector(".team-tag")).toHaveAttribute("data-color", "12");
    const ign = screen.getByLabelText("In-Game Name");
    expect(ign).toHaveAttribute("maxLength", "10");
    expect(ign).toHaveAccessibleDescription("At most 10 characters.");
    await user.type(ign, "Mii");
    await user.click(screen.getByRole("button", { name: "Register Squad" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/register")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/events/7/register")[0]!;
    expect(JSON.parse(String(init.body))).toMatchObject({ squad_name: "Alpha", squad_tag: "ALP", squad_color: 12, mii_name: "Mii" });
  });
});

describe("squad page spacing", () => {
  const member = (id: number, name: string, leader: boolean): SquadView["members"][number] => ({
    player_id: id,
    display_name: name,
    country: "FR",
    team_leader: leader,
    mii_name: null,
    custom_field: null,
    can_host: false,
    checked_in: false,
    status: "registered",
  });
  it("separates the Captain badge from the name and gives Invited Players its own heading", async () => {
    const invited: InvitedPlayers = { members: [], member_count: 0 };
    mockFetch({
      "GET /api/events/5/squads/11": {
        squad_id: 11,
        squad_name: "Alpha",
        squad_tag: "ALP",
        squad_color: 1,
        status: "registered",
        verified: 1,
        mii_name_active: false,
        members: [member(1, "DemoPlayer", true), member(2, "Second", false)],
        can_manage: false,
        can_administrate: false,
        can_moderate: false,
      } satisfies SquadView,
      "GET /api/events/5/squads/11/invited": invited,
    });
    renderWithProviders(<SquadPage t={tournamentDetail({ id: 5 })} squadId={11} />);
    const link = await screen.findByRole("link", { name: "DemoPlayer" });
    expect(link.closest("td")).toHaveTextContent(/^DemoPlayer Captain$/);
    expect(screen.getByRole("heading", { name: "Invited Players" })).toHaveClass("squad-page__invited-title");
  });
});

describe("registrations page (squads) for an event administrator", () => {
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
  const render = () => {
    const fetch = mockFetch({
      "GET /api/events/7/registrations": { data: [row] },
      "GET /api/session": userSession({}, { canEventAdministrate: true, canEventModerate: true }),
      "POST /api/events/7/admin_register_squad": { status: "ok", message: "Squad registered." },
    });
    const r = renderWithProviders(<RegistrationsPage t={T({ can_administrate: true, can_moderate: true, maximum_team_size: 4 })} />);
    return { fetch, ...r };
  };

  it("links back to the tournament by title, styles the Status filter and pins the Actions column", async () => {
    render();
    expect(await screen.findByText("1 squad(s)")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "← Back to Squad Showdown" })).toHaveAttribute("href", "/tournaments/7");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveClass("input");
    expect(screen.getByRole("columnheader", { name: "Actions" })).toHaveClass("table-scroll__sticky-end");
    expect(screen.getByRole("button", { name: "Move" }).closest("td")).toHaveClass("table-scroll__sticky-end");
  });

  it("registers a shadow squad with the colour picked by name, sent as its number", async () => {
    const { fetch, user } = render();
    const panel = await screen.findByRole("region", { name: "Manually Register Squad" });
    await user.click(within(panel).getByLabelText(/Register New Shadow Squad/));
    await user.type(within(panel).getByLabelText("Squad Name"), "Ghosts");
    await user.type(within(panel).getByLabelText("Squad Tag"), "GHO");
    const color = within(panel).getByRole("combobox", { name: "Squad Color" });
    await user.selectOptions(color, "7");
    expect(within(panel).getByLabelText("Tag preview").querySelector(".team-tag")).toHaveAttribute("data-color", "7");
    await user.click(within(panel).getByRole("button", { name: "Register Squad" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/admin_register_squad")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/events/7/admin_register_squad")[0]!;
    expect(JSON.parse(String(init.body))).toMatchObject({ player_id: -1, squad_name: "Ghosts", squad_tag: "GHO", squad_color: 7 });
  });
});
