import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TeamRegistrationList } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { userSession } from "@/testing/fixtures";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { TeamRegistrationsPage } from "./team-registrations-list";

const list: TeamRegistrationList = {
  data: [
    {
      team_id: 21,
      team_name: "Moderated",
      team_tag: "MOD",
      team_color: 1,
      secondary_team_id: null,
      secondary_team_name: null,
      player_count: 4,
      status: "registered",
      verified: 0,
      registered_at: 1,
      registered_at_human: "Jan 1, 2026",
    },
  ],
};
const T = (o = {}) => tournamentDetail({ id: 7, event_format: 0, verification_required: 1, ...o });

describe("team registration table for event moderators (000 §6 canEventModerate)", () => {
  it("shows IDs, the status filter, Unverified and Move/Edit to a moderator without the manual panel", async () => {
    const fetch = mockFetch({
      "GET /api/session": userSession({}, { canEventModerate: true }),
      "GET /api/events/7/registrations": list,
      "GET /api/events/7/registrations/rejected": { data: [] },
      "POST /api/events/7/move_team": { status: "ok" },
    });
    renderWithProviders(<TeamRegistrationsPage t={T({ can_administrate: false, can_moderate: true })} />);
    expect(await screen.findByRole("cell", { name: "21" })).toBeInTheDocument();
    expect(screen.getByText("Unverified")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/tournaments/7/registrations/teams/21/edit");
    expect(screen.queryByText("Manually Register Team")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Move" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Move team to:" })).getByRole("button", { name: "Withdrawn" }));
    // A move out of Registered asks first, in the shared confirmation dialog.
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: /^Move .* to Withdrawn\?$/ })).getByRole("button", { name: "Move to Withdrawn" }),
    );
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/move_team")).toHaveLength(1));
    const [, init] = callsTo(fetch, "POST", "/api/events/7/move_team")[0]!;
    expect(JSON.parse(String(init.body))).toEqual({ status: "withdrawn", team_id: 21 });

    fireEvent.change(screen.getByRole("combobox", { name: "Status" }), { target: { value: "rejected" } });
    await waitFor(() => expect(callsTo(fetch, "GET", "/api/events/7/registrations/rejected")).toHaveLength(1));
  });

  it("shows the manual panel to administrators", async () => {
    mockFetch({ "GET /api/session": userSession({}, { canEventAdministrate: true }), "GET /api/events/7/registrations": list });
    renderWithProviders(<TeamRegistrationsPage t={T({ can_administrate: true })} />);
    expect(await screen.findByRole("cell", { name: "21" })).toBeInTheDocument();
    expect(screen.getByText("Manually Register Team")).toBeInTheDocument();
  });

  it("shows a plain viewer no IDs, actions or status filter", async () => {
    mockFetch({ "GET /api/session": userSession(), "GET /api/events/7/registrations": list });
    renderWithProviders(<TeamRegistrationsPage t={T()} />);
    expect(await screen.findByText("Moderated")).toBeInTheDocument();
    expect(screen.queryByRole("cell", { name: "21" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Move" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Status" })).toBeNull();
    expect(screen.queryByText("Unverified")).toBeNull();
  });
});

describe("manual team registration's success line (#21)", () => {
  it("names the team, and its secondary, in French; the English server text is not used", async () => {
    await activateLocale("fr", i18n, true);
    const fetch = mockFetch({
      "GET /api/session": userSession({}, { canEventAdministrate: true }),
      "GET /api/events/7/registrations": list,
      "GET /api/registry/teams/all": {
        data: [{ team_id: 31, team_name: "Alpha", team_tag: "ALP", category: "mk8dx_150", category_title: "150cc" }],
      },
      "POST /api/events/7/admin_register_team": { status: "ok", message: "Alpha with Alpha B has been registered." },
    });
    renderWithProviders(<TeamRegistrationsPage t={T({ can_administrate: true })} />);
    const panel = (await screen.findByRole("heading", { name: "Inscrire une équipe manuellement" })).closest("section")!;
    fireEvent.change(within(panel).getByRole("searchbox", { name: "Équipe" }), { target: { value: "Alp" } });
    await within(panel).findByRole("option", { name: "[ALP] Alpha (150cc)" });
    fireEvent.change(within(panel).getByRole("combobox", { name: "Équipe : résultat" }), { target: { value: "31" } });
    const secondary = within(panel).getByRole("group", { name: "Équipe secondaire" });
    fireEvent.click(within(secondary).getByRole("radio", { name: "Nouvelle équipe fantôme" }));
    fireEvent.change(within(panel).getByRole("textbox", { name: "Nom de l’équipe" }), { target: { value: "Alpha B " } });
    fireEvent.change(within(panel).getByRole("textbox", { name: "Tag de l’équipe" }), { target: { value: "ALB" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Inscrire l’équipe" }));
    expect(await within(panel).findByRole("status")).toHaveTextContent("L’équipe Alpha a été inscrite avec Alpha B.");
    const [, init] = callsTo(fetch, "POST", "/api/events/7/admin_register_team")[0]!;
    expect(JSON.parse(String(init.body))).toMatchObject({
      register_mode: "existing",
      team_id: 31,
      register_mode2: "shadow",
      shadow_name2: "Alpha B ",
    });

    // A new shadow team alone.
    fireEvent.click(
      within(within(panel).getByRole("group", { name: "Équipe principale" })).getByRole("radio", { name: "Nouvelle équipe fantôme" }),
    );
    fireEvent.click(within(within(panel).getByRole("group", { name: "Équipe secondaire" })).getByRole("radio", { name: "Aucune" }));
    fireEvent.change(within(panel).getByRole("textbox", { name: "Nom de l’équipe" }), { target: { value: "Ghosts" } });
    fireEvent.change(within(panel).getByRole("textbox", { name: "Tag de l’équipe" }), { target: { value: "GH" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Inscrire l’équipe" }));
    await waitFor(() => expect(within(panel).getByRole("status")).toHaveTextContent("L’équipe Ghosts a été inscrite."));
  });
});
