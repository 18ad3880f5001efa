import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { callsTo, mockFetch } from "@/testing/mock-fetch";
import { userSession } from "@/testing/fixtures";
import { seriesNames } from "@/testing/tournament-fixtures";
import { renderApp } from "@/testing/render";

/** #17 §8: the tournament form shows only the fields of the chosen format, and sends no stale value. */
const eventAdmin = userSession({}, { canEventAdministrate: true, canEventModerate: true });

function openNewForm() {
  const fetch = mockFetch({
    "GET /api/session": eventAdmin,
    "GET /api/tournaments/all_series": seriesNames,
    "POST /api/events/new": { status: "ok", message: "Tournament created.", id: 77 },
  });
  return { fetch, ...renderApp("/tournaments/new/edit") };
}

const field = (name: string) =>
  screen.queryByRole("textbox", { name }) ?? screen.queryByRole("checkbox", { name }) ?? screen.queryByRole("combobox", { name });
const SQUAD_ONLY = ["Minimum Players per Squad", "Maximum Players per Squad", "Squad Tag Required", "Squad Name Required"];
const SOLO_AND_SQUAD = ["Host Required", "In-Game Name Required", "Check-ins Enabled"];
const TEAM_ONLY = ["Minimum Team Size", "Power Rankings Tier"];

describe("tournament form fields by format", () => {
  it("shows each format's fields only, and the check-in minimum only with check-ins on", async () => {
    const { user } = openNewForm();
    const format = await screen.findByRole("combobox", { name: "Registration Format" });
    // No format yet: only verification.
    for (const name of [...SQUAD_ONLY, ...SOLO_AND_SQUAD, ...TEAM_ONLY]) expect(field(name)).toBeNull();
    expect(field("Verification Required")).not.toBeNull();

    await user.selectOptions(format, "1");
    for (const name of SOLO_AND_SQUAD) expect(field(name)).not.toBeNull();
    for (const name of [...SQUAD_ONLY, ...TEAM_ONLY, "Minimum Check-ins per Squad"]) expect(field(name)).toBeNull();

    await user.selectOptions(format, "2");
    for (const name of [...SQUAD_ONLY, ...SOLO_AND_SQUAD]) expect(field(name)).not.toBeNull();
    expect(field("Minimum Check-ins per Squad")).toBeNull();
    await user.click(field("Check-ins Enabled")!);
    expect(field("Minimum Check-ins per Squad")).not.toBeNull();

    await user.selectOptions(format, "0");
    for (const name of TEAM_ONLY) expect(field(name)).not.toBeNull();
    for (const name of [...SQUAD_ONLY, ...SOLO_AND_SQUAD, "Minimum Check-ins per Squad"]) expect(field(name)).toBeNull();
  });

  it("sends no squad value once the format becomes solo, even one the schema would refuse", async () => {
    const { fetch, user, router } = openNewForm();
    const format = await screen.findByRole("combobox", { name: "Registration Format" });
    await user.type(screen.getByRole("textbox", { name: "Tournament Title" }), "Solo Cup");
    await user.selectOptions(screen.getByRole("combobox", { name: "Game Mode" }), "mk8dx_150");
    await user.type(screen.getByLabelText("Start Date (UTC)"), "2030-12-01T18:00");
    await user.type(screen.getByLabelText("End Date (UTC)"), "2030-12-01T22:00");
    await user.selectOptions(format, "2");
    await user.type(screen.getByRole("textbox", { name: "Maximum Players per Squad" }), "ab");
    await user.click(screen.getByRole("checkbox", { name: "Squad Tag Required" }));
    await user.selectOptions(format, "1");
    await user.click(screen.getByRole("button", { name: "Create Tournament" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tournaments/77"));
    const calls = callsTo(fetch, "POST", "/api/events/new");
    expect(calls).toHaveLength(1);
    const form = calls[0]![1].body as FormData;
    expect(form.get("registration_format")).toBe("1");
    expect(form.get("maximum_players")).toBe("");
    expect(form.get("squad_tag_required")).toBe("0");
    expect(form.get("checkin_minimum")).toBe("");
  });
});
