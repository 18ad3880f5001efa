import { describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { anonymousSession, userSession } from "@/testing/fixtures";
import { seriesDetail, seriesNames, template } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";

const eventAdmin = userSession({}, { canEventAdministrate: true, canEventModerate: true });
const seriesTournament = (id: number, o: Record<string, unknown> = {}) => ({
  id,
  title: `Showdown #${id}`,
  start_date: "2026-10-01T00:00:00.000Z",
  end_date: "2026-10-01T00:00:00.000Z",
  start_date_human: "Oct 1, 2026",
  end_date_human: "Oct 1, 2026",
  organizer: "mkc" as const,
  location: null,
  location_url: null,
  game: "mk8dx",
  game_human: "Mario Kart 8 Deluxe",
  game_mode: "mk8dx_150",
  game_mode_human: "150cc",
  event_format: 2 as const,
  event_format_human: "Squad",
  registrations_open: false,
  published: true,
  placements: [],
  ...o,
});

describe("/tournaments/series/{slugOrId}", () => {
  it("shows the description, the admin actions and the history of published tournaments with Register Now!", async () => {
    mockFetch({
      "GET /api/session": eventAdmin,
      "GET /api/tournaments/series/showdown": seriesDetail({
        tournaments: [seriesTournament(2, { registrations_open: true }), seriesTournament(1), seriesTournament(3, { published: false })],
      }),
    });
    renderApp("/tournaments/series/showdown");
    expect(await screen.findByRole("heading", { level: 1, name: "Showdown Series" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Series administration" });
    expect(within(nav).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/tournaments/series/3/edit");
    expect(within(nav).getByRole("link", { name: "Manage Roles" })).toHaveAttribute("href", "/tournaments/series/3/roles");
    expect(within(nav).getByRole("link", { name: "Manage Templates" })).toHaveAttribute("href", "/tournaments/series/3/templates");
    expect(screen.getByRole("heading", { level: 2, name: "Showdown" })).toBeInTheDocument();
    const history = screen.getByRole("heading", { name: "Tournament History" }).closest("section")!;
    expect(within(history).getAllByRole("listitem")).toHaveLength(2);
    expect(within(history).getByRole("link", { name: "Register Now!" })).toHaveAttribute("href", "/tournaments/2/register");
    expect(within(history).queryByText("Showdown #3")).not.toBeInTheDocument();
  });

  it("hides the admin actions from the public and says 'Series not found.' on a 404", async () => {
    mockFetch({
      "GET /api/session": anonymousSession,
      "GET /api/tournaments/series/showdown": seriesDetail({
        can_edit: false,
        can_manage_roles: false,
        can_manage_templates: false,
        historical: true,
      }),
      "GET /api/tournaments/series/hidden": errorReply(404, "Series not found."),
    });
    const first = renderApp("/tournaments/series/showdown");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("navigation", { name: "Series administration" })).not.toBeInTheDocument();
    expect(screen.getByText("This series is historical. New tournaments are not currently planned.")).toBeInTheDocument();
    first.unmount();
    renderApp("/tournaments/series/hidden");
    expect(await screen.findByText("Series not found.")).toBeInTheDocument();
  });
});

describe("/tournaments/series/{id}/roles", () => {
  it("shows the Series Administrator tab only to event administrators and 'No players yet.' when empty", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments/series/3": seriesDetail({ can_assign_series_admin: false }),
      "GET /api/tournaments/series/3/roles": { data: [] },
    });
    const first = renderApp("/tournaments/series/3/roles");
    expect(await screen.findByRole("tab", { name: "Series Organizer" })).toHaveAttribute("aria-selected", "true");
    expect(screen.queryByRole("tab", { name: "Series Administrator" })).not.toBeInTheDocument();
    expect(await screen.findByText("No players yet.")).toBeInTheDocument();
    first.unmount();

    mockFetch({
      "GET /api/session": eventAdmin,
      "GET /api/tournaments/series/3": seriesDetail(),
      "GET /api/tournaments/series/3/roles": (req: { url: URL }) => ({
        body: {
          data: req.url.searchParams.get("role") === "series_admin" ? [{ player_id: 9, display_name: "Chief", country_code: "FR" }] : [],
        },
      }),
    });
    const { user } = renderApp("/tournaments/series/3/roles");
    expect(await screen.findByRole("tab", { name: "Series Administrator" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("link", { name: "Chief" })).toHaveAttribute("href", "/registry/players/9");
    await user.click(screen.getByRole("tab", { name: "Series Organizer" }));
    expect(await screen.findByText("No players yet.")).toBeInTheDocument();
  });

  it("adds a picked player and removes a holder", async () => {
    let holders = [{ player_id: 9, display_name: "Chief", country_code: "FR" }];
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments/series/3": seriesDetail({ can_assign_series_admin: false }),
      "GET /api/tournaments/series/3/roles": () => ({ body: { data: holders } }),
      "GET /api/registry/players/all": { data: [{ id: 12, name: "Rookie", country_code: "JP", is_shadow: false }] },
      "POST /api/tournaments/series/3/roles/edit": (req: { body: unknown }) => {
        const b = req.body as { player: number; action: string };
        holders =
          b.action === "add"
            ? [...holders, { player_id: 12, display_name: "Rookie", country_code: "JP" }]
            : holders.filter((h) => h.player_id !== b.player);
        return { body: { status: "ok" } };
      },
    });
    const { user } = renderApp("/tournaments/series/3/roles");
    const add = await screen.findByRole("button", { name: "Add Player" });
    expect(add).toBeDisabled();
    await user.type(screen.getByRole("combobox", { name: "Search Players" }), "Roo");
    await user.click(await screen.findByRole("option", { name: /Rookie/ }));
    await user.click(add);
    expect(await screen.findByRole("link", { name: "Rookie" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove Chief" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Remove role" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Chief" })).not.toBeInTheDocument());
    expect(callsTo(fetch, "POST", "/api/tournaments/series/3/roles/edit").map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { player: 12, role: "series_mod", action: "add" },
      { player: 9, role: "series_mod", action: "remove" },
    ]);
  });
});

describe("/tournaments/series/{id}/templates", () => {
  it("says 'No templates yet.' when there are none", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments/series/3": seriesDetail(),
      "GET /api/tournaments/series/3/templates": { series_id: 3, series_name: "Showdown Series", data: [] },
    });
    renderApp("/tournaments/series/3/templates");
    expect(await screen.findByText("No templates yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New Template" })).toHaveAttribute("href", "/tournaments/series/3/templates/new/edit");
  });

  it("links edit and duplicate, and deletes only after 'Are you sure you wish to delete this template?'", async () => {
    let list = [
      { id: 8, template_name: "Weekly", tournament_title: "Weekly #", game_mode_human: "MK8DX 150cc", event_format_human: "Squad" },
    ];
    const fetch = mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments/series/3": seriesDetail(),
      "GET /api/tournaments/series/3/templates": () => ({ body: { series_id: 3, series_name: "Showdown Series", data: list } }),
      "POST /api/tournaments/series/templates/8/delete": () => {
        list = [];
        return { body: { status: "ok" } };
      },
    });
    const { user } = renderApp("/tournaments/series/3/templates");
    expect(await screen.findByRole("link", { name: "Edit Weekly" })).toHaveAttribute("href", "/tournaments/series/3/templates/8/edit");
    expect(screen.getByRole("link", { name: "Duplicate Weekly" })).toHaveAttribute(
      "href",
      "/tournaments/series/3/templates/new/edit?from_template=8",
    );
    await user.click(screen.getByRole("button", { name: "Delete Weekly" }));
    // The shared confirmation dialog (was an inline alertdialog with 'Yes, Delete').
    const dialog = screen.getByRole("dialog", { name: "Delete the template Weekly?" });
    expect(dialog).toHaveTextContent("Are you sure you wish to delete this template?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo(fetch, "POST", "/api/tournaments/series/templates/8/delete")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Delete Weekly" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Delete template" }));
    expect(await screen.findByText("No templates yet.")).toBeInTheDocument();
    expect(callsTo(fetch, "POST", "/api/tournaments/series/templates/8/delete")).toHaveLength(1);
  });
});

