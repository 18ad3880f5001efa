import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M, type PlayerRow, type RegisteredPlayerList } from "@site/contract";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { RegistrationsPage } from "./registrations-list";

const player = (i: number, o: Partial<PlayerRow> = {}): PlayerRow => ({
  player_id: i,
  display_name: `Racer ${i}`,
  country_code: "FR",
  country_name: "France",
  squad_id: null,
  squad_name: null,
  squad_tag: null,
  squad_color: null,
  mii_name: null,
  discord_tag: null,
  eligible: true,
  custom_field: null,
  verified: 1,
  player_can_host: false,
  can_host: false,
  checked_in: false,
  registered_at: i,
  registered_at_human: "Jan 1, 2026",
  ...o,
});

/** A 250-player solo list answered a page (of 100) at a time, like the server. */
const pagedList =
  (extra: Partial<RegisteredPlayerList> = {}) =>
  (req: { url: URL }) => {
    const page = Number(req.url.searchParams.get("page") ?? "1");
    const order = req.url.searchParams.get("order");
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    if (order === "RD") ids.reverse();
    const body: RegisteredPlayerList = {
      data: ids.slice((page - 1) * 100, page * 100).map((i) => player(i)),
      custom_field_name: null,
      count: 250,
      page,
      page_count: 3,
      ...extra,
    };
    return { body };
  };

const session = { "GET /api/session": anonymousSession };

