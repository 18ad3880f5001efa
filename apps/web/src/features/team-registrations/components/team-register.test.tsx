import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  notEnoughMembers,
  noTeamsAvailable,
  REGISTRATION_MESSAGES as RM,
  TEAM_REGISTRATION_MESSAGES as M,
  type TeamRegisterStatus,
  type TeamRegisterTeam,
} from "@site/contract";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { TeamRegisterPanel } from "./team-register";
import { TeamRegistrationStatusBlock } from "./team-status";

const member = (id: number, name: string, leader = false) => ({ id, name, leader });
const team = (o: Partial<TeamRegisterTeam> = {}): TeamRegisterTeam => ({
  team_id: 1,
  team_name: "Alpha",
  team_tag: "ALP",
  team_color: 1,
  status: "unregistered",
  primary_team_id: null,
  secondary_team_id: null,
  secondary_team_name: null,
  registered_with: null,
  verified: 0,
  team_leader_count: 1,
  team_size: 4,
  team_members: [member(10, "Lead", true), member(11, "zed"), member(12, "Amy"), member(13, "bob")],
  secondary_teams: [],
  ...o,
});
const status = (o: Partial<TeamRegisterStatus> = {}): TeamRegisterStatus => ({
  status: "not_registered",
  teams: [team()],
  my_team_id: null,
  my_team_name: null,
  my_team_verified: null,
  opted_out: false,
  rejected: false,
  can_administrate: false,
  can_moderate: false,
  ...o,
});
const T = (o = {}) => tournamentDetail({ id: 7, event_format: 0, registrations_open: true, minimum_team_size: 4, ...o });
const show = (s: TeamRegisterStatus, t = T()) => {
  const fetch = mockFetch({ "GET /api/events/7/register": s, "POST /api/events/7/register": { status: "ok" } });
  renderWithProviders(<TeamRegisterPanel t={t} />);
  return fetch;
};
const repLabels = () =>
  screen.queryAllByLabelText(/^Representative/).map((x) => x.closest("label")!.textContent!.split("Choose")[0]!.split("None")[0]);

