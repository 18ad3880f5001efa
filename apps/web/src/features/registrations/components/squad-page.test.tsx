import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { InvitedPlayers, SquadView } from "@site/contract";
import { REGISTRATION_MESSAGES as M } from "@site/contract";
import { userSession } from "@/testing/fixtures";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { SquadPage } from "./squad-page";

const member = (id: number, name: string, o: Partial<SquadView["members"][number]> = {}): SquadView["members"][number] => ({
  player_id: id,
  display_name: name,
  country: "FR",
  team_leader: false,
  mii_name: null,
  custom_field: null,
  can_host: false,
  checked_in: false,
  status: "registered",
  ...o,
});

const squad = (o: Partial<SquadView> = {}): SquadView => ({
  squad_id: 11,
  squad_name: "Alpha",
  squad_tag: "ALP",
  squad_color: 1,
  status: "registered",
  verified: 1,
  mii_name_active: true,
  members: [member(1, "Cap", { team_leader: true }), member(2, "Second")],
  can_manage: true,
  can_administrate: true,
  can_moderate: true,
  ...o,
});

const noInvites: InvitedPlayers = { members: [], member_count: 0 };
const picker = { data: [{ id: 12, name: "Rookie", country_code: "JP", is_shadow: true }] };
const SQUAD = "/api/events/5/squads/11";
const ADD = `${SQUAD}/admin_register_player`;
const postedBodies = (fetch: ReturnType<typeof mockFetch>) => callsTo(fetch, "POST", ADD).map(([, init]) => JSON.parse(String(init.body)));

describe("squad page: administrators register squad players (001 §6, §7)", () => {
  it("registers a picked player with Can Host and In-Game Name, shows the server's message and resets", async () => {
    let members = squad().members;
    const fetch = mockFetch({
      "GET /api/session": userSession({}, { canAdministrate: true }),
      [`GET ${SQUAD}`]: () => ({ body: squad({ members }) }),
      [`GET ${SQUAD}/invited`]: noInvites,
      "GET /api/registry/players/all": picker,
      [`POST ${ADD}`]: () => {
        members = [...members, member(12, "Rookie", { can_host: true, mii_name: "Rook" })];
        return { body: { status: "ok", message: "Player registered." } };
      },
    });
    const t = tournamentDetail({ player_host_required: true, player_mii_name_required: true, player_mii_name_max_length: 8 });
    const { user } = renderWithProviders(<SquadPage t={t} squadId={11} />);
    const panel = await screen.findByRole("region", { name: "Register Player" });
    const register = screen.getByRole("button", { name: "Register" });
    expect(register).toBeDisabled();
    await user.type(screen.getByRole("combobox", { name: "Search Players to Register" }), "Roo");
    await user.click(await screen.findByRole("option", { name: /Rookie/ }));
    await user.click(screen.getByRole("checkbox", { name: "Can Host" }));
    const ign = screen.getByRole("textbox", { name: "In-Game Name" });
    expect(ign).toHaveAttribute("maxLength", "8");
    await user.type(ign, "Rook");
    await user.click(register);

    expect(await screen.findByRole("status")).toHaveTextContent("Player registered.");
    expect(postedBodies(fetch)).toEqual([{ player_id: 12, can_host: true, mii_name: "Rook" }]);
    // The squad view reloads with the new member; the form is empty again.
    expect(await screen.findByRole("link", { name: "Rookie" })).toHaveAttribute("href", "/registry/players/12");
    expect(screen.getByRole("combobox", { name: "Search Players to Register" })).toHaveValue("");
    expect(screen.getByRole("checkbox", { name: "Can Host" })).not.toBeChecked();
    expect(screen.getByRole("textbox", { name: "In-Game Name" })).toHaveValue("");
    expect(panel).not.toContainElement(screen.queryByRole("alert"));
  });

  it("hides host and in-game name when not required, sends one request at a time and shows refusals", async () => {
    let release: () => void = () => {};
    const fetch = mockFetch({
      "GET /api/session": userSession({}, { canAdministrate: true }),
      [`GET ${SQUAD}`]: squad(),
      [`GET ${SQUAD}/invited`]: noInvites,
      "GET /api/registry/players/all": picker,
      [`POST ${ADD}`]: () =>
        new Promise((resolve) => {
          release = () => resolve(errorReply(400, M.alreadyRegistered).reply);
        }),
    });
    const { user } = renderWithProviders(<SquadPage t={tournamentDetail()} squadId={11} />);
    await screen.findByRole("region", { name: "Register Player" });
    expect(screen.queryByRole("checkbox", { name: "Can Host" })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "In-Game Name" })).not.toBeInTheDocument();
    await user.type(screen.getByRole("combobox", { name: "Search Players to Register" }), "Roo");
    await user.click(await screen.findByRole("option", { name: /Rookie/ }));
    const register = screen.getByRole("button", { name: "Register" });
    await user.click(register);
    await user.click(register);
    await waitFor(() => expect(register).toBeDisabled());
    expect(callsTo(fetch, "POST", ADD)).toHaveLength(1);
    release();
    expect(await screen.findByRole("alert")).toHaveTextContent(M.alreadyRegistered);
    expect(postedBodies(fetch)).toEqual([{ player_id: 12, can_host: false, mii_name: "" }]);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    // The pick stays so the administrator can correct and retry.
    expect(register).toBeEnabled();
  });

  it("is not offered to a captain who is not an administrator", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      [`GET ${SQUAD}`]: squad({ can_administrate: false, can_moderate: false }),
      [`GET ${SQUAD}/invited`]: noInvites,
    });
    renderWithProviders(<SquadPage t={tournamentDetail()} squadId={11} />);
    expect(await screen.findByRole("textbox", { name: "Invite a player" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Register Player" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Register" })).not.toBeInTheDocument();
  });

  it("is hidden when the squad is full, by the same count as invitations", async () => {
    mockFetch({
      "GET /api/session": userSession({}, { canAdministrate: true }),
      [`GET ${SQUAD}`]: squad(),
      [`GET ${SQUAD}/invited`]: { members: [{ player_id: 3, display_name: "Third", country_code: "FR" }], member_count: 1 },
    });
    // 2 members + 1 invitation = the maximum of 3.
    renderWithProviders(<SquadPage t={tournamentDetail({ maximum_team_size: 3 })} squadId={11} />);
    expect(await screen.findByText(M.maxInvited)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Register Player" })).not.toBeInTheDocument();
  });
});
