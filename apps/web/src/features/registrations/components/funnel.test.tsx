import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REGISTRATION_MESSAGES as M, type RegisterStatus } from "@site/contract";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { RegistrationStatusBlock } from "./registration-status";

/** The registration funnel without dead ends (issue 17 §3), solo and squad side. */
const status = (o: Partial<RegisterStatus> = {}): RegisterStatus => ({
  status: "not_registered",
  registration_details: null,
  invitations: [],
  discord_tag: null,
  required_fields: { squad_name: true, squad_tag: false, can_host: false, mii_name: false, mii_name_max_length: 10 },
  can_administrate: false,
  can_moderate: false,
  ...o,
});
const invitation = (o: Partial<RegisterStatus["invitations"][number]> = {}) => ({
  squad_id: 5,
  squad_name: "Blue Shells",
  squad_tag: "BS",
  captain_name: "DemoCaptain",
  ...o,
});
const T = () => tournamentDetail({ id: 7, event_format: 2, registrations_open: true, title: "Squad Showdown" });
const noPlacements = { data: [], count: 0, total_registrations_override: null };

describe("no profile: a way forward", () => {
  it("the tournament page pairs the message with Create your profile, coming back to the tournament", async () => {
    mockFetch({ "GET /api/events/7/register": status({ status: "no_profile" }), "GET /api/events/7/placements": noPlacements });
    renderWithProviders(<RegistrationStatusBlock t={T()} />, { path: "/tournaments/7" });
    expect(await screen.findByText(M.no_profile)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create your profile" })).toHaveAttribute(
      "href",
      "/registry/edit_profile?next=%2Ftournaments%2F7",
    );
  });

  it("the register page sends the player back to the register page", async () => {
    mockFetch({ "GET /api/events/7/register": status({ status: "no_profile" }) });
    renderWithProviders(<RegistrationStatusBlock t={T()} showForm />, { path: "/tournaments/7/register" });
    expect(await screen.findByRole("link", { name: "Create your profile" })).toHaveAttribute(
      "href",
      "/registry/edit_profile?next=%2Ftournaments%2F7%2Fregister",
    );
  });

  it("the anonymous Log in link carries the page with its query", async () => {
    mockFetch({ "GET /api/events/7/register": status({ status: "anonymous" }) });
    renderWithProviders(<RegistrationStatusBlock t={T()} showForm />, { path: "/tournaments/7/register?join=5" });
    expect(await screen.findByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      "/login?next=%2Ftournaments%2F7%2Fregister%3Fjoin%3D5",
    );
  });
});

describe("an invited player", () => {
  it("sees the invitation on the tournament page with Accept (to the join form) and Decline", async () => {
    mockFetch({ "GET /api/events/7/register": status({ invitations: [invitation()] }), "GET /api/events/7/placements": noPlacements });
    renderWithProviders(<RegistrationStatusBlock t={T()} />, { path: "/tournaments/7" });
    const box = await screen.findByRole("group", { name: "Invitation to [BS] Blue Shells" });
    expect(box).toHaveTextContent("DemoCaptain invited you to their squad [BS] Blue Shells.");
    expect(within(box).getByRole("link", { name: "Accept" })).toHaveAttribute("href", "/tournaments/7/register?join=5");
    expect(within(box).getByRole("button", { name: "Decline" })).toBeEnabled();
    expect(screen.getByRole("link", { name: "Register Now!" })).toBeInTheDocument();
  });

  it("gets one form at a time on the register page: join (preselected) or create", async () => {
    const fetch = mockFetch({
      "GET /api/events/7/register": status({
        invitations: [invitation(), invitation({ squad_id: 6, squad_name: "Red Shells", squad_tag: "" })],
      }),
      "POST /api/events/7/squads/6/accept_invite": { status: "ok" },
    });
    const { user } = renderWithProviders(<RegistrationStatusBlock t={T()} showForm />, { path: "/tournaments/7/register?join=6" });
    const choice = await screen.findByRole("group", { name: "How do you want to enter?" });
    // ?join=6 picked the second invitation; only its form is on the page.
    expect(within(choice).getByRole("radio", { name: /Join Red Shells/ })).toBeChecked();
    // The form is its own chunk (lazyPart, #17 §6): it appears once loaded.
    expect(await screen.findByRole("button", { name: "Join Squad" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Register Squad" })).toBeNull();
    expect(screen.queryByLabelText("Squad Name")).toBeNull();
    expect(document.querySelectorAll("form")).toHaveLength(1);

    await user.click(within(choice).getByRole("radio", { name: /Create my own squad/ }));
    expect(await screen.findByRole("button", { name: "Register Squad" })).toBeInTheDocument();
    expect(screen.getByLabelText("Squad Name")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Join Squad" })).toBeNull();
    expect(document.querySelectorAll("form")).toHaveLength(1);

    await user.click(within(choice).getByRole("radio", { name: /Join Red Shells/ }));
    await user.click(screen.getByRole("button", { name: "Join Squad" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/squads/6/accept_invite")).toHaveLength(1));
  });

  it("without ?join= the first invitation is chosen", async () => {
    mockFetch({ "GET /api/events/7/register": status({ invitations: [invitation()] }) });
    renderWithProviders(<RegistrationStatusBlock t={T()} showForm />, { path: "/tournaments/7/register" });
    expect(await screen.findByRole("radio", { name: /Join \[BS\] Blue Shells/ })).toBeChecked();
    expect(screen.getByText(/Invited by DemoCaptain/)).toBeInTheDocument();
  });
});

describe("after registering", () => {
  it("keeps the button busy until the new status arrives, then shows it (no second submit, no red message)", async () => {
    let registered = false;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const fetch = mockFetch({
      "GET /api/events/7/register": async () => {
        if (!registered) return { body: status() };
        await gate;
        return {
          body: status({
            status: "registered",
            registration_details: {
              status: "registered",
              checked_in: false,
              verified: 0,
              squad_id: 9,
              squad_name: "Mine",
              squad_tag: "",
              squad_color: 1,
              squad_status: "registered",
              is_captain: true,
              register_count: 1,
              checkin_count: 0,
              can_host: false,
              ign: null,
              withdrawn_at_checkin: false,
              waitlist_position: null,
            },
          }),
        };
      },
      "POST /api/events/7/register": () => {
        registered = true;
        return { body: { status: "ok", message: "You have registered for this tournament." } };
      },
    });
    const { user } = renderWithProviders(<RegistrationStatusBlock t={T()} showForm />, { path: "/tournaments/7/register" });
    await user.type(await screen.findByLabelText("Squad Name"), "Mine");
    await user.click(screen.getByRole("button", { name: "Register Squad" }));
    // The save has answered and the status is being fetched again: the button is still busy.
    await waitFor(() => expect(callsTo(fetch, "GET", "/api/events/7/register").length).toBeGreaterThanOrEqual(2));
    expect(callsTo(fetch, "POST", "/api/events/7/register")).toHaveLength(1);
    expect(screen.getByRole("button", { name: "Saving..." })).toBeDisabled();
    release();
    expect(await screen.findByText("REGISTERED")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Register Squad" })).toBeNull();
    expect(screen.queryByText(M.alreadyRegistered)).toBeNull();
    expect(callsTo(fetch, "POST", "/api/events/7/register")).toHaveLength(1);
  });
});
