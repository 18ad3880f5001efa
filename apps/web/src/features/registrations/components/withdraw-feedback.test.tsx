import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RegisterStatus, SquadView } from "@site/contract";
import { userSession } from "@/testing/fixtures";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { RegistrationStatusBlock } from "./registration-status";

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
    register_count: 3,
    checkin_count: 0,
    can_host: false,
    ign: "",
    withdrawn_at_checkin: false,
    waitlist_position: null,
    ...o,
  }) as NonNullable<RegisterStatus["registration_details"]>;

const status = (d: NonNullable<RegisterStatus["registration_details"]>): RegisterStatus => ({
  status: "registered",
  registration_details: d,
  invitations: [],
  discord_tag: null,
  required_fields: { squad_name: true, squad_tag: true, can_host: false, mii_name: false, mii_name_max_length: 10 },
  can_administrate: false,
  can_moderate: false,
});

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

const squad: SquadView = {
  squad_id: 5,
  squad_name: "Alpha",
  squad_tag: "ALP",
  squad_color: 1,
  status: "registered",
  verified: 1,
  mii_name_active: false,
  members: [
    member(1, "Cap", { team_leader: true }),
    member(2, "Mate One"),
    member(3, "Mate Two"),
    member(4, "Gone", { status: "withdrawn" }),
  ],
  can_manage: true,
  can_administrate: false,
  can_moderate: false,
};

/** A reply the test releases itself, to look at the screen while the request is in flight. */
function held() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  return { gate, release: () => release() };
}

describe("Withdraw asks first and says what it does", () => {
  it("a captain's Withdraw names the squad mates it takes out, is disabled while in flight, then announces", async () => {
    const hold = held();
    let registered = true;
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      // After the withdraw the status block re-renders without the button: the message must still come.
      "GET /api/events/7/register": () => ({
        body: registered ? status(details()) : { ...status(details({ status: "withdrawn" })), status: "not_registered" },
      }),
      "GET /api/events/7/squads/5": squad,
      "POST /api/events/7/withdraw": async () => {
        await hold.gate;
        registered = false;
        return { body: { status: "ok", message: "You have withdrawn from this tournament." } };
      },
    });
    const t = tournamentDetail({ id: 7, title: "Spring Cup", event_format: 2, registrations_open: true });
    const { user } = renderWithProviders(<RegistrationStatusBlock t={t} showForm />);
    await user.click(await screen.findByRole("button", { name: "Withdraw" }));

    const dialog = await screen.findByRole("dialog", { name: "Withdraw [ALP] Alpha from Spring Cup?" });
    expect(dialog).toHaveTextContent("whole squad");
    const mates = within(within(dialog).getByTestId("withdraw-mates")).getAllByRole("listitem");
    // Registered members other than the captain; the withdrawn one is not named.
    expect(mates.map((li) => li.textContent)).toEqual(["Mate One", "Mate Two"]);
    expect(callsTo(fetch, "POST", "/api/events/7/withdraw")).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Withdraw squad" }));
    const busy = await screen.findByRole("button", { name: "Withdrawing…" });
    expect(busy).toBeDisabled();
    // A second click while in flight sends nothing more.
    await user.click(busy);
    hold.release();
    await waitFor(() => expect(screen.getByTestId("toast-messages")).toHaveTextContent("You have withdrawn from this tournament."));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/withdraw")).toHaveLength(1));
  });

  it("a member's Withdraw says the squad stays; Cancel sends nothing", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/events/7/register": status(details({ is_captain: false })),
      "POST /api/events/7/withdraw": { status: "ok" },
    });
    const t = tournamentDetail({ id: 7, title: "Spring Cup", event_format: 2, registrations_open: true });
    const { user } = renderWithProviders(<RegistrationStatusBlock t={t} showForm />);
    await user.click(await screen.findByRole("button", { name: "Withdraw" }));
    const dialog = await screen.findByRole("dialog", { name: "Withdraw from Spring Cup?" });
    expect(dialog).toHaveTextContent("the squad stays registered");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(callsTo(fetch, "POST", "/api/events/7/withdraw")).toHaveLength(0);
  });
});