describe("registrations player list", () => {
  it("pages by 100 with the server's totals and asks for the next page", async () => {
    const fetch = mockFetch({ ...session, "GET /api/events/7/registered_players": pagedList() });
    renderWithProviders(<RegistrationsPage t={tournamentDetail({ id: 7, event_format: 1 })} />);
    expect(await screen.findByText("Players 1–100 of 250")).toBeInTheDocument();
    expect(screen.getByText("Racer 1")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Players 101–200 of 250")).toBeInTheDocument();
    expect(screen.getByText("Racer 101")).toBeInTheDocument();
    const pages = callsTo(fetch, "GET", "/api/events/7/registered_players").map(([url]) => url.searchParams.get("page"));
    expect(pages).toContain("2");
    // A new sort starts again at page 1.
    fireEvent.click(screen.getByRole("button", { name: "Registered On ▲" }));
    expect(await screen.findByText("Players 1–100 of 250")).toBeInTheDocument();
    expect(screen.getByText("Racer 250")).toBeInTheDocument();
  });

  it("shows the custom field column only when the list names one", async () => {
    mockFetch({
      ...session,
      "GET /api/events/7/registered_players": {
        data: [player(1, { custom_field: "server-one" })],
        custom_field_name: "Discord Server",
        count: 1,
        page: 1,
        page_count: 1,
      },
    });
    renderWithProviders(<RegistrationsPage t={tournamentDetail({ id: 7, event_format: 1 })} />);
    expect(await screen.findByRole("button", { name: "Discord Server" })).toBeInTheDocument();
    expect(screen.getByText("server-one")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("offers Verify for an unverified player and the 10 latest registrations in the manual panel", async () => {
    const fetch = mockFetch({
      ...session,
      "GET /api/events/7/registered_players": (req: { url: URL }) =>
        req.url.searchParams.get("order") === "RD"
          ? pagedList()(req)
          : { body: { data: [player(1, { verified: 0 }), player(2)], custom_field_name: null, count: 2, page: 1, page_count: 1 } },
      "POST /api/events/7/move_player": { status: "ok" },
    });
    renderWithProviders(
      <RegistrationsPage t={tournamentDetail({ id: 7, event_format: 1, can_administrate: true, verification_required: 1 })} />,
    );
    const verify = await screen.findAllByRole("button", { name: "Verify" });
    expect(verify).toHaveLength(1);
    fireEvent.click(verify[0]!);
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/move_player")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/events/7/move_player")[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ status: "registered", player_id: 1 });
    const latest = await screen.findByLabelText("Latest registrations");
    await waitFor(() => expect(within(latest).getAllByRole("listitem")).toHaveLength(10));
    expect(within(latest).getAllByRole("listitem")[0]).toHaveTextContent("Racer 250");
  });
});

/** One registered list (any order) of two solo players, and the withdrawn list empty. */
const soloLists = {
  "GET /api/events/7/registered_players": {
    data: [player(1), player(2)],
    custom_field_name: null,
    count: 2,
    page: 1,
    page_count: 1,
  } satisfies RegisteredPlayerList,
  "GET /api/events/7/registered_players/withdrawn": { data: [], custom_field_name: null, count: 0, page: 1, page_count: 1 },
};

describe("registration tables for event moderators (000 §6 canEventModerate)", () => {
  // A viewer who moderates registrations but does not administrate the tournament.
  const moderated = tournamentDetail({ id: 7, event_format: 1, can_administrate: false, can_moderate: true, checkin_required: true });
  const moderator = userSession({ player_id: 900 }, { canEventModerate: true });

  it("shows IDs, the status filter and Move/Edit, but not the manual panel, check-in controls or the FFA sheet", async () => {
    const fetch = mockFetch({
      "GET /api/session": moderator,
      ...soloLists,
      "POST /api/events/7/move_player": { status: "ok" },
    });
    renderWithProviders(<RegistrationsPage t={moderated} />);
    expect(await screen.findByRole("columnheader", { name: "ID" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "1" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Edit" })[0]).toHaveAttribute("href", "/tournaments/7/registrations/players/1/edit");
    expect(screen.queryByRole("button", { name: "Check In" })).toBeNull();
    expect(screen.queryByText("Manually Register Player")).toBeNull();
    expect(screen.queryByText("Download FFA Sheet")).toBeNull();

    fireEvent.click(screen.getAllByRole("button", { name: "Move" })[1]!);
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Move player to:" })).getByRole("button", { name: "Withdrawn" }));
    // A move out of Registered asks first, in the shared confirmation dialog.
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: /^Move .* to Withdrawn\?$/ })).getByRole("button", { name: "Move to Withdrawn" }),
    );
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/move_player")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/events/7/move_player")[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ status: "withdrawn", player_id: 2 });

    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "withdrawn" } });
    expect(await screen.findByText(M.noPlayers)).toBeInTheDocument();
    expect(callsTo(fetch, "GET", "/api/events/7/registered_players/withdrawn")).toHaveLength(1);
  });

  it("shows squad IDs and the squad Move menu to a moderator", async () => {
    mockFetch({
      "GET /api/session": moderator,
      "GET /api/events/7/registrations": {
        data: [
          {
            squad_id: 31,
            squad_name: "Alpha",
            squad_tag: "ALP",
            squad_color: 1,
            verified: 1,
            player_count: 2,
            eligible: true,
            can_host: false,
            checked_in: false,
            checkin_count: 0,
            registered_at: 1,
            registered_at_human: "Jan 1, 2026",
          },
        ],
      },
    });
    renderWithProviders(<RegistrationsPage t={{ ...moderated, event_format: 2 }} />);
    expect(await screen.findByRole("cell", { name: "31" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Move" }));
    expect(await screen.findByRole("dialog", { name: "Move squad to:" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/tournaments/7/registrations/squads/31/edit");
    expect(screen.queryByText("Manually Register Squad")).toBeNull();
  });

  it("shows a plain viewer no IDs, actions or status filter", async () => {
    mockFetch({ "GET /api/session": userSession(), ...soloLists });
    renderWithProviders(<RegistrationsPage t={tournamentDetail({ id: 7, event_format: 1 })} />);
    expect(await screen.findByText("Racer 1")).toBeInTheDocument();
    expect(screen.queryByRole("columnheader", { name: "ID" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Move" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Status" })).toBeNull();
  });
});

describe("manual registration: the shadow-player option (001 §6: administrators only)", () => {
  // The viewer's own row (player 1) is marked once the session has loaded.
  const render = (permissions: { canEventAdministrate: boolean }) => {
    mockFetch({ "GET /api/session": userSession({ player_id: 1 }, { canEventModerate: true, ...permissions }), ...soloLists });
    renderWithProviders(<RegistrationsPage t={tournamentDetail({ id: 7, event_format: 1, can_administrate: true })} />);
  };
  const sessionLoaded = async () =>
    waitFor(() => expect(screen.getByText("Racer 1").closest("tr")).toHaveAttribute("aria-current", "true"));

  it("is hidden from a series administrator without canEventAdministrate (creating shadow players would be refused)", async () => {
    render({ canEventAdministrate: false });
    await sessionLoaded();
    expect(screen.getByText("Manually Register Player")).toBeInTheDocument();
    expect(screen.getByText(/Register with Existing Player/)).toBeInTheDocument();
    expect(screen.queryByText(/Register with New Shadow Player/)).toBeNull();
  });

  it("is offered with canEventAdministrate", async () => {
    render({ canEventAdministrate: true });
    await sessionLoaded();
    expect(screen.getByText(/Register with New Shadow Player/)).toBeInTheDocument();
  });
});
