import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { callsTo, errorReply, mockFetch } from "@/testing/mock-fetch";
import { userSession } from "@/testing/fixtures";
import { seriesNames, template, tournamentDetail } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";

const eventAdmin = userSession({}, { canEventAdministrate: true, canEventModerate: true });
const organizer = userSession();

function sentForm(fetch: ReturnType<typeof mockFetch>, path: string): FormData {
  const calls = callsTo(fetch, "POST", path);
  expect(calls).toHaveLength(1);
  const body = calls[0]![1].body;
  expect(body).toBeInstanceOf(FormData);
  return body as FormData;
}

describe("/tournaments/{id}/edit", () => {
  it("shows registration format and the four requirements read-only after creation, and sends them unchanged", async () => {
    const fetch = mockFetch({
      "GET /api/session": eventAdmin,
      "GET /api/events/5": tournamentDetail({ can_administrate: true }),
      "GET /api/tournaments/all_series": seriesNames,
      "POST /api/events/5": { status: "ok", message: "Tournament saved.", id: 5 },
    });
    const { user, router } = renderApp("/tournaments/5/edit");
    const format = await screen.findByRole("combobox", { name: "Registration Format" });
    expect(format).toBeDisabled();
    expect(screen.getByText("Cannot be changed after creation.")).toBeInTheDocument();
    for (const name of ["Squad Tag Required", "Squad Name Required", "Host Required", "In-Game Name Required"]) {
      expect(screen.getByRole("checkbox", { name })).toBeDisabled();
    }
    // Event administrators still choose series, organizer and game mode.
    expect(screen.getByRole("combobox", { name: "Series" })).toBeEnabled();
    expect(screen.getByRole("combobox", { name: "Game Mode" })).toBeEnabled();
    await user.clear(screen.getByRole("textbox", { name: "Tournament Title" }));
    await user.type(screen.getByRole("textbox", { name: "Tournament Title" }), "Renamed");
    await user.click(screen.getByRole("button", { name: "Save Tournament" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tournaments/5"));
    const form = sentForm(fetch, "/api/events/5");
    expect(form.get("tournament_title")).toBe("Renamed");
    expect(form.get("registration_format")).toBe("2");
    expect(form.get("squad_tag_required")).toBe("1");
    expect(form.get("host_required")).toBe("0");
    expect(form.get("start_date")).toBe("2026-12-01T18:00");
    expect(form.get("template_id")).toBeNull();
  });

  it("gives series staff the template's series, organizer, mode and format read-only", async () => {
    const fetch = mockFetch({
      "GET /api/session": organizer,
      "GET /api/tournaments/series/templates/8": template(),
      "GET /api/tournaments/all_series": seriesNames,
      "POST /api/events/new": { status: "ok", message: "Tournament created.", id: 77 },
    });
    const { user, router } = renderApp("/tournaments/new/edit?from_template=8");
    expect(await screen.findByRole("combobox", { name: "Series" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Organized By" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Game Mode" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "Registration Format" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "Squad Tag Required" })).toBeEnabled();
    expect(screen.getByRole("textbox", { name: "Tournament Title" })).toHaveValue("Weekly Showdown #");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Start Date (UTC)"), "2026-12-01T18:00");
    await user.type(screen.getByLabelText("End Date (UTC)"), "2026-12-01T22:00");
    await user.click(screen.getByRole("button", { name: "Create Tournament" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tournaments/77"));
    const form = sentForm(fetch, "/api/events/new");
    expect(
      Object.fromEntries(["template_id", "series", "organizer", "game_mode", "registration_format"].map((k) => [k, form.get(k)])),
    ).toEqual({
      template_id: "8",
      series: "3",
      organizer: "affiliate",
      game_mode: "mk8dx_200",
      registration_format: "2",
    });
  });

  it("reports a misconfigured template and lets its empty fields be picked", async () => {
    mockFetch({
      "GET /api/session": organizer,
      "GET /api/tournaments/series/templates/8": template({
        default_game_mode: null,
        default_event_format: null,
        misconfigured_fields: ["Game Mode", "Registration Format"],
      }),
      "GET /api/tournaments/all_series": seriesNames,
    });
    renderApp("/tournaments/new/edit?from_template=8");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This template is misconfigured. A Global Event Administrator must set the following fields on the template: Game Mode, Registration Format",
    );
    expect(screen.getByRole("combobox", { name: "Game Mode" })).toBeEnabled();
    expect(screen.getByRole("combobox", { name: "Registration Format" })).toBeEnabled();
    expect(screen.getByRole("combobox", { name: "Series" })).toBeDisabled();
  });

  it("shows the 2MB message on a 413, the server's message on a refusal, and the generic one otherwise", async () => {
    let reply = errorReply(413, "Payload Too Large");
    mockFetch({
      "GET /api/session": eventAdmin,
      "GET /api/events/5": tournamentDetail({ can_administrate: true }),
      "GET /api/tournaments/all_series": seriesNames,
      "POST /api/events/5": () => reply.reply,
    });
    const { user } = renderApp("/tournaments/5/edit");
    const save = await screen.findByRole("button", { name: "Save Tournament" });
    await user.click(save);
    expect(await screen.findByRole("alert")).toHaveTextContent("The logo exceeds the maximum size of 2MB.");
    reply = errorReply(400, "Tournament title may be at most 250 characters.");
    await user.click(save);
    expect(await screen.findByText("Tournament title may be at most 250 characters.")).toBeInTheDocument();
    reply = errorReply(502, "Bad gateway");
    await user.click(save);
    expect(await screen.findByText("An unknown error has occurred.")).toBeInTheDocument();
  });

  it("checks the form with the contract's schema before sending", async () => {
    const fetch = mockFetch({
      "GET /api/session": eventAdmin,
      "GET /api/events/5": tournamentDetail({ can_administrate: true }),
      "GET /api/tournaments/all_series": seriesNames,
    });
    const { user } = renderApp("/tournaments/5/edit");
    await user.clear(await screen.findByRole("textbox", { name: "Tournament Title" }));
    await user.click(screen.getByRole("button", { name: "Save Tournament" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Tournament title is required.");
    await user.type(screen.getByRole("textbox", { name: "Tournament Title" }), "Ok");
    await user.clear(screen.getByRole("textbox", { name: "Minimum Players per Squad" }));
    await user.type(screen.getByRole("textbox", { name: "Minimum Players per Squad" }), "ab");
    await user.click(screen.getByRole("button", { name: "Save Tournament" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Minimum players must be a number of at most 2 digits.");
    expect(callsTo(fetch, "POST", "/api/events/5")).toHaveLength(0);
  });

  it("refuses the form to people who do not administrate the tournament", async () => {
    mockFetch({ "GET /api/session": organizer, "GET /api/events/5": tournamentDetail(), "GET /api/tournaments/all_series": seriesNames });
    renderApp("/tournaments/5/edit");
    expect(await screen.findByText("You do not have permission to edit this tournament.")).toBeInTheDocument();
  });
});