describe("team register page", () => {
  it.each([
    ["rejected", RM.rejected],
    ["pending_email", RM.pending_email],
    ["user_invalid", RM.user_invalid],
    ["banned", RM.banned],
    ["no_profile", RM.no_profile_team],
  ] as const)("shows the blocking message for %s", async (s, message) => {
    show(status({ status: s, teams: [] }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Register" })).toBeNull();
  });

  it("shows the team-level blocking messages", async () => {
    show(status({ teams: [] }));
    expect(await screen.findByText(noTeamsAvailable("Mario Kart 8 Deluxe 150cc"))).toBeInTheDocument();
  });

  it("all teams rejected / all registered or rejected", async () => {
    show(status({ teams: [team({ status: "rejected" })] }));
    expect(await screen.findByText(M.allRejected)).toBeInTheDocument();
  });

  it("a registered team shows its status (not a red 'already registered'), with Withdraw and Opt Out", async () => {
    show(
      status({
        status: "registered",
        my_team_id: 1,
        my_team_name: "Alpha",
        teams: [team({ status: "registered", verified: 0 }), team({ team_id: 2, status: "rejected" })],
      }),
    );
    const row = (await screen.findByRole("button", { name: "Withdraw" })).closest("tr")!;
    // verification_required defaults to 0 in the fixture: REGISTERED.
    expect(row).toHaveTextContent("REGISTERED");
    expect(screen.queryByText(M.allRegisteredOrRejected)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Opt Out" })).toBeInTheDocument();
  });

  it("says PENDING APPROVAL for a registered team below the verification the tournament requires", async () => {
    show(
      status({ status: "registered", my_team_id: 1, my_team_name: "Alpha", teams: [team({ status: "registered", verified: 0 })] }),
      T({ verification_required: 1 }),
    );
    expect((await screen.findByRole("button", { name: "Withdraw" })).closest("tr")).toHaveTextContent("PENDING APPROVAL");
  });

  it("a team waiting past the cap shows WAITLISTED with its place, may withdraw, and is not offered again (#22 §1)", async () => {
    show(status({ teams: [team({ status: "waitlisted", waitlist_position: 2 })] }));
    const row = (await screen.findByRole("button", { name: "Withdraw" })).closest("tr")!;
    expect(row).toHaveTextContent("WAITLISTED (position 2)");
    expect(screen.queryByRole("button", { name: "Register" })).toBeNull();
  });

  it("says the waitlist place when the register answer names it", async () => {
    mockFetch({
      "GET /api/events/7/register": status(),
      "POST /api/events/7/register": {
        status: "ok",
        message: "The tournament is full: your team is on the waitlist (position 3).",
        waitlist_position: 3,
      },
    });
    renderWithProviders(<TeamRegisterPanel t={T()} />);
    fireEvent.change(await screen.findByLabelText("Representative 1"), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    expect(await screen.findByText("The tournament is full: your team is on the waitlist (position 3).")).toBeInTheDocument();
  });

  it("keeps the spec's message for a leader with nothing registered and nothing left to register", async () => {
    show(status({ teams: [team({ status: "registered", registered_with: 5 }), team({ team_id: 2, status: "rejected" })] }));
    expect(await screen.findByText(M.allRegisteredOrRejected)).toBeInTheDocument();
  });

  it("offers a withdrawn team again (marked withdrawn) and registers it", async () => {
    const fetch = show(status({ teams: [team({ status: "withdrawn" })] }));
    const select = (await screen.findByLabelText("Team")) as HTMLSelectElement;
    expect(select.options[0]!.textContent).toBe("[ALP] Alpha (withdrawn)");
    expect(screen.queryByText(M.allRegisteredOrRejected)).toBeNull();
    fireEvent.change(screen.getByLabelText("Representative 1"), { target: { value: "11" } });
    fireEvent.click(screen.getByRole("button", { name: "Register" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/register")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/events/7/register")[0]!;
    expect(JSON.parse(String(init.body))).toMatchObject({ team_id: 1, rep1: 11 });
  });

  it("gives an account without a profile a Create your profile button that comes back here", async () => {
    show(status({ status: "no_profile", teams: [] }));
    const link = await screen.findByRole("link", { name: "Create your profile" });
    expect(link.getAttribute("href")).toMatch(/^\/registry\/edit_profile\?next=%2F/);
  });

  it("one leader: representative 1 required, 2 optional, 3 hidden; members without leaders, by name case-insensitively", async () => {
    show(status());
    const rep1 = await screen.findByLabelText("Representative 1");
    expect(rep1).toBeRequired();
    expect(screen.getByLabelText("Representative 2 (optional)")).not.toBeRequired();
    expect(screen.queryByLabelText(/Representative 3/)).toBeNull();
    const names = [...(rep1 as HTMLSelectElement).options].slice(1).map((o) => o.textContent);
    expect(names).toEqual(["Amy", "bob", "zed"]);
  });

  it("no leaders: all three shown, 1 and 2 required; three leaders: none", async () => {
    show(status({ teams: [team({ team_members: [member(11, "a"), member(12, "b"), member(13, "c"), member(14, "d")] })] }));
    expect(await screen.findByLabelText("Representative 1")).toBeRequired();
    expect(screen.getByLabelText("Representative 2")).toBeRequired();
    expect(screen.getByLabelText("Representative 3 (optional)")).not.toBeRequired();
  });

  it("three leaders: no representative fields", async () => {
    const ms = [member(1, "a", true), member(2, "b", true), member(3, "c", true), member(4, "d")];
    show(status({ teams: [team({ team_members: ms })] }));
    expect(await screen.findByRole("button", { name: "Register" })).toBeInTheDocument();
    expect(repLabels()).toEqual([]);
  });

  it("too few members: the spec's message and no Register button; a secondary team combines", async () => {
    const small = team({
      team_members: [member(10, "Lead", true), member(11, "x")],
      secondary_teams: [
        {
          team_id: 5,
          team_name: "Alpha B",
          status: "unregistered",
          team_leader_count: 1,
          team_size: 1,
          team_members: [member(20, "B Lead", true)],
        },
        {
          team_id: 6,
          team_name: "Alpha C",
          status: "unregistered",
          team_leader_count: 0,
          team_size: 2,
          team_members: [member(21, "c1"), member(22, "c2")],
        },
      ],
    });
    show(status({ teams: [small] }));
    expect(await screen.findByText(notEnoughMembers(2, 4, false))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Register" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Secondary Team (optional)"), { target: { value: "5" } });
    expect(screen.getByText(notEnoughMembers(3, 4, true))).toBeInTheDocument();
    // Two leaders now: representative 1 optional, 2 hidden.
    expect(screen.getByLabelText("Representative 1 (optional)")).toBeInTheDocument();
    expect(screen.queryByLabelText(/Representative 2/)).toBeNull();
    fireEvent.change(screen.getByLabelText("Secondary Team (optional)"), { target: { value: "6" } });
    expect(screen.getByRole("button", { name: "Register" })).toBeInTheDocument();
  });

  it("submits once with the chosen team and representatives", async () => {
    const fetch = show(status());
    fireEvent.change(await screen.findByLabelText("Representative 1"), { target: { value: "12" } });
    const button = screen.getByRole("button", { name: "Register" });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/register")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/events/7/register")[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ team_id: 1, rep1: 12 });
  });

  it("closed registrations", async () => {
    show(status(), T({ registrations_open: false }));
    expect(await screen.findByText(RM.closed)).toBeInTheDocument();
  });
});

describe("team tournament page status", () => {
  const page = (s: TeamRegisterStatus, o = {}) => {
    mockFetch({ "GET /api/events/7/register": s });
    renderWithProviders(
      <TeamRegistrationStatusBlock
        t={T({ verification_required: 1, post_registration_message_formatted: "<p>See you there</p>", ...o })}
      />,
    );
  };
  it("registered and pending: Thanks panel, PENDING APPROVAL, Verification Pending, Edit Registration", async () => {
    page(status({ status: "registered", my_team_id: 1, my_team_name: "Alpha", my_team_verified: 0 }));
    expect(await screen.findByText(M.thanks)).toBeInTheDocument();
    expect(screen.getByText("See you there")).toBeInTheDocument();
    expect(screen.getByText("PENDING APPROVAL")).toBeInTheDocument();
    expect(screen.getByText(M.pendingApproval)).toBeInTheDocument();
    expect(screen.getByText(M.verificationPending)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit Registration" })).toBeInTheDocument();
  });
  it("opted out: no Thanks panel", async () => {
    page(status({ status: "registered", my_team_id: 1, my_team_name: "Alpha", my_team_verified: 1, opted_out: true }));
    expect(await screen.findByText("OPTED OUT")).toBeInTheDocument();
    expect(screen.queryByText(M.thanks)).toBeNull();
  });
  it("verified: REGISTERED; closed: the closed message", async () => {
    page(status({ status: "registered", my_team_id: 1, my_team_name: "Alpha", my_team_verified: 1 }), { registrations_open: false });
    expect(await screen.findByText("REGISTERED")).toBeInTheDocument();
    expect(screen.getByText(RM.closed)).toBeInTheDocument();
  });
  it("a tournament still to come keeps REGISTERED even with placements entered ahead (#17 §8)", async () => {
    mockFetch({
      "GET /api/events/7/register": status({ status: "registered", my_team_id: 1, my_team_name: "Alpha", my_team_verified: 1 }),
      "GET /api/events/7/placements": { data: [{ placement: 1 }], count: 1, total_registrations_override: null },
    });
    renderWithProviders(<TeamRegistrationStatusBlock t={T({ verification_required: 1, start_date: "2999-01-10T18:00:00.000Z" })} />);
    expect(await screen.findByText("REGISTERED")).toBeInTheDocument();
  });
  it("once it has started and placements exist the status block gives way to the placements feature", async () => {
    const fetch = mockFetch({
      "GET /api/events/7/register": status({ status: "registered", my_team_id: 1, my_team_name: "Alpha", my_team_verified: 1 }),
      "GET /api/events/7/placements": { data: [{ placement: 1 }], count: 1, total_registrations_override: null },
    });
    renderWithProviders(<TeamRegistrationStatusBlock t={T({ verification_required: 1, start_date: "2026-01-10T18:00:00.000Z" })} />);
    await waitFor(() => {
      expect(callsTo(fetch, "GET", "/api/events/7/placements")).toHaveLength(1);
      expect(callsTo(fetch, "GET", "/api/events/7/register")).toHaveLength(1);
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText("REGISTERED")).toBeNull();
    expect(screen.queryByText("Register Now!")).toBeNull();
  });
  it("not registered: Register Now!", async () => {
    page(status());
    expect(await screen.findByRole("link", { name: "Register Now!" })).toHaveAttribute("href", "/tournaments/7/register");
  });
});