describe("template and series forms", () => {
  it("starts a duplicate from the server's ' - Copy' and sends from_template", async () => {
    const fetch = mockFetch({
      "GET /api/session": eventAdmin,
      "GET /api/tournaments/series/3": seriesDetail(),
      "GET /api/tournaments/all_series": seriesNames,
      "GET /api/tournaments/series/templates/8": (req: { url: URL }) => ({
        body:
          req.url.searchParams.get("copy") === "1" ? template({ id: null, template_id: null, template_name: "Weekly - Copy" }) : template(),
      }),
      "POST /api/tournaments/series/templates/new": { status: "ok", message: "Template saved.", series_id: 3, id: 9 },
      "GET /api/tournaments/series/3/templates": { series_id: 3, series_name: "Showdown Series", data: [] },
    });
    const { user, router } = renderApp("/tournaments/series/3/templates/new/edit?from_template=8");
    expect(await screen.findByRole("textbox", { name: "Template Name (required)" })).toHaveValue("Weekly - Copy");
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tournaments/series/3/templates"));
    const form = callsTo(fetch, "POST", "/api/tournaments/series/templates/new")[0]![1].body as FormData;
    expect([form.get("template_name"), form.get("from_template"), form.get("series_id"), form.get("game_mode")]).toEqual([
      "Weekly - Copy",
      "8",
      "3",
      "mk8dx_200",
    ]);
  });

  it("keeps organizer, game mode and format read-only on templates for series staff, and shows save errors", async () => {
    mockFetch({
      "GET /api/session": userSession(),
      "GET /api/tournaments/series/3": seriesDetail(),
      "GET /api/tournaments/all_series": seriesNames,
      "POST /api/tournaments/series/templates/new": errorReply(413),
    });
    const { user } = renderApp("/tournaments/series/3/templates/new/edit");
    expect(await screen.findByRole("combobox", { name: "Game Mode" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Game Mode" })).toHaveValue("mk8dx_150");
    expect(screen.getByRole("combobox", { name: "Registration Format" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Organizer" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Template name is required.");
    await user.type(screen.getByRole("textbox", { name: "Template Name (required)" }), "Mine");
    await user.click(screen.getByRole("button", { name: "Save Template" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The logo exceeds the maximum size of 2MB.");
  });

  it("sends the series form as multipart with the tournament list", async () => {
    const fetch = mockFetch({
      "GET /api/session": eventAdmin,
      "GET /api/tournaments/series/3": seriesDetail({ tournaments: [seriesTournament(1), seriesTournament(2)] }),
      "POST /api/tournaments/series/3": { status: "ok", message: "Series saved.", id: 3 },
      "GET /api/tournaments/series/showdown": seriesDetail(),
    });
    const { user, router } = renderApp("/tournaments/series/3/edit");
    await user.click(await screen.findByRole("button", { name: "Remove Showdown #1" }));
    await user.click(screen.getByRole("button", { name: "Save Series" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tournaments/series/showdown"));
    const form = callsTo(fetch, "POST", "/api/tournaments/series/3")[0]![1].body as FormData;
    expect(
      Object.fromEntries(
        ["series_title", "url_slug", "display_order", "tournaments", "published", "historical", "game_mode"].map((k) => [k, form.get(k)]),
      ),
    ).toEqual({
      series_title: "Showdown Series",
      url_slug: "showdown",
      display_order: "10",
      tournaments: "2",
      published: "1",
      historical: "0",
      game_mode: "mk8dx_150",
    });
  });
});

describe("/tournaments/choose_template", () => {
  it("offers Start from Scratch to event administrators and templates by series", async () => {
    mockFetch({
      "GET /api/session": eventAdmin,
      "GET /api/tournaments/template_choices": {
        data: [{ id: 8, template_name: "Weekly", series_id: 3, series_name: "Showdown Series" }],
        can_start_from_scratch: true,
      },
    });
    renderApp("/tournaments/choose_template");
    expect(await screen.findByRole("link", { name: "Start from Scratch" })).toHaveAttribute("href", "/tournaments/new/edit");
    expect(within(screen.getByRole("region", { name: "Showdown Series" })).getByRole("link", { name: "Weekly" })).toHaveAttribute(
      "href",
      "/tournaments/new/edit?from_template=8",
    );
  });

  it("says 'No templates available.' when there are none", async () => {
    mockFetch({ "GET /api/session": userSession(), "GET /api/tournaments/template_choices": { data: [], can_start_from_scratch: false } });
    renderApp("/tournaments/choose_template");
    expect(await screen.findByText("No templates available.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Start from Scratch" })).not.toBeInTheDocument();
  });
});
