import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BulkAddResult, PlayerRow, RegisteredPlayerList } from "@site/contract";
import { activateLocale, i18n } from "@/lib/i18n/i18n";
import { anonymousSession } from "@/testing/fixtures";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { renderWithProviders } from "@/testing/render";
import { tournamentDetail } from "@/testing/tournament-fixtures";
import { RegistrationsPage } from "./registrations-list";

const player = (i: number): PlayerRow => ({
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
});
const list: RegisteredPlayerList = { data: [1, 2, 3, 4, 5, 6].map(player), custom_field_name: null, count: 6, page: 1, page_count: 1 };
const routes = { "GET /api/session": anonymousSession, "GET /api/events/7/registered_players": list };
const admin = tournamentDetail({ id: 7, event_format: 1, can_administrate: true, can_moderate: true, checkin_required: true });
const body = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;

describe("registration tables: bulk actions (issue #22 §2)", () => {
  it("selects with clicks and a shift-click range, confirms once with the count, sends one request, shows the summary", async () => {
    const fetch = mockFetch({
      ...routes,
      "POST /api/events/7/registrations/players/bulk": {
        status: "ok",
        done: 2,
        skipped: [{ id: 3, name: "Racer 3", reason: "already checked in" }],
        message: "2 checked in, 1 skipped: already checked in",
      },
    });
    renderWithProviders(<RegistrationsPage t={admin} />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Racer 1" }));
    expect(screen.getByRole("toolbar", { name: "Bulk actions" })).toHaveTextContent("1 selected");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Racer 4" }), { shiftKey: true });
    expect(screen.getByText("4 selected")).toBeInTheDocument();
    // Shift-click on a selected row clears the range from the last row toggled (4) to it.
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Racer 3" }), { shiftKey: true });
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Racer 3" }));
    expect(screen.getByText("3 selected")).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole("toolbar")).getByRole("button", { name: "Check in" }));
    const dialog = await screen.findByRole("dialog", { name: "Check in 3 players?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Check in (3)" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/registrations/players/bulk")).toHaveLength(1));
    expect(body(callsTo(fetch, "POST", "/api/events/7/registrations/players/bulk")[0]![1])).toEqual({
      action: "checkin",
      ids: [1, 2, 3],
    });
    expect(await screen.findByRole("status")).toHaveTextContent("2 checked in, 1 skipped: already checked in");
    // The selection is cleared once done, so the bar goes.
    await waitFor(() => expect(screen.queryByRole("toolbar", { name: "Bulk actions" })).not.toBeInTheDocument());
  });

  it("French: the result line from the counts and the skipped rows' reason codes (#21)", async () => {
    await activateLocale("fr", i18n, true);
    mockFetch({
      ...routes,
      "POST /api/events/7/registrations/players/bulk": {
        status: "ok",
        done: 1,
        skipped: [
          { id: 2, name: "Racer 2", reason: "already checked in", code: "already_checked_in" },
          { id: 3, name: "Racer 3", reason: "not registered", code: "not_registered" },
          { id: 4, name: "Racer 4", reason: "already checked in", code: "already_checked_in" },
        ],
        message: "1 checked in, 3 skipped: 2 already checked in, 1 not registered",
      },
    });
    renderWithProviders(<RegistrationsPage t={admin} />);
    for (const n of [1, 2, 3, 4]) fireEvent.click(await screen.findByRole("checkbox", { name: `Sélectionner Racer ${n}` }));
    fireEvent.click(within(screen.getByRole("toolbar")).getByRole("button", { name: "Faire le check-in" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Faire le check-in (4)" }));
    expect(await screen.findByRole("status")).toHaveTextContent("1 check-in fait, 3 ignorés : check-in déjà fait (2) et pas inscrit (1)");
  });

  it("selects every row of the page, offers the list's actions, sends nothing when cancelled", async () => {
    const fetch = mockFetch(routes);
    renderWithProviders(<RegistrationsPage t={admin} />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select all players on this page" }));
    const bar = screen.getByRole("toolbar", { name: "Bulk actions" });
    expect(bar).toHaveTextContent("6 selected");
    expect(
      within(bar)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Verify", "Check in", "Check out", "Move to withdrawn", "Move to rejected", "Clear selection"]);
    fireEvent.click(within(bar).getByRole("button", { name: "Move to rejected" }));
    const dialog = await screen.findByRole("dialog", { name: "Move 6 players to rejected?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo(fetch, "POST", "/api/events/7/registrations/players/bulk")).toHaveLength(0);
    fireEvent.click(within(bar).getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByRole("toolbar", { name: "Bulk actions" })).not.toBeInTheDocument();
  });

  it("shows an error from the server and keeps the selection", async () => {
    mockFetch({
      ...routes,
      "POST /api/events/7/registrations/players/bulk": {
        reply: { status: 400, body: { status: "error", message: "Check-ins are not active for this tournament." } },
      },
    });
    renderWithProviders(<RegistrationsPage t={admin} />);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Racer 2" }));
    fireEvent.click(within(screen.getByRole("toolbar")).getByRole("button", { name: "Check out" }));
    fireEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Check out (1)" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Check-ins are not active for this tournament.");
    expect(screen.getByText("1 selected")).toBeInTheDocument();
  });

  it("gives moderators who are not administrators no checkboxes", async () => {
    mockFetch(routes);
    renderWithProviders(<RegistrationsPage t={{ ...admin, can_administrate: false }} />);
    expect(await screen.findByText("Racer 1")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/api/events/7/registrations/export.csv?status=registered",
    );
  });
});

const plan = (o: Partial<BulkAddResult>): BulkAddResult => ({
  status: "ok",
  applied: false,
  lines: [],
  registered: 0,
  created: 0,
  skipped: 0,
  message: "",
  ...o,
});
const member = { player_id: null, candidates: [], message: null };

describe("bulk add (issue #22 §2)", () => {
  it("previews the pasted list, asks for a choice, then adds with it", async () => {
    const previewAnswer = (choices: unknown[]) =>
      plan({
        registered: choices.length ? 3 : 2,
        created: 1,
        skipped: 1,
        message: choices.length
          ? "Will register 3 player(s) (1 new shadow player(s)); 1 line(s) skipped."
          : "Will register 2 player(s); 1 line(s) need a choice.",
        lines: [
          {
            line: 1,
            text: "Mario",
            squad_tag: null,
            squad_name: null,
            outcome: "ready",
            message: null,
            members: [{ ...member, input: "Mario", action: "register", name: "Mario", player_id: 11 }],
          },
          {
            line: 2,
            text: "New Kid",
            squad_tag: null,
            squad_name: null,
            outcome: "ready",
            message: null,
            members: [{ ...member, input: "New Kid", action: "create", name: "New Kid" }],
          },
          choices.length
            ? {
                line: 3,
                text: "Twin",
                squad_tag: null,
                squad_name: null,
                outcome: "ready",
                message: null,
                members: [{ ...member, input: "Twin", action: "register", name: "Twin", player_id: 22 }],
              }
            : {
                line: 3,
                text: "Twin",
                squad_tag: null,
                squad_name: null,
                outcome: "choose",
                message: null,
                members: [
                  {
                    ...member,
                    input: "Twin",
                    action: "choose",
                    name: "Twin",
                    message: "2 players match: pick one.",
                    candidates: [
                      { player_id: 21, display_name: "Twin", country_code: "FR", is_shadow: false },
                      { player_id: 22, display_name: "twin", country_code: "DE", is_shadow: true },
                    ],
                  },
                ],
              },
          {
            line: 4,
            text: "999",
            squad_tag: null,
            squad_name: null,
            outcome: "skip",
            message: "No player has registry id 999.",
            members: [{ ...member, input: "999", action: "skip", name: "999", message: "No player has registry id 999." }],
          },
        ],
      });
    const fetch = mockFetch({
      ...routes,
      "POST /api/events/7/registrations/bulk_add/preview": (req: { body: unknown }) => ({
        body: previewAnswer((req.body as { choices: unknown[] }).choices),
      }),
      "POST /api/events/7/registrations/bulk_add": plan({
        applied: true,
        registered: 3,
        created: 1,
        skipped: 1,
        message: "Registered 3 player(s) (1 new shadow player(s)); 1 line(s) skipped.",
      }),
    });
    renderWithProviders(<RegistrationsPage t={admin} />);
    const box = await screen.findByLabelText("One player per line: a registry id, a registry name or a friend code");
    fireEvent.change(box, { target: { value: "Mario\nNew Kid\nTwin\n999" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Will register 2 player(s); 1 line(s) need a choice.")).toBeInTheDocument();
    // Adding waits for the choice.
    expect(screen.getByRole("button", { name: "Add 2 player(s)" })).toBeDisabled();
    fireEvent.change(screen.getByRole("combobox", { name: /Twin: 2 players match/ }), { target: { value: "22" } });
    expect(await screen.findByText("Will register 3 player(s) (1 new shadow player(s)); 1 line(s) skipped.")).toBeInTheDocument();
    expect(body(callsTo(fetch, "POST", "/api/events/7/registrations/bulk_add/preview")[1]![1])).toEqual({
      text: "Mario\nNew Kid\nTwin\n999",
      choices: [{ line: 3, member: 0, player_id: 22 }],
    });
    fireEvent.click(screen.getByRole("button", { name: "Add 3 player(s)" }));
    await waitFor(() => expect(callsTo(fetch, "POST", "/api/events/7/registrations/bulk_add")).toHaveLength(1));
    expect(
      await screen.findByText("Registered 3 player(s) (1 new shadow player(s)); 1 line(s) skipped.", { selector: "p" }),
    ).toBeInTheDocument();
    expect(box).toHaveValue("");
  });

  it("asks for a new preview once the list changes", async () => {
    mockFetch({
      ...routes,
      "POST /api/events/7/registrations/bulk_add/preview": plan({ registered: 1, message: "Will register 1 player(s)." }),
    });
    renderWithProviders(<RegistrationsPage t={admin} />);
    const box = await screen.findByLabelText(/One player per line/);
    fireEvent.change(box, { target: { value: "Mario" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByRole("button", { name: "Add 1 player(s)" })).toBeEnabled();
    fireEvent.change(box, { target: { value: "Mario\nLuigi" } });
    expect(screen.getByText("The list changed: preview it again before adding.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Add 0 player(s)" })).toBeDisabled();
  });
});
